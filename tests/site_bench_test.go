package tests

// make bench's numbers for the website: what a reader downloads before the
// player, what the player costs on the wire, and how long a scene takes
// from Play to its first frame.

import (
	"bytes"
	"compress/gzip"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/chromedp"

	"github.com/gmpbook/gmpbook/site"
)

func gzipSize(data []byte) int {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	w.Write(data)
	w.Close()
	return b.Len()
}

func brotliSize(data []byte, level int) int {
	var b bytes.Buffer
	w := brotli.NewWriterLevel(&b, level)
	w.Write(data)
	w.Close()
	return b.Len()
}

// BenchmarkSiteWeight reports the site's size without the player (all
// pages, assets and the search index; raw and gzip-compressed as served),
// the heaviest chapter page, and the player's WebAssembly binary as it
// travels (gzip and brotli).
func BenchmarkSiteWeight(b *testing.B) {
	player, why := sitePlayer(b)
	var s *site.Site
	var err error
	for b.Loop() {
		s, err = site.Build(site.Options{GOROOT: site.FindGOROOT(), Player: player})
		if err != nil {
			b.Fatal(err)
		}
	}
	var raw, gz, page, pageGz int
	for name, data := range s.Files {
		if len(name) > 7 && name[:7] == "player/" {
			continue
		}
		raw += len(data)
		z := gzipSize(data)
		gz += z
		if bytes.HasSuffix([]byte(name), []byte(".html")) && len(data) > page {
			page, pageGz = len(data), z
		}
	}
	b.ReportMetric(float64(raw), "site-bytes")
	b.ReportMetric(float64(gz), "site-gzip-bytes")
	b.ReportMetric(float64(page), "max-page-bytes")
	b.ReportMetric(float64(pageGz), "max-page-gzip-bytes")
	if wasm, ok := s.Files["player/main.wasm"]; ok {
		b.ReportMetric(float64(len(wasm)), "wasm-bytes")
		b.ReportMetric(float64(gzipSize(wasm)), "wasm-gzip-bytes")
		b.ReportMetric(float64(brotliSize(wasm, 6)), "wasm-br-bytes")
	} else {
		b.Logf("no player (%s): no wasm sizes", why)
	}
}

// BenchmarkSiteFirstFrame opens the first chapter with a scene in a fresh
// headless Chromium and measures, in the page, the time from the scene's
// iframe being created to the player's first status message (its first
// drawn frames): once with an empty cache and once more for the next
// scene, which finds main.wasm in the browser's cache.
func BenchmarkSiteFirstFrame(b *testing.B) {
	bsrv := siteServeForBrowser(b)
	siteNeedPlayer(b, bsrv)
	c, sc := siteFirstScene(b)
	var cold, warm time.Duration
	for b.Loop() {
		ctx := siteNewBrowser(b)
		siteNavigate(b, ctx, bsrv.url+site.PageName(c))
		find := `gmpbook.scenes.find(s => s.id === ` + siteJSString(sc.ID) + `)`
		// The scene in view loads as the page opens, with an empty cache;
		// one out of view is started here.
		time.Sleep(500 * time.Millisecond)
		siteEval[chromedp.Void](b, ctx, `(() => { const s = `+find+`; if (!s.iframe) s.load(true); })()`)
		siteWaitJS(b, ctx, find+`.firstFrame`, 2*time.Minute)
		ms := siteEval[float64](b, ctx, `(() => { const s = `+find+`; return s.firstFrame - s.loadStart; })()`)
		cold = time.Duration(ms * float64(time.Millisecond))
		// Again, with main.wasm in the browser's cache.
		siteEval[chromedp.Void](b, ctx, `(() => { const s = `+find+`; s.unload(); s.load(true); })()`)
		siteWaitJS(b, ctx, find+`.firstFrame`, 2*time.Minute)
		ms = siteEval[float64](b, ctx, `(() => { const s = `+find+`; return s.firstFrame - s.loadStart; })()`)
		warm = time.Duration(ms * float64(time.Millisecond))
	}
	b.ReportMetric(float64(cold.Milliseconds()), "first-frame-cold-ms")
	b.ReportMetric(float64(warm.Milliseconds()), "first-frame-cached-ms")
}

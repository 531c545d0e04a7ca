package site_test

// The website's safety: chapter text cannot run script, the server
// cannot be talked out of the site's own files, and it serves what
// browsers need (application/wasm, compression, a Content-Security-Policy).

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/site"
)

// hostileChapter tries every way Markdown offers to put script on a page.
const hostileChapter = "---\ntitle: Hostile <script>alert(0)</script>\nsummary: \"<img src=x onerror=alert(9)>\"\n---\n\n" +
	"<script>alert(1)</script>\n\n" +
	"Inline <script>alert(2)</script> and <img src=x onerror=alert(3)> in a paragraph.\n\n" +
	"[x](javascript:alert(4)) and [y](JAVASCRIPT:alert(5)) and [z](  javascript:alert(6)) and <javascript:alert(7)>\n\n" +
	"[ref]: javascript:alert(10)\n\nA [reference link][ref].\n\n" +
	"```go scene id=evil title=\"</figcaption><script>alert(11)</script>\"\n" +
	"func main() {\n\tfmt.Println(\"</textarea><script>alert(12)</script>\") //> <b onmouseover=alert(13)>caption</b>\n}\n```\n\n" +
	"```predict scene=evil\nWhat does it print? <script>alert(14)</script>\n- </textarea><script>alert(12)</script>\n- nothing\n```\n\n" +
	"```real scene=evil\nIt prints <script>alert(15)</script>.\n```\n\n" +
	"> **Claim:** <script>alert(16)</script>\n> **Verdict:** [no](javascript:alert(17))\n"

// htmlTag is a start tag with its attributes, values unescaped.
type htmlTag struct {
	name  string
	attrs map[string]string
	raw   string
}

// htmlTags scans a page's start tags the way a browser tokenizes them:
// quoted attribute values may hold anything, comments are skipped. It is
// enough for pages this site writes (and stricter tools would accept).
func htmlTags(page string) []htmlTag {
	var out []htmlTag
	i := 0
	for {
		j := strings.IndexByte(page[i:], '<')
		if j < 0 {
			return out
		}
		i += j
		if strings.HasPrefix(page[i:], "<!--") {
			end := strings.Index(page[i:], "-->")
			if end < 0 {
				return out
			}
			i += end + 3
			continue
		}
		if i+1 >= len(page) || !isASCIILetter(page[i+1]) {
			i++
			continue
		}
		start := i
		i++
		k := i
		for k < len(page) && !strings.ContainsRune(" \t\n\r/>", rune(page[k])) {
			k++
		}
		tag := htmlTag{name: strings.ToLower(page[i:k]), attrs: map[string]string{}}
		i = k
		for i < len(page) && page[i] != '>' {
			c := page[i]
			if strings.ContainsRune(" \t\n\r/", rune(c)) {
				i++
				continue
			}
			k = i
			for k < len(page) && !strings.ContainsRune(" \t\n\r/>=", rune(page[k])) {
				k++
			}
			name := strings.ToLower(page[i:k])
			i = k
			val := ""
			if i < len(page) && page[i] == '=' {
				i++
				if i < len(page) && (page[i] == '"' || page[i] == '\'') {
					q := page[i]
					end := strings.IndexByte(page[i+1:], q)
					if end < 0 {
						end = len(page) - i - 1
					}
					val = page[i+1 : i+1+end]
					i += end + 2
				} else {
					k = i
					for k < len(page) && !strings.ContainsRune(" \t\n\r>", rune(page[k])) {
						k++
					}
					val = page[i:k]
					i = k
				}
			}
			tag.attrs[name] = html.UnescapeString(val)
		}
		tag.raw = page[start:min(i+1, len(page))]
		out = append(out, tag)
		i++
	}
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// TestSiteChapterHTMLStaysInert renders a chapter full of script and
// javascript: links and checks that none of it is live: the only script
// elements are the site's own, no URL is a javascript: URL, and no element
// has an event handler attribute.
func TestSiteChapterHTMLStaysInert(t *testing.T) {
	c, err := chapters.Parse("chapters/01-hostile.md", []byte(hostileChapter))
	require.NoError(t, err)
	s, err := site.Build(site.Options{Chapters: []*chapters.Chapter{c}})
	require.NoError(t, err)
	for name, data := range s.Files {
		// The player's page is the player's own (it runs wasm_exec.js).
		if !strings.HasSuffix(name, ".html") || strings.HasPrefix(name, "player/") {
			continue
		}
		tags := htmlTags(string(data))
		require.NotEmpty(t, tags)
		for _, tag := range tags {
			if tag.name == "script" {
				require.Regexp(t, `^(\.\./)?assets/(theme|site|present|strings\.(en|zh-CN))\.js\?v=[0-9a-f]+$`, tag.attrs["src"], "%s: a script element that is not the site's: %s", name, tag.raw)
			}
			require.NotContains(t, []string{"iframe", "object", "embed", "base", "frame"}, tag.name, "%s: %s", name, tag.raw)
			_, refresh := tag.attrs["http-equiv"]
			require.False(t, refresh, "%s: %s", name, tag.raw)
			for attr, val := range tag.attrs {
				require.False(t, strings.HasPrefix(attr, "on"), "%s: an event handler attribute: %s", name, tag.raw)
				switch attr {
				case "href", "src", "action", "formaction", "xlink:href":
					v := strings.ToLower(strings.Map(func(r rune) rune {
						if r <= ' ' {
							return -1
						}
						return r
					}, val))
					require.False(t, strings.HasPrefix(v, "javascript:") || strings.HasPrefix(v, "data:text/html"),
						"%s: a script URL: %s", name, tag.raw)
				}
			}
		}
	}
	page := string(s.Files["01-hostile.html"])
	// What was meant as text is still there, as text.
	siteContains(t, page, "&lt;/textarea&gt;&lt;script&gt;alert(12)&lt;/script&gt;")
	siteContains(t, page, "&lt;/figcaption&gt;&lt;script&gt;alert(11)&lt;/script&gt;")
	require.NotContains(t, string(s.Files["search.json"]), "<script>", "the search index escapes markup too")
}

// siteTestHandler serves a site with a stand-in player (the real one is
// built by make wasm).
func siteTestHandler(t *testing.T) (*site.Site, http.Handler) {
	t.Helper()
	c, err := chapters.Parse("chapters/00-small.md", []byte("---\ntitle: Small\n---\n\n"+strings.Repeat("Some words about the scheduler. ", 200)+"\n"))
	require.NoError(t, err)
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("player "), 4096)...)
	player := fstest.MapFS{
		"index.html":   {Data: []byte("<!doctype html><script src=\"wasm_exec.js\"></script><script>go.run()</script>")},
		"main.wasm":    {Data: wasm},
		"wasm_exec.js": {Data: []byte("// wasm_exec\n")},
	}
	s, err := site.Build(site.Options{Chapters: []*chapters.Chapter{c}, Player: player})
	require.NoError(t, err)
	require.True(t, s.HasPlayer)
	return s, s.Handler()
}

// rawGet sends a request line as written, so that no client cleans the
// path first, and returns the status and body.
func rawGet(t *testing.T, addr, target string) (int, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	require.NoError(t, err)
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", target, addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestSiteServerRefusesPathTraversal(t *testing.T) {
	_, h := siteTestHandler(t)
	srv := httptest.NewServer(h)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	for _, target := range []string{
		"/../../etc/passwd",
		"/%2e%2e/%2e%2e/etc/passwd",
		"/%2E%2E/%2E%2E/etc/passwd",
		"/assets/../../etc/passwd",
		"/..%2f..%2fetc%2fpasswd",
		"/player/..%5c..%5cetc%5cpasswd",
		"/./index.html",
		"/index.html%00.png",
	} {
		status, body := rawGet(t, addr, target)
		require.Equal(t, http.StatusBadRequest, status, target)
		require.NotContains(t, body, "root:", target)
	}
	status, _ := rawGet(t, addr, "/index.html")
	require.Equal(t, http.StatusOK, status)
	status, body := rawGet(t, addr, "/no-such-page.html")
	require.Equal(t, http.StatusNotFound, status)
	require.Contains(t, body, "There is no such page")
}

func TestSiteServerTypesAndHeaders(t *testing.T) {
	s, h := siteTestHandler(t)
	get := func(path string, hdr map[string]string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	for path, ct := range map[string]string{
		"/player/main.wasm":    "application/wasm",
		"/player/wasm_exec.js": "text/javascript; charset=utf-8",
		"/player/index.html":   "text/html; charset=utf-8",
		"/":                    "text/html; charset=utf-8",
		"/assets/style.css":    "text/css; charset=utf-8",
		"/search.json":         "application/json",
	} {
		w := get(path, nil)
		require.Equal(t, http.StatusOK, w.Code, path)
		require.Equal(t, ct, w.Header().Get("Content-Type"), path)
		require.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"), path)
		require.NotEmpty(t, w.Header().Get("ETag"), path)
	}

	// Pages get a strict policy; the player page may compile WebAssembly
	// and run its own inline script, by hash.
	csp := get("/00-small.html", nil).Header().Get("Content-Security-Policy")
	require.Contains(t, csp, "script-src 'self';")
	require.Contains(t, csp, "object-src 'none'")
	require.NotContains(t, csp, "unsafe-inline")
	pcsp := get("/player/index.html", nil).Header().Get("Content-Security-Policy")
	require.Contains(t, pcsp, "'wasm-unsafe-eval'")
	require.Regexp(t, `'sha256-[A-Za-z0-9+/=]+'`, pcsp)
	require.NotContains(t, pcsp, "'unsafe-eval'")

	// Compression as asked.
	w := get("/player/main.wasm", map[string]string{"Accept-Encoding": "gzip"})
	require.Equal(t, "gzip", w.Header().Get("Content-Encoding"))
	require.Contains(t, w.Header().Get("Vary"), "Accept-Encoding")
	zr, err := gzip.NewReader(w.Body)
	require.NoError(t, err)
	got, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Equal(t, s.Files["player/main.wasm"], got)
	require.Less(t, w.Body.Len(), len(got))

	w = get("/00-small.html", map[string]string{"Accept-Encoding": "gzip, deflate, br"})
	require.Equal(t, "br", w.Header().Get("Content-Encoding"))
	got, err = io.ReadAll(brotli.NewReader(w.Body))
	require.NoError(t, err)
	require.Equal(t, s.Files["00-small.html"], got)

	w = get("/00-small.html", map[string]string{"Accept-Encoding": "br;q=0, gzip"})
	require.Equal(t, "gzip", w.Header().Get("Content-Encoding"))
	w = get("/00-small.html", nil)
	require.Empty(t, w.Header().Get("Content-Encoding"))
	require.Equal(t, s.Files["00-small.html"], w.Body.Bytes())

	// Validators: a second visit costs nothing.
	etag := get("/player/main.wasm", nil).Header().Get("ETag")
	require.Equal(t, http.StatusNotModified, get("/player/main.wasm", map[string]string{"If-None-Match": etag}).Code)

	// Only reading.
	r := httptest.NewRequest(http.MethodPost, "/index.html", strings.NewReader("x"))
	rw := httptest.NewRecorder()
	h.ServeHTTP(rw, r)
	require.Equal(t, http.StatusMethodNotAllowed, rw.Code)
}

// TestSiteServesFilesCompressedAtBuildTime: a player binary with a .br and
// a .gz beside it (make site-player writes them) goes out as those bytes,
// not compressed again.
func TestSiteServesFilesCompressedAtBuildTime(t *testing.T) {
	c, err := chapters.Parse("chapters/00-small.md", []byte("---\ntitle: Small\n---\n\nWords.\n"))
	require.NoError(t, err)
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("player "), 4096)...)
	// Compressed at low levels, so that a response compressed on the fly
	// (at the highest) cannot be taken for the file's.
	compress := func(level int, gzipped bool) []byte {
		var b bytes.Buffer
		var w io.WriteCloser
		if gzipped {
			w, _ = gzip.NewWriterLevel(&b, level)
		} else {
			w = brotli.NewWriterLevel(&b, level)
		}
		w.Write(wasm)
		require.NoError(t, w.Close())
		return b.Bytes()
	}
	brData, gz := compress(1, false), compress(1, true)
	require.NotEqual(t, compress(brotli.BestCompression, false), brData)
	require.NotEqual(t, compress(gzip.BestCompression, true), gz)
	player := fstest.MapFS{
		"index.html":    {Data: []byte("<!doctype html><script src=\"wasm_exec.js\"></script>")},
		"main.wasm":     {Data: wasm},
		"main.wasm.br":  {Data: brData},
		"main.wasm.gz":  {Data: gz},
		"wasm_exec.js":  {Data: []byte("// wasm_exec\n")},
		"light.wasm":    {Data: wasm},
		"light.wasm.br": {Data: brData},
		"light.wasm.gz": {Data: gz},
	}
	s, err := site.Build(site.Options{Chapters: []*chapters.Chapter{c}, Player: player})
	require.NoError(t, err)
	h := s.Handler()
	for _, enc := range []struct {
		accept string
		want   []byte
	}{{"br", brData}, {"gzip", gz}} {
		for _, f := range []string{"main.wasm", "light.wasm"} {
			req := httptest.NewRequest("GET", "/player/"+f, nil)
			req.Header.Set("Accept-Encoding", enc.accept)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			require.Equal(t, http.StatusOK, w.Code)
			require.Equal(t, enc.accept, w.Header().Get("Content-Encoding"), f)
			require.Equal(t, "application/wasm", w.Header().Get("Content-Type"), f)
			require.Equal(t, enc.want, w.Body.Bytes(), "%s (%s): not the file compressed at build time", f, enc.accept)
		}
	}
}

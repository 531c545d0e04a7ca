package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// The Content-Security-Policy of the site's pages: everything from the
// site itself, no inline script or style, no plugins, framed only by
// itself. Chapter text cannot add script (raw HTML is escaped) and the
// page's script builds the DOM with textContent, so this is a second
// lock, not the first.
const pageCSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"frame-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

// playerCSP is the policy of the player page: WebAssembly compilation
// ('wasm-unsafe-eval', not 'unsafe-eval'), its inline scripts by hash, and
// inline styles, which the game engine sets on its canvas.
func playerCSP(page []byte) string {
	scripts := "'self' 'wasm-unsafe-eval'"
	for _, h := range inlineScriptHashes(page) {
		scripts += " '" + h + "'"
	}
	return "default-src 'self'; script-src " + scripts + "; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
		"connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
}

var inlineScriptRE = regexp.MustCompile(`(?is)<script(\s[^>]*)?>(.*?)</script>`)

// inlineScriptHashes are the CSP hashes of a page's inline scripts.
func inlineScriptHashes(page []byte) []string {
	var out []string
	for _, m := range inlineScriptRE.FindAllSubmatch(page, -1) {
		if bytes.Contains(bytes.ToLower(m[1]), []byte("src=")) || len(m[2]) == 0 {
			continue
		}
		sum := sha256.Sum256(m[2])
		out = append(out, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
	}
	return out
}

// contentTypes fixes the types that matter: browsers compile WebAssembly
// as it streams in only when it is served as application/wasm.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".json": "application/json",
	".wasm": "application/wasm",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".txt":  "text/plain; charset=utf-8",
	".md":   "text/plain; charset=utf-8",
	".out":  "text/plain; charset=utf-8",
	".ttf":  "font/ttf", // the players' Chinese font
}

// ContentType is the media type the server sends for a file name.
func ContentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// compressible reports whether a type is worth compressing.
func compressible(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.HasPrefix(ct, "application/json") ||
		ct == "application/wasm" || ct == "image/svg+xml" || ct == "font/ttf"
}

// servedFile is one file, with its compressed forms made on first use.
type servedFile struct {
	data []byte
	ct   string
	etag string
	csp  string

	gzOnce, brOnce sync.Once
	gz, br         []byte
}

func (f *servedFile) gzip() []byte {
	f.gzOnce.Do(func() {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(f.data)
		w.Close()
		f.gz = b.Bytes()
	})
	return f.gz
}

func (f *servedFile) brotli() []byte {
	f.brOnce.Do(func() {
		// Level 11 takes many seconds on a multi-megabyte wasm binary; 6
		// gets most of the gain at a fraction of the time.
		level := brotli.BestCompression
		if len(f.data) > 1<<20 {
			level = 6
		}
		var b bytes.Buffer
		w := brotli.NewWriterLevel(&b, level)
		w.Write(f.data)
		w.Close()
		f.br = b.Bytes()
	})
	return f.br
}

// Handler serves the site from memory: GET and HEAD only, with the right
// types, brotli or gzip when the client accepts them, validators for
// caching, security headers, and no way out of the site's own files.
func (s *Site) Handler() http.Handler {
	files := map[string]*servedFile{}
	for p, data := range s.Files {
		sum := sha256.Sum256(data)
		csp := pageCSP
		if c, ok := s.csp[p]; ok {
			csp = c
		}
		f := &servedFile{data: data, ct: ContentType(p), etag: `"` + hex.EncodeToString(sum[:8]) + `"`, csp: csp}
		// A file compressed at build time (make site-player writes the
		// players' .br and .gz at the highest levels) is served as it is.
		if br, ok := s.Files[p+".br"]; ok {
			f.brOnce.Do(func() { f.br = br })
		}
		if gz, ok := s.Files[p+".gz"]; ok {
			f.gzOnce.Do(func() { f.gz = gz })
		}
		files[p] = f
	}
	return &handler{files: files}
}

// Precompress makes the compressed forms of the large files now rather
// than on their first request.
func (s *Site) Precompress(h http.Handler) {
	hh, ok := h.(*handler)
	if !ok {
		return
	}
	for _, f := range hh.files {
		if len(f.data) > 256<<10 && compressible(f.ct) {
			f.brotli()
			f.gzip()
		}
	}
}

type handler struct{ files map[string]*servedFile }

// badPath reports a request path that tries to leave the site or hides
// its meaning: dot-dot segments (also percent-encoded), backslashes, NULs.
func badPath(raw, decoded string) bool {
	lr := strings.ToLower(raw)
	if strings.Contains(lr, "%2e") || strings.Contains(lr, "%2f") || strings.Contains(lr, "%5c") || strings.Contains(lr, "%00") {
		return true
	}
	if strings.ContainsAny(decoded, "\\\x00") {
		return true
	}
	for _, seg := range strings.Split(decoded, "/") {
		if seg == ".." || seg == "." {
			return true
		}
	}
	return false
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	rawPath, _, _ := strings.Cut(r.RequestURI, "?")
	if badPath(r.URL.EscapedPath(), r.URL.Path) || badPath(rawPath, r.URL.Path) {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	p := strings.TrimPrefix(r.URL.Path, "/")
	if p == "" || strings.HasSuffix(p, "/") {
		p += "index.html"
	}
	f, ok := h.files[p]
	status := http.StatusOK
	if !ok {
		f, ok = h.files["404.html"]
		status = http.StatusNotFound
		if !ok {
			http.NotFound(w, r)
			return
		}
	}
	hd.Set("Content-Type", f.ct)
	hd.Set("Content-Security-Policy", f.csp)
	switch {
	case status != http.StatusOK:
		hd.Set("Cache-Control", "no-store")
	case r.URL.RawQuery != "" && strings.HasPrefix(p, "assets/"):
		// Asset URLs carry their content hash.
		hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	case strings.HasPrefix(p, "player/"):
		// Every scene's iframe loads the same player: let the browser keep
		// it for a while, and revalidate by ETag after.
		hd.Set("Cache-Control", "public, max-age=3600")
	default:
		hd.Set("Cache-Control", "no-cache")
	}
	body := f.data
	if compressible(f.ct) && len(f.data) > 512 {
		hd.Add("Vary", "Accept-Encoding")
		switch enc := pickEncoding(r.Header.Get("Accept-Encoding")); enc {
		case "br":
			body = f.brotli()
			hd.Set("Content-Encoding", "br")
		case "gzip":
			body = f.gzip()
			hd.Set("Content-Encoding", "gzip")
		}
	}
	if status == http.StatusOK {
		etag := f.etag
		if enc := hd.Get("Content-Encoding"); enc != "" {
			etag = strings.TrimSuffix(etag, `"`) + "-" + enc + `"`
		}
		hd.Set("ETag", etag)
		if match := r.Header.Get("If-None-Match"); match != "" && etagMatch(match, etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(t), "W/"))
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// pickEncoding chooses br over gzip over none, honouring q=0.
func pickEncoding(accept string) string {
	q := map[string]float64{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		v := 1.0
		if k, val, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(k) == "q" {
			if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
				v = f
			}
		}
		if name != "" {
			q[name] = v
		}
	}
	star, hasStar := q["*"]
	for _, enc := range []string{"br", "gzip"} {
		if v, ok := q[enc]; ok {
			if v > 0 {
				return enc
			}
			continue
		}
		if hasStar && star > 0 {
			return enc
		}
	}
	return ""
}

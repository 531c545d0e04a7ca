// Package devserve serves a directory of built players on a loopback
// port for the browser tests and benchmarks: .wasm as application/wasm,
// as instantiateStreaming requires, and nothing cached, so that each
// measured load fetches the files again.
package devserve

import (
	"errors"
	"net"
	"net/http"
	"strings"
)

// Dir serves dir on 127.0.0.1 at a free port and returns its base URL
// ("http://127.0.0.1:PORT") and a function that stops the server. Errors
// of the server after it started go to fail, if not nil.
func Dir(dir string, fail func(error)) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	files := http.FileServer(http.Dir(dir))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		w.Header().Set("Cache-Control", "no-store")
		files.ServeHTTP(w, r)
	})}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) && fail != nil {
			fail(err)
		}
	}()
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

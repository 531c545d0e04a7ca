package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/site"
)

// siteFlags are the flags site and serve share: where the real runtime's
// captured outputs and the player come from.
type siteFlags struct {
	chapters string
	real     string
	player   string
}

func (sf *siteFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&sf.chapters, "chapters", "", "`DIR` of chapter files (NN-slug.md) to publish; default: the chapters embedded in gmpbook")
	fs.StringVar(&sf.real, "real", "", "`DIR` of real-runtime outputs (NN-scene.out; default chapters/real when it exists)")
	fs.StringVar(&sf.player, "player", "", "`DIR` holding the built player (index.html, main.wasm, wasm_exec.js); default: the one embedded in gmpbook")
}

// build builds the site with the flags' inputs.
func (sf *siteFlags) build(stderr io.Writer) (*site.Site, error) {
	opts := site.Options{GOROOT: site.FindGOROOT()}
	if sf.chapters != "" {
		// Every chapter's problem is reported, each at file:line:col,
		// not only the first.
		files, err := chapters.Load(os.DirFS(sf.chapters), filepath.ToSlash(sf.chapters))
		if err != nil {
			return nil, err
		}
		if err := chapters.Errors(files); err != nil {
			return nil, err
		}
		opts.Chapters = chapters.Chapters(files)
	}
	real := sf.real
	if real == "" {
		if st, err := os.Stat(filepath.Join("chapters", "real")); err == nil && st.IsDir() {
			real = filepath.Join("chapters", "real")
		}
	}
	if real != "" {
		opts.Real = os.DirFS(real)
	}
	if sf.player != "" {
		opts.Player = os.DirFS(sf.player)
	}
	if opts.GOROOT == "" {
		fmt.Fprintln(stderr, "gmpbook: no Go toolchain found: runtime references link to their files, without line numbers")
	}
	s, err := site.Build(opts)
	if err != nil {
		return nil, err
	}
	if !s.HasPlayer {
		fmt.Fprintln(stderr, "gmpbook: the player is not built (make wasm): scenes show posters only")
	}
	return s, nil
}

// cmdSite writes the website into a directory.
func cmdSite(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("site", flag.ContinueOnError)
	fset.SetOutput(stderr)
	out := fset.String("o", filepath.Join("site", "out"), "write the site into `DIR`")
	var sf siteFlags
	sf.register(fset)
	if err := fset.Parse(args); err != nil {
		return 2
	}
	if fset.NArg() != 0 {
		fmt.Fprintln(stderr, "gmpbook site: takes no arguments (use -o DIR)")
		return 2
	}
	s, err := sf.build(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook site: %v\n", err)
		return 2
	}
	if err := s.WriteDir(*out); err != nil {
		fmt.Fprintf(stderr, "gmpbook site: %v\n", err)
		return 2
	}
	pages, player := s.Weight()
	fmt.Fprintf(stdout, "wrote %d files to %s (%d chapter pages, %d KiB without the player, %d KiB player)\n",
		len(s.Files), *out, len(s.Pages), pages>>10, player>>10)
	return 0
}

// cmdServe serves the website from memory, on the loopback interface
// unless told otherwise, until interrupted.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("serve", flag.ContinueOnError)
	fset.SetOutput(stderr)
	addr := fset.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	var sf siteFlags
	sf.register(fset)
	if err := fset.Parse(args); err != nil {
		return 2
	}
	if fset.NArg() != 0 {
		fmt.Fprintln(stderr, "gmpbook serve: takes no arguments")
		return 2
	}
	// Listen before building: a browser opened at once waits for the
	// first page instead of being refused while the site is built.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook serve: %v\n", err)
		return 2
	}
	defer ln.Close()
	if host, _, err := net.SplitHostPort(ln.Addr().String()); err == nil {
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			fmt.Fprintf(stderr, "gmpbook serve: listening on %s, which other machines can reach\n", ln.Addr())
		}
	}
	fmt.Fprintf(stdout, "gmpbook: building the notebook for http://%s/ (its scenes are simulated first: a few seconds)\n", displayAddr(ln.Addr()))
	began := time.Now()
	s, err := sf.build(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "gmpbook serve: %v\n", err)
		return 2
	}
	h := s.Handler()
	s.Precompress(h)
	fmt.Fprintf(stdout, "gmpbook: built in %v\n", time.Since(began).Round(100*time.Millisecond))
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	fmt.Fprintf(stdout, "gmpbook: serving the notebook on http://%s/ (Ctrl+C stops)\n", displayAddr(ln.Addr()))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "gmpbook serve: %v\n", err)
			return 2
		}
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}
	return 0
}

// displayAddr is the address to open in a browser: a wildcard listen
// address is reached through the loopback one.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

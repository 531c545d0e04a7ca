// Package need stops a desktop program cleanly when there is no screen to
// open a window on.
//
// Ebiten's desktop driver opens the X11 display while its packages are
// initialised, and panics with a goroutine dump when DISPLAY is unset (an
// SSH session, a container, CI). A program that imports this package for
// its side effect, with
//
//	import _ "github.com/gmpbook/gmpbook/internal/display/need"
//
// prints one line naming the problem and exits with status 1 instead. The
// check runs in this package's init, which Go runs before Ebiten's: it
// imports nothing that imports Ebiten, and among packages ready at the same
// time packages are initialised in import-path order (the Go
// specification, "Package initialization", since Go 1.21), where
// github.com/gmpbook/… sorts before github.com/hajimehoshi/….
// tests/desktop_nodisplay_test.go checks it on the built programs.
package need

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/gmpbook/gmpbook/internal/display"
)

func init() {
	if why := display.Missing(runtime.GOOS, os.Getenv); why != "" {
		fmt.Fprintf(os.Stderr, "%s: %s\n", filepath.Base(os.Args[0]), why)
		os.Exit(1)
	}
}

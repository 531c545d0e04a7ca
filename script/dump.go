package script

import (
	"fmt"
	"io"

	"github.com/gmpbook/gmpbook/core"
)

// WriteDump prints the user goroutines the way a fatal error does; after a
// panic, only the goroutine that panicked. Where the runtime prints a
// frame's file:line and pc offset, the scene's file:line stands.
func WriteDump(w io.Writer, s *core.Sim, only int64, file string) {
	gs := s.Goroutines()
	names := make(map[int64]string, len(gs))
	for _, g := range gs {
		names[g.ID] = funcName(g.Name)
	}
	for _, g := range gs {
		if g.System || g.Status == core.Gdead || (only != 0 && g.ID != only) {
			continue
		}
		state := g.Status.String()
		if only != 0 {
			state = "running"
		} else if g.Status == core.Gwaiting {
			state = g.Wait.String()
		}
		fmt.Fprintf(w, "goroutine %d [%s]:\n", g.ID, state)
		var frames []TraceFrame
		if tr, ok := g.Program.(Tracer); ok {
			frames = tr.Traceback()
		}
		if len(frames) == 0 {
			fmt.Fprintf(w, "%s()\n", funcName(g.Name))
			if l, ok := g.Program.(Liner); ok && l.Line() > 0 {
				fmt.Fprintf(w, "\t%s:%d\n", file, l.Line())
			}
		}
		for _, f := range frames {
			args := "()"
			if f.Args {
				args = "(...)"
			}
			fmt.Fprintf(w, "%s%s\n", f.Func, args)
			if f.Line > 0 {
				fmt.Fprintf(w, "\t%s:%d\n", file, f.Line)
			}
		}
		by, line := "", 0
		if tr, ok := g.Program.(Tracer); ok {
			by, line = tr.CreatedBy()
		}
		if by == "" {
			by = names[g.Parent]
		}
		if g.Parent != 0 && by != "" {
			fmt.Fprintf(w, "created by %s in goroutine %d\n", by, g.Parent)
			if line > 0 {
				fmt.Fprintf(w, "\t%s:%d\n", file, line)
			}
		}
		fmt.Fprintln(w)
	}
}

// funcName is how a traceback names a goroutine's function.
func funcName(name string) string {
	if name == "runtime.main" {
		return "main.main"
	}
	return name
}

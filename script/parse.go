package script

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gmpbook/gmpbook/script/vm"
)

// Diagnostic is one problem in a scene, at a position in its source.
type Diagnostic struct {
	Pos token.Position
	Msg string
}

func (d Diagnostic) Error() string {
	if d.Pos.Filename == "" && d.Pos.Line == 0 {
		return d.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, d.Msg)
}

// Errors is a non-empty list of diagnostics, in source order. Its Error
// is the first one, which is what a reader should fix first.
type Errors []Diagnostic

func (e Errors) Error() string {
	if len(e) == 0 {
		return "no errors"
	}
	return e[0].Error()
}

// Caption is a //> narration comment.
type Caption struct {
	Line int    // the source line of the statement it belongs to (0 for On captions)
	On   string // for "//> on <event>: text", the event name (steal, handoff, …)
	Text string
	// Poster: the caption was written "//> poster: text" (or "//> on
	// <event>: poster: text"): the scene's poster shows the moment it
	// starts at. Text is without the marker.
	Poster bool
}

// Scene is a parsed, checked scene.
type Scene struct {
	Filename string
	Source   []byte
	Short    bool     // written without package and imports
	Settings Settings // from a //scene first line
	Captions []Caption

	goNames []vm.GoName // from //> name directives (names.go)

	fset   *token.FileSet
	file   *ast.File
	info   *types.Info
	pkg    *types.Package
	imp    *preludeImporter
	hdrEnd int // offset where the user's text starts (short form)
}

// Limits on scene sources, so that absurd inputs fail fast.
const (
	MaxSourceBytes = 256 << 10
	maxNesting     = 64
)

// Parse parses and checks a scene. All problems are reported as Errors
// with file:line:col positions in the scene as written.
func Parse(filename string, src []byte) (*Scene, error) {
	if len(src) > MaxSourceBytes {
		return nil, Errors{{Pos: token.Position{Filename: filename, Line: 1, Column: 1},
			Msg: fmt.Sprintf("scene is %d bytes; scenes are limited to %d", len(src), MaxSourceBytes)}}
	}
	sc := &Scene{Filename: filename, Source: src, fset: token.NewFileSet()}
	text := src
	if !startsWithPackage(src) {
		sc.Short = true
		var hdr bytes.Buffer
		hdr.WriteString("package main;import(")
		for _, im := range impliedImports {
			fmt.Fprintf(&hdr, "%s %q;", im.name, im.path)
		}
		hdr.WriteString(");var _,_,_,_,_ = fmt.Sprint,runtime.Gosched,sync.WaitGroup{},time.Sleep,scene.Work\n")
		fmt.Fprintf(&hdr, "//line %s:1:1\n", filename)
		sc.hdrEnd = hdr.Len()
		hdr.Write(src)
		text = hdr.Bytes()
	}
	parseName := filename
	if sc.Short {
		// The //line directive names the file; the scanner resolves a
		// relative name against the parsed file's directory, so that
		// must be ".".
		parseName = filepath.Base(filename)
	}
	f, err := parser.ParseFile(sc.fset, parseName, text, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, sc.fromParseError(err)
	}
	sc.file = f
	if err := sc.readSettings(); err != nil {
		return nil, err
	}
	if err := sc.check(); err != nil {
		return nil, err
	}
	if err := sc.readCaptions(); err != nil {
		return nil, err
	}
	if err := sc.readNames(); err != nil {
		return nil, err
	}
	return sc, nil
}

func startsWithPackage(src []byte) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	s.Init(file, src, nil, 0)
	_, tok, _ := s.Scan()
	return tok == token.PACKAGE
}

func (sc *Scene) fromParseError(err error) error {
	var out Errors
	if list, ok := err.(scanner.ErrorList); ok {
		for _, e := range list {
			out = append(out, Diagnostic{Pos: e.Pos, Msg: e.Msg})
		}
	} else {
		out = append(out, Diagnostic{Pos: token.Position{Filename: sc.Filename}, Msg: err.Error()})
	}
	return out
}

// pos converts a token.Pos to a position in the scene as written.
func (sc *Scene) pos(p token.Pos) token.Position {
	ps := sc.fset.Position(p)
	if ps.Filename == "" {
		ps.Filename = sc.Filename
	}
	return ps
}

func (sc *Scene) errorf(p token.Pos, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: sc.pos(p), Msg: fmt.Sprintf(format, args...)}
}

// inHeader reports whether p lies in the implied header of a short form.
func (sc *Scene) inHeader(p token.Pos) bool {
	if !sc.Short || !p.IsValid() {
		return false
	}
	return sc.fset.File(p).Offset(p) < sc.hdrEnd
}

// readSettings reads a "//scene key=value …" comment on the first line.
func (sc *Scene) readSettings() error {
	for _, cg := range sc.file.Comments {
		for _, c := range cg.List {
			if sc.inHeader(c.Pos()) {
				continue
			}
			if sc.pos(c.Pos()).Line != 1 {
				return nil
			}
			rest, ok := strings.CutPrefix(c.Text, "//scene")
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				return nil
			}
			st, err := ParseSettings(rest)
			if err != nil {
				return Errors{sc.errorf(c.Pos(), "%v", err)}
			}
			sc.Settings = st
			return nil
		}
	}
	return nil
}

// readCaptions collects //> comments: a trailing one belongs to its own
// line, one alone on a line to the next line with code; "//> on kind:"
// captions belong to the first event of that kind.
func (sc *Scene) readCaptions() error {
	codeLines := map[int]bool{}
	ast.Inspect(sc.file, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && st != nil && !sc.inHeader(st.Pos()) {
			codeLines[sc.pos(st.Pos()).Line] = true
		}
		return true
	})
	var lines []int
	for l := range codeLines {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	srcLines := strings.Split(string(sc.Source), "\n")
	var errs Errors
	var posterAt token.Pos
	for _, cg := range sc.file.Comments {
		for _, c := range cg.List {
			text, ok := strings.CutPrefix(c.Text, "//>")
			if !ok || sc.inHeader(c.Pos()) {
				continue
			}
			text = strings.TrimSpace(text)
			if _, ok := nameDirective(text); ok {
				continue // a goroutine's name, not a caption (names.go)
			}
			p := sc.pos(c.Pos())
			// poster marks the caption whose moment the poster shows.
			poster := func(text string) (string, bool, *Diagnostic) {
				rest, ok := strings.CutPrefix(text, "poster:")
				if !ok {
					return text, false, nil
				}
				if posterAt.IsValid() {
					d := sc.errorf(c.Pos(), "a second //> poster: caption; the one at line %d already marks the scene's poster", sc.pos(posterAt).Line)
					return "", false, &d
				}
				posterAt = c.Pos()
				if rest = strings.TrimSpace(rest); rest == "" {
					d := sc.errorf(c.Pos(), "//> poster: needs the caption's text after it, as in //> poster: P1 steals half of P0's queue")
					return "", false, &d
				}
				return rest, true, nil
			}
			if on, ok := strings.CutPrefix(text, "on "); ok {
				if kind, rest, ok := strings.Cut(on, ":"); ok {
					rest, isPoster, err := poster(strings.TrimSpace(rest))
					if err != nil {
						errs = append(errs, *err)
						continue
					}
					sc.Captions = append(sc.Captions, Caption{On: strings.TrimSpace(kind), Text: rest, Poster: isPoster})
					continue
				}
			}
			text, isPoster, err := poster(text)
			if err != nil {
				errs = append(errs, *err)
				continue
			}
			line := p.Line
			alone := p.Line-1 < len(srcLines) && strings.TrimSpace(srcLines[p.Line-1][:max(0, min(p.Column-1, len(srcLines[p.Line-1])))]) == ""
			if alone {
				line = 0
				for _, l := range lines {
					if l > p.Line {
						line = l
						break
					}
				}
			}
			if line > 0 {
				sc.Captions = append(sc.Captions, Caption{Line: line, Text: text, Poster: isPoster})
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// LinksOS reports whether the real program links package os: fmt imports
// it, and so does the toolkit (through net).
func (sc *Scene) LinksOS() bool {
	for id, obj := range sc.info.Uses {
		if pn, ok := obj.(*types.PkgName); ok && !sc.inHeader(id.Pos()) {
			switch pn.Imported().Path() {
			case "fmt", ToolkitPath:
				return true
			}
		}
	}
	return false
}

// Complete returns the scene as a complete, gofmt-ed package main file that
// the Go toolchain builds with the toolkit: the short form gets its package
// clause and the imports it uses. (A function, not a method: the browser
// player never calls it, and as a method it would stay in the WebAssembly
// binary with go/printer behind it.)
func Complete(sc *Scene) ([]byte, error) {
	if !sc.Short {
		return sc.Source, nil
	}
	used := map[string]bool{}
	for id, obj := range sc.info.Uses {
		if pn, ok := obj.(*types.PkgName); ok && !sc.inHeader(id.Pos()) {
			used[pn.Imported().Path()] = true
		}
	}
	var b bytes.Buffer
	body := sc.Source
	if first, rest, ok := bytes.Cut(body, []byte("\n")); ok && bytes.HasPrefix(first, []byte("//scene")) {
		// The settings line stays first, where gmpbook looks for it; the
		// blank line keeps gofmt from treating it as package documentation.
		b.Write(first)
		b.WriteString("\n\n")
		body = rest
	}
	b.WriteString("package main\n\n")
	var paths []string
	for _, im := range impliedImports {
		if used[im.path] {
			paths = append(paths, im.path)
		}
	}
	if len(paths) > 0 {
		b.WriteString("import (\n")
		for _, p := range paths {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
		b.WriteString(")\n\n")
	}
	b.Write(body)
	out, err := format.Source(b.Bytes())
	if err != nil {
		return b.Bytes(), nil
	}
	return out, nil
}

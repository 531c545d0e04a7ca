package script

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"
)

// notInScenes are standard packages a reader may reach for that scenes do
// not provide; importing one says so plainly.
var notInScenes = map[string]string{
	"unsafe":  "unsafe is not supported in scenes",
	"reflect": "reflection is not supported in scenes",
	"C":       "cgo is not supported in scenes (use scene.Cgo(d) for time spent in C)",
}

// importHints say what a scene can use instead of a package it may not
// import.
var importHints = map[string]string{
	"net":       "scene.NetRead(d) models a socket read parked on the netpoller",
	"net/http":  "scene.NetRead(d) models a socket read parked on the netpoller",
	"os/exec":   "scene.Syscall(d) models a blocking system call",
	"os/signal": "scene.Syscall(d) models a blocking system call",
	"syscall":   "scene.Syscall(d) models a blocking system call",
	"io/ioutil": "scene.FileRead(d) models a blocking file read",
	"bufio":     "strings.Builder and bytes.Buffer build text",
}

// nameHints say why a name the real package exports is missing from the
// scenes' library, by "pkg.Name" or by package.
var nameHints = map[string]string{
	"runtime":                     "the simulator has no heap or stacks to report on",
	"os":                          "a scene has no file system: scene.FileRead(d) models a blocking file read",
	"time.LoadLocation":           "scenes have no zone database: use time.UTC or time.FixedZone",
	"fmt.Scan":                    "a scene has no input: parse strings with strconv",
	"fmt.Scanf":                   "a scene has no input: parse strings with strconv",
	"fmt.Scanln":                  "a scene has no input: parse strings with strconv",
	"fmt.Sscan":                   "parse strings with strconv",
	"fmt.Sscanf":                  "parse strings with strconv",
	"fmt.Sscanln":                 "parse strings with strconv",
	"fmt.Fscan":                   "a scene has no input: parse strings with strconv",
	"fmt.Fscanf":                  "a scene has no input: parse strings with strconv",
	"fmt.Fscanln":                 "a scene has no input: parse strings with strconv",
	"time.LoadLocationFromTZData": "scenes have no zone database: use time.UTC or time.FixedZone",
}

// missingMember words go/types' "undefined: pkg.Name" for a package the
// scene imports as path: a name the real package exports is one the
// scenes' library lacks, and says so; any other is the scene's own slip,
// with the nearest real name when one is close.
func missingMember(path, pkg, name string) string {
	exported, known := stdNames[path]
	if !known {
		return "undefined: " + pkg + "." + name
	}
	names := strings.Fields(exported)
	if i := sort.SearchStrings(names, name); i < len(names) && names[i] == name {
		msg := pkg + "." + name + " is not supported in scenes"
		hint, ok := nameHints[path+"."+name]
		if !ok {
			hint = nameHints[path]
		}
		if hint != "" {
			msg += " (" + hint + ")"
		}
		return msg
	}
	msg := "undefined: " + pkg + "." + name
	if near := nearestName(name, names); near != "" {
		msg += " (did you mean " + pkg + "." + near + "?)"
	}
	return msg
}

// nearestName is the name of names closest to name by edit distance, if
// it is within a third of name's length (at least one edit); "" if none.
func nearestName(name string, names []string) string {
	best, bestD := "", len(name)/3
	if bestD < 1 {
		bestD = 1
	}
	bestD++
	for _, n := range names {
		if d := editDistance(strings.ToLower(name), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// undefinedQualified matches go/types' message for a missing member of an
// imported package.
var undefinedQualified = regexp.MustCompile(`^undefined: ([a-z][a-z0-9]*)\.([A-Za-z_][A-Za-z0-9_]*)$`)

// check type-checks the scene against the prelude packages.
func (sc *Scene) check() error {
	var errs Errors
	if sc.file.Name.Name != "main" {
		errs = append(errs, sc.errorf(sc.file.Name.Pos(), "a scene is package main, not %s", sc.file.Name.Name))
	}
	available := map[string]bool{}
	for _, p := range preludePackages() {
		available[p] = true
	}
	for _, im := range sc.file.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		if sc.inHeader(im.Pos()) || available[path] {
			continue
		}
		if msg, ok := notInScenes[path]; ok {
			errs = append(errs, sc.errorf(im.Pos(), "%s", msg))
			continue
		}
		if hint, ok := importHints[path]; ok {
			errs = append(errs, sc.errorf(im.Pos(), "import %q is not supported in scenes (%s)", path, hint))
			continue
		}
		errs = append(errs, sc.errorf(im.Pos(), "import %q is not supported in scenes (scenes may import %s)", path, strings.Join(preludePackages(), ", ")))
	}
	if len(errs) > 0 {
		return errs
	}
	sc.imp = newPreludeImporter(sc.fset)
	// The runtime's error types are the VM's panics' values, whether or
	// not the scene imports runtime.
	if _, err := sc.imp.Import("runtime"); err != nil {
		return Errors{{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: err.Error()}}
	}
	sc.info = newInfo()
	conf := types.Config{
		Importer:  sc.imp,
		GoVersion: "go1.26",
		Error: func(err error) {
			te, ok := err.(types.Error)
			if !ok {
				errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename}, Msg: err.Error()})
				return
			}
			if sc.inHeader(te.Pos) {
				// The implied imports: only a broken library fails there.
				if strings.Contains(te.Msg, "could not import") {
					errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: te.Msg})
				}
				return
			}
			// One line per message: go/types puts have/want on lines of
			// their own.
			msg := strings.ReplaceAll(te.Msg, "\n\t", "; ")
			msg = strings.ReplaceAll(msg, "\n", "; ")
			if m := undefinedQualified.FindStringSubmatch(msg); m != nil {
				if path := sc.importedAs(m[1]); path != "" {
					msg = missingMember(path, m[1], m[2])
				}
			}
			errs = append(errs, Diagnostic{Pos: sc.pos(te.Pos), Msg: msg})
		},
	}
	pkg, _ := conf.Check("main", sc.fset, []*ast.File{sc.file}, sc.info)
	sc.pkg = pkg
	if len(errs) == 0 && pkg.Scope().Lookup("main") == nil {
		errs = append(errs, Diagnostic{Pos: token.Position{Filename: sc.Filename, Line: 1, Column: 1}, Msg: "a scene needs func main()"})
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool {
			a, b := errs[i].Pos, errs[j].Pos
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Column < b.Column
		})
		return errs
	}
	return nil
}

// importedAs is the path of the package the scene imports under name, ""
// if none.
func (sc *Scene) importedAs(name string) string {
	for _, im := range sc.file.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		n := path[strings.LastIndexByte(path, '/')+1:]
		if im.Name != nil {
			n = im.Name.Name
		}
		if n == name {
			return path
		}
	}
	return ""
}

package site

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// GoVersion is the toolchain release whose runtime the notebook models and
// whose source its references link to.
const GoVersion = "go1.26.8"

// sourceBase is where the Go source of that release is browsed online.
const sourceBase = "https://cs.opensource.google/go/go/+/refs/tags/" + GoVersion + ":src/runtime/"

// refRE is a runtime source reference as chapters write it, in inline
// code: `proc.go:findRunnable`, `runtime2.go:g`, `proc.go:(*p).init`. It is
// the pattern of package chapters (docs/spec/chapters.md, "Runtime
// references").
var refRE = regexp.MustCompile(`^([a-z0-9_]+\.go):([A-Za-z_][A-Za-z0-9_.()*]*)$`)

// Refs links runtime references to the Go source. With a GOROOT it finds
// the line that declares each name, reading each runtime file once; without
// one, or when the name is not found, it links the file.
type Refs struct {
	root string // $GOROOT/src/runtime, or ""

	mu    sync.Mutex
	files map[string][]string // file → its lines; nil entry: unreadable
}

// NewRefs reads runtime files from goroot ("" for none).
func NewRefs(goroot string) *Refs {
	r := &Refs{files: map[string][]string{}}
	if goroot != "" {
		r.root = filepath.Join(goroot, "src", "runtime")
	}
	return r
}

// FindGOROOT asks the go command for its GOROOT; "" when there is no go
// command. The site is built by `go run` or a binary next to a checkout,
// so the installed toolchain is the one whose runtime the tests check.
func FindGOROOT() string {
	if v := os.Getenv("GOROOT"); v != "" {
		if _, err := os.Stat(filepath.Join(v, "src", "runtime", "proc.go")); err == nil {
			return v
		}
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	root := strings.TrimSpace(string(out))
	if _, err := os.Stat(filepath.Join(root, "src", "runtime", "proc.go")); err != nil {
		return ""
	}
	return root
}

// Match reports whether inline code text is a runtime reference, and
// splits it.
func Match(code string) (file, name string, ok bool) {
	m := refRE.FindStringSubmatch(code)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// URL is the link for a reference: the declaring line when it is found,
// else the file.
func (r *Refs) URL(file, name string) string {
	u := sourceBase + file
	if line := r.Line(file, name); line > 0 {
		u += fmt.Sprintf(";l=%d", line)
	}
	return u
}

// Line is the 1-based line that declares name in the runtime file, or 0.
// name is a function "f", a method "T.m" or "(*T).m", or a type, variable
// or constant, possibly inside a grouped declaration.
func (r *Refs) Line(file, name string) int {
	lines := r.lines(file)
	if lines == nil {
		return 0
	}
	name = strings.TrimSuffix(name, "()")
	recv, fn := "", name
	if i := strings.LastIndex(name, "."); i >= 0 {
		recv, fn = strings.Trim(name[:i], "()*"), name[i+1:]
	}
	q := regexp.QuoteMeta
	var pats []*regexp.Regexp
	if recv != "" {
		pats = append(pats, regexp.MustCompile(`^func \(\w+ \*?`+q(recv)+`(\[[^]]*\])?\) `+q(fn)+`[\[(]`))
		// A field of a struct type: "runtime2.go:p.runnext".
		pats = append(pats, regexp.MustCompile(`^type `+q(recv)+`\b`))
	} else {
		pats = append(pats,
			regexp.MustCompile(`^func `+q(fn)+`[\[(]`),
			regexp.MustCompile(`^(type|var|const) `+q(fn)+`\b`),
			regexp.MustCompile(`^\t`+q(fn)+`\b`),
		)
	}
	for _, re := range pats {
		for i, l := range lines {
			if re.MatchString(l) {
				if recv != "" && strings.HasPrefix(l, "type ") {
					if f := fieldLine(lines, i, fn); f > 0 {
						return f
					}
				}
				return i + 1
			}
		}
	}
	return 0
}

// fieldLine finds a field of the struct type declared at line i.
func fieldLine(lines []string, i int, field string) int {
	re := regexp.MustCompile(`^\t` + regexp.QuoteMeta(field) + `\b`)
	for j := i + 1; j < len(lines) && lines[j] != "}"; j++ {
		if re.MatchString(lines[j]) {
			return j + 1
		}
	}
	return 0
}

func (r *Refs) lines(file string) []string {
	if r.root == "" || strings.ContainsAny(file, `/\`) {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if l, ok := r.files[file]; ok {
		return l
	}
	data, err := os.ReadFile(filepath.Join(r.root, file))
	var lines []string
	if err == nil {
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
	}
	r.files[file] = lines
	return lines
}

package scene

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Sources holds this package's Go files, tests included, as built into
// the gmpbook command.
//
//go:embed *.go
var Sources embed.FS

// Files returns the files that make up the toolkit in a scene's module,
// by name: every non-test Go file of this package except this one, which
// only serves the gmpbook command. No other file refers to Sources, so
// the files compile on their own as package gmpbook/scene.
func Files() map[string][]byte {
	entries, err := fs.ReadDir(Sources, ".")
	if err != nil {
		panic("scene: reading the embedded sources: " + err.Error())
	}
	files := make(map[string][]byte)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || name == "source.go" {
			continue
		}
		data, err := Sources.ReadFile(name)
		if err != nil {
			panic("scene: reading the embedded sources: " + err.Error())
		}
		files[name] = data
	}
	return files
}

// ModuleEnv is what the go command's environment gets, after the
// caller's, to build a module WriteModule wrote: the module's own go.mod
// (no workspace, no vendoring) and no cgo. The toolkit imports net, which
// with cgo would link the cgo resolver and give the program an extra
// thread and goroutine the scene does not have.
var ModuleEnv = []string{"GOFLAGS=-mod=mod", "GOWORK=off", "CGO_ENABLED=0"}

// WriteModule writes into dir the module a scene runs in for real: a
// go.mod naming it gmpbook (Go 1.26), the toolkit at gmpbook/scene
// (Files), and each of mains at its path relative to dir ("main.go",
// "cmd/steal/main.go"). `gmpbook real`, the tests against the real
// runtime and cmd/measure-timing build their programs in such a module,
// with ModuleEnv.
func WriteModule(dir string, mains map[string][]byte) error {
	write := func(name string, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	}
	if err := write("go.mod", []byte("module gmpbook\n\ngo 1.26\n")); err != nil {
		return err
	}
	for name, data := range Files() {
		if err := write("scene/"+name, data); err != nil {
			return err
		}
	}
	for name, data := range mains {
		if name == "go.mod" || strings.HasPrefix(filepath.ToSlash(name), "scene/") {
			return fmt.Errorf("scene: a program at %q would overwrite the module's own files", name)
		}
		if err := write(name, data); err != nil {
			return err
		}
	}
	return nil
}

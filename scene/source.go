package scene

import (
	"embed"
	"io/fs"
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

// Package chapters holds the notebook's chapters — Markdown files embedded
// in the binary — and reads them into a plain data model that the website,
// the desktop app, presentation mode and the tests share.
//
// A chapter is `NN-slug.md` with a small front matter (title, summary,
// goals). A goldmark extension finds the fenced blocks that mean something
// (```go scene, ```predict, ```real, ```notes) and turns them into nodes of
// their own, checking every scene with the scene language; problems are
// reported as file:line:col so that a bad chapter fails the build instead
// of a reader's page. A picture (![alt](file)) is refused the same way:
// neither the website nor the desktop app ships picture files, so both
// would show an empty box. The conventions are docs/spec/chapters.md.
//
// Load reads a directory of chapter files (any fs.FS) into one File per
// chapter, each with its own error, so that one broken chapter is
// reported beside the others; All is Load over the embedded files.
package chapters

// Package read is the desktop app's reading mode as data: everything the
// app does that needs no GPU, so that it is tested with plain `go test`
// (importing Ebiten panics without a display, see render).
//
// What it owns:
//
//   - Book (book.go): the chapters the app shows — the embedded ones (in
//     English, and in Chinese with EmbeddedZh, whose headings take the
//     English ids), or an author's directory — with a chapter that fails to parse kept as an
//     entry with its file:line:col error, shown as an error page
//     (errorpage.go) while the others still open.
//   - State (state.go): where the reader was (chapter, heading and offset),
//     the language, the theme, the font scale and the window size, in
//     os.UserConfigDir()/gmpbook/desktop.json, written atomically; a
//     corrupt file is reported and ignored.
//   - History (history.go): the back and forward stacks of link navigation.
//   - Scroll (scroll.go): smooth scrolling towards a target.
//   - Link (links.go): what a page link leads to — a chapter and heading,
//     the web (shown, never fetched: the app is offline), a runtime source
//     reference.
//   - SearchBox (search.go): the search field, its live results and the
//     selection; the index itself is desktop/page's.
//   - Grade and the exercises (predict.go): a predict exercise's choices
//     found where desktop/page set them, the reader's answer graded against
//     the simulator's, and the explanation after the exercise veiled until
//     it is answered, as the website hides it.
//   - Layouts (layoutcache.go, header.go): chapter layouts from
//     desktop/page, cached per chapter, column width, type size and theme,
//     with the chapter's opening (title, summary, goals) set above.
//   - Reading (reading.go): the reading mode — table of contents, toolbar,
//     the chapter page laid out by desktop/page, the status line, all in
//     the book's language (desktop/lang), with a switch to the other
//     edition that keeps the chapter and section (SetLang) — laid out
//     as a DisplayList (displaylist.go) of layers of page items,
//     hit regions and scene slots, and driven by Input (input.go): keys,
//     characters, the pointer and the wheel. The Ebiten adapter (package
//     desktop) draws the list, plays the scenes in the slots and feeds
//     the input back.
package read

// Package page sets a chapter's Markdown — the goldmark AST that package
// chapters reads — as positioned text and boxes for the desktop app and
// its presentation mode: headings, paragraphs with emphasis, code and
// links, lists, tables, highlighted code blocks, claim boxes, and reserved
// boxes where scenes play inline. It does not import Ebiten, so layouts
// are tested on any machine.
//
// # Drawing a page
//
// Layout returns items in drawing order: a box's background comes before
// what is inside it. Coordinates are logical pixels from the page's
// top-left corner; every item lies within [0, Style.Width].
//
//   - ItemText: draw Text in Font at Size and Color with its baseline at
//     Baseline (all runs of a line share it; footnote numbers are raised).
//     Runes the Go fonts lack are drawn with the Chinese font of package
//     internal/fonts, as a text/v2 MultiFace of the two does; NewMeasurer
//     measures the same way.
//   - ItemRect: fill X, Y, W, H with Fill, corners rounded by Radius. Rules,
//     table lines and underlines are thin rectangles.
//   - ItemScene: the player of Scene goes here; the page draws nothing.
//
// Link on a text item is where a click leads: "chapter:05-stealing#id"
// (a chapter, and an id among that page's Anchors or Targets),
// "ref:proc.go:findRunnable" (the runtime source), or a web address.
// Items with Role "choice:<n>" (a row and its text) are the choices of a
// predict exercise, n indexing Predict.Choices; Role "answer" is the box
// for a typed answer; Role "scene:<id>" is a scene's box. Other roles
// name what an item is ("h2", "p", "li", "li.marker", "quote", "code",
// "scene.code", "claim", "verdict", "real.command", "real.output",
// "td:<column>", "th:<column>", "footnote", …) for tests and for the app's
// hit testing.
//
// Anchors are the headings, with the website's ids (HeadingIDs), for the
// table of contents; Targets are the other ids a link may name. The
// palette (Theme) is the website's, for the app's own chrome as well.
//
// # What is where
//
// Scenes get a box about 0.6 × the width (240–720 px) under their title,
// then their highlighted source. On a slide (Style.Slide) the caller
// draws the heading and the player shows the source, so a scene is only
// its box, filling Style.Height. Speaker notes are never set. Footnotes
// come at the end of the page: all of them for a chapter, the ones it
// cites for a slide. Long code lines wrap under their indentation after a
// muted →; nothing is clipped.
//
// # Search
//
// Index searches the chapters' text, case-insensitively and without word
// boundaries (Chinese included), and ranks chapter titles, then headings,
// then text.
package page

// Package site turns the chapters into the notebook's website: static
// HTML pages, one per chapter, plus an index, a search index, a stylesheet,
// a small script and the WebAssembly player.
//
// Build renders every chapter through goldmark (GFM and footnotes, raw
// HTML escaped, ordinary ```go blocks highlighted by chroma) with
// renderers of its own for the chapter nodes:
//
//   - a scene is a figure: a poster, drawn now from the simulation as
//     inline SVG (SVG converts a render/view Frame), a Play button that
//     swaps in the live player (an iframe of player/index.html with the
//     scene in its query string), the source, which the page's script makes
//     editable, and for print a storyboard of key frames;
//   - a predict exercise is a small form graded against the answer the
//     simulator gives (computed here, carried in the page as data);
//   - a "run it for real" box gives the gmpbook real command, the complete
//     program and the real runtime's output captured by the test suite;
//   - a claim is a styled box; speaker notes stay out of sight;
//   - `file.go:function` runtime references link to the Go 1.26.8 source
//     at the declaring line, found in $GOROOT/src/runtime.
//
// The pages read well without JavaScript: text, posters and sources are in
// the HTML. The script (assets/site.js) adds the player, the editor,
// search, dark mode and the exercises, and puts text from readers, URLs or
// the player into the page only as text.
//
// Each chapter also becomes a presentation, present/NN-slug.html
// (present.go): the slides of chapters.Slides, rendered with the same
// Markdown renderer, slides with too much text split at block or list-item
// boundaries, each scene a slide whose narrated steps are fragments (the
// event where each caption starts, from the same simulation the browser's
// player runs), each predict block a poll. The deck's script
// (assets/present.js) scales a 1920×1080 stage to the window, drives the
// scene's player, and keeps a presenter view in a second window in step.
//
// The Chinese edition (chapters.Zh) gets the same: NN-slug.zh.html and
// index.zh.html, and a deck, present/NN-slug.zh.html, numbered slide for
// slide as its English twin's (chapters.TwinSlides). Every text of the
// chrome is in strings.go, per language: the templates' (uiStrings, T) and
// the page scripts' (jsStrings), which Build writes as
// assets/strings.LANG.js for site.js and present.js to read.
//
// A Site is the set of files in memory. WriteDir writes it out (gmpbook
// site); Handler serves it (gmpbook serve) with the right media types,
// compression, caching validators, a Content-Security-Policy and no path
// outside the site.
package site

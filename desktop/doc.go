// Package desktop is the offline desktop app: the book's chapters read in
// a window, with scenes playing inline, a table of contents, search, and
// the reader's place, theme and type size remembered between runs. It is
// the Ebiten adapter of package desktop/read, which holds everything
// the app does that needs no GPU (and is tested without a display). The
// book is read in English or Chinese (Options.Zh): the toolbar switches,
// and every word of the interface comes from desktop/lang.
//
// The pieces:
//
//   - App and Mode (app.go): the ebiten.Game. The app owns the window,
//     reads the input once per tick (input.go), draws only when the mode
//     says something changed — the screen keeps its pixels between frames
//     (ebiten.SetScreenClearedEveryFrame(false)), so an idle reader costs
//     next to nothing — saves the state, and takes the screenshots the
//     end-to-end tests read. A Mode owns what is inside the window;
//     modes register a factory by name (RegisterMode) and the app starts
//     in one (Options.Mode) or switches (Host.Switch). The reading mode is
//     "read"; presentation mode plugs in beside it the same way.
//   - readMode (read.go): the reading mode — read.Reading for the page
//     and its furniture, and for each scene box on the screen an inline
//     player (render.Panel over a play.Player), made the first time the
//     box scrolls into view. Only players on the screen run; the focused
//     one gets the player's keys; a player whose picture changed is
//     repainted alone.
//   - presentMode (present_mode.go, present_draw.go, present_keys.go):
//     presentation mode, "present" — the Ebiten side of desktop/present.
//     The audience window draws the slide on the letterboxed stage, a
//     scene slide's player (a render.Panel drawn playerZoom times larger
//     than its own pixels, seeked to each step's event) with the step's
//     caption under it, the overview from thumbnails drawn once per size,
//     and owns the talk's state; the presenter window is this program
//     again (--presenter-child), which shows the presenter layout with
//     still pictures of the scenes and sends its keys over the link.
//   - Painter (paint.go): draws model display lists — geometry with the
//     player's anti-aliased render.Drawer, text with Fonts.
//   - Fonts (fonts.go): the Go fonts with the embedded Chinese subset
//     behind each (text/v2 MultiFace), at the device scale so text is
//     crisp on high-DPI screens; also the page.Measurer that lays pages
//     out, so that what is measured is what is drawn.
//
// Importing Ebiten panics without a display: the package's end-to-end
// tests run the cmd/gmpbook-desktop binary under xvfb-run from
// tests/desktop_test.go.
package desktop

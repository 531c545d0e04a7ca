// Package render is the Ebiten adapter of the player: it draws view.Frames
// and the chrome that render/play lays out, and turns keys, mouse and
// touch into play.Commands.
//
// render replays; it never simulates. What it shows comes from a
// play.Source, which owns the playback cursor and answers, once per drawn
// frame, with a display list (view.Frame) for the area above the player's
// chrome. render draws that list as it is, then the chrome play.Controls
// lays out: the narration and caption lines and the controls bar (home,
// back, play/pause, step, end, speed, the next steal/hand-off/preemption
// buttons, GOMAXPROCS and seed re-runs, reduced motion, captions, and a
// scrubbable timeline with a mark for each steal, hand-off and
// preemption).
//
// The pieces:
//
//   - Input mapping (input.go): everything the user did during one tick,
//     read from Ebiten in one place (readInput) and translated into
//     play.Commands by the key bindings (←/→ and Shift+←/→, Home/End,
//     PageUp/PageDown; typed characters go through play.CharCommand) and
//     the focus keys of the controls bar (Tab, Shift+Tab, Enter, Escape).
//   - Drawer (draw.go): Shapes to pixels at the device scale factor, so that
//     text stays crisp on high-DPI screens. Geometry is anti-aliased by a
//     feathered edge and batched; discs and strings that stay on screen
//     become sprites; a frame is one draw call.
//   - Game (game.go): the ebiten.Game, Run, and the screenshot capture the
//     end-to-end tests use. The screen keeps its pixels between frames and
//     Draw repaints only the boxes where the display list changed, so a
//     playing player costs little.
//   - Rest (rest.go): a paused player whose picture stops changing asks
//     Ebiten to call it only on input or a resize, until Wake (a host's
//     command) or the input brings it back to the refresh rate, so a
//     paused player in view draws no frames.
//   - Panel (panel.go): a player embedded in someone else's window (the
//     desktop app's pages and slides).
//
// Importing Ebiten panics on a machine without a display, so this
// package's tests carry the build tag "display" and run under xvfb-run
// from tests/player_desktop_test.go. Everything that can be tested
// without a display belongs in render/play or render/view.
package render

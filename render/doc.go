// Package render is the Ebiten adapter of the player: it draws view.Frames
// and turns keys, mouse and touch into player commands.
//
// render replays; it never simulates. What it shows comes from a Source,
// which owns the playback cursor and answers, once per drawn frame, with a
// display list (view.Frame) for the area above the player's chrome. render
// draws that list as it is, then draws the chrome itself: the narration and
// caption lines and the controls bar (home, back, play/pause, step, end,
// speed, the next steal/hand-off/preemption buttons, GOMAXPROCS and seed
// re-runs, reduced motion, captions, and a scrubbable timeline with a mark
// for each steal, hand-off and preemption).
//
// The pieces:
//
//   - Source, Status, Command (source.go): what a player must answer and
//     the commands it receives (also by name, for a host page).
//   - Player (player.go): the Source over render/view — a Recording, a
//     Cursor, Layout at the cursor and Tweens between stops. The caller
//     simulates (internal/playerlog) and hands it a Log; a Rerun lets the
//     user ask for another GOMAXPROCS or seed. A Log may be the beginning
//     of a run still being simulated (Log.Grow): the Player draws its
//     first frame at once and simulates the rest a slice per tick.
//     Loading shows that first frame while the page still checks and
//     compiles the scene, then hands over to the Player.
//   - Compare (compare.go): compare mode, the Source over two Logs of one
//     scene (say go=1.13 and go=1.26) in lock-step — one play head in
//     virtual time, view.CompareFrame at the head, the first difference
//     (view.FirstDifference) and both runs' steals, hand-offs and
//     preemptions as the scrub bar's Marks and the jump buttons' stops.
//   - playback (playback.go): the play/pause state, speed and clock, and
//     the commands about them, which Player and Compare share.
//   - Input (input.go): everything the user did during one tick, gathered
//     in one place (readInput) and translated into Commands by the key
//     bindings (space, ←/→ and Shift+←/→, Home/End, PageUp/PageDown, + − and
//     1–9, s h p, r, [ ] n, m, c) and by the controls bar.
//   - Controls (controls.go): the chrome as display-list shapes with Roles
//     ("ctl:play", "ctl:track", "narration", …), so that it is drawn,
//     hit-tested and dumped to JSON like the rest of the picture; Tab and
//     Shift+Tab move a visible focus along the buttons, Enter presses one.
//   - Drawer (draw.go): Shapes to pixels at the device scale factor, so that
//     text stays crisp on high-DPI screens. Geometry is anti-aliased by a
//     feathered edge and batched; discs and strings that stay on screen
//     become sprites; a frame is one draw call.
//   - Game (game.go): the ebiten.Game, Run, and the screenshot capture the
//     end-to-end tests use. The screen keeps its pixels between frames and
//     Draw repaints only the boxes where the display list changed, so a
//     paused player costs nothing and a playing one little.
//
// Importing Ebiten panics on a machine without a display, so this
// package's tests carry the build tag "display" and run under xvfb-run
// from tests/player_desktop_test.go. Everything that must be tested
// without a display belongs in render/view.
package render

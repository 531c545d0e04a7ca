// Package play is the player's controller: what a player plays and how
// it moves, without Ebiten. It imports only core and render/view, so its
// behaviour — stepping forward and back to the same picture, re-runs at
// the same virtual time, logs that grow while they play, compare mode's
// lock-step — is tested by plain go test and, compiled to WebAssembly,
// under Node (make test-wasm), where the browser player runs it.
//
// The pieces:
//
//   - Source, Controllable, Status, Command, Mark (source.go): what a
//     player must answer, what a host may drive directly (seek, speed,
//     play), and the commands it receives (also by name, for a host page).
//   - Input, Pointer, CharCommand (input.go): one tick of the user's input
//     as a Source sees it, and the bindings of typed characters (space,
//     plus and minus, 1–9, s h p, r, [ ] n, m, c). Keys that are not
//     characters are the adapter's (render's keyCommand).
//   - Player (player.go): the Source over render/view for one Log — a
//     Recording, a Cursor, Layout at the cursor and Tweens between stops.
//     The caller simulates (internal/playerlog) and hands it a Log; a
//     Rerun lets the user ask for another GOMAXPROCS or seed. A Log may be
//     the beginning of a run still being simulated (Log.Grow): the Player
//     draws its first frame at once and simulates the rest a slice per
//     tick. Loading shows that first frame while the page still checks
//     and compiles the scene, then hands over to the Player.
//   - Compare (compare.go): compare mode, the Source over two Logs of one
//     scene in lock-step — one play head in virtual time,
//     view.CompareFrame at the head, the first difference and both runs'
//     steals, hand-offs and preemptions as Marks.
//   - playback (playback.go): the play/pause state, speed and clock, and
//     the commands about them, which Player and Compare share.
//   - Controls (controls.go): the chrome as display-list shapes with Roles
//     ("ctl:play", "ctl:track", "narration", …), laid out below the
//     frame, hit-tested against the pointer, with a keyboard focus that
//     the adapter moves (FocusNext, Press, Blur).
//
// Package render draws what this package lays out and turns Ebiten's keys,
// mouse and touch into its Commands.
package play

// Package present is the model of presentation mode in the desktop app:
// everything about it that needs no window. The desktop app maps
// ebiten.Key to key.Key (package desktop/key), draws the rectangles and items computed here and
// seeks its scene player to the events fragments name; this package does
// not import Ebiten and is tested with plain go test.
//
// It owns:
//
//   - the Deck: a chapter's slides (chapters.Slides), each scene simulated
//     once as the desktop player does so that its narrated steps (the
//     recording's caption starts) become fragments with the event to seek
//     to, each poll's answer as a fragment that reveals it, the notes and
//     the chapter line of each slide; a chapter that cannot be read gives a
//     deck with one error slide that says file:line:col (Open, Load, New);
//   - the Nav: the position (slide, step) and the state machine the keys
//     drive (next and previous through fragments and slides, first and
//     last, typed slide number and Enter, overview grid, blackout, the
//     talk's timer);
//   - the geometry: a 1920×1080 stage letterboxed into any window (Fit),
//     slides set on it with desktop/page and shrunk until they fit
//     (Typesetter), the scene's box, the overview grid and its hit test
//     (Grid), the presenter window's boxes, notes and text (Presenter);
//   - the protocol of the audience window and the presenter window: the
//     messages (Msg: hello, state, key, goto, open, bye) and what each
//     does to a Nav (Nav.Apply). Carrying them between the two processes
//     is package desktop/link's job; this package starts no process and
//     runs no goroutine of its own for it.
//
// Content slides have no fragments: the chapters are prose written to be
// read, with no marks saying where a build step would fall, and revealing
// list items one by one would add presses without anything to narrate;
// the narrated steps of scenes are where a talk advances in steps, and the
// website's presentation mode makes the same choice.
package present

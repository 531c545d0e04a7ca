// Package playerlog owns the path from a scene's text to a run a player
// replays, for every front end: the browser player (wasm), the site's
// posters and slides, the desktop app, gmpbook-player and gmpbook.
//
//   - Params (params.go): a player's parameters — the scene's source,
//     settings overriding the scene's own (script.RunKeys), where and how
//     it starts (play.Cue), compare mode — read from a URL's query or
//     defined as flags, and written back as a query: one parser and one
//     encoder, so that a setting added once reaches every front end.
//   - Simulate, Start and Stepper (playerlog.go): the one place where a
//     player simulates. It keeps what the replay needs that the event
//     log alone does not say: the source line each event's goroutine was
//     at, and the lines whose code caused each event, for line captions
//     and the page's current line.
//   - Scene, NewLog, Recording (log.go): a compiled scene with its
//     settings, whose runs come out as the play.Log a Player replays
//     (whole, or growing a slice at a time), as the two sides of compare
//     mode, or as a view.Recording for a picture without a player.
//
// Package render and render/play only replay what comes out of here.
// Where the scene's own code starts is view.Recording.MainStart.
package playerlog

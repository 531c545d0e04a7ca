// Package frame is the schema of what the desktop app writes with -frame
// beside a screenshot: the mode it was in, where the reader was, the
// display list it drew and the players it showed. The app fills it
// (package desktop) and the end-to-end tests decode it (tests/desktop*),
// so the two read one definition instead of two copies that could drift.
// It holds data only and imports no Ebiten.
package frame

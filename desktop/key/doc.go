// Package key is the desktop app's one vocabulary of keys: the keys the
// reading mode reads as keys (movement, editing, the Ctrl shortcuts) and
// the keys a talk responds to, as one enum with one table of names.
//
// The names are also the wire form: the presenter window sends the keys
// pressed in it to the audience window by name (desktop/present's "key"
// message, carried by desktop/link), and gmpbook-desktop's testing flag
// -presenter-keys reads the same names. A name, once sent, keeps its
// meaning; a key added later gets a new name, which a peer of the same
// protocol version that does not know it ignores.
//
// The window (package desktop) maps Ebiten's key codes to these; the
// models (desktop/read, desktop/present) see only these.
package key

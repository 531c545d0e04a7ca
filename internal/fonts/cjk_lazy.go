//go:build lazycjk

package fonts

// CJKSubset is the Chinese fallback font, not embedded in this build: the
// browser player fetches cjk-subset.ttf beside its module when it plays
// in Chinese, and sets it before drawing (wasm/font.go). A reader in
// English never downloads it.
var CJKSubset []byte

//go:build !lazycjk

package fonts

import _ "embed"

// CJKSubset is the Chinese fallback font: Droid Sans Fallback cut down to
// GB2312's level-1 hanzi, Chinese punctuation and full-width forms. Built
// with the lazycjk tag (the browser players) it is not embedded: the
// player fetches cjk-subset.ttf when it speaks Chinese and sets it.
//
//go:embed cjk-subset.ttf
var CJKSubset []byte

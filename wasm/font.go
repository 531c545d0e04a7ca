//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"

	"github.com/gmpbook/gmpbook/internal/fonts"
	"github.com/gmpbook/gmpbook/render/view"
)

// loadCJK gives the player its Chinese font before the first frame when
// it plays in Chinese. The browser builds leave the font out of the
// module (the lazycjk tag): index.html starts fetching cjk-subset.ttf
// beside the module as window.gmpbookCJK when the URL asks for lang=zh,
// so a reader in English never downloads it, and a Chinese one gets it
// while the module compiles.
func loadCJK(l view.Lang) error {
	if l != view.Chinese || len(fonts.CJKSubset) > 0 {
		return nil
	}
	p := js.Global().Get("gmpbookCJK")
	if p.Type() != js.TypeObject {
		return errors.New("cjk-subset.ttf: the page's loader did not fetch the Chinese font")
	}
	b, err := awaitBytes(p, "the Chinese font could not be loaded")
	if err != nil {
		return err
	}
	fonts.CJKSubset = b
	return nil
}

// awaitBytes waits for promise p of an ArrayBuffer and returns its bytes;
// a rejected promise is an error that starts with fail.
func awaitBytes(p js.Value, fail string) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	done := make(chan result, 1)
	var ok, bad js.Func
	ok = js.FuncOf(func(this js.Value, args []js.Value) any {
		u := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, u.Get("length").Int())
		js.CopyBytesToGo(b, u)
		done <- result{b: b}
		return nil
	})
	bad = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := fail
		if len(args) > 0 {
			msg += ": " + js.Global().Call("String", args[0]).String()
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	p.Call("then", ok, bad)
	r := <-done
	ok.Release()
	bad.Release()
	return r.b, r.err
}

//go:build js && wasm

package main

import (
	"strconv"
	"unicode/utf8"

	"github.com/gmpbook/gmpbook/render/view"
)

// appendFrame appends f as JSON, with the field names encoding/json would
// use, so that tests decode it like the desktop player's -frame dump.
// encoding/json is not used because it would add 40 kB (compressed) to the
// download, which is held to 1.25× that of a bare Ebiten game.
func appendFrame(b []byte, f *view.Frame) []byte {
	b = append(b, `{"W":`...)
	b = appendFloat(b, f.W)
	b = append(b, `,"H":`...)
	b = appendFloat(b, f.H)
	b = append(b, `,"Time":`...)
	b = strconv.AppendInt(b, int64(f.Time), 10)
	b = append(b, `,"Narration":`...)
	b = appendString(b, f.Narration)
	b = append(b, `,"Caption":`...)
	b = appendString(b, f.Caption)
	b = append(b, `,"Shapes":[`...)
	for i := range f.Shapes {
		if i > 0 {
			b = append(b, ',')
		}
		s := &f.Shapes[i]
		b = append(b, `{"Kind":`...)
		b = strconv.AppendInt(b, int64(s.Kind), 10)
		for _, kv := range [...]struct {
			k string
			v float32
		}{{"X", s.X}, {"Y", s.Y}, {"W", s.W}, {"H", s.H}, {"Radius", s.Radius}, {"StrokeW", s.StrokeW}, {"Size", s.Size}} {
			b = append(b, ",\""+kv.k+"\":"...)
			b = appendFloat(b, kv.v)
		}
		b = append(b, `,"Fill":`...)
		b = appendColor(b, s.Fill)
		b = append(b, `,"Stroke":`...)
		b = appendColor(b, s.Stroke)
		b = append(b, `,"Dashed":`...)
		b = strconv.AppendBool(b, s.Dashed)
		b = append(b, `,"Text":`...)
		b = appendString(b, s.Text)
		b = append(b, `,"G":`...)
		b = strconv.AppendInt(b, s.G, 10)
		b = append(b, `,"Role":`...)
		b = appendString(b, s.Role)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

func appendFloat(b []byte, f float32) []byte {
	return strconv.AppendFloat(b, float64(f), 'g', -1, 32)
}

func appendColor(b []byte, c view.Color) []byte {
	b = append(b, `{"R":`...)
	b = strconv.AppendUint(b, uint64(c.R), 10)
	b = append(b, `,"G":`...)
	b = strconv.AppendUint(b, uint64(c.G), 10)
	b = append(b, `,"B":`...)
	b = strconv.AppendUint(b, uint64(c.B), 10)
	b = append(b, `,"A":`...)
	b = strconv.AppendUint(b, uint64(c.A), 10)
	return append(b, '}')
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			i++
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			i++
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+n]...)
			}
			i += n
		}
	}
	return append(b, '"')
}

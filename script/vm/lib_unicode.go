package vm

import (
	"unicode"
	"unicode/utf8"
)

// unicode and unicode/utf8, by the host's packages.
func init() {
	registerNatives(func(n map[string]Native) {
		for name, f := range map[string]func(rune) bool{
			"IsControl": unicode.IsControl, "IsDigit": unicode.IsDigit, "IsGraphic": unicode.IsGraphic,
			"IsLetter": unicode.IsLetter, "IsLower": unicode.IsLower, "IsMark": unicode.IsMark,
			"IsNumber": unicode.IsNumber, "IsPrint": unicode.IsPrint, "IsPunct": unicode.IsPunct,
			"IsSpace": unicode.IsSpace, "IsSymbol": unicode.IsSymbol, "IsTitle": unicode.IsTitle,
			"IsUpper": unicode.IsUpper,
		} {
			n["unicode."+name] = nR_B(f)
		}
		n["unicode.SimpleFold"] = nR_R(unicode.SimpleFold)
		n["unicode.ToLower"] = nR_R(unicode.ToLower)
		n["unicode.ToTitle"] = nR_R(unicode.ToTitle)
		n["unicode.ToUpper"] = nR_R(unicode.ToUpper)
		n["unicode.To"] = func(c *Call) {
			c.Return(Int(int64(unicode.To(int(c.Args[0].I()), rune(c.Args[1].I())))))
		}
		n["unicode.table"] = func(c *Call) { c.Return(rangeTable(c.Args[0].S())) }
		n["unicode.Is"] = func(c *Call) {
			p := c.Args[0].Ptr()
			if p == nil {
				c.RuntimeError("invalid memory address or nil pointer dereference")
				return
			}
			t := p.R.(*Agg)
			r16, _ := t.V[0].R.([]Value)
			r32, _ := t.V[1].R.([]Value)
			r := c.Args[1].I()
			c.Return(Bool(inRanges(r16, r) || inRanges(r32, r)))
		}

		n["unicode/utf8.AppendRune"] = func(c *Call) {
			r := rune(c.Args[1].I())
			c.Return(appendTo(c.Args[0], func(b []byte) []byte { return utf8.AppendRune(b, r) }))
		}
		n["unicode/utf8.DecodeLastRune"] = func(c *Call) {
			r, size := utf8.DecodeLastRune(bytesOf(c.Args[0]))
			c.Return(Int(int64(r)), Int(int64(size)))
		}
		n["unicode/utf8.DecodeLastRuneInString"] = func(c *Call) {
			r, size := utf8.DecodeLastRuneInString(c.Args[0].S())
			c.Return(Int(int64(r)), Int(int64(size)))
		}
		n["unicode/utf8.DecodeRune"] = func(c *Call) {
			r, size := utf8.DecodeRune(bytesOf(c.Args[0]))
			c.Return(Int(int64(r)), Int(int64(size)))
		}
		n["unicode/utf8.DecodeRuneInString"] = func(c *Call) {
			r, size := utf8.DecodeRuneInString(c.Args[0].S())
			c.Return(Int(int64(r)), Int(int64(size)))
		}
		n["unicode/utf8.EncodeRune"] = func(c *Call) {
			p, _ := c.Args[0].R.([]Value)
			var buf [utf8.UTFMax]byte
			k := utf8.EncodeRune(buf[:], rune(c.Args[1].I()))
			if len(p) < k {
				// The real function indexes p[k-1] first.
				c.RuntimeError(boundsText(boundsIndex, int64(k-1), int64(len(p))))
				return
			}
			for i := 0; i < k; i++ {
				p[i] = Value{N: uint64(buf[i])}
			}
			c.Return(Int(int64(k)))
		}
		n["unicode/utf8.FullRune"] = func(c *Call) { c.Return(Bool(utf8.FullRune(bytesOf(c.Args[0])))) }
		n["unicode/utf8.FullRuneInString"] = func(c *Call) { c.Return(Bool(utf8.FullRuneInString(c.Args[0].S()))) }
		n["unicode/utf8.RuneCount"] = func(c *Call) { c.Return(Int(int64(utf8.RuneCount(bytesOf(c.Args[0]))))) }
		n["unicode/utf8.RuneCountInString"] = func(c *Call) {
			c.Return(Int(int64(utf8.RuneCountInString(c.Args[0].S()))))
		}
		n["unicode/utf8.RuneLen"] = func(c *Call) { c.Return(Int(int64(utf8.RuneLen(rune(c.Args[0].I()))))) }
		n["unicode/utf8.RuneStart"] = func(c *Call) { c.Return(Bool(utf8.RuneStart(byte(c.Args[0].N)))) }
		n["unicode/utf8.Valid"] = func(c *Call) { c.Return(Bool(utf8.Valid(bytesOf(c.Args[0])))) }
		n["unicode/utf8.ValidRune"] = nR_B(utf8.ValidRune)
		n["unicode/utf8.ValidString"] = func(c *Call) { c.Return(Bool(utf8.ValidString(c.Args[0].S()))) }
	})
}

// inRanges reports whether r is in one of the sorted ranges of a
// program's []Range16 or []Range32 (structs Lo, Hi, Stride), by binary
// search.
func inRanges(rs []Value, r int64) bool {
	lo, hi := 0, len(rs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		g := rs[mid].R.(*Agg).V
		switch {
		case r < int64(g[0].N):
			hi = mid
		case r > int64(g[1].N):
			lo = mid + 1
		default:
			return g[2].N == 1 || g[2].N != 0 && (r-int64(g[0].N))%int64(g[2].N) == 0
		}
	}
	return false
}

// rangeTable makes the prelude's *unicode.RangeTable (fields R16, R32,
// LatinOffset) of the host's table of that name.
func rangeTable(name string) Value {
	t := unicode.Categories[name]
	if t == nil {
		t = unicode.Scripts[name]
	}
	if t == nil {
		t = unicode.Properties[name]
	}
	if t == nil {
		return Value{}
	}
	var r16, r32 []Value
	if t.R16 != nil {
		r16 = make([]Value, len(t.R16))
		for i, g := range t.R16 {
			r16[i] = Value{R: &Agg{V: []Value{Uint(uint64(g.Lo)), Uint(uint64(g.Hi)), Uint(uint64(g.Stride))}}}
		}
	}
	if t.R32 != nil {
		r32 = make([]Value, len(t.R32))
		for i, g := range t.R32 {
			r32[i] = Value{R: &Agg{V: []Value{Uint(uint64(g.Lo)), Uint(uint64(g.Hi)), Uint(uint64(g.Stride))}}}
		}
	}
	return Value{R: &Value{R: &Agg{V: []Value{{R: r16}, {R: r32}, Int(int64(t.LatinOffset))}}}}
}

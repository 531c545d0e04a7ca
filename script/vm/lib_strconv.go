package vm

import (
	"errors"
	"strconv"
)

// strconv: conversions by the host's package; the prelude builds the
// errors from what numErr says (see _prelude/strconv).
func init() {
	registerNatives(func(n map[string]Native) {
		n["strconv.atoi"] = func(c *Call) {
			v, err := strconv.Atoi(c.Args[0].S())
			c.Return(append([]Value{Int(int64(v))}, numErr(err)...)...)
		}
		n["strconv.parseInt"] = func(c *Call) {
			v, err := strconv.ParseInt(c.Args[0].S(), int(c.Args[1].I()), int(c.Args[2].I()))
			c.Return(append([]Value{Int(v)}, numErr(err)...)...)
		}
		n["strconv.parseUint"] = func(c *Call) {
			v, err := strconv.ParseUint(c.Args[0].S(), int(c.Args[1].I()), int(c.Args[2].I()))
			c.Return(append([]Value{Uint(v)}, numErr(err)...)...)
		}
		n["strconv.parseFloat"] = func(c *Call) {
			v, err := strconv.ParseFloat(c.Args[0].S(), int(c.Args[1].I()))
			c.Return(append([]Value{Float(v)}, numErr(err)...)...)
		}
		n["strconv.parseComplex"] = func(c *Call) {
			v, err := strconv.ParseComplex(c.Args[0].S(), int(c.Args[1].I()))
			c.Return(append([]Value{{R: v}}, numErr(err)...)...)
		}
		n["strconv.parseBool"] = func(c *Call) {
			v, err := strconv.ParseBool(c.Args[0].S())
			c.Return(append([]Value{Bool(v)}, numErr(err)...)...)
		}
		n["strconv.unquote"] = func(c *Call) {
			s, err := strconv.Unquote(c.Args[0].S())
			c.Return(Str(s), errCode(err))
		}
		n["strconv.unquoteChar"] = func(c *Call) {
			r, mb, tail, err := strconv.UnquoteChar(c.Args[0].S(), byte(c.Args[1].N))
			c.Return(Int(int64(r)), Bool(mb), Str(tail), errCode(err))
		}
		n["strconv.quotedPrefix"] = func(c *Call) {
			s, err := strconv.QuotedPrefix(c.Args[0].S())
			c.Return(Str(s), errCode(err))
		}

		n["strconv.Itoa"] = func(c *Call) { c.Return(Str(strconv.Itoa(int(c.Args[0].I())))) }
		n["strconv.FormatInt"] = func(c *Call) {
			defer guard(c)
			c.Return(Str(strconv.FormatInt(c.Args[0].I(), int(c.Args[1].I()))))
		}
		n["strconv.FormatUint"] = func(c *Call) {
			defer guard(c)
			c.Return(Str(strconv.FormatUint(c.Args[0].N, int(c.Args[1].I()))))
		}
		n["strconv.FormatFloat"] = func(c *Call) {
			defer guard(c)
			c.Return(Str(strconv.FormatFloat(c.Args[0].F(), byte(c.Args[1].N), int(c.Args[2].I()), int(c.Args[3].I()))))
		}
		n["strconv.FormatComplex"] = func(c *Call) {
			defer guard(c)
			z, _ := c.Args[0].R.(complex128)
			c.Return(Str(strconv.FormatComplex(z, byte(c.Args[1].N), int(c.Args[2].I()), int(c.Args[3].I()))))
		}
		n["strconv.FormatBool"] = func(c *Call) { c.Return(Str(strconv.FormatBool(c.Args[0].B()))) }
		n["strconv.Quote"] = nS_S(strconv.Quote)
		n["strconv.QuoteToASCII"] = nS_S(strconv.QuoteToASCII)
		n["strconv.QuoteToGraphic"] = nS_S(strconv.QuoteToGraphic)
		n["strconv.QuoteRune"] = func(c *Call) { c.Return(Str(strconv.QuoteRune(rune(c.Args[0].I())))) }
		n["strconv.QuoteRuneToASCII"] = func(c *Call) { c.Return(Str(strconv.QuoteRuneToASCII(rune(c.Args[0].I())))) }
		n["strconv.QuoteRuneToGraphic"] = func(c *Call) { c.Return(Str(strconv.QuoteRuneToGraphic(rune(c.Args[0].I())))) }
		n["strconv.CanBackquote"] = func(c *Call) { c.Return(Bool(strconv.CanBackquote(c.Args[0].S()))) }
		n["strconv.IsPrint"] = nR_B(strconv.IsPrint)
		n["strconv.IsGraphic"] = nR_B(strconv.IsGraphic)

		n["strconv.AppendInt"] = func(c *Call) {
			defer guard(c)
			i, base := c.Args[1].I(), int(c.Args[2].I())
			c.Return(appendTo(c.Args[0], func(b []byte) []byte { return strconv.AppendInt(b, i, base) }))
		}
		n["strconv.AppendUint"] = func(c *Call) {
			defer guard(c)
			i, base := c.Args[1].N, int(c.Args[2].I())
			c.Return(appendTo(c.Args[0], func(b []byte) []byte { return strconv.AppendUint(b, i, base) }))
		}
		n["strconv.AppendFloat"] = func(c *Call) {
			defer guard(c)
			f, fm, prec, bits := c.Args[1].F(), byte(c.Args[2].N), int(c.Args[3].I()), int(c.Args[4].I())
			c.Return(appendTo(c.Args[0], func(b []byte) []byte { return strconv.AppendFloat(b, f, fm, prec, bits) }))
		}
		n["strconv.AppendBool"] = func(c *Call) {
			v := c.Args[1].B()
			c.Return(appendTo(c.Args[0], func(b []byte) []byte { return strconv.AppendBool(b, v) }))
		}
		appendS := func(f func([]byte, string) []byte) Native {
			return func(c *Call) {
				s := c.Args[1].S()
				checkLen(int64(len(s)) * 10)
				c.Return(appendTo(c.Args[0], func(b []byte) []byte { return f(b, s) }))
			}
		}
		n["strconv.AppendQuote"] = appendS(strconv.AppendQuote)
		n["strconv.AppendQuoteToASCII"] = appendS(strconv.AppendQuoteToASCII)
		n["strconv.AppendQuoteToGraphic"] = appendS(strconv.AppendQuoteToGraphic)
		appendR := func(f func([]byte, rune) []byte) Native {
			return func(c *Call) {
				r := rune(c.Args[1].I())
				c.Return(appendTo(c.Args[0], func(b []byte) []byte { return f(b, r) }))
			}
		}
		n["strconv.AppendQuoteRune"] = appendR(strconv.AppendQuoteRune)
		n["strconv.AppendQuoteRuneToASCII"] = appendR(strconv.AppendQuoteRuneToASCII)
		n["strconv.AppendQuoteRuneToGraphic"] = appendR(strconv.AppendQuoteRuneToGraphic)
	})
}

// numErr describes a parsing error of the host for the prelude: the
// function that failed, a code (1 ErrSyntax, 2 ErrRange, 3 another
// error) and that error's message.
func numErr(err error) []Value {
	var ne *strconv.NumError
	if err == nil || !errors.As(err, &ne) {
		return []Value{Str(""), Int(0), Str("")}
	}
	switch ne.Err {
	case strconv.ErrSyntax:
		return []Value{Str(ne.Func), Int(1), Str("")}
	case strconv.ErrRange:
		return []Value{Str(ne.Func), Int(2), Str("")}
	}
	return []Value{Str(ne.Func), Int(3), Str(ne.Err.Error())}
}

// errCode is 1 for an error (always ErrSyntax where it is used), else 0.
func errCode(err error) Value {
	if err != nil {
		return Int(1)
	}
	return Int(0)
}

// unicode and unicode/utf8.
package main

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

func main() {
	for _, r := range "aZ5 !\t€ǅ世\u0301" {
		fmt.Println(string(r), unicode.IsLetter(r), unicode.IsUpper(r), unicode.IsLower(r), unicode.IsTitle(r), unicode.IsDigit(r),
			unicode.IsNumber(r), unicode.IsSpace(r), unicode.IsPunct(r), unicode.IsSymbol(r), unicode.IsMark(r),
			unicode.IsControl(r), unicode.IsPrint(r), unicode.IsGraphic(r))
	}
	fmt.Println(string(unicode.ToUpper('ä')), string(unicode.ToLower('Ä')), string(unicode.ToTitle('ǆ')), string(unicode.To(unicode.UpperCase, 'q')))
	fmt.Println(string(unicode.SimpleFold('A')), string(unicode.SimpleFold('k')), string(unicode.SimpleFold('\u212A')))
	fmt.Println(unicode.Is(unicode.Han, '世'), unicode.Is(unicode.Latin, '世'), unicode.In('β', unicode.Latin, unicode.Greek),
		unicode.IsOneOf([]*unicode.RangeTable{unicode.Digit, unicode.Letter}, '7'), unicode.Is(unicode.White_Space, '\u00a0'))
	fmt.Println(unicode.Is(unicode.Lu, 'A'), unicode.Is(unicode.Upper, 'a'), unicode.Is(unicode.Nd, '٣'), unicode.In('!', unicode.PrintRanges...))
	fmt.Println(len(unicode.Letter.R16) > 0, unicode.Letter == unicode.L, unicode.MaxRune, unicode.ReplacementChar, unicode.MaxASCII, unicode.MaxLatin1, unicode.Version)
	tables := []*unicode.RangeTable{unicode.L, unicode.N, unicode.P, unicode.Zs, unicode.Cyrillic, unicode.Hiragana}
	counts := make([]int, len(tables))
	for r := rune(0); r < 0x3100; r += 3 {
		for i, t := range tables {
			if unicode.Is(t, r) {
				counts[i]++
			}
		}
	}
	fmt.Println(counts)

	s := "héllo, 世界"
	fmt.Println(len(s), utf8.RuneCountInString(s), utf8.RuneCount([]byte(s)), utf8.ValidString(s), utf8.ValidString("a\xffb"), utf8.Valid([]byte{0xe4, 0xb8}))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		fmt.Print(string(r), size, " ")
		i += size
	}
	fmt.Println()
	r, size := utf8.DecodeLastRuneInString(s)
	fmt.Println(string(r), size)
	r, size = utf8.DecodeRune([]byte("\xff"))
	fmt.Println(r, size)
	r, size = utf8.DecodeLastRune([]byte("€"))
	fmt.Println(string(r), size)
	buf := make([]byte, 4)
	n := utf8.EncodeRune(buf, '€')
	fmt.Println(buf[:n], n, utf8.RuneLen('€'), utf8.RuneLen(-1), utf8.RuneStart(buf[1]), utf8.FullRune(buf[:2]), utf8.FullRuneInString("€"))
	fmt.Println(utf8.AppendRune([]byte("x"), '世'), utf8.ValidRune(0xD800), utf8.ValidRune('a'))
	fmt.Println(utf8.RuneError, utf8.RuneSelf, utf8.MaxRune, utf8.UTFMax)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		utf8.EncodeRune(make([]byte, 1), '€')
	}()
}

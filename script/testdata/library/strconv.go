// The strconv package: parsing with its errors, formatting, quoting.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"42", "-17", "+5", "0x1f", "12a", "", "99999999999999999999", " 1"} {
		n, err := strconv.Atoi(s)
		fmt.Println(n, err)
	}
	for _, c := range []struct {
		s          string
		base, bits int
	}{{"ff", 16, 64}, {"0x_1F", 0, 64}, {"-129", 10, 8}, {"127", 10, 8}, {"1010", 2, 0}, {"z", 36, 64}, {"1", 37, 64}, {"1", 10, 65}} {
		n, err := strconv.ParseInt(c.s, c.base, c.bits)
		fmt.Println(n, err)
	}
	u, err := strconv.ParseUint("18446744073709551615", 10, 64)
	fmt.Println(u, err)
	u, err = strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	for _, s := range []string{"3.14159", "1e10", "-0", "inf", "NaN", "1e400", "0x1p-2", "abc", "1_000.5"} {
		f, err := strconv.ParseFloat(s, 64)
		fmt.Println(f, err)
	}
	f32, err := strconv.ParseFloat("3.4e39", 32)
	fmt.Println(f32, err)
	for _, s := range []string{"true", "F", "1", "yes"} {
		b, err := strconv.ParseBool(s)
		fmt.Println(b, err)
	}
	z, err := strconv.ParseComplex("1+2i", 128)
	fmt.Println(z, err)

	_, err = strconv.Atoi("x")
	var ne *strconv.NumError
	ne, ok := err.(*strconv.NumError)
	fmt.Println(ok, ne.Func, ne.Num, ne.Err, errors.Is(err, strconv.ErrSyntax), errors.Unwrap(err) == strconv.ErrSyntax)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(errors.Is(err, strconv.ErrRange), errors.Is(err, strconv.ErrSyntax))

	fmt.Println(strconv.Itoa(-99), strconv.FormatInt(255, 2), strconv.FormatInt(-255, 16), strconv.FormatUint(1<<63, 36))
	for _, f := range []byte("befgEGx") {
		fmt.Println(strconv.FormatFloat(1234.5678, f, -1, 64), strconv.FormatFloat(1234.5678, f, 2, 32))
	}
	fmt.Println(strconv.FormatFloat(0.1, 'f', -1, 32), strconv.FormatBool(true), strconv.FormatComplex(1.5-2i, 'f', 1, 128))
	fmt.Println(strconv.Quote("Hello, 世界\n\x00\"'"), strconv.QuoteToASCII("Hello, 世界"), strconv.QuoteToGraphic("☺\t"))
	fmt.Println(strconv.QuoteRune('☺'), strconv.QuoteRuneToASCII('☺'), strconv.QuoteRuneToGraphic('\n'), strconv.QuoteRune('\''))
	fmt.Println(strconv.CanBackquote("`no`"), strconv.CanBackquote("yes"), strconv.IsPrint('\u263a'), strconv.IsPrint('\u00ad'), strconv.IsGraphic('\u00a0'))
	for _, s := range []string{`"hi\tthere"`, "`raw`", `'x'`, `"bad`, `'ab'`} {
		u, err := strconv.Unquote(s)
		fmt.Printf("%q %v\n", u, err)
	}
	v, mb, tail, err := strconv.UnquoteChar(`\u263ax`, '"')
	fmt.Println(string(v), mb, tail, err)
	p, err := strconv.QuotedPrefix(`"quoted" rest`)
	fmt.Println(p, err)
	_, err = strconv.QuotedPrefix(`nope`)
	fmt.Println(err)

	b := []byte("int:")
	b = strconv.AppendInt(b, -42, 10)
	b = append(b, " uint:"...)
	b = strconv.AppendUint(b, 42, 16)
	b = append(b, " float:"...)
	b = strconv.AppendFloat(b, 3.5, 'g', -1, 64)
	b = append(b, " bool:"...)
	b = strconv.AppendBool(b, false)
	b = strconv.AppendQuote(b, " q")
	b = strconv.AppendQuoteRune(b, 'r')
	b = strconv.AppendQuoteToASCII(b, "é")
	b = strconv.AppendQuoteRuneToASCII(b, 'é')
	b = strconv.AppendQuoteToGraphic(b, "\t")
	b = strconv.AppendQuoteRuneToGraphic(b, '\t')
	fmt.Println(string(b), len(b), cap(b))
	small := make([]byte, 0, 3)
	grown := strconv.AppendInt(small, 12, 10)
	same := strconv.AppendInt(grown, 3, 10)
	fmt.Println(string(same), cap(grown), cap(same), &small[:1][0] == &same[0])
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		strconv.FormatInt(1, 1)
	}()
	fmt.Println(strconv.IntSize)
}

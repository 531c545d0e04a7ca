// Package strconv is the scenes' strconv package: the conversions are
// the VM's (the host's strconv does them); the errors are Go, so that a
// scene can inspect them with errors.Is and errors.As.
package strconv

import "errors"

// IntSize is the size in bits of an int.
const IntSize = 64

// ErrRange: the value is out of the range of the type.
var ErrRange = errors.New("value out of range")

// ErrSyntax: the text is not a number of the expected form.
var ErrSyntax = errors.New("invalid syntax")

// A NumError records a failed conversion.
type NumError struct {
	Func string // the function that failed (ParseInt, Atoi, …)
	Num  string // its input
	Err  error  // why: ErrRange, ErrSyntax or another error
}

func (e *NumError) Error() string {
	return "strconv." + e.Func + ": " + "parsing " + Quote(e.Num) + ": " + e.Err.Error()
}

func (e *NumError) Unwrap() error { return e.Err }

// Error codes of the parsing natives.
const (
	errNone   = iota
	errSyntax // ErrSyntax
	errRange  // ErrRange
	errOther  // errors.New(msg)
)

// numError is the error a parsing native reported: nil for errNone.
func numError(fn, s string, code int, msg string) error {
	switch code {
	case errNone:
		return nil
	case errSyntax:
		return &NumError{fn, s, ErrSyntax}
	case errRange:
		return &NumError{fn, s, ErrRange}
	}
	return &NumError{fn, s, errors.New(msg)}
}

// plainError is the error of Unquote and its kind: ErrSyntax or nil.
func plainError(code int) error {
	if code == errNone {
		return nil
	}
	return ErrSyntax
}

// The parsing natives: the host's result, and its error as the name of
// the function that failed, a code and a message.
func atoi(s string) (int, string, int, string)
func parseInt(s string, base int, bitSize int) (int64, string, int, string)
func parseUint(s string, base int, bitSize int) (uint64, string, int, string)
func parseFloat(s string, bitSize int) (float64, string, int, string)
func parseComplex(s string, bitSize int) (complex128, string, int, string)
func parseBool(str string) (bool, string, int, string)
func unquote(s string) (string, int)
func unquoteChar(s string, quote byte) (rune, bool, string, int)
func quotedPrefix(s string) (string, int)

// Atoi is ParseInt(s, 10, 0) converted to int.
func Atoi(s string) (int, error) {
	n, fn, code, msg := atoi(s)
	return n, numError(fn, s, code, msg)
}

// ParseInt interprets s in base (2 to 36, or 0 for Go's prefixes) as an
// integer of bitSize bits (0 for int).
func ParseInt(s string, base int, bitSize int) (i int64, err error) {
	n, fn, code, msg := parseInt(s, base, bitSize)
	return n, numError(fn, s, code, msg)
}

// ParseUint is ParseInt for unsigned integers.
func ParseUint(s string, base int, bitSize int) (uint64, error) {
	n, fn, code, msg := parseUint(s, base, bitSize)
	return n, numError(fn, s, code, msg)
}

// ParseFloat interprets s as a floating-point number of bitSize bits.
func ParseFloat(s string, bitSize int) (float64, error) {
	f, fn, code, msg := parseFloat(s, bitSize)
	return f, numError(fn, s, code, msg)
}

// ParseComplex interprets s as a complex number of bitSize bits.
func ParseComplex(s string, bitSize int) (complex128, error) {
	z, fn, code, msg := parseComplex(s, bitSize)
	return z, numError(fn, s, code, msg)
}

// ParseBool accepts 1, t, T, TRUE, true, True, 0, f, F, FALSE, false,
// False.
func ParseBool(str string) (bool, error) {
	b, fn, code, msg := parseBool(str)
	return b, numError(fn, str, code, msg)
}

// Unquote interprets s as a Go string or rune literal.
func Unquote(s string) (string, error) {
	out, code := unquote(s)
	return out, plainError(code)
}

// UnquoteChar decodes the first character or escape of a quoted string
// whose quote is quote.
func UnquoteChar(s string, quote byte) (value rune, multibyte bool, tail string, err error) {
	r, mb, rest, code := unquoteChar(s, quote)
	return r, mb, rest, plainError(code)
}

// QuotedPrefix is the quoted string at the start of s.
func QuotedPrefix(s string) (string, error) {
	out, code := quotedPrefix(s)
	return out, plainError(code)
}

func Itoa(i int) string
func FormatInt(i int64, base int) string
func FormatUint(i uint64, base int) string
func FormatFloat(f float64, fmt byte, prec, bitSize int) string
func FormatComplex(c complex128, fmt byte, prec, bitSize int) string
func FormatBool(b bool) string
func Quote(s string) string
func QuoteToASCII(s string) string
func QuoteToGraphic(s string) string
func QuoteRune(r rune) string
func QuoteRuneToASCII(r rune) string
func QuoteRuneToGraphic(r rune) string
func CanBackquote(s string) bool
func IsPrint(r rune) bool
func IsGraphic(r rune) bool
func AppendInt(dst []byte, i int64, base int) []byte
func AppendUint(dst []byte, i uint64, base int) []byte
func AppendFloat(dst []byte, f float64, fmt byte, prec, bitSize int) []byte
func AppendBool(dst []byte, b bool) []byte
func AppendQuote(dst []byte, s string) []byte
func AppendQuoteToASCII(dst []byte, s string) []byte
func AppendQuoteToGraphic(dst []byte, s string) []byte
func AppendQuoteRune(dst []byte, r rune) []byte
func AppendQuoteRuneToASCII(dst []byte, r rune) []byte
func AppendQuoteRuneToGraphic(dst []byte, r rune) []byte

// Package fmt is the scenes' fmt: formatting is the VM's; printing is a
// write system call on the simulated machine.
package fmt

import (
	"errors"
	"io"
)

func Println(a ...any) (n int, err error)
func Print(a ...any) (n int, err error)
func Printf(format string, a ...any) (n int, err error)
func Sprintf(format string, a ...any) string
func Sprint(a ...any) string
func Sprintln(a ...any) string
func Errorf(format string, a ...any) error

// Stringer is implemented by any value with a String method.
type Stringer interface {
	String() string
}

// The errors Errorf makes: with one %w, with several.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }
func (e *wrapError) Unwrap() error { return e.err }

type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string   { return e.msg }
func (e *wrapErrors) Unwrap() []error { return e.errs }

// Errorf without %w returns the errors package's error.
var _ = errors.New

// Fprint, Fprintf and Fprintln format like Print, Printf and Println and
// write the result to w with one Write.
func Fprint(w io.Writer, a ...any) (n int, err error) { return w.Write([]byte(Sprint(a...))) }

func Fprintf(w io.Writer, format string, a ...any) (n int, err error) {
	return w.Write([]byte(Sprintf(format, a...)))
}

func Fprintln(w io.Writer, a ...any) (n int, err error) { return w.Write([]byte(Sprintln(a...))) }

// Append, Appendf and Appendln format and append the result to b.
func Append(b []byte, a ...any) []byte { return append(b, Sprint(a...)...) }

func Appendf(b []byte, format string, a ...any) []byte { return append(b, Sprintf(format, a...)...) }

func Appendln(b []byte, a ...any) []byte { return append(b, Sprintln(a...)...) }

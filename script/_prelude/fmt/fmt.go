// Package fmt is the scenes' fmt: formatting is the VM's; printing is a
// write system call on the simulated machine.
package fmt

import "errors"

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

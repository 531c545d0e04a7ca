// Package errors is the scenes' errors package, written in Go.
package errors

// New returns an error that formats as text.
func New(text string) error { return &errorString{text} }

type errorString struct{ s string }

func (e *errorString) Error() string { return e.s }

// Unwrap returns the result of calling Unwrap on err, if any.
func Unwrap(err error) error {
	u, ok := err.(interface{ Unwrap() error })
	if !ok {
		return nil
	}
	return u.Unwrap()
}

// Is reports whether any error in err's tree matches target.
func Is(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}
	return is(err, target)
}

func is(err, target error) bool {
	for {
		if err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if is(err, target) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// Join returns an error that wraps the given errors.
func Join(errs ...error) error {
	n := 0
	for _, err := range errs {
		if err != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	e := &joinError{errs: make([]error, 0, n)}
	for _, err := range errs {
		if err != nil {
			e.errs = append(e.errs, err)
		}
	}
	return e
}

type joinError struct{ errs []error }

func (e *joinError) Error() string {
	s := ""
	for i, err := range e.errs {
		if i > 0 {
			s += "\n"
		}
		s += err.Error()
	}
	return s
}

func (e *joinError) Unwrap() []error { return e.errs }

// As finds the first error in err's tree that matches target, and if one
// is found, sets target to that error value and returns true.
func As(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	switch targetKind(target) {
	case 1:
		panic("errors: target must be a non-nil pointer")
	case 2:
		panic("errors: *target must be interface or implement error")
	}
	return as(err, target)
}

func as(err error, target any) bool {
	for {
		if assignTo(err, target) {
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err == nil {
					continue
				}
				if as(err, target) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// targetKind checks As's target: 0 a usable pointer, 1 not a non-nil
// pointer, 2 a pointer to a type that is neither an interface nor an
// error.
func targetKind(target any) int

// assignTo sets *target to err if err's dynamic type is assignable to
// *target's type.
func assignTo(err error, target any) bool

// ErrUnsupported says that an operation is not supported.
var ErrUnsupported = New("unsupported operation")

package sync

// OnceFunc returns a function that calls f only the first time it is
// called (sync/oncefunc.go). If f panics, every call panics with the same
// value.
func OnceFunc(f func()) func() {
	var (
		once  Once
		valid bool
		p     any
	)
	return func() {
		once.Do(func() {
			defer func() {
				f = nil // the function is not kept once it has run
				p = recover()
				if !valid {
					panic(p)
				}
			}()
			f()
			valid = true // only if f did not panic
		})
		if !valid {
			panic(p)
		}
	}
}

// OnceValue returns a function that calls f only the first time and
// returns its value every time. If f panics, every call panics with the
// same value.
func OnceValue[T any](f func() T) func() T {
	var (
		once   Once
		valid  bool
		p      any
		result T
	)
	return func() T {
		once.Do(func() {
			defer func() {
				f = nil
				p = recover()
				if !valid {
					panic(p)
				}
			}()
			result = f()
			valid = true
		})
		if !valid {
			panic(p)
		}
		return result
	}
}

// OnceValues is OnceValue for a function of two results.
func OnceValues[T1, T2 any](f func() (T1, T2)) func() (T1, T2) {
	var (
		once  Once
		valid bool
		p     any
		r1    T1
		r2    T2
	)
	return func() (T1, T2) {
		once.Do(func() {
			defer func() {
				f = nil
				p = recover()
				if !valid {
					panic(p)
				}
			}()
			r1, r2 = f()
			valid = true
		})
		if !valid {
			panic(p)
		}
		return r1, r2
	}
}

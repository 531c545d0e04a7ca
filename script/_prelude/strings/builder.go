package strings

import "unicode/utf8"

// A Builder builds a string with Write methods. Its zero value is ready
// to use; it must not be copied once written to.
type Builder struct {
	addr *Builder // the Builder itself, to detect copies
	buf  []byte
}

func (b *Builder) checkCopy() {
	if b.addr == nil {
		b.addr = b
	} else if b.addr != b {
		panic("strings: illegal use of non-zero Builder copied by value")
	}
}

// String is the text written so far.
func (b *Builder) String() string { return string(b.buf) }

// Len is the number of bytes written.
func (b *Builder) Len() int { return len(b.buf) }

// Cap is the capacity of the Builder's storage.
func (b *Builder) Cap() int { return cap(b.buf) }

// Reset empties the Builder.
func (b *Builder) Reset() {
	b.addr = nil
	b.buf = nil
}

// Grow makes room for n more bytes. It panics if n is negative.
func (b *Builder) Grow(n int) {
	b.checkCopy()
	if n < 0 {
		panic("strings.Builder.Grow: negative count")
	}
	if cap(b.buf)-len(b.buf) < n {
		// New storage of twice the capacity plus n, rounded up to the
		// allocator's size class as append does.
		nb := append([]byte(nil), make([]byte, 2*cap(b.buf)+n)...)[:len(b.buf)]
		copy(nb, b.buf)
		b.buf = nb
	}
}

// Write appends p; the error is always nil.
func (b *Builder) Write(p []byte) (int, error) {
	b.checkCopy()
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// WriteByte appends c; the error is always nil.
func (b *Builder) WriteByte(c byte) error {
	b.checkCopy()
	b.buf = append(b.buf, c)
	return nil
}

// WriteRune appends the UTF-8 encoding of r; the error is always nil.
func (b *Builder) WriteRune(r rune) (int, error) {
	b.checkCopy()
	n := len(b.buf)
	b.buf = utf8.AppendRune(b.buf, r)
	return len(b.buf) - n, nil
}

// WriteString appends s; the error is always nil.
func (b *Builder) WriteString(s string) (int, error) {
	b.checkCopy()
	b.buf = append(b.buf, s...)
	return len(s), nil
}

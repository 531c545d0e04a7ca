package bytes

import (
	"errors"
	"io"
	"unicode/utf8"
)

// MinRead is the least room ReadFrom makes for each Read.
const MinRead = 512

// ErrTooLarge is the panic of a Buffer that cannot grow.
var ErrTooLarge = errors.New("bytes.Buffer: too large")

var errNegativeRead = errors.New("bytes.Buffer: reader returned negative count from Read")

var errUnreadByte = errors.New("bytes.Buffer: UnreadByte: previous operation was not a successful read")

// smallBufferSize is the first allocation of a Buffer written to.
const smallBufferSize = 64

const maxInt = int(^uint(0) >> 1)

// What the last operation was, for UnreadByte and UnreadRune: a read of
// some bytes, a rune of 1 to 4 bytes, or something else.
const (
	opRead      = -1
	opInvalid   = 0
	opReadRune1 = 1
	opReadRune2 = 2
	opReadRune3 = 3
	opReadRune4 = 4
)

// A Buffer is a variable-sized buffer of bytes with Read and Write
// methods. The zero value is an empty buffer ready to use.
type Buffer struct {
	buf      []byte // the contents are buf[off:]
	off      int    // read at buf[off], write at buf[len(buf)]
	lastRead int8
}

// NewBuffer returns a Buffer whose contents are buf.
func NewBuffer(buf []byte) *Buffer { return &Buffer{buf: buf} }

// NewBufferString returns a Buffer whose contents are s.
func NewBufferString(s string) *Buffer { return &Buffer{buf: []byte(s)} }

// Bytes is the unread part of the buffer (valid until the next change).
func (b *Buffer) Bytes() []byte { return b.buf[b.off:] }

// AvailableBuffer is the empty slice at the end of the buffer, with its
// free capacity, for an append followed by Write.
func (b *Buffer) AvailableBuffer() []byte { return b.buf[len(b.buf):] }

// String is the unread part as a string ("<nil>" for a nil *Buffer).
func (b *Buffer) String() string {
	if b == nil {
		return "<nil>"
	}
	return string(b.buf[b.off:])
}

func (b *Buffer) empty() bool { return len(b.buf) <= b.off }

// Len is the number of unread bytes.
func (b *Buffer) Len() int { return len(b.buf) - b.off }

// Cap is the capacity of the buffer's storage.
func (b *Buffer) Cap() int { return cap(b.buf) }

// Available is the free capacity.
func (b *Buffer) Available() int { return cap(b.buf) - len(b.buf) }

// Truncate keeps the first n unread bytes. It panics if n is negative or
// more than Len.
func (b *Buffer) Truncate(n int) {
	if n == 0 {
		b.Reset()
		return
	}
	b.lastRead = opInvalid
	if n < 0 || n > b.Len() {
		panic("bytes.Buffer: truncation out of range")
	}
	b.buf = b.buf[:b.off+n]
}

// Reset empties the buffer, keeping its storage.
func (b *Buffer) Reset() {
	b.buf = b.buf[:0]
	b.off = 0
	b.lastRead = opInvalid
}

// extend lengthens buf by n if it has the capacity, and says where the
// new bytes start.
func (b *Buffer) extend(n int) (int, bool) {
	if l := len(b.buf); n <= cap(b.buf)-l {
		b.buf = b.buf[:l+n]
		return l, true
	}
	return 0, false
}

// grow makes room for n more bytes and returns where they go: after a
// reset if everything was read, by sliding the unread bytes down when
// that frees enough, else in new storage at least twice as large.
func (b *Buffer) grow(n int) int {
	m := b.Len()
	if m == 0 && b.off != 0 {
		b.Reset()
	}
	if i, ok := b.extend(n); ok {
		return i
	}
	if b.buf == nil && n <= smallBufferSize {
		b.buf = make([]byte, n, smallBufferSize)
		return 0
	}
	c := cap(b.buf)
	switch {
	case n <= c/2-m:
		copy(b.buf, b.buf[b.off:])
	case c > maxInt-c-n:
		panic(ErrTooLarge)
	default:
		b.buf = newStorage(b.buf[b.off:], b.off+n)
	}
	b.off = 0
	b.buf = b.buf[:m+n]
	return m
}

// newStorage copies b into new storage with room for n more bytes, and
// twice b's capacity at least (rounded up as append rounds).
func newStorage(b []byte, n int) []byte {
	size := max(len(b)+n, 2*cap(b))
	nb := append([]byte(nil), make([]byte, size)...)
	k := copy(nb, b)
	return nb[:k]
}

// Grow makes room for n more bytes without another allocation. It panics
// if n is negative.
func (b *Buffer) Grow(n int) {
	if n < 0 {
		panic("bytes.Buffer.Grow: negative count")
	}
	m := b.grow(n)
	b.buf = b.buf[:m]
}

// Write appends p; the error is always nil.
func (b *Buffer) Write(p []byte) (n int, err error) {
	b.lastRead = opInvalid
	m, ok := b.extend(len(p))
	if !ok {
		m = b.grow(len(p))
	}
	return copy(b.buf[m:], p), nil
}

// WriteString appends s; the error is always nil.
func (b *Buffer) WriteString(s string) (n int, err error) {
	b.lastRead = opInvalid
	m, ok := b.extend(len(s))
	if !ok {
		m = b.grow(len(s))
	}
	return copy(b.buf[m:], s), nil
}

// WriteByte appends c; the error is always nil.
func (b *Buffer) WriteByte(c byte) error {
	b.lastRead = opInvalid
	m, ok := b.extend(1)
	if !ok {
		m = b.grow(1)
	}
	b.buf[m] = c
	return nil
}

// WriteRune appends the UTF-8 encoding of r; the error is always nil.
func (b *Buffer) WriteRune(r rune) (n int, err error) {
	if uint32(r) < utf8.RuneSelf {
		b.WriteByte(byte(r))
		return 1, nil
	}
	b.lastRead = opInvalid
	m, ok := b.extend(utf8.UTFMax)
	if !ok {
		m = b.grow(utf8.UTFMax)
	}
	b.buf = utf8.AppendRune(b.buf[:m], r)
	return len(b.buf) - m, nil
}

// ReadFrom appends what r has until EOF.
func (b *Buffer) ReadFrom(r io.Reader) (n int64, err error) {
	b.lastRead = opInvalid
	for {
		i := b.grow(MinRead)
		b.buf = b.buf[:i]
		m, e := r.Read(b.buf[i:cap(b.buf)])
		if m < 0 {
			panic(errNegativeRead)
		}
		b.buf = b.buf[:i+m]
		n += int64(m)
		if e == io.EOF {
			return n, nil
		}
		if e != nil {
			return n, e
		}
	}
}

// WriteTo writes the unread bytes to w.
func (b *Buffer) WriteTo(w io.Writer) (n int64, err error) {
	b.lastRead = opInvalid
	if k := b.Len(); k > 0 {
		m, e := w.Write(b.buf[b.off:])
		if m > k {
			panic("bytes.Buffer.WriteTo: invalid Write count")
		}
		b.off += m
		n = int64(m)
		if e != nil {
			return n, e
		}
		if m != k {
			return n, io.ErrShortWrite
		}
	}
	b.Reset()
	return n, nil
}

// Read reads up to len(p) bytes; at the end (for a non-empty p) it
// returns io.EOF.
func (b *Buffer) Read(p []byte) (n int, err error) {
	b.lastRead = opInvalid
	if b.empty() {
		b.Reset()
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n = copy(p, b.buf[b.off:])
	b.off += n
	if n > 0 {
		b.lastRead = opRead
	}
	return n, nil
}

// Next returns the next n unread bytes (fewer at the end) and reads them.
func (b *Buffer) Next(n int) []byte {
	b.lastRead = opInvalid
	m := b.Len()
	if n > m {
		n = m
	}
	data := b.buf[b.off : b.off+n]
	b.off += n
	if n > 0 {
		b.lastRead = opRead
	}
	return data
}

// ReadByte reads one byte, or returns io.EOF.
func (b *Buffer) ReadByte() (byte, error) {
	if b.empty() {
		b.Reset()
		return 0, io.EOF
	}
	c := b.buf[b.off]
	b.off++
	b.lastRead = opRead
	return c, nil
}

// ReadRune reads one UTF-8 encoded rune, or returns io.EOF.
func (b *Buffer) ReadRune() (r rune, size int, err error) {
	if b.empty() {
		b.Reset()
		return 0, 0, io.EOF
	}
	if c := b.buf[b.off]; c < utf8.RuneSelf {
		b.off++
		b.lastRead = opReadRune1
		return rune(c), 1, nil
	}
	r, n := utf8.DecodeRune(b.buf[b.off:])
	b.off += n
	b.lastRead = int8(n)
	return r, n, nil
}

// UnreadRune steps back over the rune ReadRune just read.
func (b *Buffer) UnreadRune() error {
	if b.lastRead <= opInvalid {
		return errors.New("bytes.Buffer: UnreadRune: previous operation was not a successful ReadRune")
	}
	if b.off >= int(b.lastRead) {
		b.off -= int(b.lastRead)
	}
	b.lastRead = opInvalid
	return nil
}

// UnreadByte steps back over the last byte a read returned.
func (b *Buffer) UnreadByte() error {
	if b.lastRead == opInvalid {
		return errUnreadByte
	}
	b.lastRead = opInvalid
	if b.off > 0 {
		b.off--
	}
	return nil
}

// ReadBytes reads up to and including delim, and returns a copy; without
// delim it returns the rest and io.EOF.
func (b *Buffer) ReadBytes(delim byte) (line []byte, err error) {
	part, err := b.readUntil(delim)
	return append(line, part...), err
}

// ReadString is ReadBytes returning a string.
func (b *Buffer) ReadString(delim byte) (line string, err error) {
	part, err := b.readUntil(delim)
	return string(part), err
}

func (b *Buffer) readUntil(delim byte) ([]byte, error) {
	var err error
	end := len(b.buf)
	if i := IndexByte(b.buf[b.off:], delim); i >= 0 {
		end = b.off + i + 1
	} else {
		err = io.EOF
	}
	part := b.buf[b.off:end]
	b.off = end
	b.lastRead = opRead
	return part, err
}

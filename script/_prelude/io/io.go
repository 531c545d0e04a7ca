// Package io is the little of io that the scenes' strings and bytes
// readers and writers need, written in Go: the interfaces, the errors,
// and the helpers that only move bytes between them. There are no files
// or pipes.
package io

import "errors"

// Seek whence values.
const (
	SeekStart   = 0 // from the start
	SeekCurrent = 1 // from the current offset
	SeekEnd     = 2 // from the end
)

// EOF is what Read returns when there is no more input.
var EOF = errors.New("EOF")

// ErrUnexpectedEOF means EOF came in the middle of a block of fixed size.
var ErrUnexpectedEOF = errors.New("unexpected EOF")

// ErrShortWrite means a write accepted fewer bytes than asked without an
// error.
var ErrShortWrite = errors.New("short write")

// ErrShortBuffer means a read needed a longer buffer than it was given.
var ErrShortBuffer = errors.New("short buffer")

// ErrNoProgress means many Read calls returned neither data nor error.
var ErrNoProgress = errors.New("multiple Read calls return no data or error")

// ErrClosedPipe is the error of an operation on a closed pipe (the
// scenes' io has no pipes).
var ErrClosedPipe = errors.New("io: read/write on closed pipe")

// errInvalidWrite: a Write reported more bytes than it was given.
var errInvalidWrite = errors.New("invalid write result")

// Reader wraps Read.
type Reader interface {
	Read(p []byte) (n int, err error)
}

// Writer wraps Write.
type Writer interface {
	Write(p []byte) (n int, err error)
}

// Closer wraps Close.
type Closer interface {
	Close() error
}

// Seeker wraps Seek.
type Seeker interface {
	Seek(offset int64, whence int) (int64, error)
}

// ReadWriter groups Read and Write.
type ReadWriter interface {
	Reader
	Writer
}

// ReadCloser groups Read and Close.
type ReadCloser interface {
	Reader
	Closer
}

// WriteCloser groups Write and Close.
type WriteCloser interface {
	Writer
	Closer
}

// ReadWriteCloser groups Read, Write and Close.
type ReadWriteCloser interface {
	Reader
	Writer
	Closer
}

// ReadSeeker groups Read and Seek.
type ReadSeeker interface {
	Reader
	Seeker
}

// ReadSeekCloser groups Read, Seek and Close.
type ReadSeekCloser interface {
	Reader
	Seeker
	Closer
}

// WriteSeeker groups Write and Seek.
type WriteSeeker interface {
	Writer
	Seeker
}

// ReadWriteSeeker groups Read, Write and Seek.
type ReadWriteSeeker interface {
	Reader
	Writer
	Seeker
}

// ReaderFrom wraps ReadFrom.
type ReaderFrom interface {
	ReadFrom(r Reader) (n int64, err error)
}

// WriterTo wraps WriteTo.
type WriterTo interface {
	WriteTo(w Writer) (n int64, err error)
}

// ReaderAt wraps ReadAt.
type ReaderAt interface {
	ReadAt(p []byte, off int64) (n int, err error)
}

// WriterAt wraps WriteAt.
type WriterAt interface {
	WriteAt(p []byte, off int64) (n int, err error)
}

// ByteReader wraps ReadByte.
type ByteReader interface {
	ReadByte() (byte, error)
}

// ByteScanner adds UnreadByte to ByteReader.
type ByteScanner interface {
	ByteReader
	UnreadByte() error
}

// ByteWriter wraps WriteByte.
type ByteWriter interface {
	WriteByte(c byte) error
}

// RuneReader wraps ReadRune.
type RuneReader interface {
	ReadRune() (r rune, size int, err error)
}

// RuneScanner adds UnreadRune to RuneReader.
type RuneScanner interface {
	RuneReader
	UnreadRune() error
}

// StringWriter wraps WriteString.
type StringWriter interface {
	WriteString(s string) (n int, err error)
}

// WriteString writes s to w, with w's WriteString if it has one.
func WriteString(w Writer, s string) (n int, err error) {
	if sw, ok := w.(StringWriter); ok {
		return sw.WriteString(s)
	}
	return w.Write([]byte(s))
}

// ReadAtLeast reads into buf until it has at least min bytes or an error.
// It returns ErrShortBuffer if buf is shorter than min, and
// ErrUnexpectedEOF if EOF came after some but too few bytes.
func ReadAtLeast(r Reader, buf []byte, min int) (n int, err error) {
	if len(buf) < min {
		return 0, ErrShortBuffer
	}
	for n < min && err == nil {
		var k int
		k, err = r.Read(buf[n:])
		n += k
	}
	if n >= min {
		err = nil
	} else if n > 0 && err == EOF {
		err = ErrUnexpectedEOF
	}
	return n, err
}

// ReadFull reads exactly len(buf) bytes, or fails as ReadAtLeast does.
func ReadFull(r Reader, buf []byte) (n int, err error) {
	return ReadAtLeast(r, buf, len(buf))
}

// ReadAll reads r until EOF (which is not an error) or another error.
// It reads into a first buffer of 512 bytes, then, each time the current
// one is nearly full (less than a sixteenth free), into a new one half as
// large again as the one before (starting at 256 bytes); if it used more
// than one, the result is a copy of them of just the right size.
func ReadAll(r Reader) ([]byte, error) {
	cur := make([]byte, 0, 512)
	var full [][]byte
	total := 0
	size := 256
	for {
		n, err := r.Read(cur[len(cur):cap(cur)])
		cur = cur[:len(cur)+n]
		if err != nil {
			if err == EOF {
				err = nil
			}
			if len(full) == 0 {
				return cur, err
			}
			out := append([]byte(nil), make([]byte, total+len(cur))...)[:0]
			for _, b := range full {
				out = append(out, b...)
			}
			return append(out, cur...), err
		}
		if cap(cur)-len(cur) < cap(cur)/16 {
			full = append(full, cur)
			total += len(cur)
			cur = append([]byte(nil), make([]byte, size)...)[:0]
			size += size / 2
		}
	}
}

// Copy copies src to dst until EOF or an error, and returns how many
// bytes it copied. It uses src's WriteTo or dst's ReadFrom if they have
// them.
func Copy(dst Writer, src Reader) (written int64, err error) {
	return copyBuffer(dst, src, nil)
}

// CopyBuffer is Copy through buf (a new one if nil) unless WriteTo or
// ReadFrom serve. It panics if buf is empty but not nil.
func CopyBuffer(dst Writer, src Reader, buf []byte) (written int64, err error) {
	if buf != nil && len(buf) == 0 {
		panic("empty buffer in CopyBuffer")
	}
	return copyBuffer(dst, src, buf)
}

// CopyN copies n bytes (or up to an error) from src to dst.
func CopyN(dst Writer, src Reader, n int64) (written int64, err error) {
	written, err = Copy(dst, LimitReader(src, n))
	if written == n {
		return n, nil
	}
	if written < n && err == nil {
		err = EOF
	}
	return
}

func copyBuffer(dst Writer, src Reader, buf []byte) (written int64, err error) {
	if wt, ok := src.(WriterTo); ok {
		return wt.WriteTo(dst)
	}
	if rf, ok := dst.(ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	if buf == nil {
		size := 32 * 1024
		if l, ok := src.(*LimitedReader); ok && int64(size) > l.N {
			if l.N < 1 {
				size = 1
			} else {
				size = int(l.N)
			}
		}
		buf = make([]byte, size)
	}
	for {
		nr, er := src.Read(buf)
		if nr > 0 {
			nw, ew := dst.Write(buf[:nr])
			if nw < 0 || nr < nw {
				nw = 0
				if ew == nil {
					ew = errInvalidWrite
				}
			}
			written += int64(nw)
			if ew != nil {
				err = ew
				break
			}
			if nr != nw {
				err = ErrShortWrite
				break
			}
		}
		if er != nil {
			if er != EOF {
				err = er
			}
			break
		}
	}
	return written, err
}

// LimitReader reads from r at most n bytes.
func LimitReader(r Reader, n int64) Reader { return &LimitedReader{r, n} }

// A LimitedReader reads from R at most N more bytes.
type LimitedReader struct {
	R Reader // the underlying reader
	N int64  // bytes left
}

func (l *LimitedReader) Read(p []byte) (n int, err error) {
	if l.N <= 0 {
		return 0, EOF
	}
	if int64(len(p)) > l.N {
		p = p[0:l.N]
	}
	n, err = l.R.Read(p)
	l.N -= int64(n)
	return
}

// Discard is a Writer that accepts everything and keeps nothing.
var Discard Writer = discard{}

type discard struct{}

func (discard) Write(p []byte) (int, error)       { return len(p), nil }
func (discard) WriteString(s string) (int, error) { return len(s), nil }
func (discard) ReadFrom(r Reader) (n int64, err error) {
	buf := make([]byte, 8192)
	for {
		k, err := r.Read(buf)
		n += int64(k)
		if err != nil {
			if err == EOF {
				return n, nil
			}
			return n, err
		}
	}
}

// NopCloser wraps r with a Close that does nothing.
func NopCloser(r Reader) ReadCloser {
	if _, ok := r.(WriterTo); ok {
		return nopCloserWriterTo{r}
	}
	return nopCloser{r}
}

type nopCloser struct{ Reader }

func (nopCloser) Close() error { return nil }

type nopCloserWriterTo struct{ Reader }

func (nopCloserWriterTo) Close() error { return nil }
func (c nopCloserWriterTo) WriteTo(w Writer) (n int64, err error) {
	return c.Reader.(WriterTo).WriteTo(w)
}

// MultiWriter duplicates each write to all the writers, stopping at the
// first error.
func MultiWriter(writers ...Writer) Writer {
	all := make([]Writer, 0, len(writers))
	for _, w := range writers {
		if mw, ok := w.(*multiWriter); ok {
			all = append(all, mw.writers...)
		} else {
			all = append(all, w)
		}
	}
	return &multiWriter{all}
}

type multiWriter struct{ writers []Writer }

func (t *multiWriter) Write(p []byte) (n int, err error) {
	for _, w := range t.writers {
		n, err = w.Write(p)
		if err != nil {
			return
		}
		if n != len(p) {
			return n, ErrShortWrite
		}
	}
	return len(p), nil
}

// MultiReader reads the readers one after another.
func MultiReader(readers ...Reader) Reader {
	r := make([]Reader, len(readers))
	copy(r, readers)
	return &multiReader{r}
}

type multiReader struct{ readers []Reader }

func (mr *multiReader) Read(p []byte) (n int, err error) {
	for len(mr.readers) > 0 {
		n, err = mr.readers[0].Read(p)
		if err == EOF {
			mr.readers[0] = nil
			mr.readers = mr.readers[1:]
		}
		if n > 0 || err != EOF {
			if err == EOF && len(mr.readers) > 0 {
				err = nil
			}
			return
		}
	}
	return 0, EOF
}

// TeeReader writes to w what it reads from r.
func TeeReader(r Reader, w Writer) Reader { return &teeReader{r, w} }

type teeReader struct {
	r Reader
	w Writer
}

func (t *teeReader) Read(p []byte) (n int, err error) {
	n, err = t.r.Read(p)
	if n > 0 {
		if n, err := t.w.Write(p[:n]); err != nil {
			return n, err
		}
	}
	return
}

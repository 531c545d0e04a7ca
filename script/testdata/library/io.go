// The io helpers, over strings and bytes readers and writers.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// slowReader returns at most two bytes a Read.
type slowReader struct{ s string }

func (r *slowReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 2)], r.s)
	r.s = r.s[n:]
	return n, nil
}

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, errors.New("disk full") }

func main() {
	all, err := io.ReadAll(&slowReader{"a slow reader's text"})
	fmt.Printf("%q %v %d\n", all, err, cap(all))
	big, _ := io.ReadAll(strings.NewReader(strings.Repeat("x", 1500)))
	fmt.Println(len(big), cap(big))
	buf := make([]byte, 5)
	n, err := io.ReadFull(&slowReader{"hello world"}, buf)
	fmt.Println(n, err, string(buf))
	n, err = io.ReadFull(&slowReader{"abc"}, buf)
	fmt.Println(n, err)
	n, err = io.ReadFull(&slowReader{""}, buf)
	fmt.Println(n, err)
	n, err = io.ReadAtLeast(strings.NewReader("abcdef"), buf, 2)
	fmt.Println(n, err)
	_, err = io.ReadAtLeast(strings.NewReader("abcdef"), buf, 6)
	fmt.Println(err)

	var a, b bytes.Buffer
	w := io.MultiWriter(&a, &b)
	io.WriteString(w, "to both")
	fmt.Println(a.String(), b.String())
	var tee bytes.Buffer
	r := io.TeeReader(strings.NewReader("teed"), &tee)
	got, _ := io.ReadAll(r)
	fmt.Println(string(got), tee.String())
	var lim bytes.Buffer
	k, err := io.Copy(&lim, io.LimitReader(strings.NewReader("limited reader"), 7))
	fmt.Println(k, err, lim.String())
	var cn bytes.Buffer
	k, err = io.CopyN(&cn, strings.NewReader("short"), 10)
	fmt.Println(k, err, cn.String())
	k, err = io.CopyBuffer(&cn, &slowReader{"+more"}, make([]byte, 3))
	fmt.Println(k, err, cn.String())
	k, err = io.Copy(failWriter{}, &slowReader{"data"})
	fmt.Println(k, err)
	mr := io.MultiReader(strings.NewReader("one "), &slowReader{"two "}, bytes.NewReader([]byte("three")))
	got, _ = io.ReadAll(mr)
	fmt.Println(string(got))
	k, err = io.Copy(io.Discard, strings.NewReader("discarded"))
	fmt.Println(k, err)
	rc := io.NopCloser(strings.NewReader("x"))
	fmt.Println(rc.Close())
	lr := &io.LimitedReader{R: strings.NewReader("abc"), N: 2}
	got, _ = io.ReadAll(lr)
	fmt.Println(string(got), lr.N)
	fmt.Println(io.EOF, io.ErrUnexpectedEOF, io.ErrShortWrite, io.ErrShortBuffer, io.ErrNoProgress, io.SeekStart, io.SeekCurrent, io.SeekEnd)
	var sw io.StringWriter = &a
	var br io.ByteReader = strings.NewReader("b")
	var rs io.RuneScanner = bytes.NewBufferString("r")
	var rws io.ReadWriteSeeker
	fmt.Println(sw != nil, br != nil, rs != nil, rws == nil)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		io.CopyBuffer(&a, strings.NewReader("x"), []byte{})
	}()
}

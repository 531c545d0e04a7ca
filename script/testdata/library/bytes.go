// The bytes package: functions (results that share the argument's
// storage), Buffer, Reader.
package main

import (
	"bytes"
	"fmt"
	"io"
	"unicode"
)

func main() {
	s := []byte("  Hello, Gophers! Hello.  ")
	fmt.Println(bytes.Contains(s, []byte("Go")), bytes.ContainsAny(s, "!?"), bytes.ContainsRune(s, 'G'), bytes.Count(s, []byte("l")))
	fmt.Println(bytes.Index(s, []byte("Hello")), bytes.LastIndex(s, []byte("Hello")), bytes.IndexByte(s, '!'), bytes.IndexRune(s, 'G'), bytes.IndexAny(s, "xyzH"), bytes.LastIndexAny(s, "l"), bytes.LastIndexByte(s, 'o'))
	fmt.Println(bytes.Equal([]byte("a"), []byte("a")), bytes.Equal(nil, []byte{}), bytes.Compare([]byte("a"), []byte("b")), bytes.EqualFold([]byte("Go"), []byte("GO")))
	fmt.Println(bytes.HasPrefix(s, []byte("  H")), bytes.HasSuffix(s, []byte(".  ")))

	t := bytes.TrimSpace(s)
	t[0] = 'J'
	fmt.Printf("%q %q %d %d\n", s, t, len(t), cap(t))
	fields := bytes.Fields(s)
	fields[1][0] = 'g'
	fmt.Printf("%q %q %d\n", fields, s, cap(fields[0]))
	parts := bytes.Split([]byte("a,b,c"), []byte(","))
	fmt.Printf("%q %d %d\n", parts, cap(parts[0]), cap(parts[2]))
	parts = append(parts[:1], []byte("x"))
	fmt.Printf("%q %q\n", bytes.SplitN([]byte("a,b,c"), []byte(","), 2), bytes.SplitAfter([]byte("a,b"), []byte(",")))
	fmt.Printf("%q\n", bytes.SplitAfterN([]byte("a,b,c"), []byte(","), 2))
	before, after, found := bytes.Cut([]byte("k=v"), []byte("="))
	fmt.Printf("%q %q %v %d\n", before, after, found, cap(before))
	a, ok := bytes.CutPrefix([]byte("prefix-x"), []byte("prefix-"))
	fmt.Printf("%q %v\n", a, ok)
	a, ok = bytes.CutSuffix([]byte("x.go"), []byte(".go"))
	fmt.Printf("%q %v\n", a, ok)
	fmt.Printf("%s %s %s\n", bytes.Join([][]byte{[]byte("a"), []byte("b")}, []byte(", ")), bytes.Repeat([]byte("ab"), 3), bytes.ReplaceAll([]byte("oink oink"), []byte("k"), []byte("ky")))
	fmt.Printf("%s %s %s %s\n", bytes.ToUpper([]byte("héllo")), bytes.ToLower([]byte("ABC")), bytes.ToTitle([]byte("abc")), bytes.Title([]byte("abc def")))
	fmt.Printf("%q %q %q\n", bytes.Trim([]byte("xxhixx"), "x"), bytes.TrimLeft([]byte("xxhi"), "x"), bytes.TrimRight([]byte("hixx"), "x"))
	fmt.Printf("%q %q %q\n", bytes.TrimPrefix([]byte("abc"), []byte("a")), bytes.TrimSuffix([]byte("abc"), []byte("c")), bytes.Replace([]byte("aaaa"), []byte("a"), []byte("b"), 2))
	fmt.Println(bytes.Runes([]byte("héllo")), string(bytes.ToValidUTF8([]byte("a\xffb"), []byte("?"))))
	fmt.Println(bytes.IndexFunc([]byte("abc1"), unicode.IsDigit), bytes.LastIndexFunc([]byte("1abc"), unicode.IsDigit), bytes.ContainsFunc([]byte("abc"), unicode.IsUpper))
	fmt.Printf("%q\n", bytes.FieldsFunc([]byte("a1b22c"), unicode.IsDigit))
	fmt.Printf("%q %q %q\n", bytes.TrimFunc([]byte("123abc456"), unicode.IsDigit), bytes.TrimLeftFunc([]byte("1a"), unicode.IsDigit), bytes.TrimRightFunc([]byte("a1"), unicode.IsDigit))
	fmt.Printf("%s\n", bytes.Map(unicode.ToUpper, []byte("mapped")))
	c := bytes.Clone([]byte("clone"))
	fmt.Println(string(c), bytes.Clone(nil) == nil)
	for line := range bytes.Lines([]byte("l1\nl2\n")) {
		fmt.Printf("%q %d ", line, cap(line))
	}
	for p := range bytes.SplitSeq([]byte("a-b"), []byte("-")) {
		fmt.Printf("%q ", p)
	}
	for f := range bytes.FieldsSeq([]byte(" f1  f2 ")) {
		fmt.Printf("%q ", f)
	}
	fmt.Println()

	var buf bytes.Buffer
	fmt.Println(buf.Len(), buf.Cap(), buf.String() == "")
	buf.WriteString("hello")
	buf.WriteByte(' ')
	buf.WriteRune('世')
	buf.Write([]byte(" world\nsecond line\n"))
	fmt.Println(buf.Len(), buf.Cap(), buf.Available())
	line, err := buf.ReadString('\n')
	fmt.Printf("%q %v\n", line, err)
	lb, err := buf.ReadBytes('\n')
	fmt.Printf("%q %v\n", lb, err)
	_, err = buf.ReadString('\n')
	fmt.Println(err, buf.Len())
	buf.WriteString("abcdef")
	fmt.Printf("%q %q\n", buf.Next(2), buf.Bytes())
	bt, _ := buf.ReadByte()
	buf.UnreadByte()
	r, size, _ := buf.ReadRune()
	fmt.Println(string(bt), string(r), size, buf.UnreadRune(), buf.UnreadRune())
	buf.Truncate(2)
	fmt.Println(buf.String())
	p := make([]byte, 10)
	n, err := buf.Read(p)
	fmt.Println(n, err, string(p[:n]))
	n, err = buf.Read(p)
	fmt.Println(n, err)
	var big bytes.Buffer
	for i := 0; i < 100; i++ {
		big.WriteString("0123456789")
	}
	fmt.Println(big.Len(), big.Cap())
	big.Grow(5000)
	fmt.Println(big.Len(), big.Cap())
	var sink bytes.Buffer
	m, err := big.WriteTo(&sink)
	fmt.Println(m, err, big.Len(), sink.Len())
	nb := bytes.NewBufferString("from string")
	var copied bytes.Buffer
	k, err := io.Copy(&copied, nb)
	fmt.Println(k, err, copied.String())
	var nilBuf *bytes.Buffer
	fmt.Println(nilBuf.String())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		buf.Truncate(100)
	}()

	rd := bytes.NewReader([]byte("reader data"))
	fmt.Println(rd.Len(), rd.Size())
	q := make([]byte, 6)
	n, _ = rd.Read(q)
	fmt.Println(n, string(q[:n]), rd.Len())
	n, err = rd.ReadAt(q, 7)
	fmt.Println(n, err, string(q[:n]))
	pos, _ := rd.Seek(-4, io.SeekEnd)
	rest, _ := io.ReadAll(rd)
	fmt.Println(pos, string(rest))
	fmt.Println(bytes.MinRead, bytes.ErrTooLarge)
}

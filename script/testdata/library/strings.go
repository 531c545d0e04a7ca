// The strings package: functions, Builder, Reader, Replacer, iterators.
package main

import (
	"fmt"
	"io"
	"strings"
	"unicode"
)

func main() {
	s := "  Hello, Gophers! Hello, world.  "
	fmt.Println(strings.Contains(s, "Go"), strings.ContainsAny(s, "xyz!"), strings.ContainsRune(s, 'G'))
	fmt.Println(strings.Count(s, "l"), strings.Count("five", ""), strings.Index(s, "Hello"), strings.LastIndex(s, "Hello"))
	fmt.Println(strings.IndexByte(s, 'G'), strings.IndexRune("chicken", 'k'), strings.IndexAny("golang", "ny"), strings.LastIndexAny("golang", "go"))
	fmt.Println(strings.HasPrefix("prefix", "pre"), strings.HasSuffix("suffix", "fix"), strings.Compare("a", "b"), strings.EqualFold("Straße", "STRASSE"), strings.EqualFold("Go", "GO"))
	fmt.Printf("%q\n", strings.Split("a,b,,c", ","))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Printf("%q\n", strings.SplitAfterN("a,b,c", ",", 2))
	fmt.Printf("%q\n", strings.Split("abc", ""))
	fmt.Printf("%q %d\n", strings.Fields(s), len(strings.Fields(" \t\n ")))
	fmt.Println(strings.Join([]string{"x", "y", "z"}, "-"), strings.Join(nil, ","))
	fmt.Println(strings.Repeat("na", 4), strings.Replace("oink oink oink", "k", "ky", 2), strings.ReplaceAll("oink oink", "oink", "moo"))
	fmt.Println(strings.ToUpper("héllo wörld"), strings.ToLower("HÉLLO"), strings.ToTitle("loud"), strings.Title("her royal highness"))
	fmt.Printf("%q %q %q\n", strings.TrimSpace(s), strings.Trim("xxhixx", "x"), strings.TrimLeft("xxhixx", "x"))
	fmt.Printf("%q %q %q\n", strings.TrimRight("xxhixx", "x"), strings.TrimPrefix("prefix-body", "prefix-"), strings.TrimSuffix("body.go", ".go"))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	rest, ok := strings.CutPrefix("v1.2", "v")
	fmt.Println(rest, ok)
	rest, ok = strings.CutSuffix("file.txt", ".go")
	fmt.Println(rest, ok)
	fmt.Println(strings.ToValidUTF8("a\xffb", "?"), strings.Clone("clone"))

	isPunct := func(r rune) bool { return unicode.IsPunct(r) }
	fmt.Println(strings.IndexFunc("Hello, 世界", func(r rune) bool { return r > 127 }), strings.LastIndexFunc("go123", unicode.IsLetter), strings.ContainsFunc("abc", unicode.IsDigit))
	fmt.Printf("%q\n", strings.FieldsFunc("  foo1;bar2,baz3...", func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsNumber(c) }))
	fmt.Println(strings.TrimFunc("¡¡¡Hello, Gophers!!!", isPunct), strings.TrimLeftFunc("123abc", unicode.IsDigit), strings.TrimRightFunc("abc123", unicode.IsDigit))
	rot13 := func(r rune) rune {
		switch {
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		}
		return r
	}
	fmt.Println(strings.Map(rot13, "'Twas brillig and the slithy gopher..."))
	fmt.Println(strings.Map(func(r rune) rune {
		if r == 'a' {
			return -1
		}
		return unicode.ToUpper(r)
	}, "banana"))

	for line := range strings.Lines("one\ntwo\nthree") {
		fmt.Printf("%q ", line)
	}
	fmt.Println()
	for part := range strings.SplitSeq("a,b,c", ",") {
		fmt.Print(part, " ")
	}
	for part := range strings.SplitAfterSeq("a,b,c", ",") {
		fmt.Print(part, " ")
	}
	for f := range strings.FieldsSeq("  x  y z ") {
		fmt.Print("[", f, "]")
	}
	for f := range strings.FieldsFuncSeq("a1b2c", unicode.IsDigit) {
		fmt.Print("<", f, ">")
	}
	fmt.Println()

	var b strings.Builder
	fmt.Println(b.Len(), b.Cap(), b.String() == "")
	for i := 3; i > 0; i-- {
		b.WriteString(fmt.Sprintf("%d...", i))
	}
	b.WriteString("ignition")
	b.WriteByte('!')
	b.WriteRune('🚀')
	b.Write([]byte(" go"))
	fmt.Println(b.String(), b.Len(), b.Cap())
	var g strings.Builder
	g.Grow(10)
	fmt.Println(g.Len(), g.Cap())
	g.WriteString(strings.Repeat("x", 100))
	fmt.Println(g.Len(), g.Cap())
	b.Reset()
	fmt.Println(b.Len(), b.String())
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var a strings.Builder
		a.WriteString("x")
		c := a
		c.WriteString("y")
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		strings.Repeat("x", -1)
	}()

	r := strings.NewReader("Hello, Reader!")
	fmt.Println(r.Len(), r.Size())
	buf := make([]byte, 8)
	for {
		n, err := r.Read(buf)
		fmt.Printf("n = %v err = %v b = %q\n", n, err, buf[:n])
		if err == io.EOF {
			break
		}
	}
	r.Seek(7, io.SeekStart)
	c, _ := r.ReadByte()
	r.UnreadByte()
	ch, size, _ := r.ReadRune()
	fmt.Println(string(c), string(ch), size, r.Len())
	all, err := io.ReadAll(strings.NewReader("read it all"))
	fmt.Println(string(all), err)
	var sb strings.Builder
	n, err := io.Copy(&sb, strings.NewReader("copied"))
	fmt.Println(n, err, sb.String())

	rep := strings.NewReplacer("<", "&lt;", ">", "&gt;", "a", "1", "aa", "2")
	fmt.Println(rep.Replace("This is <b>HTML</b>! aaa"))
	var out strings.Builder
	rep.WriteString(&out, "<x>")
	fmt.Println(out.String())
}

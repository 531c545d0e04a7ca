package view

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lang is the language the player speaks: its narration, the labels of
// the picture and the controls, its messages. The zero value is English.
type Lang uint8

// The languages of the text table (text.go).
const (
	English Lang = iota
	Chinese      // Simplified Chinese, the terms of chapters/zh/glossary.tsv
	nLangs
)

// Langs lists the languages the table has, English first.
func Langs() []Lang { return []Lang{English, Chinese} }

// String is the language's code, as a player URL's lang= gives it.
func (l Lang) String() string {
	switch l {
	case English:
		return "en"
	case Chinese:
		return "zh"
	}
	return "lang(" + strconv.Itoa(int(l)) + ")"
}

// ParseLang reads a language code: "en" (or "") is English; "zh",
// "zh-CN" and "zh-Hans" (any case) are Chinese — the values of a page's
// lang attribute and of a player URL's lang=.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "en", "en-us", "en-gb":
		return English, nil
	case "zh", "zh-cn", "zh-hans", "zh-hans-cn":
		return Chinese, nil
	}
	return English, fmt.Errorf("lang=%s: the player speaks en (English) or zh (简体中文)", s)
}

// Say is the text id in language l, formatted with args as fmt does. The
// English form is exactly fmt.Sprintf of its template. In Chinese a space
// the template puts next to an argument goes when the argument's own text
// at that side is Chinese or CJK punctuation, so that templates can space
// Latin names ("让出 P0") without leaving a space between two Chinese
// words ("进入了全局运行队列"); the arguments' own text is never touched.
// An id the table lacks says so in the text (a test checks that every id
// the code uses is in the table).
func Say(l Lang, id string, args ...any) string {
	forms, ok := texts[id]
	if !ok {
		return "[no text " + strconv.Quote(id) + "]"
	}
	if l >= nLangs || forms[l] == "" {
		l = English
	}
	if l == English {
		if !strings.Contains(forms[English], "%") {
			return forms[English] // a form without verbs ignores the arguments
		}
		return fmt.Sprintf(forms[English], args...)
	}
	return sayCJK(forms[l], args)
}

// piece is a part of a format template: literal text, or one verb
// ("%d", "%q") with the argument it formats (0-based).
type piece struct {
	lit  string
	verb string
	arg  int
}

// parseFormat splits a fmt template into literals and verbs; explicit
// argument indexes ("%[2]s") are resolved, and "%%" is a literal "%".
func parseFormat(tmpl string) []piece {
	var out []piece
	var lit strings.Builder
	next := 0
	for i := 0; i < len(tmpl); i++ {
		c := tmpl[i]
		if c != '%' {
			lit.WriteByte(c)
			continue
		}
		if i+1 < len(tmpl) && tmpl[i+1] == '%' {
			lit.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		arg := next
		if j < len(tmpl) && tmpl[j] == '[' {
			if k := strings.IndexByte(tmpl[j:], ']'); k > 0 {
				if n, err := strconv.Atoi(tmpl[j+1 : j+k]); err == nil {
					arg = n - 1
				}
				j += k + 1
			}
		}
		start := j
		for j < len(tmpl) && strings.IndexByte("+-# 0123456789.", tmpl[j]) >= 0 {
			j++
		}
		if j >= len(tmpl) {
			lit.WriteString(tmpl[i:])
			break
		}
		if lit.Len() > 0 {
			out = append(out, piece{lit: lit.String()})
			lit.Reset()
		}
		out = append(out, piece{verb: "%" + tmpl[start:j+1], arg: arg})
		next = arg + 1
		i = j
	}
	if lit.Len() > 0 {
		out = append(out, piece{lit: lit.String()})
	}
	return out
}

// sayCJK formats a Chinese template, dropping the template's spaces that
// touch Chinese text of an argument (see Say).
func sayCJK(tmpl string, args []any) string {
	ps := parseFormat(tmpl)
	vals := make([]string, len(ps))
	for i, p := range ps {
		if p.verb == "" {
			vals[i] = p.lit
			continue
		}
		if p.arg < 0 || p.arg >= len(args) {
			vals[i] = "%!" + p.verb[len(p.verb)-1:] + "(MISSING)"
			continue
		}
		vals[i] = fmt.Sprintf(p.verb, args[p.arg])
	}
	var out strings.Builder
	for i, p := range ps {
		s := vals[i]
		if p.verb != "" {
			out.WriteString(s)
			continue
		}
		if i > 0 && ps[i-1].verb != "" && strings.HasPrefix(s, " ") {
			// a space after an argument (or after an empty one: then
			// what is before it counts)
			last, _ := utf8.DecodeLastRuneInString(out.String())
			nxt, _ := utf8.DecodeRuneInString(s[1:])
			if noSpace(last, nxt) {
				s = s[1:]
			}
		}
		if i+1 < len(ps) && ps[i+1].verb != "" && strings.HasSuffix(s, " ") {
			// a space before an argument (or before an empty one: then
			// what is after it counts)
			prev, _ := utf8.DecodeLastRuneInString(s[:len(s)-1])
			first, _ := utf8.DecodeRuneInString(strings.Join(vals[i+1:], ""))
			if noSpace(prev, first) {
				s = s[:len(s)-1]
			}
		}
		out.WriteString(s)
	}
	return out.String()
}

// noSpace reports whether a space between runes a and b goes in Chinese
// text: next to CJK punctuation, and between two Chinese characters.
func noSpace(a, b rune) bool {
	return cjkPunct(a) || cjkPunct(b) || (unicode.Is(unicode.Han, a) && unicode.Is(unicode.Han, b))
}

func cjkPunct(r rune) bool {
	return r >= 0x3000 && r <= 0x303F || r >= 0xFF00 && r <= 0xFFEF || r == '…' || r == '—'
}

// HasCJK reports whether s has a Chinese character.
func HasCJK(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// Texts lists every form of the text table in language l, sorted by id:
// what a font subset for the player must cover.
func Texts(l Lang) []string {
	ids := make([]string, 0, len(texts))
	for id := range texts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if l < nLangs {
			out = append(out, texts[id][l])
		}
	}
	return out
}

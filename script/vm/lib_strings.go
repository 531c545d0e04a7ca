package vm

import (
	"strings"
	"unicode"
)

// strings: the functions of strings and runes, by the host's package.
func init() {
	registerNatives(func(n map[string]Native) {
		n["strings.Compare"] = nSS_I(strings.Compare)
		n["strings.Contains"] = nSS_B(strings.Contains)
		n["strings.ContainsAny"] = nSS_B(strings.ContainsAny)
		n["strings.ContainsRune"] = func(c *Call) {
			c.Return(Bool(strings.ContainsRune(c.Args[0].S(), rune(c.Args[1].I()))))
		}
		n["strings.Count"] = nSS_I(strings.Count)
		n["strings.Cut"] = func(c *Call) {
			before, after, found := strings.Cut(c.Args[0].S(), c.Args[1].S())
			c.Return(Str(before), Str(after), Bool(found))
		}
		n["strings.CutPrefix"] = func(c *Call) {
			after, found := strings.CutPrefix(c.Args[0].S(), c.Args[1].S())
			c.Return(Str(after), Bool(found))
		}
		n["strings.CutSuffix"] = func(c *Call) {
			before, found := strings.CutSuffix(c.Args[0].S(), c.Args[1].S())
			c.Return(Str(before), Bool(found))
		}
		n["strings.EqualFold"] = nSS_B(strings.EqualFold)
		n["strings.Fields"] = func(c *Call) { c.Return(strsVal(strings.Fields(c.Args[0].S()))) }
		n["strings.HasPrefix"] = nSS_B(strings.HasPrefix)
		n["strings.HasSuffix"] = nSS_B(strings.HasSuffix)
		n["strings.Index"] = nSS_I(strings.Index)
		n["strings.IndexAny"] = nSS_I(strings.IndexAny)
		n["strings.IndexByte"] = func(c *Call) {
			c.Return(Int(int64(strings.IndexByte(c.Args[0].S(), byte(c.Args[1].N)))))
		}
		n["strings.IndexRune"] = func(c *Call) {
			c.Return(Int(int64(strings.IndexRune(c.Args[0].S(), rune(c.Args[1].I())))))
		}
		n["strings.Join"] = func(c *Call) {
			defer guard(c)
			elems, sep := strsOf(c.Args[0]), c.Args[1].S()
			size := int64(len(sep)) * int64(max(len(elems)-1, 0))
			for _, e := range elems {
				size += int64(len(e))
			}
			checkLen(size)
			c.Return(Str(strings.Join(elems, sep)))
		}
		n["strings.LastIndex"] = nSS_I(strings.LastIndex)
		n["strings.LastIndexAny"] = nSS_I(strings.LastIndexAny)
		n["strings.LastIndexByte"] = func(c *Call) {
			c.Return(Int(int64(strings.LastIndexByte(c.Args[0].S(), byte(c.Args[1].N)))))
		}
		n["strings.Repeat"] = func(c *Call) {
			defer guard(c)
			s, count := c.Args[0].S(), c.Args[1].I()
			if count > 0 && int64(len(s)) <= maxString {
				checkLen(int64(len(s)) * min(count, maxString+1))
			}
			c.Return(Str(strings.Repeat(s, int(count))))
		}
		n["strings.Replace"] = func(c *Call) {
			s, old, nw, k := c.Args[0].S(), c.Args[1].S(), c.Args[2].S(), int(c.Args[3].I())
			checkReplace(s, old, nw, k)
			c.Return(Str(strings.Replace(s, old, nw, k)))
		}
		n["strings.ReplaceAll"] = func(c *Call) {
			s, old, nw := c.Args[0].S(), c.Args[1].S(), c.Args[2].S()
			checkReplace(s, old, nw, -1)
			c.Return(Str(strings.ReplaceAll(s, old, nw)))
		}
		n["strings.Split"] = nSS_L(strings.Split)
		n["strings.SplitAfter"] = nSS_L(strings.SplitAfter)
		n["strings.SplitAfterN"] = nSSI_L(strings.SplitAfterN)
		n["strings.SplitN"] = nSSI_L(strings.SplitN)
		n["strings.Title"] = nS_S(strings.Title) //nolint:staticcheck // the scene may call it
		n["strings.ToLower"] = nS_S(strings.ToLower)
		n["strings.ToTitle"] = nS_S(strings.ToTitle)
		n["strings.ToUpper"] = nS_S(strings.ToUpper)
		n["strings.ToValidUTF8"] = nSS_S(strings.ToValidUTF8)
		n["strings.Trim"] = nSS_S(strings.Trim)
		n["strings.TrimLeft"] = nSS_S(strings.TrimLeft)
		n["strings.TrimPrefix"] = nSS_S(strings.TrimPrefix)
		n["strings.TrimRight"] = nSS_S(strings.TrimRight)
		n["strings.TrimSpace"] = nS_S(strings.TrimSpace)
		n["strings.TrimSuffix"] = nSS_S(strings.TrimSuffix)
		n["strings.isSpace"] = nR_B(unicode.IsSpace)
		n["strings.replace"] = func(c *Call) {
			r := strings.NewReplacer(strsOf(c.Args[0])...)
			c.Return(Str(r.Replace(c.Args[1].S())))
		}
	})
}

// checkReplace bounds the result of strings.Replace (or bytes.Replace)
// before the host builds it.
func checkReplace(s, old, nw string, k int) {
	if len(nw) <= len(old) {
		return
	}
	m := strings.Count(s, old)
	if k >= 0 {
		m = min(m, k)
	}
	checkLen(int64(len(s)) + int64(m)*int64(len(nw)-len(old)))
}

package vm

import (
	"bytes"
	"unicode"
)

// bytes: the functions of byte slices, by the host's package, on copies
// of the program's slices; a result that is part of an argument is made
// that part of the program's slice (subslice).
func init() {
	registerNatives(func(n map[string]Native) {
		n["bytes.Compare"] = nBB_I(bytes.Compare)
		n["bytes.Contains"] = nBB_Bool(bytes.Contains)
		n["bytes.ContainsAny"] = func(c *Call) { c.Return(Bool(bytes.ContainsAny(bytesOf(c.Args[0]), c.Args[1].S()))) }
		n["bytes.ContainsRune"] = func(c *Call) {
			c.Return(Bool(bytes.ContainsRune(bytesOf(c.Args[0]), rune(c.Args[1].I()))))
		}
		n["bytes.Count"] = nBB_I(bytes.Count)
		n["bytes.Cut"] = func(c *Call) {
			b := bytesOf(c.Args[0])
			before, after, found := bytes.Cut(b, bytesOf(c.Args[1]))
			c.Return(subslice(c.Args[0], b, before), subslice(c.Args[0], b, after), Bool(found))
		}
		n["bytes.CutPrefix"] = func(c *Call) {
			b := bytesOf(c.Args[0])
			after, found := bytes.CutPrefix(b, bytesOf(c.Args[1]))
			c.Return(subslice(c.Args[0], b, after), Bool(found))
		}
		n["bytes.CutSuffix"] = func(c *Call) {
			b := bytesOf(c.Args[0])
			before, found := bytes.CutSuffix(b, bytesOf(c.Args[1]))
			c.Return(subslice(c.Args[0], b, before), Bool(found))
		}
		n["bytes.Equal"] = nBB_Bool(bytes.Equal)
		n["bytes.EqualFold"] = nBB_Bool(bytes.EqualFold)
		n["bytes.Fields"] = func(c *Call) {
			b := bytesOf(c.Args[0])
			c.Return(subslices(c.Args[0], b, bytes.Fields(b)))
		}
		n["bytes.HasPrefix"] = nBB_Bool(bytes.HasPrefix)
		n["bytes.HasSuffix"] = nBB_Bool(bytes.HasSuffix)
		n["bytes.Index"] = nBB_I(bytes.Index)
		n["bytes.IndexAny"] = nBS_I(bytes.IndexAny)
		n["bytes.IndexByte"] = func(c *Call) { c.Return(Int(int64(bytes.IndexByte(bytesOf(c.Args[0]), byte(c.Args[1].N))))) }
		n["bytes.IndexRune"] = func(c *Call) {
			c.Return(Int(int64(bytes.IndexRune(bytesOf(c.Args[0]), rune(c.Args[1].I())))))
		}
		n["bytes.Join"] = func(c *Call) {
			defer guard(c)
			parts, _ := c.Args[0].R.([]Value)
			host := make([][]byte, len(parts))
			var size int64
			for i, p := range parts {
				host[i] = bytesOf(p)
				size += int64(len(host[i]))
			}
			sep := bytesOf(c.Args[1])
			size += int64(len(sep)) * int64(max(len(parts)-1, 0))
			checkLen(size)
			c.Return(bytesVal(bytes.Join(host, sep)))
		}
		n["bytes.LastIndex"] = nBB_I(bytes.LastIndex)
		n["bytes.LastIndexAny"] = nBS_I(bytes.LastIndexAny)
		n["bytes.LastIndexByte"] = func(c *Call) {
			c.Return(Int(int64(bytes.LastIndexByte(bytesOf(c.Args[0]), byte(c.Args[1].N)))))
		}
		n["bytes.Repeat"] = func(c *Call) {
			defer guard(c)
			b, count := bytesOf(c.Args[0]), c.Args[1].I()
			if count > 0 && int64(len(b)) <= maxString {
				checkLen(int64(len(b)) * min(count, maxString+1))
			}
			c.Return(bytesVal(bytes.Repeat(b, int(count))))
		}
		n["bytes.Replace"] = func(c *Call) {
			s, old, nw, k := bytesOf(c.Args[0]), bytesOf(c.Args[1]), bytesOf(c.Args[2]), int(c.Args[3].I())
			checkReplace(string(s), string(old), string(nw), k)
			c.Return(bytesVal(bytes.Replace(s, old, nw, k)))
		}
		n["bytes.ReplaceAll"] = func(c *Call) {
			s, old, nw := bytesOf(c.Args[0]), bytesOf(c.Args[1]), bytesOf(c.Args[2])
			checkReplace(string(s), string(old), string(nw), -1)
			c.Return(bytesVal(bytes.ReplaceAll(s, old, nw)))
		}
		n["bytes.Runes"] = func(c *Call) {
			rs := bytes.Runes(bytesOf(c.Args[0]))
			out := make([]Value, len(rs), cap(rs))
			for i, r := range rs {
				out[i] = Int(int64(r))
			}
			c.Return(Value{R: out})
		}
		n["bytes.Split"] = nBB_L(bytes.Split)
		n["bytes.SplitAfter"] = nBB_L(bytes.SplitAfter)
		n["bytes.SplitAfterN"] = nBBI_L(bytes.SplitAfterN)
		n["bytes.SplitN"] = nBBI_L(bytes.SplitN)
		n["bytes.Title"] = nB_B(bytes.Title) //nolint:staticcheck // the scene may call it
		n["bytes.ToLower"] = nB_B(bytes.ToLower)
		n["bytes.ToTitle"] = nB_B(bytes.ToTitle)
		n["bytes.ToUpper"] = nB_B(bytes.ToUpper)
		n["bytes.ToValidUTF8"] = nBB_B(bytes.ToValidUTF8)
		n["bytes.Trim"] = nBS_B(bytes.Trim)
		n["bytes.TrimLeft"] = nBS_B(bytes.TrimLeft)
		n["bytes.TrimPrefix"] = nBB_B(bytes.TrimPrefix)
		n["bytes.TrimRight"] = nBS_B(bytes.TrimRight)
		n["bytes.TrimSpace"] = nB_B(bytes.TrimSpace)
		n["bytes.TrimSuffix"] = nBB_B(bytes.TrimSuffix)
		n["bytes.isSpace"] = nR_B(unicode.IsSpace)
	})
}

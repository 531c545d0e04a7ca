package lang

import (
	"fmt"
	"strings"
)

// Lang is a language of the interface and of the book.
type Lang uint8

const (
	En Lang = iota // English
	Zh             // Simplified Chinese
	// Count is the number of languages.
	Count
)

// All is every language, in the order the switch offers them.
var All = [Count]Lang{En, Zh}

var codes = [Count]string{En: "en", Zh: "zh"}

// String is the language's code: "en", "zh".
func (l Lang) String() string {
	if l < Count {
		return codes[l]
	}
	return "lang?"
}

// Name is the language's name in itself, for the switch: "English", "中文".
func (l Lang) Name() string {
	switch l {
	case Zh:
		return "中文"
	}
	return "English"
}

// Parse reads a language code: "en", "zh", and the locale forms
// "zh_CN.UTF-8", "zh-Hans", "en_US". It reports false for anything else.
func Parse(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, c := range codes {
		if s == c || strings.HasPrefix(s, c+"_") || strings.HasPrefix(s, c+"-") || strings.HasPrefix(s, c+".") {
			return Lang(i), true
		}
	}
	return En, false
}

// FromEnv is the language the locale asks for: the first of LC_ALL,
// LC_MESSAGES and LANG that is set decides (POSIX's order), and a
// locale starting with "zh" is Chinese; anything else, or nothing set,
// is English. getenv is os.Getenv, or a test's.
func FromEnv(getenv func(string) string) Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := strings.TrimSpace(getenv(v)); s != "" {
			if strings.HasPrefix(strings.ToLower(s), "zh") {
				return Zh
			}
			return En
		}
	}
	return En
}

// T is the string called key in language l. A key the table lacks (the
// tests keep that from happening) is shown as itself in brackets, never
// as nothing.
func T(l Lang, key string) string {
	e, ok := table[key]
	if !ok || l >= Count || e[l] == "" {
		return "[" + key + "]"
	}
	return e[l]
}

// F is the format called key in language l applied to args.
func F(l Lang, key string, args ...any) string { return fmt.Sprintf(T(l, key), args...) }

// Has reports whether the table has key.
func Has(key string) bool {
	_, ok := table[key]
	return ok
}

// Keys is every key of the table (for tests).
func Keys() []string {
	out := make([]string, 0, len(table))
	for k := range table {
		out = append(out, k)
	}
	return out
}

// Entry is a key's strings, one per language (for tests).
func Entry(key string) ([Count]string, bool) {
	e, ok := table[key]
	return e, ok
}

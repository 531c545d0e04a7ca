package script

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPosterMarkIsACaptionWithAFlag: "//> poster: text" is a caption of
// its statement (or of its event, after "on kind:") whose text is what
// follows the mark, flagged for the poster.
func TestPosterMarkIsACaptionWithAFlag(t *testing.T) {
	src := "func main() {\n\tgo work() //> the worker starts\n\ttime.Sleep(time.Millisecond) //> poster: main parks\n\t//> on steal: a steal\n}\n\nfunc work() {}\n"
	sc, err := Parse("s.go", []byte(src))
	require.NoError(t, err)
	require.Equal(t, []Caption{{Line: 2, Text: "the worker starts"}, {Line: 3, Text: "main parks", Poster: true}, {On: "steal", Text: "a steal"}}, sc.Captions)

	src = "func main() {\n\tgo work()\n\t//> on steal: poster: P1 steals\n}\n\nfunc work() {}\n"
	sc, err = Parse("s.go", []byte(src))
	require.NoError(t, err)
	require.Equal(t, []Caption{{On: "steal", Text: "P1 steals", Poster: true}}, sc.Captions)
}

func TestBadPosterMarksAreErrors(t *testing.T) {
	for src, want := range map[string]string{
		"func main() {\n\tprintln() //> poster: one\n\tprintln() //> poster: two\n}\n": "s.go:3:12: a second //> poster: caption; the one at line 2 already marks the scene's poster",
		"func main() {\n\tprintln() //> poster:\n}\n":                                  "s.go:2:12: //> poster: needs the caption's text after it",
	} {
		_, err := Load("s.go", []byte(src))
		require.Error(t, err, src)
		assert.True(t, strings.HasPrefix(err.Error(), want), "%q:\ngot  %q\nwant %q", src, err.Error(), want)
	}
}

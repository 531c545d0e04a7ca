package chapters

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadReadsEveryChapterFileAndKeepsEachFilesError(t *testing.T) {
	fsys := fstest.MapFS{
		"02-good.md":   {Data: []byte("---\ntitle: Good\n---\n\nFine.\n")},
		"01-bad.md":    {Data: []byte("---\ntitle: Bad one\n---\n\n```predict scene=nope\nq?\n```\n")},
		"03-worse.md":  {Data: []byte("---\ntitle: Worse\n---\n\nSee ![the queue](queue.png) here.\n")},
		"README.md":    {Data: []byte("not a chapter")},
		"notes.txt":    {Data: []byte("not a chapter")},
		"04-sub.md/x":  {Data: []byte("a directory named like a chapter")},
		"drafts/05.md": {Data: []byte("below the top: not read")},
	}
	files, err := Load(fsys, "book")
	require.NoError(t, err)
	require.Len(t, files, 3)
	assert.Equal(t, []string{"01-bad", "02-good", "03-worse"}, []string{files[0].ID, files[1].ID, files[2].ID})

	assert.EqualError(t, files[0].Err, "book/01-bad.md:5:1: predict refers to scene=nope, which this chapter does not have")
	assert.Nil(t, files[0].Chapter)
	assert.Equal(t, "Bad one", files[0].Title(), "the title comes from the front matter of a chapter that does not parse")

	require.NoError(t, files[1].Err)
	assert.Equal(t, "Good", files[1].Chapter.Title)
	assert.Equal(t, "book/02-good.md", files[1].Chapter.File)

	assert.ErrorContains(t, files[2].Err, "book/03-worse.md:5:5: a picture (queue.png)")

	joined := Errors(files)
	assert.ErrorContains(t, joined, "book/01-bad.md:5:1")
	assert.ErrorContains(t, joined, "book/03-worse.md:5:5")
	assert.Len(t, Chapters(files), 1)
}

func TestLoadFailsOnlyWithoutChapterFiles(t *testing.T) {
	_, err := Load(fstest.MapFS{"README.md": {Data: []byte("x")}}, "empty")
	assert.EqualError(t, err, "empty: no chapter files (NN-slug.md)")
}

func TestPicturesAreRefusedWhereTheyStand(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"![alt](a.png)\n", "chapters/01-x.md:5:1: a picture (a.png)"},
		{"Text and ![](b.png)\n", "chapters/01-x.md:5:10: a picture (b.png)"},
		{"- item\n- with ![*em* alt](c.png)\n", "chapters/01-x.md:6:8: a picture (c.png)"},
		{"| a |\n|---|\n| ![x](d.png) |\n", "chapters/01-x.md:7:3: a picture (d.png)"},
	} {
		_, err := Parse("chapters/01-x.md", []byte("---\ntitle: T\n---\n\n"+tc.src))
		assert.ErrorContains(t, err, tc.want, "%q", tc.src)
	}
}

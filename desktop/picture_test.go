//go:build display

package desktop

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPicturesComeFromTheBooksDirectory: a chapter's picture is read from
// the book's directory, by a relative name that stays inside it; the
// embedded book, addresses on the web and names that climb out have none.
func TestPicturesComeFromTheBooksDirectory(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "img"), 0o755))
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	img.Set(0, 0, color.NRGBA{R: 0xFF, A: 0xFF})
	f, err := os.Create(filepath.Join(dir, "img", "p.png"))
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())

	p := &Painter{Dir: dir}
	pic := p.picture("img/p.png")
	require.NotNil(t, pic)
	assert.Equal(t, image.Rect(0, 0, 4, 2), pic.Bounds())
	assert.Same(t, pic, p.picture("img/p.png"), "decoded once")
	assert.Same(t, pic, p.picture("./img/../img/p.png"))
	for _, src := range []string{"", "missing.png", "../p.png", "img/../../p.png", "/etc/passwd", "https://go.dev/p.png", "img\\p.png", "p.png?x=1"} {
		assert.Nil(t, p.picture(src), "%q", src)
	}
	assert.Nil(t, (&Painter{}).picture("img/p.png"), "the embedded book has no pictures")
}

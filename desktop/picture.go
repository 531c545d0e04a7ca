package desktop

import (
	"image"
	_ "image/gif" // the formats a chapter's picture may have
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/gmpbook/gmpbook/desktop/read"
)

// picture is the picture a chapter names src, read from the book's
// directory and decoded the first time it is asked for; nil when there is
// none to read: the embedded book has no directory, an address on the
// web is not fetched, and a name that leaves the directory is refused.
func (p *Painter) picture(src string) *ebiten.Image {
	name, ok := pictureName(p.Dir, src)
	if !ok {
		return nil
	}
	if pic, ok := p.pictures[name]; ok {
		return pic
	}
	var pic *ebiten.Image
	if img, err := readPicture(name); err == nil {
		pic = ebiten.NewImageFromImage(img)
	}
	if p.pictures == nil {
		p.pictures = map[string]*ebiten.Image{}
	}
	p.pictures[name] = pic
	return pic
}

// readPicture decodes the picture file name.
func readPicture(name string) (image.Image, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	return img, err
}

// pictureName is the file a chapter's picture src names in dir: a
// relative path that stays inside it, without a scheme, query or
// fragment.
func pictureName(dir, src string) (string, bool) {
	if dir == "" || src == "" || strings.ContainsAny(src, ":?#\\") || path.IsAbs(src) {
		return "", false
	}
	clean := path.Clean(src)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", false
	}
	return filepath.Join(dir, filepath.FromSlash(clean)), true
}

// drawPicture draws pic fitted into op's box (logical pixels), centred,
// keeping its proportions, on dst (device pixels, scale per logical
// pixel).
func drawPicture(dst, pic *ebiten.Image, op *read.Op, scale float64) {
	b := pic.Bounds()
	iw, ih := float64(b.Dx()), float64(b.Dy())
	if iw <= 0 || ih <= 0 || op.W <= 0 || op.H <= 0 {
		return
	}
	k := min(float64(op.W)/iw, float64(op.H)/ih)
	o := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	o.GeoM.Scale(k*scale, k*scale)
	o.GeoM.Translate((float64(op.X)+(float64(op.W)-iw*k)/2)*scale, (float64(op.Y)+(float64(op.H)-ih*k)/2)*scale)
	dst.DrawImage(pic, o)
}

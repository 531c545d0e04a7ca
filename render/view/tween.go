package view

import "github.com/gmpbook/gmpbook/core"

// Tween is the picture a fraction t of the way from frame a to frame b
// (0 ≤ t ≤ 1): each goroutine's token slides from its place in a to its
// place in b, tokens only in b fade in, tokens only in a fade out, and
// everything else that changed cross-fades. t = 0 gives a, t = 1 gives b.
//
// The player tweens between consecutive cursor positions; with reduced
// motion it does not call Tween at all and shows b at once, with the changed
// places outlined (Options.Reduced).
func Tween(a, b Frame, t float64) Frame {
	if t <= 0 {
		return a
	}
	if t >= 1 {
		return b
	}
	e := float32(smoothstep(t))
	out := b
	out.Shapes = make([]Shape, 0, len(a.Shapes)+len(b.Shapes))

	fromTok := make(map[int64]*Shape)
	for i := range a.Shapes {
		if s := &a.Shapes[i]; s.Kind == ShapeToken {
			fromTok[s.G] = s
		}
	}
	toTok := make(map[int64]bool)
	type key struct {
		kind       ShapeKind
		role, text string
		x, y, w, h float32
	}
	still := make(map[key]bool)
	for i := range b.Shapes {
		s := &b.Shapes[i]
		if s.Kind == ShapeToken {
			toTok[s.G] = true
		} else {
			still[key{s.Kind, s.Role, s.Text, s.X, s.Y, s.W, s.H}] = true
		}
	}
	inA := make(map[key]bool)
	for i := range a.Shapes {
		s := &a.Shapes[i]
		if s.Kind != ShapeToken {
			inA[key{s.Kind, s.Role, s.Text, s.X, s.Y, s.W, s.H}] = true
		}
	}
	// A text whose words change in place ("P0 idle" → "P0 running", "no M"
	// → "M0") is swapped half-way, not cross-faded: two half-transparent
	// labels on top of each other read as neither (review m3).
	textRoles := func(f *Frame) map[string]bool {
		m := make(map[string]bool)
		for i := range f.Shapes {
			if s := &f.Shapes[i]; s.Kind == ShapeText && s.Role != "" {
				m[s.Role] = true
			}
		}
		return m
	}
	textA, textB := textRoles(&a), textRoles(&b)
	late := e >= 0.5

	// b's shapes, in b's order: tokens move, new things fade in.
	for _, s := range b.Shapes {
		switch {
		case s.Kind == ShapeToken:
			if f, ok := fromTok[s.G]; ok {
				s.X = lerp(f.X, s.X, e)
				s.Y = lerp(f.Y, s.Y, e)
				s.W = lerp(f.W, s.W, e)
				s.H = lerp(f.H, s.H, e)
				s.Radius = lerp(f.Radius, s.Radius, e)
				s.Size = lerp(f.Size, s.Size, e)
				s.StrokeW = lerp(f.StrokeW, s.StrokeW, e)
				s.Fill = lerpColor(f.Fill, s.Fill, e)
				s.Stroke = lerpColor(f.Stroke, s.Stroke, e)
				s.Ink = lerpColor(f.Ink, s.Ink, e)
			} else {
				fade(&s, e)
			}
		case !inA[key{s.Kind, s.Role, s.Text, s.X, s.Y, s.W, s.H}]:
			if s.Kind == ShapeText && textA[s.Role] {
				if !late {
					continue
				}
				break
			}
			fade(&s, e)
		}
		out.Shapes = append(out.Shapes, s)
	}
	// What only a has fades out.
	for _, s := range a.Shapes {
		if s.Kind == ShapeToken {
			if toTok[s.G] {
				continue
			}
		} else if still[key{s.Kind, s.Role, s.Text, s.X, s.Y, s.W, s.H}] {
			continue
		} else if s.Kind == ShapeText && textB[s.Role] {
			if !late {
				out.Shapes = append(out.Shapes, s)
			}
			continue
		}
		fade(&s, 1-e)
		out.Shapes = append(out.Shapes, s)
	}
	out.Time = a.Time + core.Time(float64(b.Time-a.Time)*t)
	return out
}

func smoothstep(t float64) float64 { return t * t * (3 - 2*t) }

func lerp(a, b, t float32) float32 { return a + (b-a)*t }

func lerpColor(a, b Color, t float32) Color {
	l := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*t + 0.5) }
	return Color{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// fade scales every colour's alpha of s by k.
func fade(s *Shape, k float32) {
	f := func(c Color) Color {
		c.A = uint8(float32(c.A)*k + 0.5)
		return c
	}
	s.Fill, s.Stroke, s.Ink = f(s.Fill), f(s.Stroke), f(s.Ink)
}

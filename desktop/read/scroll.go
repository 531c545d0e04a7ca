package read

import "math"

// Scroll is a smooth scroll position: Pos moves towards Target, quickly
// at first and slowing as it arrives, within [0, Max].
type Scroll struct {
	Pos, Target, Max float32
}

// scrollRate is how fast Pos closes the gap: 1−e^(−rate·t) of it after t
// seconds (about 95% in a sixth of a second).
const scrollRate = 18

// SetMax sets the largest position and pulls both positions into range.
func (s *Scroll) SetMax(m float32) {
	s.Max = max(0, m)
	s.Pos = s.clamp(s.Pos)
	s.Target = s.clamp(s.Target)
}

func (s *Scroll) clamp(y float32) float32 {
	return max(0, min(s.Max, float32(math.Round(float64(y)))))
}

// To scrolls smoothly to y.
func (s *Scroll) To(y float32) { s.Target = s.clamp(y) }

// By scrolls smoothly by dy from where the scroll is heading.
func (s *Scroll) By(dy float32) { s.Target = s.clamp(s.Target + dy) }

// Jump goes to y at once.
func (s *Scroll) Jump(y float32) {
	s.Target = s.clamp(y)
	s.Pos = s.Target
}

// Moving reports whether Pos has not yet reached Target.
func (s *Scroll) Moving() bool { return s.Pos != s.Target }

// Step moves Pos towards Target for dt seconds and reports whether it
// moved. Positions are kept to whole logical pixels once they arrive, so
// that text is not drawn between pixels at rest.
func (s *Scroll) Step(dt float64) bool {
	if s.Pos == s.Target {
		return false
	}
	k := float32(1 - math.Exp(-scrollRate*dt))
	p := s.Pos + (s.Target-s.Pos)*k
	if d := s.Target - p; d < 0.5 && d > -0.5 {
		p = s.Target
	}
	s.Pos = p
	return true
}

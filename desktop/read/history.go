package read

// Location is a place in the book: a chapter, and a heading and offset
// in it (see State).
type Location struct {
	Chapter string
	Anchor  string
	Offset  float32
}

// maxHistory bounds the back and forward stacks.
const maxHistory = 100

// History is link navigation's back and forward stacks, as a browser
// keeps them: following a link pushes where the reader was; going back
// pops it and pushes where they were onto the forward stack.
type History struct {
	back, fwd []Location
}

// Visit records that the reader left from for somewhere new: from goes on
// the back stack and the forward stack is dropped.
func (h *History) Visit(from Location) {
	h.back = push(h.back, from)
	h.fwd = h.fwd[:0]
}

// Back returns the location to go back to from cur, or false.
func (h *History) Back(cur Location) (Location, bool) {
	if len(h.back) == 0 {
		return Location{}, false
	}
	to := h.back[len(h.back)-1]
	h.back = h.back[:len(h.back)-1]
	h.fwd = push(h.fwd, cur)
	return to, true
}

// Forward undoes a Back.
func (h *History) Forward(cur Location) (Location, bool) {
	if len(h.fwd) == 0 {
		return Location{}, false
	}
	to := h.fwd[len(h.fwd)-1]
	h.fwd = h.fwd[:len(h.fwd)-1]
	h.back = push(h.back, cur)
	return to, true
}

// CanBack and CanForward say whether there is somewhere to go.
func (h *History) CanBack() bool    { return len(h.back) > 0 }
func (h *History) CanForward() bool { return len(h.fwd) > 0 }

func push(s []Location, l Location) []Location {
	if len(s) >= maxHistory {
		s = append(s[:0], s[1:]...)
	}
	return append(s, l)
}

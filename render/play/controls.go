package play

import (
	"math"
	"strconv"

	"github.com/gmpbook/gmpbook/core"
	"github.com/gmpbook/gmpbook/render/view"
)

// ChromeInk is the chrome's text colour in the light palette.
var ChromeInk = chromeLight.Ink

// ChromePalette is the player's furniture: the controls bar, its buttons
// and its text. The picture's own palette belongs to render/view (Theme);
// the chrome follows it, light or dark (Status.Dark).
type ChromePalette struct {
	Background Color // behind the picture and the chrome
	Chrome     Color // the controls bar
	Rule       Color // its top rule, the track, button outlines
	Ink        Color // text
	InkSoft    Color // secondary text (the event count)
	Button     Color
	ButtonHot  Color // under the pointer
	ButtonOn   Color // a toggle that is on
	Focus      Color // the keyboard focus ring
	Played     Color // the played part of the track
	Caption    Color // the author's caption
}

// Color is view's colour, named here for the palette's fields.
type Color = view.Color

var chromeLight = ChromePalette{
	Background: view.Paper,
	Chrome:     Color{R: 0xF0, G: 0xF0, B: 0xEC, A: 0xFF},
	Rule:       Color{R: 0xC8, G: 0xC8, B: 0xC0, A: 0xFF},
	Ink:        Color{R: 0x22, G: 0x22, B: 0x22, A: 0xFF},
	InkSoft:    Color{R: 0x5A, G: 0x5A, B: 0x55, A: 0xFF},
	Button:     Color{R: 0xFF, G: 0xFF, B: 0xFF, A: 0xFF},
	ButtonHot:  Color{R: 0xDD, G: 0xE8, B: 0xF6, A: 0xFF},
	ButtonOn:   Color{R: 0xC9, G: 0xDC, B: 0xF2, A: 0xFF},
	Focus:      Color{R: 0x1A, G: 0x56, B: 0xC4, A: 0xFF},
	Played:     Color{R: 0x3B, G: 0x6F, B: 0xB6, A: 0xFF},
	Caption:    Color{R: 0x6B, G: 0x3A, B: 0x7A, A: 0xFF},
}

var chromeDark = ChromePalette{
	Background: view.DarkTheme.Paper,
	Chrome:     Color{R: 0x24, G: 0x26, B: 0x2B, A: 0xFF},
	Rule:       Color{R: 0x50, G: 0x54, B: 0x5C, A: 0xFF},
	Ink:        Color{R: 0xEC, G: 0xEA, B: 0xE6, A: 0xFF},
	InkSoft:    Color{R: 0xB4, G: 0xB4, B: 0xAC, A: 0xFF},
	Button:     Color{R: 0x30, G: 0x33, B: 0x3A, A: 0xFF},
	ButtonHot:  Color{R: 0x3A, G: 0x46, B: 0x5A, A: 0xFF},
	ButtonOn:   Color{R: 0x2C, G: 0x48, B: 0x6C, A: 0xFF},
	Focus:      Color{R: 0x8A, G: 0xB8, B: 0xFF, A: 0xFF},
	Played:     Color{R: 0x6E, G: 0xA2, B: 0xE8, A: 0xFF},
	Caption:    Color{R: 0xD9, G: 0xB0, B: 0xEA, A: 0xFF},
}

// ChromeColors is the chrome's palette, dark or light.
func ChromeColors(dark bool) ChromePalette {
	if dark {
		return chromeDark
	}
	return chromeLight
}

// markColors distinguish the marks on the timeline (and the dots on the
// buttons that jump to them): Okabe–Ito vermillion, blue, reddish purple.
var markColors = [markKinds]view.Color{
	MarkSteal:   {R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF},
	MarkHandoff: {R: 0x00, G: 0x72, B: 0xB2, A: 0xFF},
	MarkPreempt: {R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF},
	MarkDiff:    view.DiffColor,
}

// Chrome metrics, in logical pixels.
const (
	chromePad      = 8
	narrationSize  = 15
	captionSize    = 14
	lineGap        = 4
	trackHeight    = 6
	trackRowHeight = 20
	buttonHeight   = 28
	touchHeight    = 44  // a button on a narrow (phone) canvas: a finger's target (ux m12)
	narrowWidth    = 600 // canvases narrower than this are a phone's
	buttonGap      = 6
	groupGap       = 18
	buttonText     = 14
	buttonPad      = 10
)

// button is one control of the bar.
type button struct {
	role  string // "ctl:play", …: for tests, JSON dumps and hit testing
	label string
	cmd   Command
	on    bool // a toggle that is on
	dot   view.Color
	pause bool // draw the pause icon instead of the label
	r     view.Rect
}

// Controls is the player's chrome: the narration and caption lines, the
// scrubbable timeline and the buttons. It lays itself out as display-list
// shapes below the frame, and turns the pointer and the focus keys into
// commands. The keyboard focus (Tab, Shift+Tab, Enter, Escape) is drawn
// as an outline.
type Controls struct {
	measure func(s string, size float32) float32

	buttons  []button
	track    view.Rect // the timeline's hit area
	bar      view.Rect // the drawn track
	top      float32
	width    float32
	hover    int // button under the pointer, or -1
	focus    int // button with the keyboard focus, or -1
	dragging bool
	lastSeek int
}

// NewControls returns controls that measure text with measure (logical
// pixels for a string at a size).
func NewControls(measure func(s string, size float32) float32) *Controls {
	return &Controls{measure: measure, hover: -1, focus: -1, lastSeek: -1}
}

// buttonsFor lists the buttons for st, in order, in groups: a nil-role
// button separates groups.
func buttonsFor(st Status) []button {
	play := button{role: "ctl:play", label: "►", cmd: Command{Kind: CmdTogglePlay}}
	if st.Playing {
		play.role, play.pause = "ctl:pause", true
	}
	bs := []button{
		{role: "ctl:home", label: "|◄◄", cmd: Command{Kind: CmdHome}},
		{role: "ctl:back", label: "◄|", cmd: Command{Kind: CmdBack}},
		play,
		{role: "ctl:step", label: "|►", cmd: Command{Kind: CmdStep}},
		{role: "ctl:end", label: "►►|", cmd: Command{Kind: CmdEnd}},
		{},
		{role: "ctl:slower", label: "−", cmd: Command{Kind: CmdSlower}},
		{role: "ctl:speed", label: speedLabel(st.Speed), cmd: Command{Kind: CmdSpeed, Speed: 1}},
		{role: "ctl:faster", label: "+", cmd: Command{Kind: CmdFaster}},
		{},
		{role: "ctl:next-steal", label: view.Say(st.Lang, "ctl.next-steal"), cmd: Command{Kind: CmdNextSteal}, dot: markColors[MarkSteal]},
		{role: "ctl:next-handoff", label: view.Say(st.Lang, "ctl.next-handoff"), cmd: Command{Kind: CmdNextHandoff}, dot: markColors[MarkHandoff]},
		{role: "ctl:next-preemption", label: view.Say(st.Lang, "ctl.next-preemption"), cmd: Command{Kind: CmdNextPreempt}, dot: markColors[MarkPreempt]},
		{},
	}
	if st.CanRerun {
		bs = append(bs,
			button{role: "ctl:procs-", label: "−", cmd: Command{Kind: CmdProcs, Procs: max(st.Procs-1, 1)}},
			button{role: "ctl:procs", label: "GOMAXPROCS " + strconv.Itoa(st.Procs), cmd: Command{Kind: CmdRestart}},
			button{role: "ctl:procs+", label: "+", cmd: Command{Kind: CmdProcs, Procs: min(st.Procs+1, MaxProcs)}},
			button{role: "ctl:seed", label: view.Say(st.Lang, "ctl.seed", strconv.FormatUint(st.Seed, 10), strconv.FormatUint(st.Seed+1, 10)), cmd: Command{Kind: CmdSeed, Seed: st.Seed + 1}},
			button{},
		)
	}
	bs = append(bs,
		button{role: "ctl:motion", label: view.Say(st.Lang, "ctl.motion"), cmd: Command{Kind: CmdReducedMotion}, on: st.ReducedMotion},
		button{role: "ctl:captions", label: view.Say(st.Lang, "ctl.captions"), cmd: Command{Kind: CmdCaptions}, on: st.Captions},
	)
	return bs
}

func speedLabel(s float64) string {
	switch s {
	case 0.25:
		return "¼×"
	case 0.5:
		return "½×"
	}
	return strconv.FormatFloat(s, 'f', -1, 64) + "×"
}

// Height returns the chrome's height for a canvas width, in logical
// pixels: the frame gets what is left. It is about 85 px on a wide screen,
// 18 more when the scene has captions and they are on, and a row of
// buttons more for each wrap on a narrow one.
func (c *Controls) Height(st Status, width float32) float32 {
	rows := c.flow(buttonsFor(st), width, 0, st)
	return c.rowsTop(0, st) + float32(rows)*(buttonSize(width)+buttonGap) + chromePad - buttonGap
}

// buttonSize is the height (and least width) of a button on a canvas
// width wide: on a phone's, at least 44 px, the touch target WCAG 2.5.5
// asks for.
func buttonSize(width float32) float32 {
	if width < narrowWidth {
		return touchHeight
	}
	return buttonHeight
}

// showCaption says whether the chrome has a caption line.
func showCaption(st Status) bool { return st.HasCaptions && st.Captions }

// rowsTop is where the first row of buttons starts for a chrome at top.
func (c *Controls) rowsTop(top float32, st Status) float32 {
	y := top + chromePad + narrationSize + lineGap + trackRowHeight + lineGap
	if showCaption(st) {
		y += captionSize + lineGap
	}
	return y
}

// flow places the buttons in rows that fit width and returns the number of
// rows. Group separators become horizontal gaps.
func (c *Controls) flow(bs []button, width, top float32, st Status) int {
	x, y := float32(chromePad), c.rowsTop(top, st)
	bh := buttonSize(width)
	rows := 1
	for i := range bs {
		b := &bs[i]
		if b.role == "" {
			x += groupGap - buttonGap
			continue
		}
		w := c.measure(b.label, buttonText) + 2*buttonPad
		if b.dot.A != 0 {
			w += 12
		}
		if b.pause {
			w = c.measure("►", buttonText) + 2*buttonPad
		}
		w = max(w, bh)
		if x+w > width-chromePad && x > chromePad {
			x, y = chromePad, y+bh+buttonGap
			rows++
		}
		b.r = view.Rect{X: x, Y: y, W: w, H: bh}
		x += w + buttonGap
	}
	return rows
}

// Layout lays the chrome out at the bottom of a canvas of width×height,
// for st, with the frame's narration and caption, and appends its shapes
// to shapes.
func (c *Controls) Layout(shapes []view.Shape, st Status, narration, caption string, width, height float32) []view.Shape {
	pal := ChromeColors(st.Dark)
	c.buttons = buttonsFor(st)
	h := c.Height(st, width)
	top := height - h
	c.top, c.width = top, width
	c.flow(c.buttons, width, top, st)
	if c.focus >= len(c.buttons) || c.focus >= 0 && c.buttons[c.focus].role == "" {
		c.focus = -1
	}

	shapes = append(shapes,
		view.Shape{Kind: view.ShapeRect, X: 0, Y: top, W: width, H: h, Fill: pal.Chrome, Role: "chrome"},
		view.Shape{Kind: view.ShapeLine, X: 0, Y: top, W: width, H: 0, Stroke: pal.Rule, StrokeW: 1, Role: "chrome"},
	)
	y := top + chromePad
	if narration != "" {
		shapes = append(shapes, view.Shape{Kind: view.ShapeText, X: chromePad, Y: y, Text: c.fit(narration, narrationSize, width-2*chromePad), Size: narrationSize, Fill: pal.Ink, Role: "narration"})
	}
	y += narrationSize + lineGap
	if showCaption(st) {
		if caption != "" {
			shapes = append(shapes, view.Shape{Kind: view.ShapeText, X: chromePad, Y: y, Text: c.fit("“"+caption+"”", captionSize, width-2*chromePad), Size: captionSize, Fill: pal.Caption, Role: "caption"})
		}
		y += captionSize + lineGap
	}

	// The timeline: event count on the left, virtual time on the right.
	count := strconv.Itoa(st.Cursor+1) + " / " + strconv.Itoa(st.Len)
	clock := "t = " + core.FormatDuration(int64(st.Time))
	cw := c.measure(count, 13)
	tw := c.measure(clock, 13)
	left := chromePad + cw + 12
	right := width - chromePad - tw - 12
	if right-left < 40 {
		left, right = chromePad, width-chromePad
	} else {
		shapes = append(shapes,
			view.Shape{Kind: view.ShapeText, X: chromePad, Y: y + (trackRowHeight-13)/2 - 1, Text: count, Size: 13, Fill: pal.InkSoft, Role: "ctl:count"},
			view.Shape{Kind: view.ShapeText, X: width - chromePad - tw, Y: y + (trackRowHeight-13)/2 - 1, Text: clock, Size: 13, Fill: pal.Ink, Role: "ctl:time"},
		)
	}
	ty := y + (trackRowHeight-trackHeight)/2
	c.bar = view.Rect{X: left, Y: ty, W: right - left, H: trackHeight}
	c.track = view.Rect{X: left - 8, Y: y, W: right - left + 16, H: trackRowHeight}
	frac := float32(0)
	if st.Len > 0 {
		frac = float32(st.Cursor+1) / float32(st.Len)
	}
	shapes = append(shapes,
		view.Shape{Kind: view.ShapeRect, X: left, Y: ty, W: right - left, H: trackHeight, Radius: trackHeight / 2, Fill: pal.Rule, Role: "ctl:track"},
		view.Shape{Kind: view.ShapeRect, X: left, Y: ty, W: (right - left) * frac, H: trackHeight, Radius: trackHeight / 2, Fill: pal.Played, Role: "ctl:played"},
	)
	if st.Len > 0 {
		// One tick per mark, but no more than one per pixel and kind.
		var lastX [markKinds]float32
		for i := range lastX {
			lastX[i] = -1
		}
		for _, m := range st.Marks {
			mx := left + (right-left)*float32(m.At+1)/float32(st.Len)
			if mx-lastX[m.Kind] < 1 {
				continue
			}
			lastX[m.Kind] = mx
			yoff, sw := float32(m.Kind)*2, float32(2)
			if m.Kind == MarkDiff { // the one mark of compare mode: full height, bolder
				yoff, sw = 0, 3
			}
			shapes = append(shapes, view.Shape{Kind: view.ShapeLine, X: mx, Y: y + 1 + yoff, W: 0, H: trackRowHeight - 2 - 2*yoff, Stroke: markColors[m.Kind], StrokeW: sw, Role: "ctl:mark-" + m.Kind.String()})
		}
	}
	knob := float32(14)
	shapes = append(shapes, view.Shape{Kind: view.ShapeCircle, X: left + (right-left)*frac - knob/2, Y: y + (trackRowHeight-knob)/2, W: knob, H: knob, Fill: pal.Button, Stroke: pal.Played, StrokeW: 2, Role: "ctl:knob"})

	for i, b := range c.buttons {
		if b.role == "" {
			continue
		}
		fill := pal.Button
		switch {
		case b.on:
			fill = pal.ButtonOn
		case i == c.hover:
			fill = pal.ButtonHot
		}
		stroke, sw := pal.Rule, float32(1)
		if i == c.focus {
			stroke, sw = pal.Focus, 2.5
		}
		shapes = append(shapes, view.Shape{Kind: view.ShapeRect, X: b.r.X, Y: b.r.Y, W: b.r.W, H: b.r.H, Radius: 5, Fill: fill, Stroke: stroke, StrokeW: sw, Role: b.role})
		tx := b.r.X + buttonPad
		if b.dot.A != 0 {
			shapes = append(shapes, view.Shape{Kind: view.ShapeCircle, X: tx, Y: b.r.Y + (b.r.H-8)/2, W: 8, H: 8, Fill: b.dot, Role: b.role})
			tx += 12
		}
		if b.pause {
			bw, bh := float32(4), float32(12)
			cx, cy := b.r.X+b.r.W/2, b.r.Y+b.r.H/2
			shapes = append(shapes,
				view.Shape{Kind: view.ShapeRect, X: cx - bw - 1.5, Y: cy - bh/2, W: bw, H: bh, Fill: pal.Ink, Role: b.role},
				view.Shape{Kind: view.ShapeRect, X: cx + 1.5, Y: cy - bh/2, W: bw, H: bh, Fill: pal.Ink, Role: b.role},
			)
			continue
		}
		shapes = append(shapes, view.Shape{Kind: view.ShapeText, X: tx, Y: b.r.Y + (b.r.H-buttonText)/2 - 1, Text: b.label, Size: buttonText, Fill: pal.Ink, Role: b.role})
	}
	return shapes
}

// fit shortens s with an ellipsis until it fits width at size.
func (c *Controls) fit(s string, size, width float32) string {
	if c.measure(s, size) <= width {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if c.measure(string(r[:mid])+"…", size) <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// Contains reports whether the point is on the chrome.
func (c *Controls) Contains(x, y float32) bool { return y >= c.top }

// Pointer turns the pointer into commands: a press on a button is its
// command; a press on the timeline, and dragging after it, seeks.
func (c *Controls) Pointer(p Pointer, st Status) []Command {
	var out []Command
	c.hover = -1
	if p.Present {
		for i, b := range c.buttons {
			if b.role != "" && b.r.Contains(p.X, p.Y) {
				c.hover = i
			}
		}
	}
	if p.Pressed {
		switch {
		case c.track.Contains(p.X, p.Y):
			c.dragging = true
			c.lastSeek = -1
		case c.hover >= 0:
			out = append(out, c.buttons[c.hover].cmd)
		}
	}
	if c.dragging && (p.Down || p.Pressed || p.Released) && st.Len > 0 && c.bar.W > 0 {
		f := float64((p.X - c.bar.X) / c.bar.W)
		at := int(math.Round(max(0, min(1, f))*float64(st.Len))) - 1
		if at != c.lastSeek {
			out = append(out, Command{Kind: CmdSeek, At: at})
			c.lastSeek = at
		}
	}
	if p.Released || !p.Down && !p.Pressed {
		c.dragging = false
	}
	return out
}

// HasButtons reports whether the last Layout placed any button (the
// focus keys do nothing before it).
func (c *Controls) HasButtons() bool { return len(c.buttons) > 0 }

// FocusNext moves the keyboard focus to the next button (the previous
// with back), wrapping around: Tab and Shift+Tab. Without a focus it
// goes to the first button (the last with back).
func (c *Controls) FocusNext(back bool) {
	n := len(c.buttons)
	if n == 0 {
		return
	}
	dir := 1
	if back {
		dir = -1
	}
	i := c.focus
	for range n {
		switch {
		case i < 0 && dir > 0:
			i = 0
		case i < 0:
			i = n - 1
		default:
			i = (i + dir + n) % n
		}
		if c.buttons[i].role != "" {
			break
		}
	}
	c.focus = i
}

// FocusAtEdge reports whether the focus is on the last button (the first
// with back), from where a Tab (Shift+Tab) would wrap: a host that embeds
// the controls moves its own focus on instead.
func (c *Controls) FocusAtEdge(back bool) bool {
	last, first := -1, -1
	for i, b := range c.buttons {
		if b.role != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	return !back && c.focus == last || back && c.focus == first
}

// HasFocus reports whether a button has the keyboard focus.
func (c *Controls) HasFocus() bool { return c.focus >= 0 }

// Blur drops the keyboard focus (Escape).
func (c *Controls) Blur() { c.focus = -1 }

// Press is the command of the focused button (Enter), or nil.
func (c *Controls) Press() []Command {
	if c.focus >= 0 && c.focus < len(c.buttons) {
		return []Command{c.buttons[c.focus].cmd}
	}
	return nil
}

// Dragging reports whether the timeline is being dragged: the pointer
// belongs to the controls until it is released, wherever it is.
func (c *Controls) Dragging() bool { return c.dragging }

// Focused returns the role of the focused button, or "".
func (c *Controls) Focused() string {
	if c.focus < 0 || c.focus >= len(c.buttons) {
		return ""
	}
	return c.buttons[c.focus].role
}

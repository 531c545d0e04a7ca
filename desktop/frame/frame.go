package frame

import (
	"github.com/gmpbook/gmpbook/desktop/read"
	"github.com/gmpbook/gmpbook/render/view"
)

// Dump is one -frame file: the device pixels per logical pixel of the
// screenshot beside it, and what the mode drew, in logical pixels (Read
// or Present). A test decodes it into Dump[Read] or Dump[Present].
type Dump[M any] struct {
	Scale float64
	Mode  M
}

// Read is what the reading mode drew.
type Read struct {
	Mode      string
	Chapter   string
	Title     string
	Lang      string // the book's and the interface's language: "en", "zh"
	Error     string // the chapter's error, for an error page
	Anchor    string
	Offset    float32
	Scroll    float32
	ScrollMax float32
	Dark      bool
	FontScale float32
	Message   string
	W, H      float32
	List      *read.DisplayList
	Scenes    []Panel
}

// Panel is an inline player of the reading mode.
type Panel struct {
	Key     string
	Box     view.Rect
	Visible view.Rect
	Cursor  int
	Len     int
	Playing bool
	Focused bool
	Frame   *view.Frame
}

// Present is what presentation mode drew.
type Present struct {
	Mode    string // "present"
	Role    string // "audience", "presenter" or "presenter-view"
	Chapter string
	Title   string
	Loading bool   // the slides are still being made
	Error   string // the chapter's error, on an error slide
	ErrorAt string // where it is: file:line:col
	// The position: Slide is 1-based as people count; Step of Steps.
	Slide, Step, Slides, Steps int
	Kind                       string // the slide's kind: title, content, scene, poll
	SlideTitle                 string
	Counter                    string // "slide 2/21 · step 1/2"
	Overview                   bool
	Selected                   int // 1-based
	Blackout                   bool
	Jump                       string
	Help                       bool
	Notice                     string
	Dark                       bool
	W, H                       float32
	Stage                      view.Rect   // the stage in the window
	StageScale                 float32     // window pixels per stage pixel
	BodySize                   float32     // the slide's body type size on the stage after shrinking
	Cells                      []view.Rect // the overview's thumbnails in the window (zero size: scrolled away)
	Scene                      *Scene
	Presenter                  *Link
	List                       *read.DisplayList
}

// Scene is the audience window's player on a scene slide.
type Scene struct {
	Key       string
	Box       view.Rect // window logical pixels
	Event     int       // the event the step seeks to
	Cursor    int       // where the player is
	Len       int
	Playing   bool
	Caption   string // the caption the slide shows (the player's, at its cursor)
	StepText  string // the step's caption in the deck
	Zoom      float32
	Frame     *view.Frame // in the player's own pixels (Zoom window pixels each)
	PlayerBox view.Rect   // the panel's box in the player's pixels
}

// Link is the state of the link between the two windows.
type Link struct {
	Running  bool // the audience window has a presenter window
	Pid      int
	KeysGot  int    // keys the presenter window sent
	Linked   bool   // the presenter window got the audience window's hello
	LinkNote string // why it shows no talk
}

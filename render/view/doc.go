// Package view is everything about the player's picture that can be
// computed without a GPU: the layout of the scheduler world (global run
// queue, each P with its runnext slot and local queue, Ms bound to Ps, idle
// and spinning Ms, Ms stuck in system calls, the netpoller, timers, sysmon,
// per-P timelines), the colour of each goroutine state, the tweens between
// consecutive states, the playback cursor with step back, and a sentence
// for every event.
//
// It turns a core.World (the scheduler rebuilt from the event log) into a
// Frame: a display list of shapes. The Ebiten player in package render
// only draws Frames. This package never imports Ebiten, so it tests on any
// machine. It imports only core: captions arrive as plain Caption values.
//
// # Files
//
//   - palette.go: GState (the state the player shows), the Okabe–Ito
//     Palette indexed by it, TokenStyle (fill, outline, dashes, shape,
//     badge) and the Legend.
//   - recording.go: Recording (the event log with World checkpoints and
//     per-P run spans) and Cursor (stepping, seeking, jumping).
//   - layout.go, layout_wide.go, layout_narrow.go: Layout, World → Frame.
//   - moves.go, route.go: moves drawn as paths (Frame.Moves), routed
//     through the gaps of the picture round its texts and goroutines.
//   - tween.go: Tween, the in-between frames of an animation.
//   - narrate.go: Narrate (one sentence per event) and captions.
//   - text.go, lang.go: the text table and Lang, Say (below).
//
// # Places are fixed, goroutines move
//
// Every place a G can be has a spot that depends only on the frame size and
// the number of Ps (Places lists them; Frame.Places gives their boxes). A G
// is drawn once, as a token at its place, with Shape.G set, so that Tween
// can slide it from one frame's place to the next. A queue longer than its
// spot shows its first tokens and "+N".
//
// # What the view remembers beyond core.World
//
// core.World says where every G is, but not what happened before: that a
// runnable G was just preempted, which P holds a G it is moving (stolen,
// just created, just readied), since when a G runs, or what ran on each P a
// millisecond ago. The Recording folds those from the events next to the
// World and hands them to Layout as a History. Layout of a bare World
// (History nil) is still a correct picture, with less colour.
//
// # Stepping: key events
//
// Stepping with the ⏮/⏭ buttons stops on key events only. Bookkeeping that
// is always followed, at the same instant, by the event that completes it
// is not a stop: GoCreate, GoUnblock, GoKick, GoSched, GoPreempt and Inject
// leave a G in someone's hands until a RunqPut or GlobalPut places it;
// ProcUnidle comes before the Wakep or acquire it serves; ProcIdle,
// ProcStatus and NeedSpinning follow their cause; SysmonWake (every 20µs to
// 10ms), SchedTrace and Output are background. The narration of a stop
// tells everything since the previous stop, so nothing is skipped in
// words. The fine step (StepEventForward/StepEventBack) reaches every event,
// and the jump buttons (NextSteal, NextHandoff, NextPreemption) land on the
// exact event even when it is not a key event. The first event of a
// caption is a stop too.
//
// # Captions
//
// "//> on <event>:" captions start at the first event of their kind (see
// OnNames) and stay until the next caption starts. Line captions need the
// source line each G is at, which the event log does not carry: the caller
// passes it with Recording.SetLineHook (the script VM knows it); without a
// hook, line captions never show.
//
// # Languages: one text table
//
// Every word the player shows is an entry of one table, texts in text.go:
// an id ("steal", "lbl.global", "ctl.motion", "wasm.error") with one fmt
// form per Lang, English and Chinese side by side, so that a sentence and
// its translation are read and changed together. The narration, the
// picture's labels (Layout), render/play's controls and messages, and the
// browser player's messages all come from it through Say(lang, id,
// args…); Options.Lang picks the language of a Frame, and
// Recording.StepNarrationIn and NarrateIn narrate in one. English is the
// default and its forms are exactly the sentences the player always said.
// A Chinese form may reorder the arguments ("%[2]s") but uses the same
// ones, with the same verbs; the space it writes next to an argument goes
// when the argument's text there is Chinese. A sentence is composed of
// table entries (a place, a count, a reason), never of English fragments.
// Chinese forms use chapters/zh/glossary.tsv's terms; G, M, P, runnext,
// sysmon, runtime functions and wait reasons stay as they are; counts
// take a measure word (3 个 G) and never a plural. Tests fail when an id
// lacks a language, when a form's arguments differ, when code asks for an
// id the table lacks, when a Chinese sentence of any event kind keeps an
// English word, or when a glossary "avoid" term appears. A new language
// is a new Lang and a column of forms.
//
// # Drawing a Frame
//
// Shapes are drawn in order. ShapeText is top-left at (X, Y), Size px high,
// in colour Fill; its W is the estimated width (TextWidthPerSize × Size per
// character), which Layout keeps inside its cell. ShapeToken is a G: a
// circle, or a pill when W > H (TokenPill: the wide layout, where the
// name fits on it), or a box with small round corners for TokenSquare,
// filled with Fill, outlined with Stroke (dashed if Dashed), its Text
// ("worker 3", else "G12") centred in Ink at Size, and its Badge, if any,
// small at the top-right corner. A queue is drawn as cells (Role
// "….cell") under its tokens; a P's run queue has a gauge of its fill out
// of 256 ("P0.runq.gauge", ".gauge.fill", ".gauge.half"). Shapes
// whose Role starts with "highlight:" outline the places the current event
// is about. The adapter draws Frame.Narration and Frame.Caption (and its
// controls) outside the Width × Height it gave Layout.
package view

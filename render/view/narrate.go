package view

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// Caption is a scene author's //> narration comment, as plain data (the
// caller converts the script package's captions; view imports only core).
type Caption struct {
	Line   int    // the source line of the statement it belongs to (0 for On captions)
	On     string // for "//> on <event>: text", the event name (steal, handoff, …)
	Text   string
	Poster bool // the author's mark: the scene's poster shows where this caption starts
}

// onKinds maps the names a scene may use in "//> on <name>:" to the event
// kinds that trigger the caption.
var onKinds = map[string][]core.EvKind{
	"steal":    {core.EvSteal},
	"handoff":  {core.EvProcHandoff},
	"retake":   {core.EvProcRetake},
	"preempt":  {core.EvGoPreempt},
	"netpoll":  {core.EvNetpoll},
	"epoll":    {core.EvMNetpoll},
	"overflow": {core.EvRunqOverflow},
	"syscall":  {core.EvGoSysCall},
	"spin":     {core.EvMSpin},
	"park":     {core.EvGoBlock},
	"io":       {core.EvGoBlock}, // a park in IO wait: on the netpoller
	"stack":    {core.EvGoStackGrow},
	"shrink":   {core.EvGoStackShrink},
	"timer":    {core.EvTimerFire},
	"create":   {core.EvGoCreate},
	"gosched":  {core.EvGoSched},
	"global":   {core.EvGlobalGet},
	"fairness": {core.EvGlobalGet},
	"exit":     {core.EvGoEnd},
	"deadlock": {core.EvDeadlock},
	"stw":      {core.EvSTWStart},
}

// OnNames lists the event names "//> on <name>:" captions may use, sorted.
func OnNames() []string {
	out := make([]string, 0, len(onKinds))
	for k := range onKinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// OnKinds returns the event kinds an "on" caption name stands for.
func OnKinds(name string) ([]core.EvKind, bool) {
	k, ok := onKinds[strings.ToLower(strings.TrimSpace(name))]
	return k, ok
}

// captionTrigger: caption c applies from event idx on.
type captionTrigger struct {
	idx int
	c   int // index into Captions
}

// onMatches reports whether e triggers an "on" caption named name.
func onMatches(name string, e *core.Event) bool {
	kinds, ok := OnKinds(name)
	if !ok || !hasKind(kinds, e.Kind) {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "fairness":
		return e.Why == core.SrcFairness
	case "netpoll":
		return e.N > 0 // a poll that found goroutines, not an empty look
	case "io":
		// netpoll.go:poll_runtime_pollWait → netpollblock parks the
		// reader with waitReasonIOWait.
		return e.Wait == core.WaitIOWait
	}
	return true
}

// triggerFold finds, for each caption, the event it starts at, as the
// events arrive. An On caption starts at the first event of its kind. A
// line caption (when the Recording has Lines) starts where the first op
// that code on its line handed the simulator has had its effect: at the
// last of the events that op caused at once — the events from the one
// right after the op was taken, at that instant, until another op is
// taken. A caption on a go statement thus starts once the new G has been
// created and queued (in runnext, with the old one kicked), one on a send
// once the receiver is readied. Which event that is becomes known with the
// next event, so in an open Recording the line captions of the last event
// folded are still pending.
//
// Captions are about the scene's own code: the runtime's start-up (before
// main.main) triggers none — unless the log has no MainStart at all (a run
// cut short during start-up), which is known only once the Recording is
// closed; then every event may.
type triggerFold struct {
	done   []bool        // caption triggered (or pending)
	byLine map[int][]int // line → its captions
	main   int           // index of the MainStart event, -1 until seen
	pend   []int         // line captions waiting for the end of their op's effect
	pendAt int           // the event where pend's op took effect
}

func (f *triggerFold) init(r *Recording) {
	r.triggers = r.triggers[:0]
	f.done = make([]bool, len(r.Captions))
	f.byLine = map[int][]int{}
	f.main = -1
	f.pend = f.pend[:0]
	for ci, c := range r.Captions {
		if c.On == "" && c.Line > 0 {
			f.byLine[c.Line] = append(f.byLine[c.Line], ci)
		}
	}
}

// add folds event i.
func (f *triggerFold) add(r *Recording, i int, e *core.Event) {
	if f.main < 0 {
		if e.Kind != core.EvMainStart {
			return
		}
		f.main = i
	}
	f.match(r, i, e)
}

// close handles the end of the log: the pending captions start at its last
// event, and a complete log without a MainStart is folded whole.
func (f *triggerFold) close(r *Recording) {
	if f.main < 0 {
		for i := range r.Events {
			f.match(r, i, &r.Events[i])
		}
	}
	f.settle(r, len(r.Events)-1)
}

// settle starts the pending line captions at event j.
func (f *triggerFold) settle(r *Recording, j int) {
	for _, ci := range f.pend {
		r.triggers = append(r.triggers, captionTrigger{j, ci})
	}
	f.pend = f.pend[:0]
}

// match adds the triggers of the captions event i sets off: the pending
// line captions settle before it when it is a later instant or follows
// another op; then the line captions of the code that caused it wait, and
// the captions on its kind start.
func (f *triggerFold) match(r *Recording, i int, e *core.Event) {
	var ran []int32
	if r.lines != nil && len(f.byLine) > 0 {
		ran = r.lines.Ran(i)
	}
	if len(f.pend) > 0 && (len(ran) > 0 || e.T != r.Events[f.pendAt].T) {
		f.settle(r, i-1)
	}
	for _, l := range ran {
		for _, ci := range f.byLine[int(l)] {
			if !f.done[ci] {
				f.done[ci] = true
				f.pend = append(f.pend, ci)
				f.pendAt = i
			}
		}
	}
	for ci, c := range r.Captions {
		if !f.done[ci] && c.On != "" && onMatches(c.On, e) {
			f.done[ci] = true
			r.triggers = append(r.triggers, captionTrigger{i, ci})
		}
	}
}

// SetLines gives the Recording the scene's source lines, so that line
// captions (a //> comment on or above a statement) show from the first
// event that code on their line causes. nil removes them.
func (r *Recording) SetLines(l Lines) {
	r.lines = l
	r.trig.init(r)
	for i := range r.folded {
		r.trig.add(r, i, &r.Events[i])
	}
	if r.closed {
		r.trig.close(r)
	}
}

// CaptionAt is the text of the caption that applies after event i: the one
// triggered last at or before i ("" if none yet). A caption stays until the
// next one is triggered. Captions that start at the same event are shown
// together, in the order they were triggered, joined by "; ".
func (r *Recording) CaptionAt(i int) string {
	k := sort.Search(len(r.triggers), func(j int) bool { return r.triggers[j].idx > i })
	if k == 0 {
		return ""
	}
	at := r.triggers[k-1].idx
	j := k - 1
	for j > 0 && r.triggers[j-1].idx == at {
		j--
	}
	if j == k-1 {
		return r.Captions[r.triggers[j].c].Text
	}
	texts := make([]string, 0, k-j)
	for _, t := range r.triggers[j:k] {
		texts = append(texts, r.Captions[t.c].Text)
	}
	return strings.Join(texts, "; ")
}

// CaptionStarts lists the event indices where a caption starts, in order
// and each once: the player pauses there in step mode.
// PosterStart is the event the caption the author marked for the poster
// ("//> poster: …") starts at, or -1 when no caption is marked or the
// marked one is never shown.
func (r *Recording) PosterStart() int {
	for _, t := range r.triggers {
		if r.Captions[t.c].Poster {
			return t.idx
		}
	}
	return -1
}

func (r *Recording) CaptionStarts() []int {
	out := make([]int, 0, len(r.triggers))
	for _, t := range r.triggers {
		if n := len(out); n == 0 || out[n-1] != t.idx {
			out = append(out, t.idx)
		}
	}
	return out
}

// Sentence narrates event i on its own, with the World before it, in
// English.
func (r *Recording) Sentence(i int) string { return r.SentenceIn(English, i) }

// SentenceIn is Sentence in language l.
func (r *Recording) SentenceIn(l Lang, i int) string {
	if i < 0 || i >= len(r.Events) {
		return ""
	}
	st := r.stateAt(i - 1)
	return narrate(st.w, &r.Events[i], r.ctx(l, st, i))
}

func (r *Recording) ctx(l Lang, st *state, i int) *narrCtx {
	c := &narrCtx{lang: l, since: st.n.since, names: r.names.byID}
	if i+1 < len(r.Events) {
		c.next = &r.Events[i+1]
	}
	return c
}

// maxStepSentences bounds a step's narration.
const maxStepSentences = 6

// StepNarration is what the player says after event i, in English. At a
// stop it tells everything since the previous stop (the bookkeeping that
// led to it, then the event itself), leaving out background events;
// elsewhere it is the event's own sentence.
func (r *Recording) StepNarration(i int) string { return r.StepNarrationIn(English, i) }

// StepNarrationIn is StepNarration in language l.
func (r *Recording) StepNarrationIn(l Lang, i int) string {
	if i < 0 || i >= len(r.Events) {
		return ""
	}
	if !r.IsStop(i) {
		return r.SentenceIn(l, i)
	}
	from := r.prevStop(i) + 1
	st := r.stateAt(from - 1)
	var parts []string
	repeats := 0 // how many times the last part came again
	skipped := 0
	flush := func() {
		if repeats > 0 {
			parts[len(parts)-1] += Say(l, "step.repeat", repeats+1)
			repeats = 0
		}
	}
	for k := from; k <= i; k++ {
		e := &r.Events[k]
		if k == i || !silentKinds[e.Kind] {
			c := r.ctx(l, st, k)
			sent := narrate(st.w, e, c)
			switch {
			case len(parts) > 0 && parts[len(parts)-1] == sent:
				// The same sentence again (sysmon waking every 20µs):
				// said once, with a count.
				repeats++
			case len(parts) > 0 && repeats == 0 && restates(parts[len(parts)-1], sent, c.gname(e.G)):
				// The bookkeeping event says again what the one before
				// already said ("G1 was made runnable; it went to
				// runnext." then "G1 went to runnext.").
			default:
				flush()
				parts = append(parts, sent)
			}
		}
		st.apply(e)
	}
	flush()
	if len(parts) > maxStepSentences {
		skipped = len(parts) - maxStepSentences
		parts = parts[skipped:]
	}
	s := strings.Join(parts, sentenceSep(l))
	if skipped > 0 {
		s = Say(l, "step.earlier", skipped, s)
	}
	return s
}

// sentenceSep goes between the sentences of a step: a space in English,
// nothing in Chinese (a sentence ends with a full-width 。).
func sentenceSep(l Lang) string {
	if l == Chinese {
		return ""
	}
	return " "
}

// restates reports whether sentence s, about goroutine g, only says again
// what prev says: without its subject, s is part of prev.
func restates(prev, s, g string) bool {
	rest, ok := strings.CutPrefix(s, g+" ")
	return ok && len(rest) >= 16 && strings.Contains(prev, rest)
}

// narrCtx is what a Recording knows beyond the World before the event,
// and the language to say it in.
type narrCtx struct {
	lang  Lang
	since map[int64]core.Time // when running Gs started running
	next  *core.Event         // the event after this one
	names map[int64]string    // goroutine names (nil: G numbers only)
}

// say is Say in the context's language (English without a context).
func (c *narrCtx) say(id string, args ...any) string {
	if c == nil {
		return Say(English, id, args...)
	}
	return Say(c.lang, id, args...)
}

// gname names goroutine id in a sentence: "worker·3 (G14)", or "G14".
func (c *narrCtx) gname(id int64) string {
	if id == 0 {
		return c.say("g.none")
	}
	if c == nil {
		return gname(id)
	}
	return gLabel(c.names, id)
}

// plural is n of something, from the table's id+".1" (n == 1) or id.
func (c *narrCtx) plural(n int64, id string) string {
	if n == 1 {
		return c.say(id+".1", n)
	}
	return c.say(id, n)
}

// Narrate says in plain English what event e does, given the World w
// just before it. Every event kind has a sentence.
func Narrate(w *core.World, e *core.Event) string { return narrate(w, e, nil) }

// NarrateIn is Narrate in language l.
func NarrateIn(l Lang, w *core.World, e *core.Event) string {
	return narrate(w, e, &narrCtx{lang: l})
}

func gname(id int64) string {
	if id == 0 {
		return "no G"
	}
	return fmt.Sprintf("G%d", id)
}

func pname(p int32) string { return fmt.Sprintf("P%d", p) }
func mname(m int32) string { return fmt.Sprintf("M%d", m) }

// wherePlaced says where RunqPut/GoUnblock/GoPreempt put a G.
func (c *narrCtx) wherePlaced(why core.Reason, p int32) string {
	switch why {
	case core.DestRunnext:
		if p < 0 {
			return c.say("place.runnext.any")
		}
		return c.say("place.runnext", pname(p))
	case core.DestRunqTail:
		if p < 0 {
			return c.say("place.global.tail")
		}
		return c.say("place.runq", pname(p))
	case core.DestGlobalTail:
		return c.say("place.global.tail")
	case core.DestGlobalHead:
		return c.say("place.global.head")
	}
	if p >= 0 {
		return pname(p)
	}
	return c.say("place.global")
}

func runqLen(w *core.World, p int32) int {
	if pv := w.P(p); pv != nil {
		return len(pv.Runq)
	}
	return 0
}

func schedtick(w *core.World, p int32) int64 {
	if pv := w.P(p); pv != nil {
		return pv.Schedtick
	}
	return 0
}

// fixedSentences are the ids of the events that say the same thing every
// time: their forms take the event's G, P and M as %[1]s, %[2]s, %[3]s.
var fixedSentences = [...]string{
	core.EvGoLockOS:     "fixed.GoLockOS",
	core.EvGoUnlockOS:   "fixed.GoUnlockOS",
	core.EvGoKick:       "fixed.GoKick",
	core.EvProcAcquire:  "fixed.ProcAcquire",
	core.EvProcRelease:  "fixed.ProcRelease",
	core.EvProcIdle:     "fixed.ProcIdle",
	core.EvProcUnidle:   "fixed.ProcUnidle",
	core.EvMExit:        "fixed.MExit",
	core.EvNetpollBreak: "fixed.NetpollBreak",
	core.EvSTWDone:      "fixed.STWDone",
	core.EvMainStart:    "fixed.MainStart",
}

func narrate(w *core.World, e *core.Event, c *narrCtx) string {
	g, p, m := c.gname(e.G), pname(e.P), mname(e.M)
	if int(e.Kind) < len(fixedSentences) && fixedSentences[e.Kind] != "" {
		return c.say(fixedSentences[e.Kind], g, p, m)
	}
	switch e.Kind {
	case core.EvGoCreate:
		what := ""
		if fn := e.GoFunc(); fn != "" {
			what = c.say("create.what", fn)
		}
		reuse := ""
		if e.Flag {
			reuse = c.say("create.reuse")
		}
		on := ""
		if e.P >= 0 {
			on = c.say("create.on", p)
		}
		switch {
		case e.Why == core.TimerFunc:
			return c.say("create.timer", m, g, on, what)
		case e.G2 == 0:
			return c.say("create.process", g, on, what)
		case e.Arg == 1:
			return c.say("create.runtime", c.gname(e.G2), g, what)
		}
		return c.say("create", c.gname(e.G2), g, on, what, reuse)
	case core.EvGoStart:
		return narrateStart(w, e, c)
	case core.EvGoBlock:
		switch e.Wait {
		case core.WaitIOWait:
			return c.say("block.io", g, e.N, m)
		case core.WaitSleep:
			return c.say("block.sleep", g, p)
		case core.WaitSemacquire:
			if e.N < 0 {
				// core/print.go: a print waiting for the file's write lock.
				stream := c.say("stream.stdout")
				if e.N == -2 {
					stream = c.say("stream.stderr")
				}
				return c.say("block.print", g, stream, p)
			}
		}
		obj := ""
		if e.N > 0 {
			obj = c.say("block.obj", e.N)
		}
		return c.say("block", g, e.Wait, obj, p)
	case core.EvGoUnblock:
		if e.G2 != 0 {
			return c.say("unblock.by", c.gname(e.G2), g, c.wherePlaced(e.Why, e.P))
		}
		return c.say("unblock", g, c.wherePlaced(e.Why, e.P))
	case core.EvGoSched:
		return c.say("gosched", g, p, c.wherePlaced(e.Why, -1))
	case core.EvGoPreempt:
		how := c.say("preempt.coop")
		if e.Why == core.PreemptAsync {
			how = c.say("preempt.async")
		}
		ran := ""
		if c != nil {
			if t, ok := c.since[e.G]; ok {
				ran = c.say("preempt.ran", core.FormatDurationShort(int64(e.T-t)))
			}
		}
		dest := c.say("preempt.global")
		if e.P2 >= 0 {
			dest = c.say("preempt.stw", pname(e.P2))
		}
		return c.say("preempt", g, how, ran, dest)
	case core.EvPreemptReq:
		who := c.say("preemptreq.sysmon")
		why := c.say("preemptreq.long")
		if w.STW {
			who, why = c.say("preemptreq.stw"), ""
		}
		sig := ""
		if e.Flag {
			sig = c.say("preemptreq.signal", m)
		}
		return c.say("preemptreq", who, g, p, why, sig)
	case core.EvGoSysCall:
		if e.Flag {
			return c.say("syscall.blocking", g, m, core.FormatDurationShort(e.N), p)
		}
		return c.say("syscall", g, m, core.FormatDurationShort(e.N), p)
	case core.EvGoSysExit:
		switch e.Why {
		case core.ExitFast:
			return c.say("sysexit.fast", g, m, p, g)
		case core.ExitStoleOldP:
			return c.say("sysexit.stole", g, m, p)
		case core.ExitIdleP:
			return c.say("sysexit.idle", g, m, p)
		case core.ExitNoP:
			return c.say("sysexit.nop", g, g, m)
		}
		return c.say("sysexit", g, m)
	case core.EvGoEnd:
		where := c.say("end.local", p)
		if e.Why == core.DestGFreeGlobal {
			where = c.say("end.global")
		}
		return c.say("end", g, where)
	case core.EvPrint:
		to := c.say("print")
		if e.N == 2 {
			to = c.say("print.err")
		}
		return c.say("print.say", g, to, e.Text)
	case core.EvRunqPut:
		if e.Why == core.DestRunnext {
			return c.say("runqput.next", g, c.wherePlaced(e.Why, e.P))
		}
		return c.say("runqput", g, p, runqLen(w, e.P)+1)
	case core.EvRunqOverflow:
		return c.say("runqoverflow", p, g, c.plural(e.N-1, "n.G"))
	case core.EvGlobalPut:
		return c.say("globalput", g, c.wherePlaced(e.Why, -1), len(w.Global)+1)
	case core.EvGlobalGet:
		if e.Why == core.SrcFairness {
			return c.say("globalget.61", p, g, schedtick(w, e.P))
		}
		if e.N <= 1 {
			return c.say("globalget.one", p, g)
		}
		return c.say("globalget", p, e.N, len(w.Global), g, e.N-1)
	case core.EvSteal:
		if e.Flag {
			return c.say("steal.runnext", p, g, pname(e.P2), e.Arg, g)
		}
		return c.say("steal", p, c.plural(e.N, "n.G"), pname(e.P2), runqLen(w, e.P2), g)
	case core.EvInject:
		if e.Arg == e.N || e.P < 0 {
			return c.say("inject.all", c.plural(e.N, "n.Gbecame"))
		}
		return c.say("inject", c.plural(e.N, "n.Gbecame"), e.Arg, p)
	case core.EvProcHandoff:
		return c.say("handoff", p, c.handoffWhy(e.Why))
	case core.EvProcRetake:
		victim := m
		if e.M < 0 {
			victim = c.say("retake.athread")
		}
		if e.P < 0 {
			p = c.say("retake.aP")
		}
		what := ""
		if e.G != 0 {
			// "(worker, G21)", not "(worker (G21))".
			what = c.say("retake.what", strings.TrimSuffix(strings.Replace(g, " (G", ", G", 1), ")"))
		}
		switch {
		case e.Why == core.BySTW || (e.Why == core.RNone && w.STW):
			return c.say("retake.stw", p, victim, what)
		case c != nil && c.next != nil && c.next.Kind == core.EvGoSysExit && c.next.P == e.P:
			return c.say("retake.back", mname(c.next.M), p, victim, what)
		case e.Why == core.ByExitsyscall:
			return c.say("retake.exitsyscall", p, victim, what)
		}
		return c.say("retake", p, victim, what)
	case core.EvProcStatus:
		switch core.PStatus(e.N) {
		case core.Psyscall:
			return c.say("pstatus.syscall", p)
		case core.Pgcstop:
			return c.say("pstatus.gcstop", p)
		}
		return c.say("pstatus", p, core.PStatus(e.N))
	case core.EvProcResize:
		return c.say("procresize", e.N, e.Arg)
	case core.EvProcDestroy:
		if e.N == 0 {
			return c.say("procdestroy.empty", p)
		}
		return c.say("procdestroy", p, c.plural(e.N, "n.G"))
	case core.EvMCreate:
		switch e.Arg {
		case core.MCreateSysmon:
			return c.say("mcreate.sysmon", m)
		case core.MCreateTemplate:
			return c.say("mcreate.template", m)
		}
		spin := ""
		if e.Flag {
			spin = c.say("mcreate.spin")
		}
		if e.P >= 0 {
			return c.say("mcreate.forp", m, p, spin)
		}
		return c.say("mcreate", m, spin)
	case core.EvMPark:
		if e.Flag {
			return c.say("mpark.locked", m, g)
		}
		return c.say("mpark", m)
	case core.EvMUnpark:
		spin := ""
		if e.Flag {
			spin = c.say("munpark.spin")
		}
		return c.say("munpark", m, p, spin)
	case core.EvMSpin:
		why := ""
		switch e.Why {
		case core.SpinWakep:
			why = c.say("mspin.wakep")
		case core.SpinSelf:
			why = c.say("mspin.self")
		case core.SpinHandoff:
			why = c.say("mspin.handoff")
		case core.SpinRecheck:
			why = c.say("mspin.recheck")
		case core.SpinNeedSpinning:
			why = c.say("mspin.needspinning")
		}
		where := ""
		if e.P >= 0 {
			where = c.say("mspin.on", p)
		}
		return c.say("mspin", m, where, why)
	case core.EvMSpinStop:
		if e.Flag {
			return c.say("mspinstop.found", m)
		}
		return c.say("mspinstop", m)
	case core.EvMNetpoll:
		if e.Arg == 0 {
			return c.say("mnetpoll", m)
		}
		return c.say("mnetpoll.timeout", m, core.FormatDurationShort(e.Arg))
	case core.EvMNetpollWake:
		why := c.say("mnetpollwake.woken")
		switch e.Why {
		case core.WakeIO:
			why = c.say("mnetpollwake.io")
		case core.WakeTimer:
			why = c.say("mnetpollwake.timer")
		case core.WakeBreak:
			why = c.say("mnetpollwake.break")
		}
		return c.say("mnetpollwake", m, why)
	case core.EvMLockedHand:
		return c.say("mlockedhand", m, p, mname(int32(e.Arg)), g)
	case core.EvWakep:
		switch e.Why {
		case core.WakepStarted:
			if e.P < 0 {
				return c.say("wakep.started.any")
			}
			return c.say("wakep.started", p)
		case core.WakepAlreadySpinning:
			return c.say("wakep.spinning")
		case core.WakepNoIdleP:
			return c.say("wakep.noidle")
		}
		return c.say("wakep")
	case core.EvNeedSpinning:
		if e.N != 0 {
			return c.say("needspinning.set")
		}
		return c.say("needspinning.cleared")
	case core.EvMSleep:
		return c.say("msleep", m, core.FormatDurationShort(e.Arg), pname(e.P2), pname(e.P2))
	case core.EvSysmonWake:
		if e.Flag {
			return c.say("sysmonwake.deep")
		}
		return c.say("sysmonwake", core.FormatDurationShort(e.N))
	case core.EvSysmonSleep:
		return c.say("sysmonsleep", core.FormatDurationShort(e.Arg))
	case core.EvTimerAdd, core.EvTimerFire, core.EvTimerMod, core.EvTimerDel:
		if e.G == 0 && e.N != 0 || e.Kind == core.EvTimerMod || e.Kind == core.EvTimerDel {
			return c.narrateTimeTimer(e)
		}
	}
	switch e.Kind {
	case core.EvTimerAdd:
		if e.P < 0 {
			return c.say("timeradd.nop", g, core.FormatDurationShort(e.Arg))
		}
		if e.P2 >= 0 {
			return c.say("timeradd.moved", g, pname(e.P2), p, core.FormatDurationShort(e.Arg))
		}
		return c.say("timeradd", g, p, core.FormatDurationShort(e.Arg))
	case core.EvTimerFire:
		if e.P < 0 || e.M < 0 {
			return c.say("timerfire.nopm", g)
		}
		if e.P2 >= 0 && e.P2 != e.P {
			return c.say("timerfire.other", g, m, p, pname(e.P2), g)
		}
		return c.say("timerfire", g, m, p)
	case core.EvIOReady:
		if e.G == 0 {
			return c.say("ioready.nog", e.N)
		}
		return c.say("ioready", e.N, g)
	case core.EvNetpoll:
		who := c.say("netpoll.m", m)
		if mv := w.M(e.M); mv != nil && mv.Sysmon {
			who = c.say("netpoll.sysmon")
		} else if e.M < 0 {
			who = c.say("netpoll.runtime")
		}
		how := ""
		switch e.Why {
		case core.PollNonBlocking:
			how = c.say("netpoll.nonblocking")
		case core.PollBlocking:
			how = c.say("netpoll.blocking")
		case core.PollSysmon:
			how = c.say("netpoll.bysysmon")
		case core.PollSTW:
			how = c.say("netpoll.stw")
		}
		if e.N == 0 {
			return c.say("netpoll.none", who, how)
		}
		return c.say("netpoll", who, how, c.plural(e.N, "n.Gwas"))
	case core.EvSchedTrace:
		if e.Snap != nil {
			line, _, _ := strings.Cut(e.Snap.Format(), "\n")
			return c.say("schedtrace", line)
		}
		return c.say("schedtrace.none")
	case core.EvSTWStart:
		return c.say("stwstart", g, e.N)
	case core.EvGoStackGrow:
		return c.say("stack.grow", g, stackBytes(e.N), stackBytes(e.Arg))
	case core.EvGoStackShrink:
		return c.say("stack.shrink", g, stackBytes(e.Arg), stackBytes(e.N))
	case core.EvOutput:
		return c.say("output", e.Text)
	case core.EvDeadlock:
		return c.say("deadlock", e.Text)
	case core.EvExit:
		return c.say("exit", e.N)
	case core.EvLimit:
		return c.say("limit", e.Text)
	}
	return c.say("event", e.Kind)
}

// narrateTimeTimer tells the events of a timer of package time.
func (c *narrCtx) narrateTimeTimer(e *core.Event) string {
	p, m := pname(e.P), mname(e.M)
	what := c.say("ttimer.chan", e.N)
	if e.Why == core.TimerFunc {
		what = c.say("ttimer.func", e.N)
	}
	at := core.FormatDurationShort(e.Arg)
	switch e.Kind {
	case core.EvTimerAdd:
		if e.P2 >= 0 {
			return c.say("ttimer.moved", what, pname(e.P2), p, at)
		}
		if e.Why == core.TimerFunc {
			return c.say("ttimer.addfunc", what, p, at)
		}
		return c.say("ttimer.addchan", what, p, at)
	case core.EvTimerFire:
		by := c.say("ttimer.by", m, p)
		switch {
		case e.P < 0 || e.M < 0:
			by = c.say("ttimer.by.ran")
		case e.P2 < 0:
			by = c.say("ttimer.by.recv", m)
		case e.P2 != e.P:
			by = c.say("ttimer.by.other", m, p, pname(e.P2))
		}
		then := c.say("ttimer.send")
		if e.Why == core.TimerFunc {
			then = c.say("ttimer.start")
		}
		next := ""
		if e.Arg != 0 {
			next = c.say("ttimer.next", at)
		}
		return c.say("ttimer.fire", what, by, then, next)
	case core.EvTimerMod:
		if e.Flag {
			return c.say("ttimer.stopped", what, p)
		}
		return c.say("ttimer.mod", what, p, at, p)
	}
	return c.say("ttimer.del", what, p)
}

func (c *narrCtx) handoffWhy(r core.Reason) string {
	switch r {
	case core.HandoffWork:
		return c.say("handoff.work")
	case core.HandoffSpinner:
		return c.say("handoff.spinner")
	case core.HandoffGCStop:
		return c.say("handoff.gcstop")
	case core.HandoffGlobal:
		return c.say("handoff.global")
	case core.HandoffLastPoller:
		return c.say("handoff.lastpoller")
	case core.HandoffIdle:
		return c.say("handoff.idle")
	}
	return c.say("handoff.other")
}

func narrateStart(w *core.World, e *core.Event, c *narrCtx) string {
	g, p, m := c.gname(e.G), pname(e.P), mname(e.M)
	var from string
	switch e.Why {
	case core.SrcRunnext:
		from = c.say("start.runnext")
	case core.SrcLocal:
		from = c.say("start.local")
	case core.SrcFairness:
		from = c.say("start.fairness")
	case core.SrcGlobal:
		from = c.say("start.global")
	case core.SrcNetpoll:
		from = c.say("start.netpoll")
	case core.SrcSteal:
		from = c.say("start.steal")
	case core.SrcTimer:
		from = c.say("start.timer")
	case core.SrcLocked:
		return c.say("start.locked", m, g, p)
	case core.SrcSyscall:
		return c.say("start.syscall", g, p, m)
	case core.SrcResume:
		return c.say("start.resume", g)
	}
	slice := c.say("start.tick", e.N)
	if e.Flag {
		slice = c.say("start.inherit")
	}
	return c.say("start", p, m, g, from, slice)
}

// stackBytes writes a stack size (a power of two of at least 2 KB) as
// "8 KB" or "2 MB".
func stackBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

package view

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// Caption is a scene author's //> narration comment, as plain data (the
// caller converts the script package's captions; view imports only core).
type Caption struct {
	Line int    // the source line of the statement it belongs to (0 for On captions)
	On   string // for "//> on <event>: text", the event name (steal, handoff, …)
	Text string
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
func (r *Recording) CaptionStarts() []int {
	out := make([]int, 0, len(r.triggers))
	for _, t := range r.triggers {
		if n := len(out); n == 0 || out[n-1] != t.idx {
			out = append(out, t.idx)
		}
	}
	return out
}

// Sentence narrates event i on its own, with the World before it.
func (r *Recording) Sentence(i int) string {
	if i < 0 || i >= len(r.Events) {
		return ""
	}
	st := r.stateAt(i - 1)
	return narrate(st.w, &r.Events[i], r.ctx(st, i))
}

func (r *Recording) ctx(st *state, i int) *narrCtx {
	c := &narrCtx{since: st.n.since, names: r.names.byID}
	if i+1 < len(r.Events) {
		c.next = &r.Events[i+1]
	}
	return c
}

// maxStepSentences bounds a step's narration.
const maxStepSentences = 6

// StepNarration is what the player says after event i. At a stop it tells
// everything since the previous stop (the bookkeeping that led to it, then
// the event itself), leaving out background events; elsewhere it is the
// event's own sentence.
func (r *Recording) StepNarration(i int) string {
	if i < 0 || i >= len(r.Events) {
		return ""
	}
	if !r.IsStop(i) {
		return r.Sentence(i)
	}
	from := r.prevStop(i) + 1
	st := r.stateAt(from - 1)
	var parts []string
	repeats := 0 // how many times the last part came again
	skipped := 0
	flush := func() {
		if repeats > 0 {
			parts[len(parts)-1] += fmt.Sprintf(" (×%d)", repeats+1)
			repeats = 0
		}
	}
	for k := from; k <= i; k++ {
		e := &r.Events[k]
		if k == i || !silentKinds[e.Kind] {
			sent := narrate(st.w, e, r.ctx(st, k))
			switch {
			case len(parts) > 0 && parts[len(parts)-1] == sent:
				// The same sentence again (sysmon waking every 20µs):
				// said once, with a count.
				repeats++
			case len(parts) > 0 && repeats == 0 && restates(parts[len(parts)-1], sent, gLabel(r.names.byID, e.G)):
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
	s := strings.Join(parts, " ")
	if skipped > 0 {
		s = fmt.Sprintf("(%d earlier events.) %s", skipped, s)
	}
	return s
}

// restates reports whether sentence s, about goroutine g, only says again
// what prev says: without its subject, s is part of prev.
func restates(prev, s, g string) bool {
	rest, ok := strings.CutPrefix(s, g+" ")
	return ok && len(rest) >= 16 && strings.Contains(prev, rest)
}

// narrCtx is what a Recording knows beyond the World before the event.
type narrCtx struct {
	since map[int64]core.Time // when running Gs started running
	next  *core.Event         // the event after this one
	names map[int64]string    // goroutine names (nil: G numbers only)
}

// gname names goroutine id in a sentence: "worker·3 (G14)", or "G14".
func (c *narrCtx) gname(id int64) string {
	if c == nil {
		return gname(id)
	}
	return gLabel(c.names, id)
}

// Narrate says in plain words what event e does, given the World w just
// before it. Every event kind has a sentence.
func Narrate(w *core.World, e *core.Event) string { return narrate(w, e, nil) }

func gname(id int64) string {
	if id == 0 {
		return "no G"
	}
	return fmt.Sprintf("G%d", id)
}

func pname(p int32) string { return fmt.Sprintf("P%d", p) }
func mname(m int32) string { return fmt.Sprintf("M%d", m) }

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// wherePlaced says where RunqPut/GoUnblock/GoPreempt put a G.
func wherePlaced(why core.Reason, p int32) string {
	switch why {
	case core.DestRunnext:
		if p < 0 {
			return "a runnext slot"
		}
		return fmt.Sprintf("%s's runnext slot, so it runs next", pname(p))
	case core.DestRunqTail:
		if p < 0 {
			return "the tail of the global queue"
		}
		return fmt.Sprintf("the tail of %s's run queue", pname(p))
	case core.DestGlobalTail:
		return "the tail of the global queue"
	case core.DestGlobalHead:
		return "the head of the global queue"
	}
	if p >= 0 {
		return pname(p)
	}
	return "the global queue"
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

// fixedSentences tell the events that say the same thing every time, with
// the event's G, P and M in place of {G}, {P} and {M}.
var fixedSentences = [...]string{
	core.EvGoLockOS:     "{G} locked itself to thread {M} (LockOSThread): only {M} may run it now.",
	core.EvGoUnlockOS:   "{G} unlocked itself from {M}.",
	core.EvGoKick:       "{G} was pushed out of {P}'s runnext slot to the tail of its run queue.",
	core.EvProcAcquire:  "{M} acquired {P}.",
	core.EvProcRelease:  "{M} released {P}.",
	core.EvProcIdle:     "{P} had nothing to run and went on the idle P list.",
	core.EvProcUnidle:   "{P} was taken off the idle P list.",
	core.EvMExit:        "{M} exited: the G locked to it ended while still locked.",
	core.EvNetpollBreak: "netpollBreak woke the blocked poller {M} so it recomputes its timeout.",
	core.EvSTWDone:      "The world restarted.",
	core.EvMainStart:    "main.main begins on {P}: the runtime's own start-up is done.",
}

func narrate(w *core.World, e *core.Event, c *narrCtx) string {
	g, p, m := c.gname(e.G), pname(e.P), mname(e.M)
	if int(e.Kind) < len(fixedSentences) && fixedSentences[e.Kind] != "" {
		s := strings.ReplaceAll(fixedSentences[e.Kind], "{G}", g)
		return strings.ReplaceAll(strings.ReplaceAll(s, "{P}", p), "{M}", m)
	}
	switch e.Kind {
	case core.EvGoCreate:
		what := ""
		if fn := e.GoFunc(); fn != "" {
			what = " to run " + fn
		}
		reuse := ""
		if e.Flag {
			reuse = ", reusing the struct of a dead G"
		}
		on := ""
		if e.P >= 0 {
			on = " on " + p
		}
		switch {
		case e.Why == core.TimerFunc:
			return fmt.Sprintf("An AfterFunc timer fired: %s started %s%s%s, into the runnext slot of the P that ran the timer.", m, g, on, what)
		case e.G2 == 0:
			return fmt.Sprintf("The process started: %s was created%s%s.", g, on, what)
		case e.Arg == 1:
			return fmt.Sprintf("%s started the runtime goroutine %s%s.", c.gname(e.G2), g, what)
		}
		return fmt.Sprintf("%s created %s%s%s%s.", c.gname(e.G2), g, on, what, reuse)
	case core.EvGoStart:
		return narrateStart(w, e, c)
	case core.EvGoBlock:
		switch e.Wait {
		case core.WaitIOWait:
			return fmt.Sprintf("%s waited for data on fd %d: it parked in the netpoller, and %s was free for other Gs.", g, e.N, m)
		case core.WaitSleep:
			return fmt.Sprintf("%s called time.Sleep and parked; %s looked for another G.", g, p)
		case core.WaitSemacquire:
			if e.N < 0 {
				// core/print.go: a print waiting for the file's write lock.
				stream := "standard output"
				if e.N == -2 {
					stream = "standard error"
				}
				return fmt.Sprintf("%s wants to print, but another goroutine is writing to %s: it parked on the file's write lock; %s looked for another G.", g, stream, p)
			}
		}
		obj := ""
		if e.N > 0 {
			obj = fmt.Sprintf(" (object %d)", e.N)
		}
		return fmt.Sprintf("%s blocked on %s%s and parked; %s looked for another G.", g, e.Wait, obj, p)
	case core.EvGoUnblock:
		if e.G2 != 0 {
			return fmt.Sprintf("%s made %s runnable; it went to %s.", c.gname(e.G2), g, wherePlaced(e.Why, e.P))
		}
		return fmt.Sprintf("%s was made runnable; it went to %s.", g, wherePlaced(e.Why, e.P))
	case core.EvGoSched:
		return fmt.Sprintf("%s called runtime.Gosched: it gave up %s and went to %s.", g, p, wherePlaced(e.Why, -1))
	case core.EvGoPreempt:
		how := "cooperatively (at a function call)"
		if e.Why == core.PreemptAsync {
			how = "asynchronously (SIGURG)"
		}
		ran := ""
		if c != nil {
			if t, ok := c.since[e.G]; ok {
				ran = " after running " + core.FormatDurationShort(int64(e.T-t))
			}
		}
		dest := "went to the global queue"
		if e.P2 >= 0 {
			dest = fmt.Sprintf("went to %s's runnext slot: a stop-the-world is pending", pname(e.P2))
		}
		return fmt.Sprintf("%s was preempted %s%s and %s.", g, how, ran, dest)
	case core.EvPreemptReq:
		who := "sysmon asked"
		why := " (it has run for 10ms or more)"
		if w.STW {
			who, why = "The stop-the-world asked", ""
		}
		sig := ""
		if e.Flag {
			sig = fmt.Sprintf("; a SIGURG was sent to %s", m)
		}
		return fmt.Sprintf("%s %s on %s to stop%s%s.", who, g, p, why, sig)
	case core.EvGoSysCall:
		if e.Flag {
			return fmt.Sprintf("%s entered a blocking system call on %s (%s); %s was handed off at once.", g, m, core.FormatDurationShort(e.N), p)
		}
		return fmt.Sprintf("%s entered a system call on %s (%s); %s stays with it.", g, m, core.FormatDurationShort(e.N), p)
	case core.EvGoSysExit:
		switch e.Why {
		case core.ExitFast:
			return fmt.Sprintf("%s's system call returned; %s still had %s, so %s ran on at once.", g, m, p, g)
		case core.ExitStoleOldP:
			return fmt.Sprintf("%s's system call returned; its P had been taken, and %s took %s back.", g, m, p)
		case core.ExitIdleP:
			return fmt.Sprintf("%s's system call returned; its P had been taken, so %s took the idle %s.", g, m, p)
		case core.ExitNoP:
			return fmt.Sprintf("%s's system call returned but no P was free: %s went to the global queue and %s stopped.", g, g, m)
		}
		return fmt.Sprintf("%s's system call returned on %s.", g, m)
	case core.EvGoEnd:
		where := fmt.Sprintf("%s's free list", p)
		if e.Why == core.DestGFreeGlobal {
			where = "the global free list"
		}
		return fmt.Sprintf("%s exited; its G struct went to %s for reuse.", g, where)
	case core.EvPrint:
		to := "printed"
		if e.N == 2 {
			to = "printed to standard error"
		}
		return fmt.Sprintf("%s %s %q.", g, to, e.Text)
	case core.EvRunqPut:
		if e.Why == core.DestRunnext {
			return fmt.Sprintf("%s went to %s.", g, wherePlaced(e.Why, e.P))
		}
		return fmt.Sprintf("%s went to the tail of %s's run queue (%d/256).", g, p, runqLen(w, e.P)+1)
	case core.EvRunqOverflow:
		return fmt.Sprintf("%s's run queue was full (256): %s and the oldest %s moved to the global queue.", p, g, plural(e.N-1, "G", "Gs"))
	case core.EvGlobalPut:
		return fmt.Sprintf("%s went to %s (%d there now).", g, wherePlaced(e.Why, -1), len(w.Global)+1)
	case core.EvGlobalGet:
		if e.Why == core.SrcFairness {
			return fmt.Sprintf("%s took %s from the global queue: schedtick %d is a multiple of 61, the fairness check.", p, g, schedtick(w, e.P))
		}
		if e.N <= 1 {
			return fmt.Sprintf("%s found its local queue empty and took %s from the global queue.", p, g)
		}
		return fmt.Sprintf("%s found its local queue empty and took a batch of %d of the %d Gs in the global queue: it runs %s and queued %d.",
			p, e.N, len(w.Global), g, e.N-1)
	case core.EvSteal:
		if e.Flag {
			return fmt.Sprintf("%s found nothing else and stole %s from %s's runnext slot (round %d); it runs %s.", p, g, pname(e.P2), e.Arg, g)
		}
		return fmt.Sprintf("%s found its run queue empty and stole %s from %s (half of %d); it runs %s.",
			p, plural(e.N, "G", "Gs"), pname(e.P2), runqLen(w, e.P2), g)
	case core.EvInject:
		if e.Arg == e.N || e.P < 0 {
			return fmt.Sprintf("%s runnable at once (injectglist): all went to the global queue.", plural(e.N, "G became", "Gs became"))
		}
		return fmt.Sprintf("%s runnable at once (injectglist): %d to the global queue, one per idle P, the rest to %s's queue.",
			plural(e.N, "G became", "Gs became"), e.Arg, p)
	case core.EvProcHandoff:
		return fmt.Sprintf("%s was handed off: %s.", p, handoffWhy(e.Why))
	case core.EvProcRetake:
		victim := m
		if e.M < 0 {
			victim = "a thread"
		}
		if e.P < 0 {
			p = "a P"
		}
		what := ""
		if e.G != 0 {
			// "(worker, G21)", not "(worker (G21))".
			what = " (" + strings.TrimSuffix(strings.Replace(g, " (G", ", G", 1), ")") + ")"
		}
		switch {
		case e.Why == core.BySTW || (e.Why == core.RNone && w.STW):
			return fmt.Sprintf("The stop-the-world took %s from %s's system call%s.", p, victim, what)
		case c != nil && c.next != nil && c.next.Kind == core.EvGoSysExit && c.next.P == e.P:
			return fmt.Sprintf("%s, back from its own system call, took %s back from %s, whose goroutine%s is in a system call too.",
				mname(c.next.M), p, victim, what)
		case e.Why == core.ByExitsyscall:
			return fmt.Sprintf("An M back from its own system call took %s back from %s, whose goroutine%s is in a system call too.", p, victim, what)
		}
		return fmt.Sprintf("sysmon took %s from %s's system call%s and handed it off.", p, victim, what)
	case core.EvProcStatus:
		switch core.PStatus(e.N) {
		case core.Psyscall:
			return fmt.Sprintf("%s was marked _Psyscall: its M is in a system call and another M may take it (Go 1.25 and before).", p)
		case core.Pgcstop:
			return fmt.Sprintf("%s stopped for the stop-the-world.", p)
		}
		return fmt.Sprintf("%s is %s now.", p, core.PStatus(e.N))
	case core.EvProcResize:
		return fmt.Sprintf("GOMAXPROCS changed from %d to %d.", e.N, e.Arg)
	case core.EvProcDestroy:
		if e.N == 0 {
			return fmt.Sprintf("%s was destroyed (beyond GOMAXPROCS); its queues were empty.", p)
		}
		return fmt.Sprintf("%s was destroyed (beyond GOMAXPROCS); its %s moved to the head of the global queue.", p, plural(e.N, "G", "Gs"))
	case core.EvMCreate:
		switch e.Arg {
		case core.MCreateSysmon:
			return fmt.Sprintf("The runtime started the sysmon thread %s: it runs without a P.", m)
		case core.MCreateTemplate:
			return fmt.Sprintf("The runtime started the template thread %s.", m)
		}
		spin := ""
		if e.Flag {
			spin = " to spin (look for work)"
		}
		if e.P >= 0 {
			return fmt.Sprintf("A new thread %s was created for %s%s.", m, p, spin)
		}
		return fmt.Sprintf("A new thread %s was created%s.", m, spin)
	case core.EvMPark:
		if e.Flag {
			return fmt.Sprintf("%s parked: it is locked to %s, which is not running.", m, g)
		}
		return fmt.Sprintf("%s had nothing to do and parked on the idle M list.", m)
	case core.EvMUnpark:
		spin := ""
		if e.Flag {
			spin = " as a spinning M"
		}
		return fmt.Sprintf("%s was woken to run %s%s.", m, p, spin)
	case core.EvMSpin:
		why := ""
		switch e.Why {
		case core.SpinWakep:
			why = ": wakep started it to look for work"
		case core.SpinSelf:
			why = ": it found no local work"
		case core.SpinHandoff:
			why = ": the P was handed to it to look for work"
		case core.SpinRecheck:
			why = ": it re-checks the queues before parking"
		case core.SpinNeedSpinning:
			why = ": needspinning asked for another spinner"
		}
		where := ""
		if e.P >= 0 {
			where = " on " + p
		}
		return fmt.Sprintf("%s started spinning%s%s.", m, where, why)
	case core.EvMSpinStop:
		if e.Flag {
			return fmt.Sprintf("%s stopped spinning: it found work.", m)
		}
		return fmt.Sprintf("%s stopped spinning: it found nothing.", m)
	case core.EvMNetpoll:
		if e.Arg == 0 {
			return fmt.Sprintf("%s blocked in netpoll without a P, until data arrives.", m)
		}
		return fmt.Sprintf("%s blocked in netpoll without a P, until %s or data arrives.", m, core.FormatDurationShort(e.Arg))
	case core.EvMNetpollWake:
		why := "it was woken"
		switch e.Why {
		case core.WakeIO:
			why = "data arrived"
		case core.WakeTimer:
			why = "its timeout expired"
		case core.WakeBreak:
			why = "netpollBreak woke it"
		}
		return fmt.Sprintf("The blocked poller %s woke up: %s.", m, why)
	case core.EvMLockedHand:
		return fmt.Sprintf("%s handed %s to %s, the thread %s is locked to, and parked.", m, p, mname(int32(e.Arg)), g)
	case core.EvWakep:
		switch e.Why {
		case core.WakepStarted:
			if e.P < 0 {
				return "wakep: there may be work and no M was spinning, so a spinning M was started."
			}
			return fmt.Sprintf("wakep: there may be work and no M was spinning, so a spinning M was started on the idle %s.", p)
		case core.WakepAlreadySpinning:
			return "wakep: an M was already spinning, nothing to do."
		case core.WakepNoIdleP:
			return "wakep: no idle P, nothing to do."
		}
		return "wakep ran."
	case core.EvNeedSpinning:
		if e.N != 0 {
			return "No idle P for a new spinner: needspinning was set, so the next M that stops spinning looks again."
		}
		return "needspinning was cleared."
	case core.EvMSleep:
		return fmt.Sprintf("%s slept %s before stealing %s's runnext G, in case %s was about to run it (runqgrab's usleep(3)).",
			m, core.FormatDurationShort(e.Arg), pname(e.P2), pname(e.P2))
	case core.EvSysmonWake:
		if e.Flag {
			return "sysmon woke from its deep sleep."
		}
		return fmt.Sprintf("sysmon woke after sleeping %s to check for long-running Gs and system calls.", core.FormatDurationShort(e.N))
	case core.EvSysmonSleep:
		return fmt.Sprintf("Every P was idle: sysmon slept deeply until %s.", core.FormatDurationShort(e.Arg))
	case core.EvTimerAdd, core.EvTimerFire, core.EvTimerMod, core.EvTimerDel:
		if e.G == 0 && e.N != 0 || e.Kind == core.EvTimerMod || e.Kind == core.EvTimerDel {
			return narrateTimeTimer(e)
		}
	}
	switch e.Kind {
	case core.EvTimerAdd:
		if e.P < 0 {
			return fmt.Sprintf("%s's sleep timer was added; it fires at %s.", g, core.FormatDurationShort(e.Arg))
		}
		if e.P2 >= 0 {
			return fmt.Sprintf("%s's sleep timer moved from the destroyed %s to %s's heap (fires at %s).", g, pname(e.P2), p, core.FormatDurationShort(e.Arg))
		}
		return fmt.Sprintf("%s's sleep timer went on %s's timer heap; it fires at %s.", g, p, core.FormatDurationShort(e.Arg))
	case core.EvTimerFire:
		if e.P < 0 || e.M < 0 {
			return fmt.Sprintf("%s's timer fired: it was readied.", g)
		}
		if e.P2 >= 0 && e.P2 != e.P {
			return fmt.Sprintf("%s's timer fired: %s on %s ran %s's expired timers and readied %s.", g, m, p, pname(e.P2), g)
		}
		return fmt.Sprintf("%s's timer fired: %s on %s readied it.", g, m, p)
	case core.EvIOReady:
		if e.G == 0 {
			return fmt.Sprintf("Data arrived on fd %d; no G waits for it yet.", e.N)
		}
		return fmt.Sprintf("Data arrived on fd %d, which %s waits for; the next netpoll will see it.", e.N, g)
	case core.EvNetpoll:
		who := m + " polled"
		if mv := w.M(e.M); mv != nil && mv.Sysmon {
			who = "sysmon polled"
		} else if e.M < 0 {
			who = "The runtime polled"
		}
		how := ""
		switch e.Why {
		case core.PollNonBlocking:
			how = " without blocking"
		case core.PollBlocking:
			how = " after blocking"
		case core.PollSysmon:
			how = " (nobody had for 10ms)"
		case core.PollSTW:
			how = " as the world restarts"
		}
		if e.N == 0 {
			return fmt.Sprintf("%s the network%s: nothing ready.", who, how)
		}
		return fmt.Sprintf("%s the network%s: %s ready.", who, how, plural(e.N, "G was", "Gs were"))
	case core.EvSchedTrace:
		if e.Snap != nil {
			line, _, _ := strings.Cut(e.Snap.Format(), "\n")
			return "schedtrace: " + line
		}
		return "schedtrace printed a sample of the scheduler."
	case core.EvSTWStart:
		return fmt.Sprintf("%s stopped the world to change GOMAXPROCS to %d: every P must stop.", g, e.N)
	case core.EvOutput:
		return fmt.Sprintf("The program wrote %q.", e.Text)
	case core.EvDeadlock:
		return "The runtime gave up: " + e.Text
	case core.EvExit:
		return fmt.Sprintf("The process exited with status %d.", e.N)
	case core.EvLimit:
		return "The run stopped at a limit: " + e.Text
	}
	return fmt.Sprintf("Event %s.", e.Kind)
}

// narrateTimeTimer tells the events of a timer of package time.
func narrateTimeTimer(e *core.Event) string {
	p, m := pname(e.P), mname(e.M)
	what := fmt.Sprintf("The time.Timer or Ticker %d", e.N)
	if e.Why == core.TimerFunc {
		what = fmt.Sprintf("The AfterFunc timer %d", e.N)
	}
	at := core.FormatDurationShort(e.Arg)
	switch e.Kind {
	case core.EvTimerAdd:
		if e.P2 >= 0 {
			return fmt.Sprintf("%s moved from the destroyed %s to %s's heap (due at %s).", what, pname(e.P2), p, at)
		}
		if e.Why == core.TimerFunc {
			return fmt.Sprintf("%s went on %s's timer heap; it fires at %s.", what, p, at)
		}
		return fmt.Sprintf("%s went on %s's timer heap, due at %s: since Go 1.23 a channel timer is in a heap only while a G is blocked on its channel.", what, p, at)
	case core.EvTimerFire:
		by := fmt.Sprintf("%s on %s ran it", m, p)
		switch {
		case e.P < 0 || e.M < 0:
			by = "it ran"
		case e.P2 < 0:
			by = fmt.Sprintf("a receive on %s found it expired and ran it on the spot", m)
		case e.P2 != e.P:
			by = fmt.Sprintf("%s on %s ran %s's expired timers", m, p, pname(e.P2))
		}
		then := "sent the time on its channel"
		if e.Why == core.TimerFunc {
			then = "starts its function in a new goroutine"
		}
		next := ""
		if e.Arg != 0 {
			next = "; it fires next at " + at
		}
		return fmt.Sprintf("%s fired: %s and %s%s.", what, by, then, next)
	case core.EvTimerMod:
		if e.Flag {
			return fmt.Sprintf("%s was stopped, or nobody waits on its channel any more: it stays on %s's heap, marked for removal.", what, p)
		}
		return fmt.Sprintf("%s on %s's heap now fires at %s; %s moves its entry when it next looks at its heap.", what, p, at, p)
	}
	return fmt.Sprintf("%s left %s's heap without firing: it was stopped or nobody waited on it.", what, p)
}

func handoffWhy(r core.Reason) string {
	switch r {
	case core.HandoffWork:
		return "it had work queued, so an M was started for it"
	case core.HandoffSpinner:
		return "no M was spinning and no P was idle, so a spinning M was started for it"
	case core.HandoffGCStop:
		return "a stop-the-world was pending, so it stopped"
	case core.HandoffGlobal:
		return "the global queue had work, so an M was started for it"
	case core.HandoffLastPoller:
		return "it was the last running P and nobody was polling the network, so an M was started to keep polling"
	case core.HandoffIdle:
		return "there was nothing to do, so it went idle"
	}
	return "a new owner was looked for"
}

func narrateStart(w *core.World, e *core.Event, c *narrCtx) string {
	g, p, m := c.gname(e.G), pname(e.P), mname(e.M)
	var from string
	switch e.Why {
	case core.SrcRunnext:
		from = " from its runnext slot"
	case core.SrcLocal:
		from = " from the head of its local run queue"
	case core.SrcFairness:
		from = " from the global queue (the schedtick%61 fairness check)"
	case core.SrcGlobal:
		from = " from the global queue"
	case core.SrcNetpoll:
		from = " from the netpoller"
	case core.SrcSteal:
		from = ", which it stole"
	case core.SrcTimer:
		from = ", whose timer it ran while looking for work"
	case core.SrcLocked:
		return fmt.Sprintf("%s resumed %s, the G locked to it, on %s.", m, g, p)
	case core.SrcSyscall:
		return fmt.Sprintf("%s went on after its system call, on %s (%s).", g, p, m)
	case core.SrcResume:
		return fmt.Sprintf("%s ran on: its park was called off.", g)
	}
	slice := fmt.Sprintf("schedtick %d", e.N)
	if e.Flag {
		slice = "it inherits the time slice"
	}
	return fmt.Sprintf("%s (%s) started running %s%s (%s).", p, m, g, from, slice)
}

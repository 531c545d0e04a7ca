package view

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/gmpbook/gmpbook/core"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formVerbs is what a form asks of its arguments: argument index → verb.
func formVerbs(form string) map[int]string {
	out := map[int]string{}
	for _, p := range parseFormat(form) {
		if p.verb != "" {
			out[p.arg] = p.verb[len(p.verb)-1:]
		}
	}
	return out
}

// TestTextTableIsComplete: every id has a form in every language, and
// each form uses the same arguments with the same verbs as the English
// one (a Chinese form may only reorder them).
func TestTextTableIsComplete(t *testing.T) {
	require.Equal(t, int(nLangs), len(Langs()))
	for id, forms := range texts {
		en := formVerbs(forms[English])
		for _, l := range Langs() {
			if !assert.NotEmpty(t, forms[l], "%s: no %s form", id, l) {
				continue
			}
			assert.Equal(t, en, formVerbs(forms[l]), "%s: the %s form's arguments differ from the English form's", id, l)
			assert.NotContains(t, forms[l], "%!", id)
		}
		zh := forms[Chinese]
		for _, bad := range glossaryAvoid(t) {
			assert.NotContains(t, zh, bad, "%s: %q is a term chapters/zh/glossary.tsv says to avoid", id, bad)
		}
	}
}

// glossaryAvoid is the avoid column of the Chinese glossary.
func glossaryAvoid(t *testing.T) []string {
	b, err := os.ReadFile(filepath.Join("..", "..", "chapters", "zh", "glossary.tsv"))
	require.NoError(t, err)
	var out []string
	for i, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) < 4 {
			continue
		}
		for _, a := range strings.Split(f[3], "|") {
			if a = strings.TrimSpace(a); a != "" {
				out = append(out, a)
			}
		}
	}
	require.NotEmpty(t, out)
	return out
}

// sayCall finds the ids the code asks the table for: Say(l, "id", …),
// c.say("id", …), and the fixed sentences' ids.
var sayCall = regexp.MustCompile(`(?:\bSay\([^,()]+,|\.say\(|\bsayID\(|"fixed\.)\s*"?([A-Za-z0-9_.]+)"`)

// TestEveryUsedIDIsInTheTable reads the sources of the packages that say
// things through the table and checks each literal id is in it (ids made
// up at run time, like a plural's id+".1", are checked by the narration
// tests).
func TestEveryUsedIDIsInTheTable(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../play", "../../wasm", "../../render"} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		files = append(files, fs...)
	}
	used := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || filepath.Base(f) == "text.go" {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range sayCall.FindAllStringSubmatch(string(b), -1) {
			id := m[1]
			if strings.HasPrefix(m[0], `"fixed.`) {
				id = "fixed." + id
			}
			used++
			_, ok := texts[id]
			if strings.HasSuffix(id, ".") { // a prefix: id + a name made at run time
				for k := range texts {
					ok = ok || strings.HasPrefix(k, id)
				}
			}
			assert.True(t, ok, "%s asks for %q, which the table lacks", f, id)
		}
	}
	assert.Greater(t, used, 150, "the scan found the calls")
	for _, id := range fixedSentences {
		if id != "" {
			assert.Contains(t, texts, id)
		}
	}
}

// namedG is a goroutine's name and number: the name is the program's.
var namedG = regexp.MustCompile(`\S+ \(G\d+\)`)

// latinWord is a word of the Latin alphabet in a Chinese sentence.
var latinWord = regexp.MustCompile(`[A-Za-z_][A-Za-z_.]*[A-Za-z]`)

// zhLatin are the Latin words a Chinese sentence keeps: names of the
// runtime's things, functions and packages, which stay untranslated.
var zhLatin = map[string]bool{
	"runnext": true, "sysmon": true, "netpoll": true, "netpollBreak": true, "wakep": true,
	"needspinning": true, "schedtick": true, "injectglist": true, "goroutine": true,
	"channel": true, "fd": true, "time.Sleep": true, "time.Timer": true, "Ticker": true,
	"AfterFunc": true, "runtime.Gosched": true, "main.main": true, "LockOSThread": true,
	"SIGURG": true, "usleep": true, "runqgrab": true, "GOMAXPROCS": true, "Go": true,
	"STW": true, "_Psyscall": true, "schedtrace": true, "ms": true, "µs": true, "ns": true, "s": true,
	"newstack": true, "copystack": true, "GC": true, "KB": true, "MB": true,
}

// zhProblems checks a Chinese sentence: Chinese, formatted, with no
// English left in it but the names that stay (and the event's own text,
// wait reason and P status, which are the program's and the runtime's).
func zhProblems(s string, e *core.Event) []string {
	var out []string
	if !HasCJK(s) && !strings.Contains(s, "：") {
		out = append(out, "no Chinese")
	}
	for _, bad := range []string{"%!", "P-1", "M-1", "G-1", "无 G", "[no text", "事件 "} {
		if strings.Contains(s, bad) && !(bad == "无 G" && e.Kind == core.EvIOReady) {
			out = append(out, "contains "+bad)
		}
	}
	rest := namedG.ReplaceAllString(s, "")
	if e != nil {
		for _, own := range []string{fmt.Sprintf("%q", e.Text), e.Text, e.Wait.String(), core.PStatus(e.N).String()} {
			if len(own) > 2 {
				rest = strings.ReplaceAll(rest, own, "")
			}
		}
		if e.Kind == core.EvSchedTrace {
			_, rest, _ = strings.Cut(rest, "：")
			rest = ""
		}
	}
	for _, w := range latinWord.FindAllString(rest, -1) {
		if !zhLatin[w] && !regexp.MustCompile(`^[GMP]$`).MatchString(w) {
			out = append(out, "English word "+w)
		}
	}
	return out
}

// TestChineseNarrationOfEveryRecordedEvent narrates every event of every
// scene in Chinese.
func TestChineseNarrationOfEveryRecordedEvent(t *testing.T) {
	for name, sc := range allScenes(t) {
		rec := NewRecording(sc.procs, sc.events, nil)
		w := core.NewWorld(sc.procs)
		for i := range sc.events {
			e := &sc.events[i]
			s := NarrateIn(Chinese, w, e)
			assert.Empty(t, zhProblems(s, e), "%s event %d %s: %q", name, i, e, s)
			if i%97 == 0 {
				assert.Empty(t, zhProblems(rec.SentenceIn(Chinese, i), e), "%s event %d", name, i)
				if rec.IsStop(i) {
					s := rec.StepNarrationIn(Chinese, i)
					assert.True(t, HasCJK(s), "%s step %d: %q", name, i, s)
					assert.NotContains(t, s, "%!")
				}
			}
			w.Apply(e)
		}
	}
}

// TestChineseNarrationOfEveryKind: every kind in every shape its schema
// allows has a Chinese sentence (as TestEveryKindHasASentence in English).
func TestChineseNarrationOfEveryKind(t *testing.T) {
	w := core.NewWorld(2)
	w.Apply(&core.Event{Kind: core.EvGoCreate, G: 1, P: 0, M: 0, P2: -1, Text: "main"})
	w.Apply(&core.Event{Kind: core.EvGoCreate, G: 2, G2: 1, P: 0, M: 0, P2: -1, Text: "w"})
	kinds := 0
	for _, k := range core.EvKinds() {
		sp := k.Spec()
		opt := sp.Fields() &^ sp.Must
		whys := append([]core.Reason{core.RNone}, sp.Why...)
		for sub := opt; ; sub = (sub - 1) & opt {
			for _, why := range whys {
				for _, flag := range []bool{false, true} {
					e := schemaEvent(k, sp.Must|sub, why, flag)
					if e.Check() != nil {
						continue
					}
					s := NarrateIn(Chinese, w, &e)
					require.Empty(t, zhProblems(s, &e), "%v: %q", &e, s)
					assert.NotEqual(t, Narrate(w, &e), s, "%v", &e)
				}
			}
			if sub == 0 {
				break
			}
		}
		kinds++
	}
	assert.Equal(t, len(core.EvKinds()), kinds)
}

// TestChineseStepNarration: a step in Chinese tells the bookkeeping too,
// without the English sentence, and says once what the bookkeeping said.
func TestChineseStepNarration(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	for i, e := range ev {
		if e.Kind == core.EvGoCreate && e.Text == "w" {
			require.Equal(t, core.EvRunqPut, ev[i+1].Kind)
			s := rec.StepNarrationIn(Chinese, i+1)
			assert.Contains(t, s, "创建了")
			assert.Contains(t, s, "runnext 槽位")
			assert.Equal(t, 1, strings.Count(s, "runnext 槽位"), "the RunqPut restates the GoCreate: said once: %q", s)
			assert.NotContains(t, s, "created")
			assert.Equal(t, rec.StepNarration(i+1), rec.StepNarrationIn(English, i+1))
			return
		}
	}
	t.Fatal("no GoCreate of a worker")
}

// TestChineseSpacing: a template's space next to an argument goes when
// the argument's text there is Chinese, and stays beside Latin text.
func TestChineseSpacing(t *testing.T) {
	assert.Equal(t, "G1 调用了 runtime.Gosched：它让出 P0，进入了全局运行队列的队尾。",
		Say(Chinese, "gosched", "G1", "P0", Say(Chinese, "place.global.tail")))
	assert.Equal(t, "G2 进入了 P1 的 runnext 槽位，下一个就运行它。",
		Say(Chinese, "runqput.next", "G2", Say(Chinese, "place.runnext", "P1")))
	// An argument's own spaces stay, whatever is around them.
	assert.Equal(t, `G1 打印了 "你 好"。`, Say(Chinese, "print.say", "G1", Say(Chinese, "print"), "你 好"))
	// An empty argument between two Chinese words leaves no space.
	assert.Equal(t, "sysmon 从 M1 的系统调用中收回了 P0，并把它移交出去。", Say(Chinese, "retake", "P0", "M1", ""))
	assert.Equal(t, "sysmon 从 M1 的系统调用（G2）中收回了 P0，并把它移交出去。", Say(Chinese, "retake", "P0", "M1", Say(Chinese, "retake.what", "G2")))
	assert.Equal(t, "The world restarted.", Say(English, "fixed.STWDone", "G1", "P0", "M0"))
	assert.Contains(t, Say(English, "start.fairness"), "schedtick%61")
	assert.Contains(t, Say(Chinese, "start.fairness"), "schedtick%61")
	assert.Equal(t, `[no text "nope"]`, Say(Chinese, "nope"))
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]Lang{"": English, "en": English, "zh": Chinese, "zh-CN": Chinese, "ZH-hans": Chinese} {
		l, err := ParseLang(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, l, in)
	}
	_, err := ParseLang("fr")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "lang=fr")
	ls := []string{}
	for _, l := range Langs() {
		ls = append(ls, l.String())
	}
	assert.True(t, sort.StringsAreSorted(ls) && slices.Contains(ls, "zh"))
}

// TestLabelsFitTheEnglishGeometry: the station's labels are measured in
// English when the wide layout is planned (stationMinW); every language's
// must be no wider.
func TestLabelsFitTheEnglishGeometry(t *testing.T) {
	for _, id := range []string{"lbl.next", "lbl.hand", "lbl.runq", "lbl.timers"} {
		for _, l := range Langs() {
			assert.LessOrEqual(t, textW(Say(l, id), 10), textW(Say(English, id), 10), "%s in %s", id, l)
		}
	}
	assert.Equal(t, 2, textCells("全"))
	assert.Equal(t, "全局…", fitText("全局运行队列", 10, textW("全局运", 10)))
}

// TestChineseFrame: a frame laid out in Chinese has Chinese labels and
// narration; the English frame is the default.
func TestChineseFrame(t *testing.T) {
	ev := stealScene(t)
	rec := NewRecording(2, ev, nil)
	c := rec.NewCursor()
	require.True(t, c.NextSteal())
	en := c.Frame(Options{Width: 1200, Height: 800})
	zh := c.Frame(Options{Width: 1200, Height: 800, Lang: Chinese})
	assert.Equal(t, rec.StepNarration(c.Pos()), en.Narration)
	assert.Equal(t, rec.StepNarrationIn(Chinese, c.Pos()), zh.Narration)
	assert.Contains(t, zh.Narration, "窃取")
	texts := func(f Frame) string {
		var b strings.Builder
		for _, s := range f.Shapes {
			if s.Kind == ShapeText {
				b.WriteString(s.Text + "\n")
			}
		}
		return b.String()
	}
	assert.Contains(t, texts(en), "global run queue")
	assert.Contains(t, texts(zh), "全局运行队列")
	assert.NotContains(t, texts(zh), "global run queue")
	narrow := c.Frame(Options{Width: 360, Height: 900, Lang: Chinese})
	assert.Contains(t, texts(narrow), "全局")
	// The P lines and the timer rows speak Chinese too, in both layouts and
	// at every step: the statuses are translated, schedtick keeps the
	// runtime's name.
	c = rec.NewCursor()
	for {
		for _, w := range []float32{1200, 360} {
			f := c.Frame(Options{Width: w, Height: 900, Lang: Chinese})
			for _, line := range strings.Split(texts(f), "\n") {
				for _, word := range []string{"running", "idle", "syscall", "gcstop", " tick ", "timers", "spinning"} {
					assert.NotContains(t, line, word, "step %d at %d px", c.Pos(), w)
				}
			}
		}
		if !c.StepForward() {
			break
		}
	}
	assert.Contains(t, texts(zh), "schedtick")
	assert.Contains(t, texts(en), "tick ")
}

// TestStateTitlesSpeakTheFrameLanguage: a goroutine's tooltip in a
// printed picture names its state in the frame's language; the English
// names are the legend's.
func TestStateTitlesSpeakTheFrameLanguage(t *testing.T) {
	for s := GState(0); s < NumStates; s++ {
		assert.Equal(t, s.String(), s.In(English))
		assert.True(t, HasCJK(s.In(Chinese)), "%s in Chinese: %q", s, s.In(Chinese))
	}
	rec := NewRecording(2, stealScene(t), nil)
	c := rec.NewCursor()
	require.True(t, c.NextSteal())
	zh := SVG(c.Frame(Options{Width: 1200, Height: 800, Lang: Chinese}), "")
	en := SVG(c.Frame(Options{Width: 1200, Height: 800}), "")
	assert.Contains(t, en, "): runnable</title>")
	assert.Contains(t, zh, "): 可运行</title>")
	for s := GState(0); s < NumStates; s++ {
		assert.NotContains(t, zh, "): "+s.String()+"</title>")
	}
}

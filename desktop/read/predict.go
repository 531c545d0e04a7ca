package read

import (
	"strings"

	"github.com/gmpbook/gmpbook/chapters"
	"github.com/gmpbook/gmpbook/desktop/lang"
	"github.com/gmpbook/gmpbook/desktop/page"
	"github.com/gmpbook/gmpbook/render/view"
)

// Grade reports whether the reader's answer is the simulator's expected
// one, for an exercise that compares kind ("first-line", "order", …), the
// way every reader grades (chapters.Predict.Grade).
func Grade(answer, expected, kind string) bool {
	return (&chapters.Predict{Answer: kind}).Grade(answer, expected)
}

// choice is one answer of a predict exercise, where the page set it.
type choice struct {
	key     string    // the exercise (predictKey)
	index   int       // which of its Choices
	box     view.Rect // the choice's row, page coordinates
	item    int       // the first text item of the choice
	predict *chapters.Predict
}

// choices are the current page's exercise choices.
func (r *Reading) choices() []choice { return r.choiceList }

// findChoices finds each exercise's choices on the page. desktop/page sets
// an exercise from its "predict-<n>" target down, each choice on a row of
// its own: a rectangle and text runs with Role "choice:<i>".
func (r *Reading) findChoices() []choice {
	e := r.Current()
	if e.Chapter == nil {
		return nil
	}
	var out []choice
	for n, p := range e.Chapter.Predicts {
		y0, y1 := r.targetSpan("predict-" + itoa(n+1))
		if y0 < 0 {
			continue
		}
		for ci := range p.Choices {
			role := "choice:" + itoa(ci)
			c := choice{key: predictKey(e, p), index: ci, item: -1, predict: p}
			found := false
			for i, it := range r.pg.Items {
				if it.Role != role || it.Y < y0 || it.Y >= y1 {
					continue
				}
				switch {
				case it.Kind == page.ItemRect && !found:
					c.box, found = view.Rect{X: it.X, Y: it.Y, W: it.W, H: it.H}, true
				case it.Kind == page.ItemText && c.item < 0:
					c.item = i
				}
			}
			if found && c.item >= 0 {
				out = append(out, c)
			}
		}
	}
	return out
}

// targetSpan is where the page block with target id starts and where the
// next target or heading below it starts (the page's end if none), or
// −1, −1.
func (r *Reading) targetSpan(id string) (float32, float32) {
	y0 := float32(-1)
	for _, t := range r.pg.Targets {
		if t.ID == id {
			y0 = t.Y
		}
	}
	if y0 < 0 {
		return -1, -1
	}
	y1 := r.pg.Height + 1
	for _, ts := range [][]page.Anchor{r.pg.Targets, r.pg.Anchors} {
		for _, t := range ts {
			if t.Y > y0 && t.Y < y1 {
				y1 = t.Y
			}
		}
	}
	return y0, y1
}

// choose answers exercise key with choice i: the scene runs in the
// simulator, the answer is graded against what it printed, and the
// host is asked to play the scene.
func (r *Reading) choose(key string, i int) {
	var c *choice
	for k := range r.choiceList {
		if r.choiceList[k].key == key && r.choiceList[k].index == i {
			c = &r.choiceList[k]
		}
	}
	if c == nil {
		return
	}
	st := r.predicts[key]
	if st == nil {
		st = &PredictState{Chosen: -1}
		want, err := c.predict.Expected(r.Current().Chapter)
		st.Expected = want
		if err != nil {
			st.Err = err.Error()
		}
		r.predicts[key] = st
	}
	st.Chosen, st.Graded = i, st.Err == ""
	answer := c.predict.Choices[i]
	st.Right = st.Graded && Grade(answer, st.Expected, c.predict.Answer)
	switch {
	case st.Err != "":
		r.message = lang.T(r.lang, "read.predict.err") + st.Err
	case st.Right:
		r.message = lang.T(r.lang, "read.predict.right") + oneLine(st.Expected)
	default:
		r.message = lang.T(r.lang, "read.predict.wrong") + oneLine(st.Expected)
	}
	if sc := r.Current().Chapter.SceneByID(c.predict.Scene); sc != nil && st.Err == "" {
		r.effect(EffectPlay, sceneKey(r.Current(), sc))
	}
	r.stale = true
}

// Predict is the state of exercise key ("05-stealing:129"), or nil.
func (r *Reading) Predict(key string) *PredictState { return r.predicts[key] }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// veil covers the explanation that follows an exercise until the reader
// answers it (or asks to see it), as the website hides it: from the end
// of the exercise's box to the next heading, rule, scene, exercise or
// "run it for real" box.
type veil struct {
	key string    // the exercise
	box view.Rect // page coordinates
}

// findVeils places a veil after each exercise whose choices are on the
// page.
func (r *Reading) findVeils() []veil {
	e := r.Current()
	if e.Chapter == nil {
		return nil
	}
	var out []veil
	for n, p := range e.Chapter.Predicts {
		y0, _ := r.targetSpan("predict-" + itoa(n+1))
		if y0 < 0 {
			continue
		}
		// The exercise's box: the predict.box rectangle around its target.
		top, bottom := float32(-1), float32(-1)
		for _, it := range r.pg.Items {
			if it.Kind == page.ItemRect && it.Role == "predict.box" && it.Y <= y0+1 && it.Y+it.H > y0 {
				top, bottom = it.Y, it.Y+it.H
				break
			}
		}
		if top < 0 {
			continue
		}
		end := r.pg.Height
		for _, ts := range [][]page.Anchor{r.pg.Anchors, r.pg.Targets} {
			for _, t := range ts {
				if t.Y > bottom && t.Y < end {
					end = t.Y
				}
			}
		}
		for _, it := range r.pg.Items {
			if it.Kind == page.ItemRect && it.Role == "hr" && it.Y > bottom && it.Y < end {
				end = it.Y
			}
		}
		gap := 8 * r.scale
		if end-bottom < 3*gap {
			continue // nothing to hide
		}
		out = append(out, veil{key: predictKey(e, p), box: view.Rect{X: -8 * r.scale, Y: bottom + gap, W: r.col.W + 16*r.scale, H: end - bottom - 2*gap}})
	}
	return out
}

// veiled reports whether the page box b is under a veil that is still
// drawn.
func (r *Reading) veiled(b view.Rect) bool {
	for _, v := range r.veils {
		if !r.revealed(v.key) && v.box.Contains(b.X+b.W/2, b.Y+b.H/2) {
			return true
		}
	}
	return false
}

// revealed reports whether exercise key's explanation shows.
func (r *Reading) revealed(key string) bool {
	st := r.predicts[key]
	return st != nil && (st.Graded || st.Revealed)
}

// reveal shows exercise key's explanation without an answer.
func (r *Reading) reveal(key string) {
	st := r.predicts[key]
	if st == nil {
		st = &PredictState{Chosen: -1}
		r.predicts[key] = st
	}
	st.Revealed = true
	r.stale = true
}

package play

// playback is the part of a Source that Player and Compare share: playing
// or paused, the speed, and the stops owed to the play head between ticks;
// and the commands about them, which move a transport.
type playback struct {
	playing bool
	speed   float64
	acc     float64 // stops due, carried from tick to tick
}

// transport is what a playback moves: a play head from -1 (before the
// start) to the last stop.
type transport interface {
	Pos() int
	// Seek moves the head to i, clamped to the stops there are.
	Seek(i int)
	// atEnd reports whether the head is at the last stop (and no more are
	// coming).
	atEnd() bool
	// advance moves the head to the next stop while playing; first is true
	// for the first move of a tick. It returns false at the end.
	advance(first bool) bool
}

func newPlayback() playback { return playback{speed: 1} }

// setPlaying starts or stops the playback; it does not start at the end.
func (pb *playback) setPlaying(on bool, t transport) { pb.playing = on && !t.atEnd() }

// setSpeed sets the speed (1 is normal); other than positive speeds are
// ignored.
func (pb *playback) setSpeed(s float64) {
	if s > 0 {
		pb.speed = s
	}
}

// tick plays for dt seconds: StopsPerSecond stops a second at speed 1.
func (pb *playback) tick(dt float64, t transport) {
	if !pb.playing {
		return
	}
	pb.acc += dt * pb.speed * StopsPerSecond
	moves := 0
	for pb.acc >= 1 && pb.playing {
		pb.acc--
		if t.advance(moves == 0) {
			moves++
		} else {
			pb.playing = false
		}
	}
	if t.atEnd() {
		pb.playing = false
	}
}

// command carries out the commands about playing, speed and seeking, and
// reports whether c was one of them.
func (pb *playback) command(c Command, t transport) bool {
	switch c.Kind {
	case CmdTogglePlay:
		if !pb.playing && t.atEnd() {
			restart(t)
		}
		pb.setPlaying(!pb.playing, t)
		pb.acc = 1 // the first move comes at once
	case CmdPlay:
		pb.setPlaying(true, t)
	case CmdPause:
		pb.playing = false
	case CmdHome:
		t.Seek(-1)
	case CmdEnd:
		pb.playing = false
		t.Seek(maxPos)
	case CmdSeek:
		t.Seek(c.At)
	case CmdFaster:
		pb.speed = NextSpeed(pb.speed, 1)
	case CmdSlower:
		pb.speed = NextSpeed(pb.speed, -1)
	case CmdSpeed:
		pb.setSpeed(c.Speed)
	case CmdRestart:
		restart(t)
		pb.setPlaying(true, t)
		pb.acc = 1
	default:
		return false
	}
	return true
}

// restart moves the head back for playing again: to the opening step of
// a transport that has one (Opener), so that a replay skips the runtime's
// start-up as the first play did; else to the start. Home still goes to
// the start.
func restart(t transport) {
	if o, ok := t.(Opener); ok {
		o.SeekOpening()
		return
	}
	t.Seek(-1)
}

// maxPos is past every stop: Seek(maxPos) goes to the end.
const maxPos = int(^uint(0) >> 1)

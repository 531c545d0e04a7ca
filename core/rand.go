package core

import "math/bits"

// wyrand is the per-M generator behind the runtime's cheaprand
// (rand.go:cheaprand, the wyrand branch used on amd64). The runtime seeds it
// from OS entropy (rand.go:mrandinit); the simulator seeds it from the
// config seed and the M's id, so runs repeat.
type wyrand struct{ state uint64 }

func newWyrand(seed, stream uint64) wyrand {
	// splitmix64 of (seed, stream) spreads nearby seeds apart.
	z := seed*0x9e3779b97f4a7c15 + stream*0xbf58476d1ce4e5b9 + 0x94d049bb133111eb
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return wyrand{state: z ^ (z >> 31)}
}

// next is cheaprand: one 32-bit draw.
func (r *wyrand) next() uint32 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return uint32(hi ^ lo)
}

// nextn is cheaprandn: a draw in [0, n) (rand.go:cheaprandn).
func (r *wyrand) nextn(n uint32) uint32 {
	return uint32((uint64(r.next()) * uint64(n)) >> 32)
}

// randomOrder enumerates all Ps in a random order: a random start and a
// random stride coprime to the count, so every P is visited exactly once
// (proc.go:randomOrder).
type randomOrder struct {
	count    uint32
	coprimes []uint32
}

func (o *randomOrder) reset(count uint32) {
	o.count = count
	o.coprimes = o.coprimes[:0]
	for i := uint32(1); i <= count; i++ {
		if gcd(i, count) == 1 {
			o.coprimes = append(o.coprimes, i)
		}
	}
}

type randomEnum struct {
	i, count, pos, inc uint32
}

// start begins an enumeration from draw i (proc.go:randomOrder.start).
func (o *randomOrder) start(i uint32) randomEnum {
	return randomEnum{count: o.count, pos: i % o.count, inc: o.coprimes[i/o.count%uint32(len(o.coprimes))]}
}

func (e *randomEnum) done() bool { return e.i == e.count }

func (e *randomEnum) next() {
	e.i++
	e.pos = (e.pos + e.inc) % e.count
}

func (e *randomEnum) position() uint32 { return e.pos }

func gcd(a, b uint32) uint32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

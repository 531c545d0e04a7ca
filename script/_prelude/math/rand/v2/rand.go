// Package rand is the scenes' math/rand/v2. A Rand's methods are the
// VM's: the host's math/rand/v2 computes them from the Rand's Source
// (PCG and ChaCha8 keep their state in the scene, and the scene's own
// Source is called back), so seeded generators yield exactly the real
// program's numbers.
//
// The top-level functions draw from a PCG seeded with the scene's seed,
// so that two runs of a scene with one seed print the same. The real
// runtime seeds them randomly: a program's output that depends on them
// differs from run to run.
package rand

import "errors"

// A Source is a stream of uniformly distributed uint64s.
type Source interface {
	Uint64() uint64
}

// A Rand is a source of random numbers.
type Rand struct {
	src Source
}

// New returns a Rand that draws from src.
func New(src Source) *Rand { return &Rand{src: src} }

func (r *Rand) ExpFloat64() float64
func (r *Rand) Float32() float32
func (r *Rand) Float64() float64
func (r *Rand) Int() int
func (r *Rand) Int32() int32
func (r *Rand) Int32N(n int32) int32
func (r *Rand) Int64() int64
func (r *Rand) Int64N(n int64) int64
func (r *Rand) IntN(n int) int
func (r *Rand) NormFloat64() float64
func (r *Rand) Perm(n int) []int
func (r *Rand) Uint() uint
func (r *Rand) Uint32() uint32
func (r *Rand) Uint32N(n uint32) uint32
func (r *Rand) Uint64() uint64
func (r *Rand) Uint64N(n uint64) uint64
func (r *Rand) UintN(n uint) uint

// shuffle is the host's Shuffle of n elements as the pairs it swaps.
func (r *Rand) shuffle(n int) []int

// Shuffle shuffles n elements with swap, which exchanges two of them. It
// panics if n < 0.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	pairs := r.shuffle(n)
	for k := 0; k+1 < len(pairs); k += 2 {
		swap(pairs[k], pairs[k+1])
	}
}

// A PCG is a 128-bit permuted congruential generator.
type PCG struct {
	hi uint64
	lo uint64
}

// NewPCG returns a PCG seeded with seed1 and seed2.
func NewPCG(seed1, seed2 uint64) *PCG { return &PCG{seed1, seed2} }

// Seed resets p as NewPCG(seed1, seed2) makes it.
func (p *PCG) Seed(seed1, seed2 uint64) {
	p.hi = seed1
	p.lo = seed2
}

func (p *PCG) Uint64() uint64

// AppendBinary appends "pcg:" and the state, big-endian.
func (p *PCG) AppendBinary(b []byte) ([]byte, error) {
	b = append(b, "pcg:"...)
	b = appendUint64(b, p.hi)
	b = appendUint64(b, p.lo)
	return b, nil
}

// MarshalBinary is the state as AppendBinary writes it.
func (p *PCG) MarshalBinary() ([]byte, error) {
	return p.AppendBinary(make([]byte, 0, 20))
}

var errUnmarshalPCG = errors.New("invalid PCG encoding")

// UnmarshalBinary sets the state MarshalBinary wrote.
func (p *PCG) UnmarshalBinary(data []byte) error {
	if len(data) != 20 || string(data[:4]) != "pcg:" {
		return errUnmarshalPCG
	}
	p.hi = readUint64(data[4:])
	p.lo = readUint64(data[12:])
	return nil
}

func appendUint64(b []byte, x uint64) []byte {
	for shift := 56; shift >= 0; shift -= 8 {
		b = append(b, byte(x>>shift))
	}
	return b
}

func readUint64(b []byte) uint64 {
	var x uint64
	for _, c := range b[:8] {
		x = x<<8 | uint64(c)
	}
	return x
}

// A ChaCha8 is a generator built on the ChaCha8 stream cipher.
type ChaCha8 struct {
	state string // the host's MarshalBinary of it
}

// newChaCha8 is the host's NewChaCha8(seed).MarshalBinary().
func newChaCha8(seed [32]byte) string

// NewChaCha8 returns a ChaCha8 seeded with seed.
func NewChaCha8(seed [32]byte) *ChaCha8 { return &ChaCha8{newChaCha8(seed)} }

// Seed resets c as NewChaCha8(seed) makes it.
func (c *ChaCha8) Seed(seed [32]byte) { c.state = newChaCha8(seed) }

func (c *ChaCha8) Uint64() uint64
func (c *ChaCha8) Read(p []byte) (n int, err error)
func (c *ChaCha8) AppendBinary(b []byte) ([]byte, error)
func (c *ChaCha8) MarshalBinary() ([]byte, error)

// unmarshal sets the state from data, or returns why it cannot.
func (c *ChaCha8) unmarshal(data []byte) string

// UnmarshalBinary sets the state MarshalBinary wrote.
func (c *ChaCha8) UnmarshalBinary(data []byte) error {
	if msg := c.unmarshal(data); msg != "" {
		return errors.New(msg)
	}
	return nil
}

// seed is the scene's seed.
func seed() uint64

// globalRand serves the top-level functions.
var globalRand = New(NewPCG(seed(), 0x9e3779b97f4a7c15))

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// N returns a random number in [0, n). It panics if n <= 0.
func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return Int(globalRand.Uint64N(uint64(n)))
}

func ExpFloat64() float64                { return globalRand.ExpFloat64() }
func Float32() float32                   { return globalRand.Float32() }
func Float64() float64                   { return globalRand.Float64() }
func Int() int                           { return globalRand.Int() }
func Int32() int32                       { return globalRand.Int32() }
func Int32N(n int32) int32               { return globalRand.Int32N(n) }
func Int64() int64                       { return globalRand.Int64() }
func Int64N(n int64) int64               { return globalRand.Int64N(n) }
func IntN(n int) int                     { return globalRand.IntN(n) }
func NormFloat64() float64               { return globalRand.NormFloat64() }
func Perm(n int) []int                   { return globalRand.Perm(n) }
func Shuffle(n int, swap func(i, j int)) { globalRand.Shuffle(n, swap) }
func Uint() uint                         { return globalRand.Uint() }
func Uint32() uint32                     { return globalRand.Uint32() }
func Uint32N(n uint32) uint32            { return globalRand.Uint32N(n) }
func Uint64() uint64                     { return globalRand.Uint64() }
func Uint64N(n uint64) uint64            { return globalRand.Uint64N(n) }
func UintN(n uint) uint                  { return globalRand.UintN(n) }

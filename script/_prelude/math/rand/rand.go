// Package rand is the scenes' math/rand. A Rand's methods are the VM's:
// the host's math/rand computes them from the Rand's Source (the
// scene's own Source is called back), so a generator seeded with
// NewSource(seed) yields exactly the real program's numbers.
//
// The top-level functions draw from a source seeded with the scene's
// seed, so that two runs of a scene with one seed print the same. The
// real runtime seeds them randomly at start-up: a program's output that
// depends on them differs from run to run. As in Go 1.24 and later, the
// deprecated Seed function does nothing.
package rand

// A Source is a stream of uniformly distributed non-negative int64s.
type Source interface {
	Int63() int64
	Seed(seed int64)
}

// A Source64 is a Source that can also produce uint64s directly.
type Source64 interface {
	Source
	Uint64() uint64
}

// rngSource is the real package's generator; its state is the host's.
type rngSource struct {
	host func() // holds the host's Source, not a function
}

// newSource makes the host's NewSource(seed); seededSource the same for
// the scene's seed.
func newSource(seed int64) func()
func seededSource() func()

func (r *rngSource) Int63() int64
func (r *rngSource) Uint64() uint64
func (r *rngSource) Seed(seed int64)

// NewSource returns a Source seeded with seed: the same one yields the
// same numbers. Unlike the top-level functions' source it is not safe
// for concurrent use.
func NewSource(seed int64) Source { return &rngSource{newSource(seed)} }

// A Rand is a source of random numbers.
type Rand struct {
	src Source
	s64 Source64 // src if it is a Source64

	// The bytes of an Int63 not yet consumed by Read.
	readVal int64
	readPos int
}

// New returns a Rand that draws from src.
func New(src Source) *Rand {
	s64, _ := src.(Source64)
	return &Rand{src: src, s64: s64}
}

// Seed reseeds the Rand's source.
func (r *Rand) Seed(seed int64) {
	r.src.Seed(seed)
	r.readPos = 0
}

func (r *Rand) ExpFloat64() float64
func (r *Rand) Float32() float32
func (r *Rand) Float64() float64
func (r *Rand) Int() int
func (r *Rand) Int31() int32
func (r *Rand) Int31n(n int32) int32
func (r *Rand) Int63() int64
func (r *Rand) Int63n(n int64) int64
func (r *Rand) Intn(n int) int
func (r *Rand) NormFloat64() float64
func (r *Rand) Perm(n int) []int
func (r *Rand) Uint32() uint32
func (r *Rand) Uint64() uint64

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

// Read fills p with random bytes, seven of each Int63 in turn, from the
// lowest; the error is always nil.
func (r *Rand) Read(p []byte) (n int, err error) {
	val, pos := r.readVal, r.readPos
	for n = 0; n < len(p); n++ {
		if pos == 0 {
			val = r.src.Int63()
			pos = 7
		}
		p[n] = byte(val)
		val >>= 8
		pos--
	}
	r.readVal, r.readPos = val, pos
	return n, nil
}

// globalRand serves the top-level functions.
var globalRand = New(&rngSource{seededSource()})

// Seed does nothing (as in Go 1.24 and later by default).
func Seed(seed int64) {}

func ExpFloat64() float64                { return globalRand.ExpFloat64() }
func Float32() float32                   { return globalRand.Float32() }
func Float64() float64                   { return globalRand.Float64() }
func Int() int                           { return globalRand.Int() }
func Int31() int32                       { return globalRand.Int31() }
func Int31n(n int32) int32               { return globalRand.Int31n(n) }
func Int63() int64                       { return globalRand.Int63() }
func Int63n(n int64) int64               { return globalRand.Int63n(n) }
func Intn(n int) int                     { return globalRand.Intn(n) }
func NormFloat64() float64               { return globalRand.NormFloat64() }
func Perm(n int) []int                   { return globalRand.Perm(n) }
func Read(p []byte) (n int, err error)   { return globalRand.Read(p) }
func Shuffle(n int, swap func(i, j int)) { globalRand.Shuffle(n, swap) }
func Uint32() uint32                     { return globalRand.Uint32() }
func Uint64() uint64                     { return globalRand.Uint64() }

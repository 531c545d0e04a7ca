// math/rand and math/rand/v2 with explicit seeds (the top-level
// functions are seeded randomly by the real runtime).
package main

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
)

// counter is a Source of the program's own.
type counter struct{ n int64 }

func (c *counter) Int63() int64    { c.n += 1 << 40; return c.n }
func (c *counter) Seed(seed int64) { c.n = seed }

type counter2 struct{ n uint64 }

func (c *counter2) Uint64() uint64 { c.n = c.n*6364136223846793005 + 1442695040888963407; return c.n }

func main() {
	r := rand.New(rand.NewSource(42))
	fmt.Println(r.Int(), r.Intn(100), r.Int31(), r.Int31n(10), r.Int63(), r.Int63n(1000), r.Uint32(), r.Uint64())
	fmt.Println(r.Float64(), r.Float32(), r.NormFloat64(), r.ExpFloat64(), r.Perm(6))
	s := []string{"a", "b", "c", "d", "e"}
	r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println(s)
	p := make([]byte, 10)
	n, err := r.Read(p)
	fmt.Println(n, err, p)
	n, err = r.Read(p[:3])
	fmt.Println(n, err, p[:3])
	r.Seed(7)
	fmt.Println(r.Intn(1000), r.Intn(1000))
	src := rand.NewSource(1)
	fmt.Println(src.Int63(), src.(rand.Source64).Uint64())
	mine := rand.New(&counter{})
	fmt.Println(mine.Intn(100), mine.Uint64(), mine.Float64(), mine.Perm(3))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		r.Intn(0)
	}()

	r2 := randv2.New(randv2.NewPCG(1, 2))
	fmt.Println(r2.Int(), r2.IntN(100), r2.Int32(), r2.Int32N(10), r2.Int64(), r2.Int64N(1000), r2.Uint32(), r2.Uint32N(7), r2.Uint64(), r2.Uint64N(1e9), r2.Uint(), r2.UintN(5))
	fmt.Println(r2.Float64(), r2.Float32(), r2.NormFloat64(), r2.ExpFloat64(), r2.Perm(6))
	r2.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println(s)
	pcg := randv2.NewPCG(3, 4)
	fmt.Println(pcg.Uint64(), pcg.Uint64())
	state, _ := pcg.MarshalBinary()
	fmt.Println(state)
	var again randv2.PCG
	fmt.Println(again.UnmarshalBinary(state), again.Uint64() == pcg.Uint64(), again.UnmarshalBinary([]byte("bad")))
	pcg.Seed(3, 4)
	fmt.Println(pcg.Uint64())
	var seed [32]byte
	copy(seed[:], "chacha8 seed for the scene test!")
	c8 := randv2.NewChaCha8(seed)
	fmt.Println(c8.Uint64(), c8.Uint64())
	buf := make([]byte, 5)
	c8.Read(buf)
	fmt.Println(buf)
	rc := randv2.New(c8)
	fmt.Println(rc.IntN(1000), rc.Float64())
	cs, _ := c8.MarshalBinary()
	var c8b randv2.ChaCha8
	fmt.Println(c8b.UnmarshalBinary(cs), c8b.Uint64() == c8.Uint64())
	c8.Seed(seed)
	fmt.Println(c8.Uint64())
	own := randv2.New(&counter2{})
	fmt.Println(own.IntN(100), own.Float64(), own.Perm(4))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		r2.IntN(-1)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		randv2.N(0)
	}()
}

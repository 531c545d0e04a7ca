package vm

import (
	"go/types"
	randv1 "math/rand"
	rand "math/rand/v2"
)

// math/rand and math/rand/v2: a Rand's methods are the host's, computed
// on a host Rand over the program's Source: the host's own generators for
// the prelude's rngSource, PCG and ChaCha8 (their state copied in and
// out), and for a Source of the scene an adapter that calls its methods
// back. The top-level functions' sources are seeded with the run's seed
// (the real runtime seeds them randomly).
func init() {
	registerNatives(func(n map[string]Native) {
		const v1, v2 = "(*math/rand.", "(*math/rand/v2."

		// math/rand.
		n["math/rand.newSource"] = func(c *Call) { c.Return(Value{R: randv1.NewSource(c.Args[0].I())}) }
		n["math/rand.seededSource"] = func(c *Call) {
			c.Return(Value{R: randv1.NewSource(int64(c.Run().Seed))})
		}
		n[v1+"rngSource).Int63"] = func(c *Call) {
			defer guard(c)
			c.Return(Int(rngOf(c).Int63()))
		}
		n[v1+"rngSource).Uint64"] = func(c *Call) {
			defer guard(c)
			c.Return(Uint(rngOf(c).(randv1.Source64).Uint64()))
		}
		n[v1+"rngSource).Seed"] = func(c *Call) {
			defer guard(c)
			rngOf(c).Seed(c.Args[1].I())
		}
		m1 := func(name string, f func(c *Call, r *randv1.Rand)) {
			n[v1+"Rand)."+name] = func(c *Call) {
				defer guard(c)
				f(c, randV1(c))
			}
		}
		m1("ExpFloat64", func(c *Call, r *randv1.Rand) { c.Return(Float(r.ExpFloat64())) })
		m1("Float32", func(c *Call, r *randv1.Rand) { c.Return(Float(float64(r.Float32()))) })
		m1("Float64", func(c *Call, r *randv1.Rand) { c.Return(Float(r.Float64())) })
		m1("Int", func(c *Call, r *randv1.Rand) { c.Return(Int(int64(r.Int()))) })
		m1("Int31", func(c *Call, r *randv1.Rand) { c.Return(Int(int64(r.Int31()))) })
		m1("Int31n", func(c *Call, r *randv1.Rand) { c.Return(Int(int64(r.Int31n(int32(c.Args[1].I()))))) })
		m1("Int63", func(c *Call, r *randv1.Rand) { c.Return(Int(r.Int63())) })
		m1("Int63n", func(c *Call, r *randv1.Rand) { c.Return(Int(r.Int63n(c.Args[1].I()))) })
		m1("Intn", func(c *Call, r *randv1.Rand) { c.Return(Int(int64(r.Intn(int(c.Args[1].I()))))) })
		m1("NormFloat64", func(c *Call, r *randv1.Rand) { c.Return(Float(r.NormFloat64())) })
		m1("Perm", func(c *Call, r *randv1.Rand) {
			k := c.Args[1].I()
			checkLen(k)
			c.Return(intsVal(r.Perm(int(k))))
		})
		m1("Uint32", func(c *Call, r *randv1.Rand) { c.Return(Uint(uint64(r.Uint32()))) })
		m1("Uint64", func(c *Call, r *randv1.Rand) { c.Return(Uint(r.Uint64())) })
		m1("shuffle", func(c *Call, r *randv1.Rand) {
			k := c.Args[1].I()
			if k > 0 {
				checkLen(k)
			}
			var pairs []int
			r.Shuffle(int(k), func(i, j int) { pairs = append(pairs, i, j) })
			c.Return(intsVal(pairs))
		})

		// math/rand/v2.
		n["math/rand/v2.seed"] = func(c *Call) { c.Return(Uint(c.Run().Seed)) }
		n["math/rand/v2.newChaCha8"] = func(c *Call) {
			var seed [32]byte
			for i, v := range c.Args[0].R.(*Agg).V {
				seed[i] = byte(v.N)
			}
			st, _ := rand.NewChaCha8(seed).MarshalBinary()
			c.Return(Str(string(st)))
		}
		pcg := func(f func(c *Call, p *rand.PCG)) Native {
			return func(c *Call) {
				a, ok := recvAgg(c)
				if !ok {
					return
				}
				p := rand.NewPCG(a.V[0].N, a.V[1].N)
				defer savePCG(a, p)
				f(c, p)
			}
		}
		n[v2+"PCG).Uint64"] = pcg(func(c *Call, p *rand.PCG) { c.Return(Uint(p.Uint64())) })
		chacha := func(f func(c *Call, s *rand.ChaCha8)) Native {
			return func(c *Call) {
				a, ok := recvAgg(c)
				if !ok {
					return
				}
				s := loadChaCha8(a)
				defer saveChaCha8(a, s)
				f(c, s)
			}
		}
		n[v2+"ChaCha8).Uint64"] = chacha(func(c *Call, s *rand.ChaCha8) { c.Return(Uint(s.Uint64())) })
		n[v2+"ChaCha8).Read"] = chacha(func(c *Call, s *rand.ChaCha8) {
			p, _ := c.Args[1].R.([]Value)
			b := make([]byte, len(p))
			k, _ := s.Read(b)
			for i := range k {
				p[i] = Value{N: uint64(b[i])}
			}
			c.Return(Int(int64(k)), Value{})
		})
		n[v2+"ChaCha8).MarshalBinary"] = chacha(func(c *Call, s *rand.ChaCha8) {
			b, _ := s.MarshalBinary()
			c.Return(bytesVal(b), Value{})
		})
		n[v2+"ChaCha8).AppendBinary"] = chacha(func(c *Call, s *rand.ChaCha8) {
			c.Return(appendTo(c.Args[1], func(b []byte) []byte { b, _ = s.AppendBinary(b); return b }), Value{})
		})
		n[v2+"ChaCha8).unmarshal"] = func(c *Call) {
			a, ok := recvAgg(c)
			if !ok {
				return
			}
			s := new(rand.ChaCha8)
			if err := s.UnmarshalBinary(bytesOf(c.Args[1])); err != nil {
				c.Return(Str(err.Error()))
				return
			}
			saveChaCha8(a, s)
			c.Return(Str(""))
		}
		m2 := func(name string, f func(c *Call, r *rand.Rand)) {
			n[v2+"Rand)."+name] = func(c *Call) {
				defer guard(c)
				a, ok := recvAgg(c)
				if !ok {
					return
				}
				r, done := randV2(c, a.V[0])
				defer done()
				f(c, r)
			}
		}
		m2("ExpFloat64", func(c *Call, r *rand.Rand) { c.Return(Float(r.ExpFloat64())) })
		m2("Float32", func(c *Call, r *rand.Rand) { c.Return(Float(float64(r.Float32()))) })
		m2("Float64", func(c *Call, r *rand.Rand) { c.Return(Float(r.Float64())) })
		m2("Int", func(c *Call, r *rand.Rand) { c.Return(Int(int64(r.Int()))) })
		m2("Int32", func(c *Call, r *rand.Rand) { c.Return(Int(int64(r.Int32()))) })
		m2("Int32N", func(c *Call, r *rand.Rand) { c.Return(Int(int64(r.Int32N(int32(c.Args[1].I()))))) })
		m2("Int64", func(c *Call, r *rand.Rand) { c.Return(Int(r.Int64())) })
		m2("Int64N", func(c *Call, r *rand.Rand) { c.Return(Int(r.Int64N(c.Args[1].I()))) })
		m2("IntN", func(c *Call, r *rand.Rand) { c.Return(Int(int64(r.IntN(int(c.Args[1].I()))))) })
		m2("NormFloat64", func(c *Call, r *rand.Rand) { c.Return(Float(r.NormFloat64())) })
		m2("Perm", func(c *Call, r *rand.Rand) {
			k := c.Args[1].I()
			checkLen(k)
			c.Return(intsVal(r.Perm(int(k))))
		})
		m2("Uint", func(c *Call, r *rand.Rand) { c.Return(Uint(uint64(r.Uint()))) })
		m2("Uint32", func(c *Call, r *rand.Rand) { c.Return(Uint(uint64(r.Uint32()))) })
		m2("Uint32N", func(c *Call, r *rand.Rand) { c.Return(Uint(uint64(r.Uint32N(uint32(c.Args[1].N))))) })
		m2("Uint64", func(c *Call, r *rand.Rand) { c.Return(Uint(r.Uint64())) })
		m2("Uint64N", func(c *Call, r *rand.Rand) { c.Return(Uint(r.Uint64N(c.Args[1].N))) })
		m2("UintN", func(c *Call, r *rand.Rand) { c.Return(Uint(uint64(r.UintN(uint(c.Args[1].N))))) })
		m2("shuffle", func(c *Call, r *rand.Rand) {
			k := c.Args[1].I()
			if k > 0 {
				checkLen(k)
			}
			var pairs []int
			r.Shuffle(int(k), func(i, j int) { pairs = append(pairs, i, j) })
			c.Return(intsVal(pairs))
		})
	})
}

// recvAgg is the struct the call's receiver points to; a nil receiver
// makes the call a nil dereference.
func recvAgg(c *Call) (*Agg, bool) {
	p := c.Args[0].Ptr()
	if p == nil {
		c.RuntimeError("invalid memory address or nil pointer dereference")
		return nil, false
	}
	return p.R.(*Agg), true
}

// rngOf is the host Source of the receiver, an *rngSource. (Its panics,
// and those of the functions below, reach the program through guard.)
func rngOf(c *Call) randv1.Source {
	p := c.Args[0].Ptr()
	if p == nil {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	return p.R.(*Agg).V[0].R.(randv1.Source)
}

// randV1 is a host Rand over the Source of the receiver, a *rand.Rand.
// The host's Rand keeps no state of its own but Read's, which the
// prelude does in Go.
func randV1(c *Call) *randv1.Rand {
	p := c.Args[0].Ptr()
	if p == nil {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	src := p.R.(*Agg).V[0]
	i, _ := src.R.(*Iface)
	if i == nil {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	if isPreludeType(i.T.T, "math/rand", "rngSource") {
		if sp := i.V.Ptr(); sp != nil {
			return randv1.New(sp.R.(*Agg).V[0].R.(randv1.Source))
		}
	}
	s := &sceneSource{c: c, v: src}
	if c.t.run.p.method(i.T, "Uint64") != nil {
		return randv1.New(sceneSource64{s})
	}
	return randv1.New(s)
}

// sceneSource is a Source of the scene, called back from the host.
type sceneSource struct {
	c *Call
	v Value
}

func (s *sceneSource) call(name string) Value {
	res, ok := s.c.Method(s.v, name)
	if !ok || len(res) != 1 {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	return res[0]
}

func (s *sceneSource) Int63() int64 { return s.call("Int63").I() }
func (s *sceneSource) Seed(int64)   {}

// sceneSource64 is a sceneSource with a Uint64 method.
type sceneSource64 struct{ *sceneSource }

func (s sceneSource64) Uint64() uint64 { return s.call("Uint64").N }

// randV2 is a host Rand over src, a Source of the program; done copies
// the state of a PCG or ChaCha8 back into the program's.
func randV2(c *Call, src Value) (r *rand.Rand, done func()) {
	i, _ := src.R.(*Iface)
	if i == nil {
		panic(runtimeError("invalid memory address or nil pointer dereference"))
	}
	if p := i.V.Ptr(); p != nil {
		switch {
		case isPreludeType(i.T.T, "math/rand/v2", "PCG"):
			a := p.R.(*Agg)
			g := rand.NewPCG(a.V[0].N, a.V[1].N)
			return rand.New(g), func() { savePCG(a, g) }
		case isPreludeType(i.T.T, "math/rand/v2", "ChaCha8"):
			a := p.R.(*Agg)
			g := loadChaCha8(a)
			return rand.New(g), func() { saveChaCha8(a, g) }
		}
	}
	return rand.New(sceneSource64{&sceneSource{c: c, v: src}}), func() {}
}

// isPreludeType reports whether t is *pkg.name.
func isPreludeType(t types.Type, pkg, name string) bool {
	pt, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	nt, ok := pt.Elem().(*types.Named)
	return ok && nt.Obj().Name() == name && nt.Obj().Pkg() != nil && nt.Obj().Pkg().Path() == pkg
}

func savePCG(a *Agg, p *rand.PCG) {
	b, _ := p.MarshalBinary() // "pcg:", hi and lo big-endian
	a.V[0], a.V[1] = Uint(be64(b[4:])), Uint(be64(b[12:]))
}

func be64(b []byte) uint64 {
	var x uint64
	for _, c := range b[:8] {
		x = x<<8 | uint64(c)
	}
	return x
}

func loadChaCha8(a *Agg) *rand.ChaCha8 {
	s := new(rand.ChaCha8)
	if st := a.V[0].S(); st != "" {
		s.UnmarshalBinary([]byte(st))
	}
	return s
}

func saveChaCha8(a *Agg, s *rand.ChaCha8) {
	b, _ := s.MarshalBinary()
	a.V[0] = Str(string(b))
}

// intsVal makes a []int of the program.
func intsVal(xs []int) Value {
	if xs == nil {
		return Value{R: []Value{}}
	}
	out := make([]Value, len(xs), cap(xs))
	for i, x := range xs {
		out[i] = Int(int64(x))
	}
	return Value{R: out}
}

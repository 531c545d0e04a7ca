package vm

import (
	"math"
	"math/bits"
)

// math and math/bits, by the host's packages.
func init() {
	registerNatives(func(n map[string]Native) {
		for name, f := range map[string]func(float64) float64{
			"Abs": math.Abs, "Acos": math.Acos, "Acosh": math.Acosh, "Asin": math.Asin, "Asinh": math.Asinh,
			"Atan": math.Atan, "Atanh": math.Atanh, "Cbrt": math.Cbrt, "Ceil": math.Ceil, "Cos": math.Cos,
			"Cosh": math.Cosh, "Erf": math.Erf, "Erfc": math.Erfc, "Erfcinv": math.Erfcinv, "Erfinv": math.Erfinv,
			"Exp": math.Exp, "Exp2": math.Exp2, "Expm1": math.Expm1, "Floor": math.Floor, "Gamma": math.Gamma,
			"J0": math.J0, "J1": math.J1, "Log": math.Log, "Log10": math.Log10, "Log1p": math.Log1p,
			"Log2": math.Log2, "Logb": math.Logb, "Round": math.Round, "RoundToEven": math.RoundToEven,
			"Sin": math.Sin, "Sinh": math.Sinh, "Sqrt": math.Sqrt, "Tan": math.Tan, "Tanh": math.Tanh,
			"Trunc": math.Trunc, "Y0": math.Y0, "Y1": math.Y1,
		} {
			n["math."+name] = func(c *Call) { c.Return(Float(f(c.Args[0].F()))) }
		}
		for name, f := range map[string]func(x, y float64) float64{
			"Atan2": math.Atan2, "Copysign": math.Copysign, "Dim": math.Dim, "Hypot": math.Hypot,
			"Max": math.Max, "Min": math.Min, "Mod": math.Mod, "Nextafter": math.Nextafter,
			"Pow": math.Pow, "Remainder": math.Remainder,
		} {
			n["math."+name] = func(c *Call) { c.Return(Float(f(c.Args[0].F(), c.Args[1].F()))) }
		}
		n["math.FMA"] = func(c *Call) { c.Return(Float(math.FMA(c.Args[0].F(), c.Args[1].F(), c.Args[2].F()))) }
		n["math.Float32bits"] = func(c *Call) { c.Return(Uint(uint64(math.Float32bits(float32(c.Args[0].F()))))) }
		n["math.Float32frombits"] = func(c *Call) { c.Return(Float(float64(math.Float32frombits(uint32(c.Args[0].N))))) }
		n["math.Float64bits"] = func(c *Call) { c.Return(Uint(c.Args[0].N)) }
		n["math.Float64frombits"] = func(c *Call) { c.Return(Value{N: c.Args[0].N}) }
		n["math.Frexp"] = func(c *Call) {
			frac, exp := math.Frexp(c.Args[0].F())
			c.Return(Float(frac), Int(int64(exp)))
		}
		n["math.Ilogb"] = func(c *Call) { c.Return(Int(int64(math.Ilogb(c.Args[0].F())))) }
		n["math.Inf"] = func(c *Call) { c.Return(Float(math.Inf(int(c.Args[0].I())))) }
		n["math.IsInf"] = func(c *Call) { c.Return(Bool(math.IsInf(c.Args[0].F(), int(c.Args[1].I())))) }
		n["math.IsNaN"] = func(c *Call) { c.Return(Bool(math.IsNaN(c.Args[0].F()))) }
		n["math.Jn"] = func(c *Call) { c.Return(Float(math.Jn(int(c.Args[0].I()), c.Args[1].F()))) }
		n["math.Yn"] = func(c *Call) { c.Return(Float(math.Yn(int(c.Args[0].I()), c.Args[1].F()))) }
		n["math.Ldexp"] = func(c *Call) { c.Return(Float(math.Ldexp(c.Args[0].F(), int(c.Args[1].I())))) }
		n["math.Lgamma"] = func(c *Call) {
			lg, sign := math.Lgamma(c.Args[0].F())
			c.Return(Float(lg), Int(int64(sign)))
		}
		n["math.Modf"] = func(c *Call) {
			i, f := math.Modf(c.Args[0].F())
			c.Return(Float(i), Float(f))
		}
		n["math.NaN"] = func(c *Call) { c.Return(Float(math.NaN())) }
		n["math.Nextafter32"] = func(c *Call) {
			c.Return(Float(float64(math.Nextafter32(float32(c.Args[0].F()), float32(c.Args[1].F())))))
		}
		n["math.Pow10"] = func(c *Call) { c.Return(Float(math.Pow10(int(c.Args[0].I())))) }
		n["math.Signbit"] = func(c *Call) { c.Return(Bool(math.Signbit(c.Args[0].F()))) }
		n["math.Sincos"] = func(c *Call) {
			s, co := math.Sincos(c.Args[0].F())
			c.Return(Float(s), Float(co))
		}

		// math/bits. The arguments are zero-extended in N, so the 64-bit
		// functions serve the narrower ones where the result is the same.
		const b = "math/bits."
		count := func(f func(uint64) int) Native {
			return func(c *Call) { c.Return(Int(int64(f(c.Args[0].N)))) }
		}
		n[b+"LeadingZeros"] = count(bits.LeadingZeros64)
		n[b+"LeadingZeros64"] = count(bits.LeadingZeros64)
		n[b+"LeadingZeros32"] = count(func(x uint64) int { return bits.LeadingZeros32(uint32(x)) })
		n[b+"LeadingZeros16"] = count(func(x uint64) int { return bits.LeadingZeros16(uint16(x)) })
		n[b+"LeadingZeros8"] = count(func(x uint64) int { return bits.LeadingZeros8(uint8(x)) })
		n[b+"TrailingZeros"] = count(bits.TrailingZeros64)
		n[b+"TrailingZeros64"] = count(bits.TrailingZeros64)
		n[b+"TrailingZeros32"] = count(func(x uint64) int { return bits.TrailingZeros32(uint32(x)) })
		n[b+"TrailingZeros16"] = count(func(x uint64) int { return bits.TrailingZeros16(uint16(x)) })
		n[b+"TrailingZeros8"] = count(func(x uint64) int { return bits.TrailingZeros8(uint8(x)) })
		for _, w := range []string{"", "64", "32", "16", "8"} {
			n[b+"OnesCount"+w] = count(bits.OnesCount64)
			n[b+"Len"+w] = count(bits.Len64)
		}
		unary := func(f func(uint64) uint64) Native {
			return func(c *Call) { c.Return(Uint(f(c.Args[0].N))) }
		}
		n[b+"Reverse"] = unary(bits.Reverse64)
		n[b+"Reverse64"] = unary(bits.Reverse64)
		n[b+"Reverse32"] = unary(func(x uint64) uint64 { return uint64(bits.Reverse32(uint32(x))) })
		n[b+"Reverse16"] = unary(func(x uint64) uint64 { return uint64(bits.Reverse16(uint16(x))) })
		n[b+"Reverse8"] = unary(func(x uint64) uint64 { return uint64(bits.Reverse8(uint8(x))) })
		n[b+"ReverseBytes"] = unary(bits.ReverseBytes64)
		n[b+"ReverseBytes64"] = unary(bits.ReverseBytes64)
		n[b+"ReverseBytes32"] = unary(func(x uint64) uint64 { return uint64(bits.ReverseBytes32(uint32(x))) })
		n[b+"ReverseBytes16"] = unary(func(x uint64) uint64 { return uint64(bits.ReverseBytes16(uint16(x))) })
		rotate := func(f func(x uint64, k int) uint64) Native {
			return func(c *Call) { c.Return(Uint(f(c.Args[0].N, int(c.Args[1].I())))) }
		}
		n[b+"RotateLeft"] = rotate(bits.RotateLeft64)
		n[b+"RotateLeft64"] = rotate(bits.RotateLeft64)
		n[b+"RotateLeft32"] = rotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft32(uint32(x), k)) })
		n[b+"RotateLeft16"] = rotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft16(uint16(x), k)) })
		n[b+"RotateLeft8"] = rotate(func(x uint64, k int) uint64 { return uint64(bits.RotateLeft8(uint8(x), k)) })
		pair := func(f func(x, y, z uint64) (uint64, uint64)) Native {
			return func(c *Call) {
				defer guard(c)
				r1, r2 := f(c.Args[0].N, c.Args[1].N, c.Args[2].N)
				c.Return(Uint(r1), Uint(r2))
			}
		}
		add32 := func(x, y, z uint64) (uint64, uint64) {
			s, k := bits.Add32(uint32(x), uint32(y), uint32(z))
			return uint64(s), uint64(k)
		}
		sub32 := func(x, y, z uint64) (uint64, uint64) {
			d, k := bits.Sub32(uint32(x), uint32(y), uint32(z))
			return uint64(d), uint64(k)
		}
		div32 := func(hi, lo, y uint64) (uint64, uint64) {
			q, r := bits.Div32(uint32(hi), uint32(lo), uint32(y))
			return uint64(q), uint64(r)
		}
		n[b+"Add"], n[b+"Add64"], n[b+"Add32"] = pair(bits.Add64), pair(bits.Add64), pair(add32)
		n[b+"Sub"], n[b+"Sub64"], n[b+"Sub32"] = pair(bits.Sub64), pair(bits.Sub64), pair(sub32)
		n[b+"Div"], n[b+"Div64"], n[b+"Div32"] = pair(bits.Div64), pair(bits.Div64), pair(div32)
		mul := func(c *Call) {
			hi, lo := bits.Mul64(c.Args[0].N, c.Args[1].N)
			c.Return(Uint(hi), Uint(lo))
		}
		n[b+"Mul"], n[b+"Mul64"] = mul, mul
		n[b+"Mul32"] = func(c *Call) {
			hi, lo := bits.Mul32(uint32(c.Args[0].N), uint32(c.Args[1].N))
			c.Return(Uint(uint64(hi)), Uint(uint64(lo)))
		}
		rem := func(f func(hi, lo, y uint64) uint64) Native {
			return func(c *Call) {
				defer guard(c)
				c.Return(Uint(f(c.Args[0].N, c.Args[1].N, c.Args[2].N)))
			}
		}
		n[b+"Rem"] = rem(bits.Rem64)
		n[b+"Rem64"] = rem(bits.Rem64)
		n[b+"Rem32"] = rem(func(hi, lo, y uint64) uint64 { return uint64(bits.Rem32(uint32(hi), uint32(lo), uint32(y))) })
	})
}

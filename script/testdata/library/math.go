// math and math/bits.
package main

import (
	"fmt"
	"math"
	"math/bits"
	_ "runtime" // the VM's runtime errors are runtime.Errors only when the scene links runtime
)

func main() {
	fmt.Println(math.Pi, math.E, math.Phi, math.Sqrt2, math.Ln2, math.Log2E, math.Log10E)
	fmt.Println(math.MaxInt, math.MinInt64, math.MaxInt32, math.MaxUint32, uint64(math.MaxUint64), math.MaxInt8, math.MaxUint16)
	fmt.Println(math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxFloat32, math.SmallestNonzeroFloat32)
	xs := []float64{0, 0.5, 1, 2.5, -2.5, 10, math.Inf(1), math.NaN()}
	for _, x := range xs {
		fmt.Println(x, math.Abs(x), math.Sqrt(x), math.Floor(x), math.Ceil(x), math.Round(x), math.RoundToEven(x), math.Trunc(x), math.Exp(x), math.Log(x), math.Log2(x), math.Log10(x))
		fmt.Println(math.Sin(x), math.Cos(x), math.Tan(x), math.Atan(x), math.Sinh(x), math.Tanh(x), math.Cbrt(x), math.Exp2(x), math.Expm1(x), math.Log1p(x), math.Gamma(x), math.Erf(x))
	}
	fmt.Println(math.Pow(2, 10), math.Pow(2, 0.5), math.Hypot(3, 4), math.Mod(7, 3), math.Remainder(7, 3), math.Atan2(1, -1), math.Max(1, math.NaN()), math.Min(-0.0, 0), math.Dim(5, 3), math.Copysign(3, -1))
	fmt.Println(math.IsNaN(math.NaN()), math.IsInf(math.Inf(-1), -1), math.IsInf(1, 0), math.Signbit(math.Copysign(0, -1)), math.Inf(-1))
	frac, exp := math.Frexp(8)
	ip, fp := math.Modf(-3.25)
	lg, sign := math.Lgamma(-0.5)
	sn, cs := math.Sincos(1)
	fmt.Println(frac, exp, ip, fp, lg, sign, sn, cs, math.Ldexp(0.5, 4), math.Ilogb(8), math.Logb(8))
	fmt.Println(math.Float64bits(1.5), math.Float64frombits(0x3ff8000000000000), math.Float32bits(1.5), math.Float32frombits(0x3fc00000))
	fmt.Println(math.Nextafter(1, 2), math.Nextafter32(1, 2), math.Pow10(3), math.FMA(2, 3, 4), math.J0(1), math.Y1(1), math.Jn(2, 1), math.Yn(2, 1), math.Erfinv(0.5), math.Erfcinv(0.5), math.Acos(0.5), math.Asinh(1), math.Acosh(2), math.Atanh(0.5), math.Asin(1), math.Cosh(1), math.Erfc(1), math.J1(1), math.Y0(1))
	var f32 float32 = 0.1
	fmt.Println(math.Sqrt(float64(f32)), float32(math.Sqrt(float64(f32))))

	for _, x := range []uint64{0, 1, 255, 1 << 40, math.MaxUint64} {
		fmt.Println(bits.OnesCount64(x), bits.LeadingZeros64(x), bits.TrailingZeros64(x), bits.Len64(x), bits.Reverse64(x), bits.ReverseBytes64(x), bits.RotateLeft64(x, 3), bits.RotateLeft64(x, -3))
		fmt.Println(bits.OnesCount32(uint32(x)), bits.LeadingZeros32(uint32(x)), bits.TrailingZeros32(uint32(x)), bits.Len32(uint32(x)), bits.Reverse32(uint32(x)), bits.ReverseBytes32(uint32(x)), bits.RotateLeft32(uint32(x), 5))
		fmt.Println(bits.OnesCount16(uint16(x)), bits.LeadingZeros16(uint16(x)), bits.TrailingZeros16(uint16(x)), bits.Len16(uint16(x)), bits.Reverse16(uint16(x)), bits.ReverseBytes16(uint16(x)), bits.RotateLeft16(uint16(x), 5))
		fmt.Println(bits.OnesCount8(uint8(x)), bits.LeadingZeros8(uint8(x)), bits.TrailingZeros8(uint8(x)), bits.Len8(uint8(x)), bits.Reverse8(uint8(x)), bits.RotateLeft8(uint8(x), 5))
		fmt.Println(bits.OnesCount(uint(x)), bits.LeadingZeros(uint(x)), bits.TrailingZeros(uint(x)), bits.Len(uint(x)), bits.Reverse(uint(x)), bits.ReverseBytes(uint(x)), bits.RotateLeft(uint(x), 1))
	}
	s, c := bits.Add64(math.MaxUint64, 1, 0)
	d, b := bits.Sub64(0, 1, 0)
	hi, lo := bits.Mul64(math.MaxUint64, math.MaxUint64)
	q, r := bits.Div64(1, 0, 3)
	fmt.Println(s, c, d, b, hi, lo, q, r, bits.Rem64(5, 7, 3))
	s32, c32 := bits.Add32(math.MaxUint32, 2, 1)
	d32, b32 := bits.Sub32(1, 2, 0)
	h32, l32 := bits.Mul32(math.MaxUint32, 3)
	q32, r32 := bits.Div32(1, 5, 7)
	fmt.Println(s32, c32, d32, b32, h32, l32, q32, r32, bits.Rem32(9, 9, 10))
	su, cu := bits.Add(1, 2, 1)
	du, bu := bits.Sub(1, 2, 1)
	hu, lu := bits.Mul(1<<40, 1<<40)
	qu, ru := bits.Div(0, 100, 7)
	fmt.Println(su, cu, du, bu, hu, lu, qu, ru, bits.Rem(1, 2, 3), bits.UintSize)
	for _, f := range []func(){
		func() { bits.Div64(0, 1, 0) },
		func() { bits.Div64(5, 1, 3) },
		func() { bits.Rem(1, 1, 0) },
	} {
		func() {
			defer func() {
				e := recover()
				_, isErr := e.(error)
				fmt.Println("recovered:", e, isErr)
			}()
			f()
		}()
	}
}

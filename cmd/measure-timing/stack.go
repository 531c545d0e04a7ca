package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gmpbook/gmpbook/core"
)

// stackFit fits what a stack growth costs (script/vm/stack.go) to the
// stack probe's medians: for each recursion it replays the growths the
// runtime makes (stack.go:newstack: double until the frame and the guard
// fit) and fits cost = fixed + perFrame·frames copied + perByte·new size,
// weighting each case by its own size (least squares of relative error).
// It prints the fit and, per case, the measured and the fitted cost.
func stackFit(samples map[string][]int64) {
	type row struct {
		name     string
		x        [3]float64
		measured float64
	}
	var rows []row
	for name, vs := range samples {
		f := strings.Split(name, "_")
		if len(f) != 3 || f[0] != "stack" {
			continue
		}
		frame, _ := strconv.Atoi(f[1])
		depth, _ := strconv.Atoi(f[2])
		med := float64(quantile(sorted(vs), 0.5))
		rows = append(rows, row{name, growthFeatures(int64(frame), depth), med})
	}
	if len(rows) < 3 {
		fmt.Println("stack: too few cases to fit")
		return
	}
	// Normal equations of the weighted fit, solved by elimination.
	var a [3][4]float64
	for _, r := range rows {
		w := 1 / (r.measured * r.measured)
		for i := range 3 {
			a[i][3] += w * r.x[i] * r.measured
			for j := range 3 {
				a[i][j] += w * r.x[i] * r.x[j]
			}
		}
	}
	for i := range 3 {
		p := a[i][i]
		for j := i; j < 4; j++ {
			a[i][j] /= p
		}
		for k := range 3 {
			if k != i {
				f := a[k][i]
				for j := i; j < 4; j++ {
					a[k][j] -= f * a[i][j]
				}
			}
		}
	}
	c := [3]float64{a[0][3], a[1][3], a[2][3]}
	fmt.Printf("stack growth: %.0f ns + %.1f ns per frame copied + %.3f ns per byte of the new stack\n\n", c[0], c[1], c[2])
	fmt.Println("| case (frame bytes, depth) | growths | measured µs | fitted µs |")
	fmt.Println("|---|---|---|---|")
	sortRows := func(i, j int) bool { return rows[i].name < rows[j].name }
	for i := range rows {
		for j := i + 1; j < len(rows); j++ {
			if sortRows(j, i) {
				rows[i], rows[j] = rows[j], rows[i]
			}
		}
	}
	for _, r := range rows {
		fit := c[0]*r.x[0] + c[1]*r.x[1] + c[2]*r.x[2]
		fmt.Printf("| %s | %.0f | %.1f | %.1f |\n", strings.TrimPrefix(r.name, "stack_"), r.x[0], r.measured/1000, fit/1000)
	}
	fmt.Println()
}

// growthFeatures replays a descent of depth frames of frame bytes from a
// 2 KB stack (a goroutine's first frames take about 300 bytes) and returns
// how many growths it makes, how many frames they copy and the bytes of
// the new stacks.
func growthFeatures(frame int64, depth int) [3]float64 {
	const guard = core.StackGuard
	size, used := int64(core.StackMin), int64(300)
	var x [3]float64
	for range depth + 1 {
		used += frame
		if used <= size-guard {
			continue
		}
		newSize := size * 2
		for newSize-(used-frame) < frame+guard {
			newSize *= 2
		}
		x[0]++
		x[1] += float64(used / frame)
		x[2] += float64(newSize)
		size = newSize
	}
	return x
}

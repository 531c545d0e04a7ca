// slices, maps, cmp and iter.
package main

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"strings"
)

type person struct {
	Name string
	Age  int
}

func countdown(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := n; i > 0; i-- {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	s := []int{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	fmt.Println(slices.Contains(s, 9), slices.Index(s, 5), slices.IndexFunc(s, func(x int) bool { return x > 4 }), slices.ContainsFunc(s, func(x int) bool { return x < 0 }))
	fmt.Println(slices.Max(s), slices.Min(s), slices.Equal(s, slices.Clone(s)), slices.Compare([]int{1, 2}, []int{1, 3}), slices.Compare([]int{1, 2}, []int{1}))
	c := slices.Clone(s)
	slices.Sort(c)
	fmt.Println(c, slices.IsSorted(c), slices.IsSorted(s))
	i, found := slices.BinarySearch(c, 5)
	j, found2 := slices.BinarySearch(c, 7)
	fmt.Println(i, found, j, found2)
	fmt.Println(slices.Compact(c), len(c), cap(c), c)
	slices.Reverse(c)
	fmt.Println(c)

	people := []person{{"Gopher", 13}, {"Alice", 55}, {"Bob", 24}, {"Alice", 20}, {"Zed", 24}}
	slices.SortFunc(people, func(a, b person) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Age, b.Age))
	})
	fmt.Println(people)
	slices.SortStableFunc(people, func(a, b person) int { return cmp.Compare(a.Age/10, b.Age/10) })
	fmt.Println(people, slices.IsSortedFunc(people, func(a, b person) int { return cmp.Compare(a.Age/10, b.Age/10) }))
	k, ok := slices.BinarySearchFunc(people, 24, func(p person, age int) int { return cmp.Compare(p.Age/10, age/10) })
	fmt.Println(k, ok)
	fmt.Println(slices.MaxFunc(people, func(a, b person) int { return cmp.Compare(a.Age/10, b.Age/10) }), slices.MinFunc(people, func(a, b person) int { return cmp.Compare(a.Age/10, b.Age/10) }))
	fmt.Println(slices.EqualFunc([]int{1, 2}, []string{"1", "2"}, func(a int, b string) bool { return fmt.Sprint(a) == b }))
	fmt.Println(slices.CompareFunc([]int{1, 2}, []int{1, 5}, cmp.Compare[int]))

	in := []int{1, 2, 3}
	out := slices.Insert(in, 1, 10, 11)
	fmt.Println(out, len(out), cap(out), in)
	roomy := make([]int, 3, 10)
	copy(roomy, []int{1, 2, 3})
	ins := slices.Insert(roomy, 1, roomy[2], 8)
	fmt.Println(ins, cap(ins), roomy[:5])
	fmt.Println(slices.Insert([]int{1}, 1, 2), slices.Insert([]int{1}, 0))
	d := []int{0, 1, 2, 3, 4, 5}
	d2 := slices.Delete(d, 1, 3)
	fmt.Println(d2, d, cap(d2))
	e := []string{"a", "b", "c", "d"}
	e2 := slices.DeleteFunc(e, func(x string) bool { return x == "b" || x == "d" })
	fmt.Printf("%q %q\n", e2, e)
	r := []int{0, 1, 2, 3, 4}
	r2 := slices.Replace(r, 1, 3, 7, 8, 9)
	fmt.Println(r2, cap(r2), r)
	r3 := []int{0, 1, 2, 3, 4, 5}
	r4 := slices.Replace(r3, 1, 4, 9)
	fmt.Println(r4, r3)
	g := slices.Grow([]int{1}, 10)
	fmt.Println(g, len(g), cap(g), cap(slices.Clip(g)))
	fmt.Println(slices.Concat([]int{1}, []int{2, 3}, nil, []int{4}), cap(slices.Concat([]int{1}, []int{2, 3})), slices.Repeat([]string{"a", "b"}, 3))
	fmt.Println(slices.CompactFunc([]string{"a", "A", "b", "B", "c"}, strings.EqualFold))
	fmt.Println(slices.Clone([]int(nil)) == nil, slices.Clone([]int{}) == nil)
	fl := []float64{3, math.NaN(), -1, 2}
	slices.Sort(fl)
	fmt.Println(fl, slices.Max([]float64{1, math.NaN()}), slices.Min([]float64{1, math.NaN()}))

	for i, v := range slices.All([]string{"x", "y"}) {
		fmt.Print(i, v, " ")
	}
	for i, v := range slices.Backward([]string{"x", "y"}) {
		fmt.Print(i, v, " ")
	}
	for v := range slices.Values([]int{7, 8}) {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println(slices.Collect(countdown(4)), slices.Sorted(countdown(5)), slices.AppendSeq([]int{0}, countdown(2)))
	fmt.Println(slices.SortedFunc(countdown(4), func(a, b int) int { return b - a }), slices.SortedStableFunc(slices.Values(people), func(a, b person) int { return cmp.Compare(a.Age, b.Age) }))
	for ch := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(ch, cap(ch), " ")
	}
	fmt.Println()
	for v := range countdown(10) {
		if v < 8 {
			break
		}
		fmt.Print(v, " ")
	}
	fmt.Println()

	m := map[string]int{"b": 2, "a": 1, "c": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)), slices.Sorted(maps.Values(m)))
	m2 := maps.Clone(m)
	m2["d"] = 4
	fmt.Println(len(m), len(m2), maps.Equal(m, m2), maps.EqualFunc(m, maps.Clone(m), func(a, b int) bool { return a == b }))
	maps.DeleteFunc(m2, func(k string, v int) bool { return v%2 == 0 })
	fmt.Println(m2)
	maps.Copy(m2, map[string]int{"z": 26})
	fmt.Println(m2)
	sum := 0
	for k, v := range maps.All(m) {
		sum += len(k) + v
	}
	fmt.Println(sum)
	col := maps.Collect(slices.All([]string{"zero", "one"}))
	fmt.Println(col)
	maps.Insert(col, maps.All(map[int]string{5: "five"}))
	fmt.Println(col, maps.Clone(map[int]int(nil)) == nil)

	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(math.NaN(), 0), cmp.Compare(math.NaN(), math.NaN()), cmp.Less(math.NaN(), math.Inf(-1)), cmp.Less(2, 1))
	fmt.Println(cmp.Or(0, 0, 3, 4), cmp.Or("", "x"), cmp.Or[int]())
	for _, f := range []func(){
		func() { slices.Max([]int{}) },
		func() { slices.Insert([]int{1}, 5, 1) },
		func() { slices.Delete([]int{1, 2}, 1, 3) },
		func() { slices.Grow([]int{}, -1) },
		func() { slices.Chunk([]int{1}, 0) },
	} {
		func() {
			defer func() { fmt.Println("recovered:", recover()) }()
			f()
		}()
	}
}

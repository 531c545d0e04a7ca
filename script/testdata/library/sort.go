// The sort package.
package main

import (
	"fmt"
	"sort"
)

type person struct {
	Name string
	Age  int
}

type byAge []person

func (a byAge) Len() int           { return len(a) }
func (a byAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }
func (a byAge) Less(i, j int) bool { return a[i].Age < a[j].Age }

// counted counts the calls sort makes.
type counted struct {
	sort.IntSlice
	less, swap *int
}

func (c counted) Less(i, j int) bool { *c.less++; return c.IntSlice.Less(i, j) }
func (c counted) Swap(i, j int)      { *c.swap++; c.IntSlice.Swap(i, j) }

func main() {
	ints := []int{7, 2, 4, 9, 1, 3}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints), sort.SearchInts(ints, 4), sort.SearchInts(ints, 5))
	strs := []string{"peach", "banana", "kiwi"}
	sort.Strings(strs)
	fmt.Println(strs, sort.StringsAreSorted(strs), sort.SearchStrings(strs, "kiwi"))
	fl := []float64{2.5, -1, 3, 0}
	sort.Float64s(fl)
	fmt.Println(fl, sort.Float64sAreSorted(fl), sort.SearchFloat64s(fl, 2.5))

	people := []person{{"Alice", 30}, {"Bob", 25}, {"Carol", 35}, {"Dan", 25}, {"Eve", 30}}
	sort.Sort(byAge(people))
	fmt.Println(people)
	sort.Sort(sort.Reverse(byAge(people)))
	fmt.Println(people)
	sort.Slice(people, func(i, j int) bool { return people[i].Name < people[j].Name })
	fmt.Println(people, sort.SliceIsSorted(people, func(i, j int) bool { return people[i].Name < people[j].Name }))
	sort.SliceStable(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	sort.Stable(sort.Reverse(byAge(people)))
	fmt.Println(people, sort.IsSorted(byAge(people)))

	// Large inputs: distinct keys (any correct sort agrees), and a stable
	// sort with ties.
	big := make([]int, 500)
	for i := range big {
		big[i] = (i * 7919) % 500
	}
	sort.Ints(big)
	fmt.Println(big[:5], big[495:], sort.IntsAreSorted(big))
	var lessN, swapN int
	small := sort.IntSlice{5, 2, 8, 1, 9, 3, 7}
	sort.Sort(counted{small, &lessN, &swapN})
	fmt.Println(small, lessN, swapN)
	lessN, swapN = 0, 0
	small = sort.IntSlice{5, 2, 8, 1, 9, 3, 7, 0, 4, 6}
	sort.Stable(counted{small, &lessN, &swapN})
	fmt.Println(small, lessN, swapN)
	recs := make([]person, 300)
	for i := range recs {
		recs[i] = person{fmt.Sprint("p", i), (i * 37) % 10}
	}
	sort.SliceStable(recs, func(i, j int) bool { return recs[i].Age < recs[j].Age })
	fmt.Println(recs[:4], recs[296:])
	recs2 := make([]person, 300)
	for i := range recs2 {
		recs2[i] = person{fmt.Sprint("q", i), (i * 53) % 7}
	}
	sort.Stable(byAge(recs2))
	fmt.Println(recs2[:3], recs2[297:])
	keys := make([]int, 200)
	for i := range keys {
		keys[i] = (i * 113) % 200
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] > keys[j] })
	fmt.Println(keys[:5], keys[195:])
	ss := sort.StringSlice{"c", "a", "b"}
	ss.Sort()
	fmt.Println(ss, ss.Search("b"), ss.Len())
	fs := sort.Float64Slice{3, 1, 2}
	fs.Sort()
	fmt.Println(fs, fs.Search(2))
	is := sort.IntSlice{3, 1, 2}
	is.Sort()
	fmt.Println(is, is.Search(3))

	i := sort.Search(100, func(i int) bool { return i*i >= 50 })
	fmt.Println(i)
	idx, found := sort.Find(len(strs), func(i int) int {
		switch {
		case "kiwi" < strs[i]:
			return -1
		case "kiwi" > strs[i]:
			return 1
		}
		return 0
	})
	fmt.Println(idx, found)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		sort.Slice(42, func(i, j int) bool { return false })
	}()
}

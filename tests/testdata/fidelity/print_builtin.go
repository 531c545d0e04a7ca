//scene title="the builtin print and println"

package main

// print writes its operands with nothing between them; println puts a
// space between operands and ends the line. Both write to stderr without
// a system call the scheduler sees.
func main() {
	print("a", 1, "\n")
	print(2, 3)
	println()
	println("b", 4, true)
}

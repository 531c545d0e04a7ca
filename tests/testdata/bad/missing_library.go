package main

import "runtime"

func main() {
	runtime.SetFinalizer(new(int), nil)
}

package main

import "errors"

func cleanup() {
	if r := recover(); r != nil {
		panic(errors.New("cleanup failed"))
	}
}

func run() {
	defer cleanup()
	var m map[string]int
	m["x"] = 1
}

func main() {
	run()
}

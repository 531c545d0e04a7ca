package main

import "unsafe"

func main() { println(unsafe.Sizeof(0)) }

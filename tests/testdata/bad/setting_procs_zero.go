//scene procs=0

package main

func main() {}

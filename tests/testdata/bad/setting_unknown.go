//scene color=red

package main

func main() {}

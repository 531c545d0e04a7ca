package main

import "errors"

func main() {
	panic(errors.New("the disk is full"))
}

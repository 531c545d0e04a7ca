package main

func main() {
	for {
	}
}

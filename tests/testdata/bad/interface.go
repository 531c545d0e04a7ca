package main

func main() {
	var s interface{ String() string }
	_ = s
}

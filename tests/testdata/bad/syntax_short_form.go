func main() {
	x := 
}

func main() {
	fmt.Println(notDeclared)
}

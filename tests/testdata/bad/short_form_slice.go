//scene procs=2
func main() {
	var fs []func()
	_ = fs
}

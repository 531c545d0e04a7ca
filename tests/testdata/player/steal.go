//scene procs=2 seed=7 title="Work stealing"
func main() {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); scene.Work(2 * time.Millisecond) }()
	}
	wg.Wait()
}

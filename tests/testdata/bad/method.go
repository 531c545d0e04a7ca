package main

type counter int

func (c counter) inc() counter { return c + 1 }

func main() {
	var c counter
	_ = c.inc()
}

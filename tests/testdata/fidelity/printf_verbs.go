//scene title="fmt formats like fmt"

package main

import (
	"fmt"
	"time"
)

func main() {
	fmt.Printf("%v|%+v|%q|%x|%X|%o|%b|%c|%U\n", 42, 42, 42, -255, 255, 8, 5, 65, 0x1F600)
	fmt.Printf("%5.2s|%-6d|%06d|%+d|% d|%t\n", "hello", 7, -7, 7, 7, true)
	fmt.Printf("%v %s %d\n", time.Millisecond*1500, time.Second, time.Second)
	fmt.Printf("%#v %#v %d%%\n", "q", true, 100)
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3, true))
	fmt.Print("x", 1, 2, "\n")
	fmt.Println(time.Duration(0), -time.Microsecond, time.Duration(1), 90*time.Second)
	fmt.Printf("%d %d\n", 1)
	s := fmt.Sprintf("%5d|%-3s|", 42, "x")
	fmt.Println(s, len(s))
}

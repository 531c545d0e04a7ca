// Package os is the little of os a scene may use.
package os

// Exit ends the process with status code.
func Exit(code int)

// Args are the command-line arguments: just the program's name.
var Args = []string{"/tmp/scene"}

// Getenv reads the simulated machine's environment: a fixed one, so that
// runs do not depend on the reader's.
func Getenv(key string) string {
	v, _ := LookupEnv(key)
	return v
}

// LookupEnv reads the simulated environment and says whether key is set.
func LookupEnv(key string) (string, bool) {
	for _, kv := range env {
		if len(kv) > len(key) && kv[len(key)] == '=' && kv[:len(key)] == key {
			return kv[len(key)+1:], true
		}
	}
	return "", false
}

// Environ lists the simulated environment.
func Environ() []string { return append([]string(nil), env...) }

var env = []string{"HOME=/home/gopher", "PATH=/usr/local/go/bin:/usr/bin:/bin", "USER=gopher"}

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

// A File is an open file. Scenes have the standard streams only.
type File struct {
	fd   int
	name string
}

// The standard streams: what is written to them is the program's output.
var (
	Stdin  = &File{0, "/dev/stdin"}
	Stdout = &File{1, "/dev/stdout"}
	Stderr = &File{2, "/dev/stderr"}
)

// Write writes b to the file: a write(2) system call on the simulated
// machine, as fmt.Println's.
func (f *File) Write(b []byte) (n int, err error) {
	writeFD(f.fd, string(b))
	return len(b), nil
}

// WriteString is Write of a string.
func (f *File) WriteString(s string) (n int, err error) {
	writeFD(f.fd, s)
	return len(s), nil
}

// Name is the file's name.
func (f *File) Name() string { return f.name }

// Fd is the file's descriptor.
func (f *File) Fd() uintptr { return uintptr(f.fd) }

func writeFD(fd int, s string)

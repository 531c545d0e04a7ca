// Package log is the scenes' log: the standard logger writes to os.Stderr
// with the time of the virtual clock (which starts at the Unix epoch).
package log

import (
	"fmt"
	"io"
	"os"
	"time"
)

// The flags choose what the header of each line says.
const (
	Ldate         = 1 << iota // the date: 2009/01/23
	Ltime                     // the time: 01:23:23
	Lmicroseconds             // microseconds after the time: 01:23:23.123123
	Llongfile                 // the full file name and line: the VM gives ???:0
	Lshortfile                // the file name and line: ???:0
	LUTC                      // UTC rather than the local zone (the same here)
	Lmsgprefix                // the prefix just before the message
	LstdFlags     = Ldate | Ltime
)

// A Logger writes lines with a header to an io.Writer.
type Logger struct {
	out    io.Writer
	prefix string
	flag   int
}

// New makes a Logger.
func New(out io.Writer, prefix string, flag int) *Logger {
	return &Logger{out: out, prefix: prefix, flag: flag}
}

var std = New(os.Stderr, "", LstdFlags)

// Default is the standard logger.
func Default() *Logger { return std }

func (l *Logger) header(t time.Time) string {
	s := ""
	if l.flag&Lmsgprefix == 0 {
		s += l.prefix
	}
	if l.flag&(Ldate|Ltime|Lmicroseconds) != 0 {
		if l.flag&LUTC != 0 {
			t = t.UTC()
		}
		if l.flag&Ldate != 0 {
			s += t.Format("2006/01/02 ")
		}
		if l.flag&(Ltime|Lmicroseconds) != 0 {
			if l.flag&Lmicroseconds != 0 {
				s += t.Format("15:04:05.000000 ")
			} else {
				s += t.Format("15:04:05 ")
			}
		}
	}
	if l.flag&(Lshortfile|Llongfile) != 0 {
		s += "???:0: "
	}
	if l.flag&Lmsgprefix != 0 {
		s += l.prefix
	}
	return s
}

// Output writes one line: the header, s and a newline if s has none.
func (l *Logger) Output(calldepth int, s string) error {
	line := l.header(time.Now()) + s
	if len(s) == 0 || s[len(s)-1] != '\n' {
		line += "\n"
	}
	_, err := l.out.Write([]byte(line))
	return err
}

func (l *Logger) Print(v ...any)                 { l.Output(2, fmt.Sprint(v...)) }
func (l *Logger) Printf(format string, v ...any) { l.Output(2, fmt.Sprintf(format, v...)) }
func (l *Logger) Println(v ...any)               { l.Output(2, fmt.Sprintln(v...)) }
func (l *Logger) Fatal(v ...any)                 { l.Output(2, fmt.Sprint(v...)); os.Exit(1) }
func (l *Logger) Fatalf(format string, v ...any) { l.Output(2, fmt.Sprintf(format, v...)); os.Exit(1) }
func (l *Logger) Fatalln(v ...any)               { l.Output(2, fmt.Sprintln(v...)); os.Exit(1) }
func (l *Logger) Panic(v ...any) {
	s := fmt.Sprint(v...)
	l.Output(2, s)
	panic(s)
}
func (l *Logger) Panicf(format string, v ...any) {
	s := fmt.Sprintf(format, v...)
	l.Output(2, s)
	panic(s)
}
func (l *Logger) Panicln(v ...any) {
	s := fmt.Sprintln(v...)
	l.Output(2, s)
	panic(s)
}
func (l *Logger) Flags() int              { return l.flag }
func (l *Logger) SetFlags(flag int)       { l.flag = flag }
func (l *Logger) Prefix() string          { return l.prefix }
func (l *Logger) SetPrefix(prefix string) { l.prefix = prefix }
func (l *Logger) Writer() io.Writer       { return l.out }
func (l *Logger) SetOutput(w io.Writer)   { l.out = w }

// The standard logger's functions.
func Print(v ...any)                 { std.Output(2, fmt.Sprint(v...)) }
func Printf(format string, v ...any) { std.Output(2, fmt.Sprintf(format, v...)) }
func Println(v ...any)               { std.Output(2, fmt.Sprintln(v...)) }
func Fatal(v ...any)                 { std.Fatal(v...) }
func Fatalf(format string, v ...any) { std.Fatalf(format, v...) }
func Fatalln(v ...any)               { std.Fatalln(v...) }
func Panic(v ...any)                 { std.Panic(v...) }
func Panicf(format string, v ...any) { std.Panicf(format, v...) }
func Panicln(v ...any)               { std.Panicln(v...) }
func Flags() int                     { return std.Flags() }
func SetFlags(flag int)              { std.SetFlags(flag) }
func Prefix() string                 { return std.Prefix() }
func SetPrefix(prefix string)        { std.SetPrefix(prefix) }
func Writer() io.Writer              { return std.Writer() }
func SetOutput(w io.Writer)          { std.SetOutput(w) }
func Output(calldepth int, s string) error {
	return std.Output(calldepth+1, s)
}

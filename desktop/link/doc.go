// Package link joins two processes of one binary with line-delimited JSON
// over the child's standard input and output: the desktop app's audience
// window and its presenter window (Ebiten has one window per process).
//
// It knows nothing of presentations. A Peer carries messages of any type
// M that says its kind (Message); the Protocol names the message that
// says goodbye and the kind of which only the newest queued one matters.
// A goroutine reads lines into an inbox and another writes what Send
// queues, so that a game loop calling Send, Drain and Done never blocks.
// Start runs the child process and returns its end of the link (Child);
// Stdio is the child's end.
//
// Why pipes rather than a Unix socket: they exist only between the two
// processes, so there is no file to name, protect or clean up after a
// crash, nothing another local process could connect to, and the same
// code works on every system Ebiten runs on. The child's lifetime is tied
// to the link: when either process exits, for any reason, the kernel
// closes its ends and the other reads end of file at once. The price is
// that the child's standard output is no longer free for printing: Stdio
// moves os.Stdout to stderr, and the reader skips lines that are not
// messages in case a library writes there.
package link

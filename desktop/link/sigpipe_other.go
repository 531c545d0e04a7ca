//go:build !unix

package link

// ignoreSIGPIPE: there is no SIGPIPE to ignore here.
func ignoreSIGPIPE() {}

//go:build !unix

package present

// ignoreSIGPIPE: there is no SIGPIPE to ignore here.
func ignoreSIGPIPE() {}

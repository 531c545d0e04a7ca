// Package realbench measures scheduler workloads on the real Go runtime, so
// that the simulator in core can be compared with the machine it models.
//
// Each workload is a function of a count n that runs n operations and returns
// how many it ran and how long they took by the wall clock. One operation is
// one scheduling event of the kind the workload is named after; each function
// says precisely what it counts. The workloads are meant to be run with
// GOMAXPROCS=1 (make bench sets it), where every operation is a switch of the
// single P from one goroutine to another and the numbers measure the
// scheduler rather than cross-core cache traffic.
//
// This package uses the host runtime on purpose: it is the one place where
// goroutines, channels and the clock are the subject, not a detail.
package realbench

// Package dist compares distributions of program outputs: the simulator's
// over many seeds against the real runtime's over many runs (histograms,
// the share of simulated runs the real runtime also printed, and the
// total-variation distance), for gmpbook run -seeds, gmpbook compare -runs
// and the distribution suite in tests/.
package dist

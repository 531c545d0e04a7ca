// Package view is everything about the player's picture that can be
// computed without a GPU: the layout of the scheduler world (global run
// queue, each P with its runnext slot and local queue, Ms bound to Ps, idle
// and spinning Ms, Ms stuck in system calls, the netpoller, timers, sysmon,
// per-P timelines), the colour of each goroutine state, the tweens between
// consecutive states, the playback cursor with step back, and a sentence
// for every event.
//
// It turns a core.World (the scheduler rebuilt from the event log) into a
// Frame: a display list of shapes. The Ebiten player in package render
// only draws Frames. This package never imports Ebiten, so it tests on any
// machine.
package view

// Package display says whether a desktop program has a screen to open a
// window on. Its subpackage need acts on it: a program that imports it
// exits with one clear line when there is none.
package display

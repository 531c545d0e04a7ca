package display

// Missing says why a window cannot be opened on goos with the environment
// getenv reads, or "" when it can be tried. Only X11 systems are checked:
// Ebiten opens windows there through GLFW's X11 back end (XWayland sets
// DISPLAY under Wayland); macOS and Windows always have a screen to try.
func Missing(goos string, getenv func(string) string) string {
	switch goos {
	case "linux", "freebsd", "netbsd", "openbsd", "dragonfly":
	default:
		return ""
	}
	if getenv("DISPLAY") != "" {
		return ""
	}
	return "no display to open a window on: DISPLAY is not set (run it in a desktop session, or under xvfb-run)"
}

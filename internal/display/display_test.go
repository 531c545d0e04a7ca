package display

import "testing"

func TestMissing(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		goos string
		env  map[string]string
		want bool
	}{
		{"linux", nil, true},
		{"linux", map[string]string{"DISPLAY": ":0"}, false},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, true},
		{"freebsd", nil, true},
		{"darwin", nil, false},
		{"windows", nil, false},
	} {
		if got := Missing(c.goos, env(c.env)) != ""; got != c.want {
			t.Errorf("Missing(%s, %v) reports a problem: %v, want %v", c.goos, c.env, got, c.want)
		}
	}
}

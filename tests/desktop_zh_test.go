package tests

// The desktop app's Chinese edition end to end: the binary under xvfb-run
// opens the Chinese chapter at the same section as the English one
// (the twins share heading ids), speaks Chinese in its chrome, remembers
// the choice, and on a first run follows the locale. The screenshots are
// tests/out/desktop_zh_*.png.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/desktop/page"
)

func TestDesktopChineseEdition(t *testing.T) {
	a := newDesktopApp(t)
	state := filepath.Join(a.config, "zh-state.json")

	r := a.run("zh_read", "--state", state, "--lang", "zh", "--chapter", "05-stealing", "--scroll-to", "spinning-threads")
	assert.Equal(t, "zh", r.dump.Mode.Lang)
	assert.Equal(t, "05-stealing", r.dump.Mode.Chapter)
	assert.Equal(t, "spinning-threads", r.dump.Mode.Anchor, "the English id names the Chinese section")
	assert.Contains(t, r.dump.Mode.Title, "窃取")
	var toolbar []string
	for _, op := range r.dump.Mode.List.Layers {
		if op.Name != "toolbar" {
			continue
		}
		for _, it := range op.Items {
			if it.Kind == page.ItemText {
				toolbar = append(toolbar, it.Text)
			}
		}
	}
	tb := strings.Join(toolbar, "|")
	assert.Contains(t, tb, "English", "the switch offers the other edition")
	assert.Contains(t, tb, "目录")
	assert.Contains(t, tb, "搜索")
	data, err := os.ReadFile(state)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"lang": "zh"`, "the choice is saved with the other settings")

	// The next run, without --lang, is in Chinese again, where it was.
	r = a.run("zh_again", "--state", state)
	assert.Equal(t, "zh", r.dump.Mode.Lang)
	assert.Equal(t, "spinning-threads", r.dump.Mode.Anchor)

	// Search in Chinese.
	r = a.run("zh_search", "--state", "", "--lang", "zh", "--search", "自旋")
	assert.NotEmpty(t, r.ops("search", "result-match"), "自旋 is found")

	// A first run follows the locale.
	shot := filepath.Join(moduleRoot(t), "tests", "out", "desktop_zh_locale.png")
	dump := strings.TrimSuffix(shot, ".png") + ".json"
	cmd := exec.Command("xvfb-run", "-a", "-s", "-screen 0 1280x800x24", a.bin, "--state", filepath.Join(t.TempDir(), "fresh.json"), "-screenshot", shot, "-frame", dump)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+a.config, "LC_ALL=", "LC_MESSAGES=zh_CN.UTF-8", "LANG=en_US.UTF-8")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	raw, err := os.ReadFile(dump)
	require.NoError(t, err)
	var d desktopDump
	require.NoError(t, json.Unmarshal(raw, &d))
	assert.Equal(t, "zh", d.Mode.Lang, "LC_MESSAGES=zh_CN opens the Chinese edition")

	// A bad --lang is a clear message, not a panic.
	cmd = exec.Command("xvfb-run", "-a", a.bin, "--lang", "fr")
	out, _ = cmd.CombinedOutput()
	assert.Contains(t, string(out), `--lang "fr"`)
}

package tests

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gmpbook/gmpbook/core"
)

// gmpbook run -machine FILE simulates with another machine's tables: the
// reference machine written out as a profile gives the very same runs as
// the built-in tables, a profile with slower wake-ups gives other ones
// and says which machine it is, and a bad file is named by line and
// column, with status 2.
func TestRunWithAMachineProfile(t *testing.T) {
	gmp := gmpbookBin(t)
	dir := t.TempDir()
	scene := filepath.Join(dir, "steal.go")
	require.NoError(t, os.WriteFile(scene, []byte(`//scene procs=2
func main() {
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scene.Work(100 * time.Microsecond)
			fmt.Println("worker", i, "done")
		}()
	}
	wg.Wait()
}
`), 0o644))
	write := func(name string, m *core.Machine) string {
		data, err := json.MarshalIndent(m, "", "\t")
		require.NoError(t, err)
		file := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(file, data, 0o644))
		return file
	}
	env := cleanEnv()
	base := run(t, 60*time.Second, env, gmp, "run", "-seeds", "1..40", scene)
	require.Equal(t, 0, base.status, "%s", base)

	ref := write("ref.json", core.ReferenceMachine())
	same := run(t, 60*time.Second, env, gmp, "run", "-machine", ref, "-seeds", "1..40", scene)
	require.Equal(t, 0, same.status, "%s", same)
	require.Contains(t, same.stdout, `of machine "reference"`)
	cut := func(s string) string { _, rest, _ := cutLine(s); return rest }
	require.Equal(t, cut(base.stdout), cut(same.stdout), "the reference machine as a file is the built-in one")

	slow := core.ReferenceMachine()
	slow.Name = "slow wake-ups"
	for i := range slow.FutexWake {
		slow.FutexWake[i] = 400_000 + int64(i)*1000 // 0.4 ms a futex wake-up
	}
	other := run(t, 60*time.Second, env, gmp, "run", "-machine", write("slow.json", slow), "-seeds", "1..40", scene)
	require.Equal(t, 0, other.status, "%s", other)
	require.Contains(t, other.stdout, `of machine "slow wake-ups"`)
	require.NotEqual(t, cut(base.stdout), cut(other.stdout), "slower wake-ups change who steals")

	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\"Name\": \"x\",\n \"FutexWake\": \"fast\"}\n"), 0o644))
	r := run(t, 60*time.Second, env, gmp, "run", "-machine", bad, scene)
	require.Equal(t, 2, r.status, "%s", r)
	require.Contains(t, r.stderr, bad+":2:")
	require.Contains(t, r.stderr, "FutexWake is string, want a list of numbers")
	r = run(t, 60*time.Second, env, gmp, "run", "-machine", filepath.Join(dir, "none.json"), scene)
	require.Equal(t, 2, r.status, "%s", r)
	require.Contains(t, r.stderr, "-machine: open ")
	require.NotContains(t, r.stderr, "goroutine ", "a message, not a panic")
}

// cutLine splits s after its first line.
func cutLine(s string) (first, rest string, ok bool) {
	for i := range len(s) {
		if s[i] == '\n' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

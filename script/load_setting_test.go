package script

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The load setting: an idle machine unless a scene states its load, one
// of the measured levels, and a clear message for any other value.
func TestLoadSettingDefaultsToAnIdleMachine(t *testing.T) {
	env := func(string) string { return "" }
	st, err := ParseSettings("procs=2")
	require.NoError(t, err)
	cfg, err := st.Config(env)
	require.NoError(t, err)
	require.Equal(t, 0, cfg.Load)

	st, err = ParseSettings("procs=2 load=8")
	require.NoError(t, err)
	cfg, err = st.Config(env)
	require.NoError(t, err)
	require.Equal(t, 8, cfg.Load)
	require.Contains(t, st.Flags(), [2]string{"load", "8"})

	over, err := ParseSettings("load=0")
	require.NoError(t, err)
	cfg, err = st.Merge(over).Config(env)
	require.NoError(t, err)
	require.Equal(t, 0, cfg.Load, "a player's load=0 overrides the scene's")

	for _, bad := range []string{"load=3", "load=-2", "load=x", "load="} {
		_, err := ParseSettings(bad)
		require.ErrorContains(t, err, "one of the measured levels", bad)
	}
}

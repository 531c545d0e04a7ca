package chapters

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZhEditionLoads: the embedded Chinese chapters parse, each has an
// English twin with as many headings (so its sections can take the
// twin's ids), and their scenes are the twin's.
func TestZhEditionLoads(t *testing.T) {
	zh, err := Zh()
	require.NoError(t, err)
	en, err := All()
	require.NoError(t, err)
	require.NotEmpty(t, zh)
	byNum := map[int]*Chapter{}
	for _, c := range en {
		byNum[c.Number] = c
	}
	for _, c := range zh {
		twin := byNum[c.Number]
		require.NotNil(t, twin, "%s has no English twin", c.File)
		assert.Equal(t, twin.Slug, c.Slug, c.File)
		assert.Len(t, c.HeadingIDList(), len(twin.HeadingIDList()), "%s: headings", c.File)
		require.Len(t, c.Scenes, len(twin.Scenes), c.File)
		for i := range c.Scenes {
			assert.Equal(t, twin.Scenes[i].ID, c.Scenes[i].ID, c.File)
		}
	}
}

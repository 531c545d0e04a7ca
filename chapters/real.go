package chapters

import (
	"embed"
	"fmt"
)

// realOutputs are what the real runtime printed for each "run it for real"
// program, captured by the test suite (make rewrite) so that pages can show
// them next to the command.
//
//go:embed real
var realOutputs embed.FS

// RealOutput returns the captured real-runtime output of a chapter's scene.
func (c *Chapter) RealOutput(sceneID string) (string, bool) {
	data, err := realOutputs.ReadFile(fmt.Sprintf("real/%02d-%s.out", c.Number, sceneID))
	if err != nil {
		return "", false
	}
	return string(data), true
}

package render

import (
	"encoding/json"
	"image"
	"image/png"
	"os"
)

// SaveCapture writes a captured screen as a PNG to pngPath and, when
// framePath is not empty, dump as indented JSON to framePath: what the
// windows' -screenshot and -frame flags save for the end-to-end tests.
func SaveCapture(pngPath, framePath string, img image.Image, dump any) error {
	out, err := os.Create(pngPath)
	if err != nil {
		return err
	}
	if err := png.Encode(out, img); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if framePath == "" {
		return nil
	}
	data, err := json.MarshalIndent(dump, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(framePath, data, 0o644)
}

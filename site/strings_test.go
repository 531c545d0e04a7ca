package site

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEveryUIStringHasEveryLanguage: a key of the chrome's strings in one
// language and not in another fails, as does an empty form.
func TestEveryUIStringHasEveryLanguage(t *testing.T) {
	for lang, table := range uiStrings {
		for other, otherTable := range uiStrings {
			for k := range table {
				assert.NotEmpty(t, otherTable[k], "%q is in %s but has no %s form", k, lang, other)
			}
		}
	}
	_, err := uiText(LangZh, "no such key")
	assert.Error(t, err)
}

#!/usr/bin/env bash
# subset-cjk-font.sh regenerates internal/fonts/cjk-subset.ttf, the Chinese
# font the desktop app and package desktop/page fall back to for runes the
# Go fonts lack. It is committed, so builds and tests need nothing; run this
# only to change which characters it holds.
#
# Source: DroidSansFallbackFull.ttf from Debian's fonts-droid-fallback
# (Apache License 2.0, see internal/fonts/LICENSE-DroidSansFallback).
# Characters kept:
#   - the 3,755 level-1 hanzi of GB2312 (bytes 0xB0A1–0xD7F9, the common
#     characters of simplified Chinese);
#   - GB2312 rows 1 and 3: Chinese punctuation and symbols (、。·—…“”《》【】…)
#     and full-width ASCII;
#   - the CJK Symbols and Punctuation block (U+3000–U+303F) and the
#     Halfwidth and Fullwidth Forms block (U+FF00–U+FFEF);
#   - every character the Chinese edition uses (chapters/zh/*.md and the
#     site's and the desktop's string tables), so that the text is drawn whole even where it
#     goes past GB2312 level 1 (chapters' TestZhTextHasGlyphsInTheDesktopFont
#     fails when a character is missing: run this script again).
#
# Needs: apt-get install fonts-droid-fallback python3-fonttools
set -euo pipefail

cd "$(dirname "$0")/.."
src=${DROID_FONT:-/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf}
out=internal/fonts/cjk-subset.ttf
# Debian's python3, which python3-fonttools installs into (a pyenv or venv
# python3 earlier on PATH may not have fontTools).
py=/usr/bin/python3
[ -x "$py" ] || py=python3

if [ ! -f "$src" ]; then
	echo "subset-cjk-font: $src not found (apt-get install fonts-droid-fallback)" >&2
	exit 1
fi
if ! "$py" -c 'import fontTools' 2>/dev/null; then
	echo "subset-cjk-font: fontTools missing (apt-get install python3-fonttools)" >&2
	exit 1
fi

unicodes=$(mktemp)
trap 'rm -f "$unicodes"' EXIT
"$py" - >"$unicodes" <<'PY'
cps = set()
def row(hi, lo_first=0xA1, lo_last=0xFE):
    for lo in range(lo_first, lo_last + 1):
        try:
            s = bytes([hi, lo]).decode("gb2312")
        except UnicodeDecodeError:
            continue
        cps.update(ord(ch) for ch in s)
hanzi = 0
for hi in range(0xB0, 0xD8):
    before = len(cps)
    row(hi, 0xA1, 0xF9 if hi == 0xD7 else 0xFE)
    hanzi += len(cps) - before
assert hanzi == 3755, hanzi
row(0xA1)  # punctuation and symbols
row(0xA3)  # full-width ASCII
cps.update(range(0x3000, 0x3040))
cps.update(range(0xFF00, 0xFFF0))
import glob
for name in sorted(glob.glob("chapters/zh/*.md")) + ["site/strings.go", "desktop/lang/strings.go"]:
    with open(name, encoding="utf-8") as f:
        cps.update(ord(ch) for ch in f.read() if ord(ch) >= 0x2E80)
print(",".join("U+%04X" % c for c in sorted(cps)))
PY

"$py" -m fontTools.subset "$src" \
	--unicodes-file="$unicodes" \
	--output-file="$out" \
	--layout-features='' \
	--no-hinting \
	--name-IDs='*' \
	--name-languages='*' \
	--notdef-outline \
	--recalc-bounds
echo "wrote $out ($(stat -c %s "$out") bytes)"

#!/bin/sh
# player-shots.sh renders the player's pictures of one scene per mechanism
# (steal, hand-off, preemption, netpoll, timers) at 1280 px, 390 px and as
# a 1920×1080 slide, light and dark, into docs/player-design/built/: the
# display list as SVG (internal/playerlog TestPlayerShots), then a PNG of
# each by headless Chromium.
set -eu
out=docs/player-design/built
mkdir -p "$out"
GMPBOOK_SHOTS="$PWD/$out" go test ./internal/playerlog -run '^TestPlayerShots$' -count=1 -v | grep -E '^ +shots_test' || true
for svg in "$out"/*.svg; do
	png="${svg%.svg}.png"
	case "$svg" in
	*-390-*) size=390,844 ;;
	*-slide-*) size=1920,1080 ;;
	*) size=1280,760 ;;
	esac
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=ffffffff \
		--screenshot="$png" --window-size="$size" "file://$PWD/$svg" 2>/dev/null
done

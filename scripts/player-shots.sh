#!/bin/sh
# player-shots.sh renders the player's pictures of one scene per mechanism
# (steal, hand-off, preemption, netpoll, timers) into
# docs/player-design/built/:
#   - at 1280 px, 390 px and as a 1920×1080 slide, light and dark: the
#     display list as SVG (internal/playerlog TestPlayerShots; the SVG is
#     also what a page prints), then a PNG of each by headless Chromium;
#   - NAME-desktop-1280.png and NAME-desktop-1280-dark.png: the Ebiten
#     player window (cmd/gmpbook-player, the drawing of render/draw.go) at
#     1280×760 under Xvfb, paused at the same event, light and dark.
set -eu
out=docs/player-design/built
mkdir -p "$out"
scenes=$(mktemp -d)
trap 'rm -rf "$scenes"' EXIT
GMPBOOK_SHOTS="$PWD/$out" GMPBOOK_SHOT_SCENES="$scenes" go test ./internal/playerlog -run '^TestPlayerShots$' -count=1 -v | grep -E '^ +shots_test' || true
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
go build -o "$scenes/gmpbook-player" ./cmd/gmpbook-player
for args in "$scenes"/*.args; do
	name=$(basename "$args" .args)
	# shellcheck disable=SC2046 # one argument per line, none with spaces
	xvfb-run -a "$scenes/gmpbook-player" $(cat "$args") -width 1280 -height 760 -frames 5 \
		-screenshot "$out/$name-desktop-1280.png" "$scenes/$name.go"
	# shellcheck disable=SC2046
	xvfb-run -a "$scenes/gmpbook-player" $(cat "$args") -dark -width 1280 -height 760 -frames 5 \
		-screenshot "$out/$name-desktop-1280-dark.png" "$scenes/$name.go"
done

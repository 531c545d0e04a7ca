#!/usr/bin/env bash
# deps.sh installs the tools that the tests need, and only those that are missing.
#
# Each entry of TOOLS is "command:debian-package": when `command -v command`
# finds nothing, the package is installed with apt-get. Each entry of
# PACKAGES is a Debian package that provides no command of its own (headers,
# libraries) or whose command may be shadowed by a stand-in: it is installed
# when `dpkg -s` does not report it installed. apt-get update runs at most
# once, and only when something must be installed. With everything present
# the script prints nothing and exits 0, so `make test` can call it every
# time.
#
# To add a tool, append a pair to TOOLS; to add a library, append its
# package to PACKAGES.
set -euo pipefail

TOOLS=(
	# go test under GOOS=js GOARCH=wasm runs $(go env GOROOT)/lib/wasm/go_js_wasm_exec,
	# which needs node.
	"node:nodejs"
	# The desktop player (cmd/gmpbook-player) is Ebiten over GLFW: cgo, so a C
	# compiler, and pkg-config to find the X11 and GL libraries below.
	"gcc:gcc"
	"pkg-config:pkg-config"
	# tests/player_desktop_test.go runs the player in a virtual X server.
	"xvfb-run:xvfb"
	"xauth:xauth"
	# tests/player_browser_test.go and cmd/playerbench drive headless Chromium
	# (WebGL through SwiftShader).
	"chromium:chromium"
	# cmd/playerbench reports wasm sizes as served: brotli-compressed.
	"brotli:brotli"
)

PACKAGES=(
	# Headers and libraries Ebiten's desktop build links against (cgo).
	libgl1-mesa-dev
	libxrandr-dev
	libxcursor-dev
	libxinerama-dev
	libxi-dev
	libxxf86vm-dev
	# Screenshots of X displays and picture conversions. Checked by package,
	# not by its `convert` command, because some machines put a stand-in
	# `convert` on PATH.
	imagemagick
	# A CJK font, so that headless Chromium draws the Chinese edition's pages
	# in the browser tests and screenshots instead of empty boxes.
	fonts-noto-cjk
)

missing=()
for pair in "${TOOLS[@]}"; do
	tool=${pair%%:*}
	pkg=${pair#*:}
	if ! command -v "$tool" >/dev/null 2>&1; then
		missing+=("$pkg")
	fi
done
for pkg in "${PACKAGES[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$pkg")
	fi
done

if ((${#missing[@]} == 0)); then
	exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
	echo "deps: missing packages ${missing[*]}, and apt-get is not available: install them by hand" >&2
	exit 1
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
	sudo=(sudo)
fi

echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends "${missing[@]}"

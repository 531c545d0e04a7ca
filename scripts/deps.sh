#!/usr/bin/env bash
# deps.sh installs the tools that the tests need, and only those that are missing.
#
# Each entry of TOOLS is "command:debian-package": when `command -v command`
# finds nothing, the package is installed with apt-get. apt-get update runs at
# most once, and only when something must be installed. With every tool present
# the script prints nothing and exits 0, so `make test` can call it every time.
#
# To add a tool, append a pair to TOOLS.
set -euo pipefail

TOOLS=(
	# go test under GOOS=js GOARCH=wasm runs $(go env GOROOT)/lib/wasm/go_js_wasm_exec,
	# which needs node.
	"node:nodejs"
)

missing=()
for pair in "${TOOLS[@]}"; do
	tool=${pair%%:*}
	pkg=${pair#*:}
	if ! command -v "$tool" >/dev/null 2>&1; then
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

#!/usr/bin/env bash
# precompress.sh FILE... writes FILE.br (brotli, quality 11) and FILE.gz
# (gzip -9) beside each FILE, which gmpbook serve sends as they are instead
# of compressing on the fly at a lower level. Quality 11 takes half a
# minute on a player binary, so the work is skipped when FILE has not
# changed since (FILE.sha256 records what was compressed). Without the
# brotli command only the .gz is written, and the server compresses with
# brotli itself.
set -euo pipefail
for f in "$@"; do
	sum=$(sha256sum "$f" | cut -d' ' -f1)
	if [ -f "$f.sha256" ] && [ "$(cat "$f.sha256")" = "$sum" ] && [ -f "$f.gz" ]; then
		continue
	fi
	rm -f "$f.br" "$f.gz" "$f.sha256"
	if command -v brotli >/dev/null; then
		brotli -q 11 -c "$f" >"$f.br.tmp" && mv "$f.br.tmp" "$f.br"
	fi
	gzip -9 -c "$f" >"$f.gz.tmp" && mv "$f.gz.tmp" "$f.gz"
	echo "$sum" >"$f.sha256"
done

#!/usr/bin/env bash
# Builds the browser page into a folder (default dist/) with `trunk build --release` (Trunk.toml:
# the `web` cargo profile, wasm-bindgen's glue, `wasm-opt -O1`, files named after their content).
# The tools come from tools/install-web-tools.sh. The wasm build keeps its own target folder
# ($STRATEGOS_WEB_TARGET, else ~/.cache/strategos/target-web), so it never waits on the native one.
# Trunk runs wasm-bindgen and wasm-opt on every build (about 80 s): a page newer than the game's
# wasm, index.html and Trunk.toml is left as it is. Prints each step's time and the page's size.
set -euo pipefail
cd "$(dirname "$0")/.."

DIST="${1:-dist}"
CACHE="$HOME/.cache/strategos"
export PATH="${STRATEGOS_WEB_TOOLS:-$CACHE/web-tools}/bin:$PATH"
export CARGO_TARGET_DIR="${STRATEGOS_WEB_TARGET:-$CACHE/target-web}"
unset CARGO_BUILD_TARGET

mb() { awk -v b="$(wc -c <"$1")" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
started=$SECONDS
step() { echo "web: $1 in $((SECONDS - started)) s, $2"; started=$SECONDS; }

# The same cargo command trunk runs (so its own is then a no-op), to learn whether the game changed.
cargo build --target wasm32-unknown-unknown --profile web --bin strategos
raw="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/strategos.wasm"
step "cargo build (web profile)" "$(mb "$raw")"

page="$DIST/index.html"
if [ -f "$page" ] && [ "$page" -nt "$raw" ] && [ "$page" -nt index.html ] && [ "$page" -nt Trunk.toml ]; then
    echo "web: the page in $DIST is up to date"
    exit 0
fi
trunk build --release --dist "$DIST"
wasm=$(ls "$DIST"/strategos-*_bg.wasm)
step "trunk build (wasm-bindgen, wasm-opt -O1)" "$(mb "$wasm"), $(gzip -9 -c "$wasm" | wc -c | awk '{ printf "%.1f MB", $1 / 1e6 }') gzipped"
echo "web: the page is in $DIST"

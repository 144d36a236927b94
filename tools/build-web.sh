#!/usr/bin/env bash
# Builds the browser page into a folder (default dist/): the game for wasm32 in the `web` cargo
# profile, wasm-bindgen's glue for `--target web`, `wasm-opt -O1`, and index.html pointing at files
# named after their content, so a browser never runs a stale copy from its cache.
# The tools come from tools/install-web-tools.sh. The wasm build keeps its own target folder
# ($STRATEGOS_WEB_TARGET, else ~/.cache/strategos/target-web), so it never waits on the native one.
# A step whose output is newer than its input is skipped: a second build of an unchanged game only
# asks cargo. Prints each step's time and the size of what it made.
set -euo pipefail
cd "$(dirname "$0")/.."

DIST="${1:-dist}"
CACHE="$HOME/.cache/strategos"
export PATH="${STRATEGOS_WEB_TOOLS:-$CACHE/web-tools}/bin:$PATH"
export CARGO_TARGET_DIR="${STRATEGOS_WEB_TARGET:-$CACHE/target-web}"
unset CARGO_BUILD_TARGET
STAGE="$CARGO_TARGET_DIR/page"

mb() { awk -v b="$(wc -c <"$1")" 'BEGIN { printf "%.1f MB", b / 1e6 }'; }
started=$SECONDS
step() { echo "web: $1 in $((SECONDS - started)) s, $2"; started=$SECONDS; }

cargo build --target wasm32-unknown-unknown --profile web --bin strategos
raw="$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/strategos.wasm"
step "cargo build (web profile)" "$(mb "$raw")"

mkdir -p "$STAGE"
if [ ! "$STAGE/strategos_bg.wasm" -nt "$raw" ]; then
    wasm-bindgen --target web --no-typescript --out-name strategos --out-dir "$STAGE" "$raw"
fi
step "wasm-bindgen" "$(mb "$STAGE/strategos_bg.wasm")"

# -O1: the npm build of wasm-opt is JavaScript, and -Oz takes over 15 minutes on this page.
if [ ! "$STAGE/optimised.wasm" -nt "$STAGE/strategos_bg.wasm" ]; then
    wasm-opt -O1 "$STAGE/strategos_bg.wasm" -o "$STAGE/optimised.wasm"
fi
step "wasm-opt -O1" "$(mb "$STAGE/optimised.wasm"), $(gzip -9 -c "$STAGE/optimised.wasm" | wc -c | awk '{ printf "%.1f MB", $1 / 1e6 }') gzipped"

hash=$(cat "$STAGE/optimised.wasm" "$STAGE/strategos.js" | sha256sum | cut -c1-16)
mkdir -p "$DIST"
rm -rf "$DIST"/strategos-*.js "$DIST"/strategos-*.wasm "$DIST/snippets"
cp "$STAGE/strategos.js" "$DIST/strategos-$hash.js"
cp "$STAGE/optimised.wasm" "$DIST/strategos-${hash}_bg.wasm"
[ ! -d "$STAGE/snippets" ] || cp -r "$STAGE/snippets" "$DIST/"
sed -e "s|\./strategos\.js|./strategos-$hash.js|" -e "s|\./strategos_bg\.wasm|./strategos-${hash}_bg.wasm|" index.html >"$DIST/index.html"
echo "web: the page is in $DIST"

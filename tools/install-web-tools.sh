#!/usr/bin/env bash
# Installs what `trunk build --release` needs, from the registries alone, into one folder outside
# the clone (default ~/.cache/strategos/web-tools; its bin/ goes first on PATH):
#   - the wasm32-unknown-unknown target of the machine's Rust toolchain;
#   - trunk 0.21.14 (newer releases need a newer rustc);
#   - wasm-bindgen-cli at exactly the version of wasm-bindgen in Cargo.lock;
#   - wasm-opt from the npm package binaryen;
#   - playwright-core from npm, which drives Debian's Chromium in the web test (tests/web.rs).
# Each tool is skipped when the right version is already there. Prints the bin folder last.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS="${STRATEGOS_WEB_TOOLS:-$HOME/.cache/strategos/web-tools}"
JOBS="${JOBS:-$(nproc)}"
TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132.0.0
PLAYWRIGHT_VERSION=1.65.1
mkdir -p "$TOOLS/bin"
export PATH="$TOOLS/bin:$PATH"

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# wasm-bindgen's generated glue must match the library version the game links, to the patch.
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$BINDGEN_VERSION" ] || { echo "Cargo.lock names no wasm-bindgen version" >&2; exit 1; }

have() { "$1" --version 2>/dev/null | grep -qF "$2"; }

# The tools' own Cargo.lock files are used where they build with this rustc; trunk's does.
have trunk "$TRUNK_VERSION" || cargo install --locked --jobs "$JOBS" --root "$TOOLS" trunk --version "$TRUNK_VERSION"
have wasm-bindgen "$BINDGEN_VERSION" || cargo install --jobs "$JOBS" --root "$TOOLS" wasm-bindgen-cli --version "=$BINDGEN_VERSION"

if ! have wasm-opt "version ${BINARYEN_VERSION%%.*}"; then
    npm install --prefix "$TOOLS/npm" --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
    ln -sf "$TOOLS/npm/node_modules/binaryen/bin/wasm-opt" "$TOOLS/bin/wasm-opt"
fi

[ -f "$TOOLS/npm/node_modules/playwright-core/package.json" ] && grep -q "\"version\": \"$PLAYWRIGHT_VERSION\"" "$TOOLS/npm/node_modules/playwright-core/package.json" \
    || npm install --prefix "$TOOLS/npm" --no-audit --no-fund "playwright-core@$PLAYWRIGHT_VERSION"

echo "$TOOLS/bin"

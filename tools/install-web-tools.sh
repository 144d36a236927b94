#!/usr/bin/env bash
# Installs what `tools/build-web.sh` and the web test need, from the registries alone, into one
# folder outside the clone (default ~/.cache/strategos/web-tools; its bin/ goes first on PATH):
#   - the wasm32-unknown-unknown target of the machine's Rust toolchain;
#   - wasm-bindgen-cli at exactly the version of wasm-bindgen in Cargo.lock;
#   - wasm-opt from the npm package binaryen;
#   - playwright-core from npm, which drives Debian's Chromium in the web test (tests/web.rs).
# Each tool is skipped when the right version is already there. Prints the bin folder last.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS="${STRATEGOS_WEB_TOOLS:-$HOME/.cache/strategos/web-tools}"
JOBS="${JOBS:-$(nproc)}"
BINARYEN_VERSION=132.0.0
PLAYWRIGHT_VERSION=1.65.1
mkdir -p "$TOOLS/bin"
export PATH="$TOOLS/bin:$PATH"

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# wasm-bindgen's generated glue must match the library version the game links, to the patch.
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$BINDGEN_VERSION" ] || { echo "Cargo.lock names no wasm-bindgen version" >&2; exit 1; }

have() { "$1" --version 2>/dev/null | grep -qF "$2"; }

# A cold machine builds wasm-bindgen-cli from source: without its default TLS (only its test runner
# talks to a browser over the network) and with a cheap profile (no debug info, opt-level 1), which
# halves the build for a tool that runs for seconds. The variables reach this `cargo install` only.
if ! have wasm-bindgen "$BINDGEN_VERSION"; then
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_LTO=false \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_INCREMENTAL=false \
        cargo install --jobs "$JOBS" --root "$TOOLS" --no-default-features wasm-bindgen-cli --version "=$BINDGEN_VERSION"
fi

if ! have wasm-opt "version ${BINARYEN_VERSION%%.*}"; then
    npm install --prefix "$TOOLS/npm" --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
    ln -sf "$TOOLS/npm/node_modules/binaryen/bin/wasm-opt" "$TOOLS/bin/wasm-opt"
fi

[ -f "$TOOLS/npm/node_modules/playwright-core/package.json" ] && grep -q "\"version\": \"$PLAYWRIGHT_VERSION\"" "$TOOLS/npm/node_modules/playwright-core/package.json" \
    || npm install --prefix "$TOOLS/npm" --no-audit --no-fund "playwright-core@$PLAYWRIGHT_VERSION"

echo "$TOOLS/bin"

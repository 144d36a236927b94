#!/usr/bin/env bash
# Installs what `trunk build` (Trunk.toml, tools/build-web.sh) and the web test need, from the
# registries alone, into one folder outside the clone (default ~/.cache/strategos/web-tools; its bin/
# goes first on PATH), so that trunk never downloads a tool of its own:
#   - the wasm32-unknown-unknown target of the machine's Rust toolchain, and the crates the wasm
#     build needs (trunk builds offline);
#   - trunk, at the version Trunk.toml pins;
#   - wasm-bindgen-cli at exactly the version of wasm-bindgen in Cargo.lock;
#   - wasm-opt from the npm package binaryen, at the version Trunk.toml pins;
#   - playwright-core from npm, which drives Debian's Chromium in the web test (tests/web.rs).
# Each tool is skipped when the right version is already there. Prints the bin folder last.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS="${STRATEGOS_WEB_TOOLS:-$HOME/.cache/strategos/web-tools}"
JOBS="${JOBS:-$(nproc)}"
# trunk 0.22 needs rustc 1.96.1; 0.21.14 builds on today's stable.
TRUNK_VERSION=$(sed -n 's/^trunk-version = "=\(.*\)"$/\1/p' Trunk.toml)
BINARYEN_VERSION="$(sed -n 's/^wasm_opt = "version_\([0-9]*\)".*$/\1/p' Trunk.toml).0.0"
[ -n "$TRUNK_VERSION" ] && [ "$BINARYEN_VERSION" != ".0.0" ] || { echo "Trunk.toml names no trunk-version or wasm_opt" >&2; exit 1; }
PLAYWRIGHT_VERSION=1.65.1
mkdir -p "$TOOLS/bin"
export PATH="$TOOLS/bin:$PATH"

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo fetch --quiet

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

# trunk itself, unoptimised: it only runs the tools and names files after their content (its own
# fat-LTO profile made this a 16-minute build). No TLS: it never downloads.
if ! have trunk "trunk $TRUNK_VERSION"; then
    CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_LTO=false \
        CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_INCREMENTAL=false CARGO_PROFILE_RELEASE_PANIC=unwind \
        cargo install --locked --jobs "$JOBS" --root "$TOOLS" --no-default-features trunk --version "=$TRUNK_VERSION"
fi

if ! have wasm-opt "version ${BINARYEN_VERSION%%.*}"; then
    npm install --prefix "$TOOLS/npm" --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
    ln -sf "$TOOLS/npm/node_modules/binaryen/bin/wasm-opt" "$TOOLS/bin/wasm-opt"
fi

[ -f "$TOOLS/npm/node_modules/playwright-core/package.json" ] && grep -q "\"version\": \"$PLAYWRIGHT_VERSION\"" "$TOOLS/npm/node_modules/playwright-core/package.json" \
    || npm install --prefix "$TOOLS/npm" --no-audit --no-fund "playwright-core@$PLAYWRIGHT_VERSION"

echo "$TOOLS/bin"

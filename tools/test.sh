#!/usr/bin/env bash
# The whole test suite, the README's test command (and CI's, through .ci/run): installs what a fresh
# machine lacks (Debian packages for the render and web tests, the web build's tools), builds the
# tests and the page, then runs `cargo test --release --all-targets`. Prints the time of each stage
# as it ends, and all of them at the end, so a slow stage shows.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v cargo >/dev/null || { echo "cargo is missing: install Rust with rustup" >&2; exit 1; }

timings=()
stage() {
    local name=$1 start=$SECONDS
    shift
    echo "test: $name..."
    "$@"
    timings+=("$(printf '%-44s %4d s' "$name" $((SECONDS - start)))")
    echo "test: $name took $((SECONDS - start)) s"
}
report() {
    echo "test: stage times"
    printf '  %s\n' "${timings[@]}" "$(printf '%-44s %4d s' 'in all' "$SECONDS")"
}
trap report EXIT

# The build itself needs no system -dev package. The render test needs a display without a screen:
# Xvfb (with xauth for xvfb-run) and Mesa's software Vulkan driver.
# The web test needs Debian's Chromium (software WebGL through SwiftShader) and Node.js; the
# server's tests PostgreSQL's server.
system_packages() {
    local missing=()
    command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
    [ -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || missing+=(mesa-vulkan-drivers)
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    command -v node >/dev/null || missing+=(nodejs npm)
    local postgres=()
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || postgres=(postgresql)
    [ ${#missing[@]} -gt 0 ] || [ ${#postgres[@]} -gt 0 ] || return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q
    [ ${#missing[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
    # PostgreSQL's package may fail to start its own cluster where there is no service manager;
    # the tests start one of their own, so only its programs matter.
    [ ${#postgres[@]} -eq 0 ] || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${postgres[@]}" ||
        ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 ||
        echo "test: WARNING: PostgreSQL could not be installed: the server's tests run on SQLite alone" >&2
}
stage "system packages" system_packages

# The web build's tools (wasm-bindgen, wasm-opt, playwright-core), built or fetched from the
# registries into ~/.cache/strategos/web-tools; skipped when already there.
stage "web tools" tools/install-web-tools.sh

# The target folder is cargo's own (./target, or $CARGO_TARGET_DIR), the one `cargo run --release`
# uses: the release tree the tests build is the game's.
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

# The two builds the tests need, as stages of their own: the native tree (tests, benches, the game)
# and the page, where the web test finds it already built.
stage "build the tests (release profile)" cargo test --release --all-targets --no-run
stage "build the page (web profile)" tools/build-web.sh "$TARGET_DIR/tmp/web/dist"

# The server's tests run on SQLite and on a throwaway PostgreSQL server, started here on the loopback
# (in /tmp, which its user can reach) and stopped when the script ends.
postgres_dir="$(mktemp -d /tmp/strategos-postgres.XXXXXX)"
trap 'tools/postgres.sh stop "$postgres_dir"; report' EXIT
start_postgres() {
    if STRATEGOS_TEST_POSTGRES="$(tools/postgres.sh start "$postgres_dir")"; then
        export STRATEGOS_TEST_POSTGRES
        echo "PostgreSQL for the server's tests: $STRATEGOS_TEST_POSTGRES"
    else
        # Said loudly, and the server's tests say it again: they run on SQLite alone.
        echo "test: WARNING: PostgreSQL did not start (see $postgres_dir): the server's tests run on SQLite alone" >&2
    fi
}
stage "start PostgreSQL" start_postgres

stage "run the tests" cargo test --release --all-targets

#!/usr/bin/env bash
# The referee server's load bench (issue 49), not a test: GAMES games at once between random
# players over the loopback, each side a WebSocket client (`strategos simulate --server`), through
# `strategos serve` on SQLite and then on PostgreSQL (tools/postgres.sh, when its package is
# there). Prints commands a second, each command's round trip (median, 99th percentile, worst) and
# the server's memory: its resident size before the games, its peak, and the difference a game.
#
#   tools/load-bench.sh [GAMES (500)] [THINK_MS (150)] [SCENARIO (thucydide-first-clash)]
#
# THINK_MS is each player's pause before a command, on average: 500 games at 150 ms offer the
# server a little over 2,000 commands a second, once the pause of the server's own answer counts.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-500}
think=${2:-150}
scenario=${3:-thucydide-first-clash}
target=${CARGO_TARGET_DIR:-target}
cargo build --release --bin strategos
bin=$target/release/strategos
# A thousand connections on each side of the loopback.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
work=$(mktemp -d)
# PostgreSQL runs as its own user when this runs as root: it must reach its folder in here.
chmod 755 "$work"
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${pg:-}" ] && tools/postgres.sh stop "$work/pg" >/dev/null 2>&1; rm -rf "$work"' EXIT

kib() { awk -v k="$2" '$1 == k":" { print $2 }' "/proc/$1/status"; }

bench() {
    local db=$1 label=$2
    "$bin" serve --addr 127.0.0.1:0 --db "$db" --dist "$work/no-page" --games-an-hour 100000 > "$work/serve.out" &
    local pid=$!
    local port=""
    for _ in $(seq 1 100); do
        port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/serve.out" | head -n1)
        [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "load bench: the server did not start on $label" >&2; exit 1; }
    local before
    before=$(kib "$pid" VmRSS)
    echo "== $label: $games games of $scenario, a pause of $think ms before each command"
    "$bin" simulate --scenario "$scenario" --games "$games" --seed 1 --server "ws://127.0.0.1:$port/play" --think "$think"
    local peak
    peak=$(kib "$pid" VmHWM)
    echo "server memory: $((before / 1024)) MiB before the games, $((peak / 1024)) MiB at the peak, $(((peak - before) / games)) KiB a game"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}

echo "load bench $(date -u +%Y-%m-%d), $(nproc) cores"
bench "sqlite://$work/games.db" "SQLite"
if pg=$(tools/postgres.sh start "$work/pg" 2>/dev/null); then
    bench "$pg" "PostgreSQL"
else
    pg=""
    echo "== PostgreSQL: not benched (tools/postgres.sh could not start a server: install Debian's postgresql)"
fi

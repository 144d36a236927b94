#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (or those named) for SECONDS each with cargo-fuzz (nightly
# toolchain; cargo-fuzz installed from crates.io when missing), starting from the corpus kept in
# fuzz/corpus/ (seeded with the bundled scenarios and a few saves), then prints how many inputs
# each ran and whether it found a crash. A crash leaves its input in fuzz/artifacts/TARGET/.
#
#   tools/fuzz.sh SECONDS [TARGET...]
#
# The corpus is minimised after the runs (`cargo fuzz cmin`). The command streams' corpora (a few
# kilobytes) are committed; the text targets' (megabytes grown from their seeds) are not, and are
# seeded again here on a fresh clone.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${1:?usage: tools/fuzz.sh SECONDS [TARGET...]}"
shift
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(scenario_text replay_text commands_thucydide commands_swordpoint commands_black_powder commands_swidenth commands_mass_battle)

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz

# Seeds: the bundled scenarios for the scenario target, saves of short games for the replay target.
mkdir -p fuzz/corpus/scenario_text fuzz/corpus/replay_text
[ -n "$(ls -A fuzz/corpus/scenario_text)" ] || cp scenarios/*.ron fuzz/corpus/scenario_text/
if [ -z "$(ls -A fuzz/corpus/replay_text)" ]; then
    for scenario in thucydide-first-clash swordpoint-hastings-skirmish black-powder-quatre-bras swidenth-border-patrol mass-battle-field; do
        cargo run --release -- simulate --scenario "$scenario" --games 1 --seed 3 --save fuzz/corpus/replay_text >/dev/null
    done
fi

report=()
for target in "${TARGETS[@]}"; do
    mkdir -p "fuzz/corpus/$target"
    log="$(mktemp)"
    status=0
    cargo +nightly fuzz run --release "$target" "fuzz/corpus/$target" -- -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    if [ "$status" -eq 0 ]; then verdict="no failure"; else verdict="FAILED (see fuzz/artifacts/$target/)"; tail -40 "$log"; fi
    report+=("$(printf '%-24s %12s inputs in %ss  %s' "$target" "${runs:-?}" "$SECONDS_EACH" "$verdict")")
    cargo +nightly fuzz cmin --release "$target" "fuzz/corpus/$target" >/dev/null 2>&1 || true
    rm -f "$log"
done
printf '%s\n' "${report[@]}"

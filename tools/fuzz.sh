#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (or those named) for SECONDS each with cargo-fuzz (nightly
# toolchain; cargo-fuzz installed from crates.io when missing), starting from the corpus kept in
# fuzz/corpus/ (seeded with the bundled scenarios and a few saves), then prints how many inputs
# each ran and whether it found a crash. A crash leaves its input in fuzz/artifacts/TARGET/.
#
#   tools/fuzz.sh SECONDS [TARGET...]
#
# The corpus is minimised after the runs (`cargo fuzz cmin`) to an input for each code edge reached
# (hit counts left out: they keep thousands of files). The command streams' corpora (a few
# kilobytes) are committed; the text targets' (megabytes grown from their seeds) are not, and are
# seeded again here on a fresh clone.
#
# The text targets run under the address sanitizer with comparisons traced (what finds the magic
# values a parser compares against). The command streams run without either: the probe and the
# rules are safe Rust, a stream picks commands by index rather than by value, and both cost more
# than half of a stream's time. Their inputs are kept to 128 bytes (some 50 commands from the
# opening: two bytes a command, three when it is twisted). FUZZ_PROCESSES=N (default 1) runs N
# processes a target sharing its corpus (libFuzzer's fork mode, which is told not to ignore a hang,
# a memory blow-up or a crash: each ends the run as a failure).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${1:?usage: tools/fuzz.sh SECONDS [TARGET...]}"
shift
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(scenario_text army_list_text replay_text commands_thucydide commands_swordpoint commands_black_powder commands_swidenth commands_mass_battle)

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz

# Seeds: the bundled scenarios for the scenario target, the bundled and test army lists for the
# army-list target, saves of short games for the replay target.
mkdir -p fuzz/corpus/scenario_text fuzz/corpus/army_list_text fuzz/corpus/replay_text
[ -n "$(ls -A fuzz/corpus/scenario_text)" ] || cp scenarios/*.ron fuzz/corpus/scenario_text/
[ -n "$(ls -A fuzz/corpus/army_list_text)" ] || cp armies/*.ron tests/armies/*-test.ron fuzz/corpus/army_list_text/
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
    case "$target" in
        commands_*) build=(--sanitizer none --no-trace-compares) run=(-max_len=128) ;;
        *) build=(--target-dir fuzz/target/address) run=() ;;
    esac
    cargo +nightly fuzz run --release "${build[@]}" "$target" "fuzz/corpus/$target" -- ${run[@]+"${run[@]}"} -fork="${FUZZ_PROCESSES:-1}" \
        -ignore_timeouts=0 -ignore_ooms=0 -ignore_crashes=0 \
        -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -timeout=20 >"$log" 2>&1 || status=$?
    # libFuzzer's status lines start with the inputs run so far: the last one has them all.
    runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    if [ "$status" -eq 0 ]; then verdict="no failure"; else verdict="FAILED (see fuzz/artifacts/$target/)"; tail -40 "$log"; fi
    report+=("$(printf '%-24s %12s inputs in %ss  %s' "$target" "${runs:-?}" "$SECONDS_EACH" "$verdict")")
    cargo +nightly fuzz cmin --release "${build[@]}" "$target" "fuzz/corpus/$target" -- -use_counters=0 >/dev/null 2>&1 || true
    rm -f "$log"
done
printf '%s\n' "${report[@]}"

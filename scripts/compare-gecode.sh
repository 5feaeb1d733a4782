#!/usr/bin/env bash
# Reproduces the MiniZinc table of docs/performance.md: dancing-links beside
# Gecode on the same .mzn files, each flattened for its own solver
# (`minizinc -c --solver ...`), then each solver binary run on its own .fzn
# with output to /dev/null: CPU time (user + sys), the median of RUNS runs
# (default 3), one thread, then -p 2; and whole `minizinc` runs beside it.
#
#   scripts/compare-gecode.sh [--quick] [MODEL.mzn ...]
#
# Without models: the counting benchmarks (flatzinc-solver/tests/models/bench/count_*)
# with -a, then optimisation and one-solution models (bench/opt_*, bench/one_*
# and a few of flatzinc-solver/tests/models) without.
# --quick: one run each, no whole-minizinc runs. Needs minizinc and
# fzn-gecode (scripts/setup.sh) and builds fzn-dancing-links (release).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-3}"
whole=1
models=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) runs=1; whole=0 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        *) models+=("$1") ;;
    esac
    shift
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && cargo build --release -q -p flatzinc-solver --bin fzn-dancing-links)
"$root/scripts/install-minizinc-solver.sh" --no-build --dir "$tmp/solvers" >/dev/null
export MZN_SOLVER_PATH="$tmp/solvers"
ours=org.exact-cover.dancing-links
ours_bin="$root/target/release/fzn-dancing-links"
gecode_bin="$(command -v fzn-gecode)"

# The median CPU seconds (user + sys) of `runs` runs of a command, and the
# wall seconds of that run ("cpu/wall").
measure() {
    local times=() t
    for _ in $(seq "$runs"); do
        t=$( { TIMEFORMAT='%U %S %R'; time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ printf "%.3f %.3f", $1 + $2, $3 }')
        times+=("$t")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ c[NR] = $1; w[NR] = $2 } END { m = int((NR + 1) / 2); print c[m] "/" w[m] }'
}
cpu() { measure "$@" | cut -d/ -f1; }

ratio() { awk -v g="$1" -v o="$2" 'BEGIN { if (o > 0) printf "%.1fx", g / o; else print "-" }'; }

solutions() { "$@" 2>/dev/null | grep -c -- '^----------$' || true; }

table() {
    local flag="$1"; shift
    printf '| model | flag | solutions | ours (s) | Gecode (s) | Gecode / ours | ours -p 2 (cpu/wall) | Gecode -p 2 (cpu/wall) |'
    [ "$whole" = 1 ] && printf ' minizinc ours | minizinc Gecode |'
    printf '\n|---|---|---:|---:|---:|---:|---:|---:|'
    [ "$whole" = 1 ] && printf -- '---:|---:|'
    printf '\n'
    for model in "$@"; do
        local name; name="$(basename "$model" .mzn)"
        minizinc -c --solver "$ours" "$model" --fzn "$tmp/ours.fzn" --ozn "$tmp/ours.ozn" 2>/dev/null
        minizinc -c --solver gecode "$model" --fzn "$tmp/gecode.fzn" --ozn "$tmp/gecode.ozn" 2>/dev/null
        local n o g o2 g2
        n=$(solutions "$ours_bin" $flag "$tmp/ours.fzn")
        o=$(cpu "$ours_bin" $flag "$tmp/ours.fzn")
        g=$(cpu "$gecode_bin" $flag "$tmp/gecode.fzn")
        o2=$(measure "$ours_bin" $flag -p 2 "$tmp/ours.fzn")
        g2=$(measure "$gecode_bin" $flag -p 2 "$tmp/gecode.fzn")
        printf '| %s | %s | %s | %s | %s | %s | %s | %s |' "$name" "${flag:-(one)}" "$n" "$o" "$g" "$(ratio "$g" "$o")" "$o2" "$g2"
        if [ "$whole" = 1 ]; then
            printf ' %s | %s |' "$(cpu minizinc --solver "$ours" $flag "$model")" "$(cpu minizinc --solver gecode $flag "$model")"
        fi
        printf '\n'
    done
}

if [ ${#models[@]} -gt 0 ]; then
    table -a "${models[@]}"
    exit 0
fi
echo "Counting all solutions (-a):"
b="$root/flatzinc-solver/tests/models/bench"
table -a "$b"/count_*.mzn
echo
echo "Optimum (no flag: the solver proves the optimum) and one solution:"
m="$root/flatzinc-solver/tests/models"
table "" "$b"/opt_*.mzn "$b"/one_*.mzn "$m/golomb.mzn" "$m/knapsack_int.mzn" "$m/jobshop.mzn" \
    "$m/zebra.mzn" "$m/send_more_money.mzn" "$m/magic_sequence.mzn"

#!/usr/bin/env bash
# Per-puzzle CPU time of `sudoku check -j 1` on large grids: each puzzle of
# each file in a file of its own, one warm-up run, then the median of RUNS
# runs (CPU time from `perf stat` task-clock, or user+sys from bash's `time`
# when perf is missing), with the search nodes (lookahead's tries and
# clause learning's decisions included). Prints one line per puzzle, then
# each file's median and heaviest.
#
#   scripts/large-grids.sh                       # the shipped 25x25, 36x36 and 49x49 examples
#   RUNS=9 scripts/large-grids.sh my-36x36.txt   # any files, one puzzle per line
#   BASE=/tmp/old/sudoku scripts/large-grids.sh  # side by side with another binary,
#                                                # runs alternating, same puzzles
#
# CPU times move by 10-30% from run to run on a shared machine; the node
# counts do not move at all.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-7}
BIN=${BIN:-target/release/sudoku}
BASE=${BASE:-}
[ -x "$BIN" ] || cargo build --release -q -p cli
if [ $# -eq 0 ]; then
    set -- examples/sudoku/25x25-270-givens.txt examples/sudoku/36x36-generated.txt \
        examples/sudoku/49x49-generated.txt
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu_ms() { # binary file
    if command -v perf >/dev/null && perf stat -x, -e task-clock true >/dev/null 2>&1; then
        perf stat -x, -e task-clock "$1" check -j 1 "$2" 2>&1 >/dev/null | cut -d, -f1
    else
        local TIMEFORMAT='%3U %3S'
        { time "$1" check -j 1 "$2" >/dev/null 2>&1; } 2>&1 | awk '{printf "%.1f\n", ($1 + $2) * 1000}'
    fi
}

median() { sort -n | sed -n "$(((RUNS + 1) / 2))p"; }

# "ms nodes status" of one binary on one puzzle, from the runs in $tmp/ms.$2.
report() { # binary tag
    local json nodes status
    json=$("$1" check -j 1 --format json "$tmp/one" || true)
    nodes=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' <<<"$json")
    status=$(sed -n 's/.*"status":"\([a-z]*\)".*/\1/p' <<<"$json")
    echo "$(median <"$tmp/ms.$2") $nodes $status"
}

summary() { # file label times-file
    sort -n "$3" | awk -v f="$1" -v l="$2" '
        { t[NR] = $1; id[NR] = $2 }
        END {
            m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
            printf "%s%s: median %.1f ms over %d puzzles, heaviest #%d at %s ms\n", f, l, m, NR, id[NR], t[NR]
        }'
}

for file in "$@"; do
    grep -v '^#' "$file" | grep -v '^[[:space:]]*$' >"$tmp/all" || true
    : >"$tmp/times"
    : >"$tmp/base-times"
    k=0
    while IFS= read -r line; do
        k=$((k + 1))
        printf '%s\n' "$line" >"$tmp/one"
        "$BIN" check -j 1 "$tmp/one" >/dev/null 2>&1 || true
        [ -z "$BASE" ] || "$BASE" check -j 1 "$tmp/one" >/dev/null 2>&1 || true
        : >"$tmp/ms.bin"
        : >"$tmp/ms.base"
        for _ in $(seq "$RUNS"); do
            cpu_ms "$BIN" "$tmp/one" >>"$tmp/ms.bin"
            [ -z "$BASE" ] || cpu_ms "$BASE" "$tmp/one" >>"$tmp/ms.base"
        done
        read -r ms nodes status < <(report "$BIN" bin)
        echo "$ms $k" >>"$tmp/times"
        if [ -z "$BASE" ]; then
            printf '%s #%d: %s ms, %s nodes, %s\n' "$file" "$k" "$ms" "$nodes" "$status"
        else
            read -r bms bnodes bstatus < <(report "$BASE" base)
            echo "$bms $k" >>"$tmp/base-times"
            printf '%s #%d: %s ms, %s nodes, %s (base: %s ms, %s nodes, %s)\n' \
                "$file" "$k" "$ms" "$nodes" "$status" "$bms" "$bnodes" "$bstatus"
        fi
    done <"$tmp/all"
    summary "$file" "" "$tmp/times"
    [ -z "$BASE" ] || summary "$file" " (base)" "$tmp/base-times"
done

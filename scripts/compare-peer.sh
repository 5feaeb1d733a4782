#!/usr/bin/env bash
# Side-by-side uniqueness check against the Rust `sudoku` crate (the peer in
# ../shared/peers/sudoku-crate): whole processes, one thread, same file, CPU
# time (user + sys), median of RUNS interleaved runs. Prints one row per set
# with the ratio ours / peer in throughput (above 1: we are faster).
#
#   scripts/compare-peer.sh [DATA_DIR]        (default: ../shared/data)
#
# Environment: RUNS (default 3), OURS (default target/release/sudoku),
# PEER (default /tmp/peer-target/release/peer), WORK (scratch directory),
# SETS (space-separated set names to run, default all), FORMAT (ours'
# output, default json: it writes each solution; text writes the verdict
# alone, as the peer does).
# Build both first:
#   cargo build --release --bin sudoku
#   cargo build --release --manifest-path ../shared/peers/sudoku-crate/Cargo.toml \
#       --target-dir /tmp/peer-target
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
RUNS=${RUNS:-3}
OURS=${OURS:-target/release/sudoku}
PEER=${PEER:-/tmp/peer-target/release/peer}
WORK=${WORK:-/tmp/compare-peer}
SETS=${SETS:-"17-clue top1465 hardest11 hardest2011 serg"}
FORMAT=${FORMAT:-json}
mkdir -p "$WORK"
for bin in "$OURS" "$PEER"; do
    [ -x "$bin" ] || { echo "missing $bin (see the build commands in $0)" >&2; exit 1; }
done

# repeat FILE TIMES OUT: the puzzle lines of FILE (no comments), TIMES times.
repeat() {
    [ -s "$3" ] && return
    local lines
    lines=$(grep -v '^#' "$1" | grep -v '^[[:space:]]*$')
    for _ in $(seq "$2"); do printf '%s\n' "$lines"; done >"$3"
}
make_set() {
    case $1 in
        17-clue) repeat "$DATA/puzzles2_17_clue" 4 "$WORK/$1" ;;
        top1465) repeat "$DATA/puzzles3_magictour_top1465" 35 "$WORK/$1" ;;
        hardest11) [ -s "$WORK/$1" ] || head -n 10000 "$DATA/puzzles5_forum_hardest_1905_11+" >"$WORK/$1" ;;
        hardest2011) repeat "$DATA/puzzles6_forum_hardest_1106" 27 "$WORK/$1" ;;
        serg) repeat "$DATA/puzzles7_serg_benchmark" 20 "$WORK/$1" ;;
        *) echo "unknown set $1" >&2; exit 1 ;;
    esac
}
# cpu CMD...: user+sys seconds of one run (output discarded). `check` exits
# with 1 when a puzzle has several solutions: that is not a failure here.
cpu() {
    /usr/bin/time -f '%U %S' -o "$WORK/time" "$@" >/dev/null || true
    tail -n 1 "$WORK/time" | awk '{printf "%.3f\n", $1 + $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg); ours: --format $FORMAT"
printf '%-12s %9s %9s %9s %9s %7s\n' set puzzles ours_s peer_s ours_k/s ratio
for set in $SETS; do
    make_set "$set"
    file="$WORK/$set"
    n=$(wc -l <"$file")
    # The verdicts must agree before the times mean anything.
    if ! cmp -s <("$OURS" check -j 1 "$file" | cut -d: -f1) <("$PEER" "$file"); then
        echo "$set: verdicts differ between ours and the peer" >&2
        exit 1
    fi
    : >"$WORK/ours.t"; : >"$WORK/peer.t"
    for _ in $(seq "$RUNS"); do
        cpu "$OURS" check -j 1 --format "$FORMAT" "$file" >>"$WORK/ours.t"
        cpu "$PEER" "$file" >>"$WORK/peer.t"
    done
    ours=$(median <"$WORK/ours.t")
    peer=$(median <"$WORK/peer.t")
    awk -v s="$set" -v n="$n" -v o="$ours" -v p="$peer" \
        'BEGIN {printf "%-12s %9d %9.3f %9.3f %9.1f %7.2f\n", s, n, o, p, n / o / 1000, p / o}'
done

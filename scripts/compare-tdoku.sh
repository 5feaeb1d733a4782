#!/usr/bin/env bash
# Side-by-side uniqueness check against tdoku (t-dillon/tdoku, built from
# ../shared/peers/tdoku with its own build script: clang -O3 -march=native):
# `sudoku check -j 1` against `tdoku-check` on the same file, whole processes,
# one thread, CPU time (user + sys, perf's task-clock, or /usr/bin/time when
# perf is missing), median of RUNS interleaved runs. Prints one row per set
# with the ratio ours / tdoku in throughput (above 1: we are faster).
#
#   scripts/compare-tdoku.sh [DATA_DIR]        (default: ../shared/data)
#
# Environment: RUNS (default 5), OURS (default target/release/sudoku), PEER
# (default $PEER_DIR/tdoku-check), PEER_DIR (default /tmp/peers: built there
# when missing), WORK (scratch directory), SETS (space-separated set names,
# default all five), BUILD=0 to skip building ours.
# The sets are repeated (17-clue x2, top1465 x10, hardest 2011 x40, Serg x10) so that each run
# takes long enough to time; the verdicts must agree line for line first.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
RUNS=${RUNS:-5}
OURS=${OURS:-target/release/sudoku}
PEER_DIR=${PEER_DIR:-/tmp/peers}
PEER=${PEER:-$PEER_DIR/tdoku-check}
WORK=${WORK:-/tmp/compare-tdoku}
SETS=${SETS:-"17-clue top1465 hardest11 hardest2011 serg"}
mkdir -p "$WORK"
if [ "${BUILD:-1}" != 0 ] && [ "$OURS" = target/release/sudoku ]; then
    cargo build --release -q -p cli --bin sudoku
fi
[ -x "$PEER" ] || bash ../shared/peers/tdoku/build.sh "$PEER_DIR" >/dev/null
for bin in "$OURS" "$PEER"; do
    [ -x "$bin" ] || { echo "missing $bin" >&2; exit 1; }
done

# repeat FILE TIMES OUT: the puzzle lines of FILE (no comments, no blank
# lines, no CR), TIMES times.
repeat() {
    [ -s "$3" ] && return
    local lines
    lines=$(grep -v '^#' "$1" | tr -d '\r' | grep -v '^[[:space:]]*$')
    for _ in $(seq "$2"); do printf '%s\n' "$lines"; done >"$3"
}
make_set() {
    case $1 in
        17-clue) repeat "$DATA/puzzles2_17_clue" 2 "$WORK/$1" ;;
        top1465) repeat "$DATA/puzzles3_magictour_top1465" 10 "$WORK/$1" ;;
        hardest11) repeat "$DATA/puzzles5_forum_hardest_1905_11+" 1 "$WORK/$1" ;;
        hardest2011) repeat "$DATA/puzzles6_forum_hardest_1106" 40 "$WORK/$1" ;;
        serg) repeat "$DATA/puzzles7_serg_benchmark" 10 "$WORK/$1" ;;
        *) echo "unknown set $1" >&2; exit 1 ;;
    esac
}
# cpu CMD...: CPU seconds (user + sys) of one whole run, output discarded.
# `check` exits with 1 when a puzzle has several solutions: not a failure.
cpu() {
    if command -v perf >/dev/null; then
        perf stat -x, -e task-clock -o "$WORK/time" "$@" >/dev/null 2>&1 || true
        awk -F, '/task-clock/ {printf "%.4f\n", $1 / 1000}' "$WORK/time"
    else
        /usr/bin/time -f '%U %S' -o "$WORK/time" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$WORK/time" | awk '{printf "%.3f\n", $1 + $2}'
    fi
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The engine and, for band9, the path this CPU takes (avx2 or baseline).
path=$(grep -m1 -v '^#' "$DATA/puzzles6_forum_hardest_1106" | "$OURS" check --explain -j 1 - 2>&1 >/dev/null |
    sed -n 's/^explain: .*: engine \([a-z0-9]*\):.*, \([a-z0-9-]*\) path$/\1 (\2)/p; t; s/^explain: .*: engine \([a-z0-9]*\):.*/\1/p' || true)
echo "# $(date -u +%FT%TZ) $(uname -m) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
    "$(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg); ours: ${path:-?}"
printf '%-12s %9s %9s %9s %9s %7s\n' set puzzles ours_s tdoku_s ours_k/s ratio
for set in $SETS; do
    make_set "$set"
    file="$WORK/$set"
    n=$(wc -l <"$file")
    if ! cmp -s <("$OURS" check -j 1 "$file" | cut -d: -f1) <("$PEER" "$file" 2>/dev/null); then
        echo "$set: verdicts differ between ours and tdoku" >&2
        exit 1
    fi
    : >"$WORK/ours.t"; : >"$WORK/peer.t"
    for _ in $(seq "$RUNS"); do
        cpu "$OURS" check -j 1 "$file" >>"$WORK/ours.t"
        cpu "$PEER" "$file" >>"$WORK/peer.t"
    done
    ours=$(median <"$WORK/ours.t")
    peer=$(median <"$WORK/peer.t")
    awk -v s="$set" -v n="$n" -v o="$ours" -v p="$peer" \
        'BEGIN {printf "%-12s %9d %9.3f %9.3f %9.1f %7.2f\n", s, n, o, p, n / o / 1000, p / o}'
done

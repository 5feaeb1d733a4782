#!/usr/bin/env bash
# Thread scaling of whole `sudoku` runs: for each command and output format,
# the wall time of `-j 1` and of `-j J` (default 2) on the same file, median
# of RUNS interleaved runs, and the throughput ratio (-j 1 time / -j J
# time); also the ratio of the best runs (as the issue measured it, best of
# 3), and the largest resident set seen. Wall time only means something
# on an otherwise idle machine: the script prints the load average first.
#
#   scripts/compare-threads.sh [FILE]   (default: the 17-clue set, 4 times)
#
# Environment: RUNS (default 5), J (default 2), OURS (default
# target/release/sudoku), DATA (default ../shared/data), WORK (scratch).
# Build first: cargo build --release --bin sudoku
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
J=${J:-2}
OURS=${OURS:-target/release/sudoku}
DATA=${DATA:-../shared/data}
WORK=${WORK:-/tmp/compare-threads}
mkdir -p "$WORK"
[ -x "$OURS" ] || { echo "missing $OURS (cargo build --release --bin sudoku)" >&2; exit 1; }
file=${1:-$WORK/17-clue-x4}
if [ $# -eq 0 ] && [ ! -s "$file" ]; then
    lines=$(grep -v '^#' "$DATA/puzzles2_17_clue" | grep -v '^[[:space:]]*$')
    for _ in 1 2 3 4; do printf '%s\n' "$lines"; done >"$file"
fi
n=$(grep -vc '^#' "$file")

# run ARGS...: "wall_seconds max_rss_kb" of one run (output discarded). `check`
# exits with 1 when a puzzle has several solutions: not a failure here.
run() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$WORK/time" "$OURS" "$@" "$file" >/dev/null || true
    end=$(date +%s%N)
    echo "$(((end - start) / 1000000)) $(tail -n 1 "$WORK/time")" |
        awk '{printf "%.3f %d\n", $1 / 1000, $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
best() { sort -g | head -n 1; }

echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $file: $n puzzles"
printf '%-22s %9s %9s %7s %7s %9s %9s\n' command j1_s "j${J}_s" ratio best j1_kb "j${J}_kb"
for command in "check --format json" "solve --format json" "check --format text" "solve --format text"; do
    : >"$WORK/one"; : >"$WORK/many"
    for _ in $(seq "$RUNS"); do
        # shellcheck disable=SC2086
        run $command -j 1 >>"$WORK/one"
        # shellcheck disable=SC2086
        run $command -j "$J" >>"$WORK/many"
    done
    one=$(cut -d' ' -f1 "$WORK/one" | median)
    many=$(cut -d' ' -f1 "$WORK/many" | median)
    ratio_best=$(awk -v o="$(cut -d' ' -f1 "$WORK/one" | best)" \
        -v m="$(cut -d' ' -f1 "$WORK/many" | best)" 'BEGIN {printf "%.2f", o / m}')
    rss1=$(cut -d' ' -f2 "$WORK/one" | sort -g | tail -n 1)
    rssj=$(cut -d' ' -f2 "$WORK/many" | sort -g | tail -n 1)
    awk -v c="$command" -v o="$one" -v m="$many" -v b="$ratio_best" -v r1="$rss1" -v rj="$rssj" \
        'BEGIN {printf "%-22s %9.3f %9.3f %7.2f %7s %9d %9d\n", c, o, m, o / m, b, r1, rj}'
done

#!/usr/bin/env bash
# Two builds of ours and the Rust `sudoku` crate, side by side: whole
# processes, one thread, same file, CPU time (user + sys), median of RUNS
# interleaved runs (A, B, peer, A, B, peer ...). Prints, per set, the
# throughput ratio of each build against the peer and B against A (above 1:
# B is faster). For checking that a change keeps the speed.
#
#   OLD=/path/to/old/sudoku scripts/compare-versions.sh [DATA_DIR]
#
# Environment: OLD (build A, required), NEW (build B, default
# target/release/sudoku), PEER (default /tmp/peer-target/release/peer),
# RUNS (default 5), WORK (scratch), SETS (as in compare-peer.sh).
# Build A from an older commit with, say:
#   git worktree add /tmp/old COMMIT && cargo build --release --bin sudoku \
#       --manifest-path /tmp/old/Cargo.toml
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
RUNS=${RUNS:-5}
OLD=${OLD:?set OLD to the older build of sudoku}
NEW=${NEW:-target/release/sudoku}
PEER=${PEER:-/tmp/peer-target/release/peer}
WORK=${WORK:-/tmp/compare-peer}
SETS=${SETS:-"17-clue top1465 hardest11 hardest2011 serg"}
mkdir -p "$WORK"
for bin in "$OLD" "$NEW" "$PEER"; do
    [ -x "$bin" ] || { echo "missing $bin" >&2; exit 1; }
done
# The sets of compare-peer.sh (the same files, made once).
SETS="$SETS" WORK="$WORK" RUNS=1 OURS="$NEW" PEER="$PEER" scripts/compare-peer.sh "$DATA" >/dev/null

cpu() {
    /usr/bin/time -f '%U %S' -o "$WORK/time" "$@" >/dev/null || true
    tail -n 1 "$WORK/time" | awk '{printf "%.3f\n", $1 + $2}'
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg), $RUNS runs"
printf '%-12s %9s %9s %9s %9s %9s %9s\n' set old_s new_s peer_s old/peer new/peer new/old
for set in $SETS; do
    file="$WORK/$set"
    : >"$WORK/old.t"; : >"$WORK/new.t"; : >"$WORK/peer.t"
    for _ in $(seq "$RUNS"); do
        cpu "$OLD" check -j 1 --format json "$file" >>"$WORK/old.t"
        cpu "$NEW" check -j 1 --format json "$file" >>"$WORK/new.t"
        cpu "$PEER" "$file" >>"$WORK/peer.t"
    done
    old=$(median <"$WORK/old.t"); new=$(median <"$WORK/new.t"); peer=$(median <"$WORK/peer.t")
    awk -v s="$set" -v o="$old" -v n="$new" -v p="$peer" \
        'BEGIN {printf "%-12s %9.3f %9.3f %9.3f %9.2f %9.2f %9.3f\n", s, o, n, p, p / o, p / n, o / n}'
done

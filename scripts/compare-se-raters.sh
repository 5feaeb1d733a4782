#!/usr/bin/env bash
# SE ratings side by side: `sudoku rate -j 1 -q` (this build, and OLD if
# given) and sukaku-forge (`--allow-uniqueness`), whole processes, CPU time
# (user + sys), RUNS interleaved runs each (default 3), medians printed per
# file. Each rater's ratings are kept beside the figures; the script says
# when two raters disagree on a file.
#   usage: [OLD=old/sudoku] [RUNS=3] scripts/compare-se-raters.sh FILE...
# FILE: one 81-character puzzle a line (for example the SE bands of
# sudoku-logic/tests/data/se-ratings*.txt cut by ER: scripts/se-bands.sh).
# The peers are looked for in ../shared beside the checkout, or beside the
# directory of worktrees (SHARED names another place).
# SE=1 adds Sudoku Explainer 1.2.1 (serate, `../shared/peers/se/rate.sh`,
# one JVM per file) in the same sitting, SE_RUNS times a file (default 1:
# it takes minutes a puzzle from ER 9 up), run first on each file.
set -euo pipefail
cd "$(dirname "$0")/.."
new=${NEW:-target/release/sudoku}
old=${OLD:-}
shared=${SHARED:-../shared}
[ -d "$shared" ] || [ ! -d ../../shared ] || shared=../../shared
forge=${FORGE:-$shared/peers/se/bin/sukaku-forge-rate}
runs=${RUNS:-3}
se=${SE:-}
se_runs=${SE_RUNS:-1}
serate=${SERATE:-$shared/peers/se/rate.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
raters=(new forge)
[ -n "$old" ] && raters=(old new forge)
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores; load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for f in "$@"; do
  if [ -n "$se" ]; then
    for i in $(seq "$se_runs"); do
      /usr/bin/time -f "%U %S" -o "$tmp/time" bash "$serate" "$f" | awk '{print $NF}' > "$tmp/se.out"
      read -r u s < "$tmp/time"
      echo "$u + $s" | bc >> "$tmp/se.times"
    done
  fi
  for i in $(seq "$runs"); do
    for r in "${raters[@]}"; do
      case $r in
        new) cmd=("$new" rate -j 1 -q "$f") ;;
        old) cmd=("$old" rate -j 1 -q "$f") ;;
        forge) cmd=("$forge" --allow-uniqueness --input=-) ;;
      esac
      /usr/bin/time -f "%U %S" -o "$tmp/time" "${cmd[@]}" < "$f" | awk '{print $NF}' > "$tmp/$r.out"
      read -r u s < "$tmp/time"
      echo "$u + $s" | bc >> "$tmp/$r.times"
    done
  done
  line="$(basename "$f") ($(grep -c . "$f") puzzles), load $(cut -d' ' -f1 /proc/loadavg):"
  all=("${raters[@]}")
  [ -n "$se" ] && all+=(se)
  for r in "${all[@]}"; do
    med=$(sort -n "$tmp/$r.times" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    line="$line $r $med s ($(paste -sd, "$tmp/$r.times"))"
    rm "$tmp/$r.times"
  done
  echo "$line"
  cmp -s "$tmp/new.out" "$tmp/forge.out" || echo "  ratings differ between ours and sukaku-forge on $f"
  [ -z "$se" ] || cmp -s "$tmp/new.out" "$tmp/se.out" || echo "  ratings differ between ours and Sudoku Explainer on $f"
  [ -z "$old" ] || cmp -s "$tmp/new.out" "$tmp/old.out" || echo "  ratings differ between OLD and this build on $f"
done

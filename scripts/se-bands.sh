#!/usr/bin/env bash
# Cuts the puzzles whose Sudoku Explainer 1.2.1 ratings the tests keep
# (sudoku-logic/tests/data/se-ratings.txt, and se-ratings-shared.txt, whose
# lines name puzzles of the shared benchmark sets by file and 1-based line)
# into band files by SE's ER, one 81-character puzzle a line, for
# scripts/compare-se-raters.sh:
#   under-2.5  2.5-6  6-9  9-11  11+          (ER < 2.5, 2.5 <= ER < 6, ...)
#   under-2.5-x10  2.5-6-x10  6-9-x3          (the same files repeated, so
#                                              that one file holds hundreds)
# Each band file has a .ratings twin: PUZZLE ER/EP/ED as SE gave them.
#   usage: [SUDOKU_DATA=DIR] scripts/se-bands.sh OUTDIR
# SUDOKU_DATA: where the shared sets are (default ../shared/data beside the
# workspace, or beside the directory of worktrees); they are read there,
# never copied into the repository.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: [SUDOKU_DATA=DIR] $0 OUTDIR" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$1"
data="${SUDOKU_DATA:-$root/../shared/data}"
# From a worktree, the shared sets sit beside the directory of worktrees.
[ -n "${SUDOKU_DATA:-}" ] || [ -d "$data" ] || [ ! -d "$root/../../shared/data" ] || data="$root/../../shared/data"
tests="$root/sudoku-logic/tests/data"
mkdir -p "$out"
[ -d "$data" ] || { echo "$0: no shared data at $data (set SUDOKU_DATA)" >&2; exit 1; }

# PUZZLE ER/EP/ED for every rated puzzle: the generated set as it is, the
# shared set's FILE LINE resolved (CR stripped, '.' as '0').
{
  grep -v '^#' "$tests/se-ratings.txt" | awk 'NF == 2'
  grep -v '^#' "$tests/se-ratings-shared.txt" | awk 'NF == 3' |
    while read -r file line rating; do
      [ -f "$data/$file" ] || { echo "$0: $data/$file: no such file" >&2; exit 1; }
      puzzle=$(sed -n "${line}{p;q}" "$data/$file" | tr -d '\r' | tr . 0)
      [[ $puzzle =~ ^[0-9]{81}$ ]] || {
        echo "$0: $file line $line: expected an 81-character puzzle, found '$puzzle'" >&2
        exit 1
      }
      echo "$puzzle $rating"
    done
} > "$out/all.ratings"

# ER in tenths, then the band by SE's ER.
awk -v out="$out" '
  {
    split($2, r, "/"); split(r[1], er, ".")
    t = er[1] * 10 + er[2]
    band = t < 25 ? "under-2.5" : t < 60 ? "2.5-6" : t < 90 ? "6-9" : t < 110 ? "9-11" : "11+"
    print $0 > (out "/" band ".ratings")
    print $1 > (out "/" band)
  }' "$out/all.ratings"

repeat() { # BAND TIMES
  [ -f "$out/$1" ] || return 0
  for _ in $(seq "$2"); do cat "$out/$1"; done > "$out/$1-x$2"
  for _ in $(seq "$2"); do cat "$out/$1.ratings"; done > "$out/$1-x$2.ratings"
}
repeat under-2.5 10
repeat 2.5-6 10
repeat 6-9 3

for f in under-2.5 2.5-6 6-9 9-11 11+ under-2.5-x10 2.5-6-x10 6-9-x3; do
  [ -f "$out/$f" ] && echo "$out/$f: $(grep -c . "$out/$f") puzzles"
done

#!/usr/bin/env bash
# Counts cubes on a Slurm cluster: one job-array task per chunk of cubes,
# then a merge step that runs when every task has ended.
#
# Usage:
#   scripts/slurm-count.sh [--chunk N] [--sbatch "SBATCH OPTIONS"] CUBES OUTDIR PROGRAM COUNT-ARGS...
#
#   CUBES       the output of `dlx split` or `sudoku split`
#   OUTDIR      a directory on a file system that every node sees (made if
#               missing); the chunks, the results and the total go there
#   PROGRAM COUNT-ARGS...
#               the count command without --cubes, e.g.
#               `dlx count -j 8 /shared/big.dlx` or
#               `sudoku count --box 2x3 -j 8 /shared/puzzle.txt`
#   --chunk N   cubes per array task (default 16)
#   --sbatch S  extra options for both sbatch calls, e.g.
#               "--time=02:00:00 --cpus-per-task=8 --partition=short"
#
# Task K counts OUTDIR/chunks/chunk.K into OUTDIR/results/result.K.jsonl;
# the merge step (`PROGRAM merge --cubes CUBES OUTDIR/results/*`) writes the
# total to OUTDIR/total.txt and any refusal (missing or incomplete cubes,
# named) to OUTDIR/merge.err. To redo only what is missing:
#   PROGRAM merge --resume --cubes CUBES OUTDIR/results/* > redo.jsonl
#   scripts/slurm-count.sh redo.jsonl OUTDIR2 PROGRAM COUNT-ARGS...
#   PROGRAM merge --cubes CUBES OUTDIR/results/* OUTDIR2/results/*
set -euo pipefail

chunk=16
extra=""
while [ $# -gt 0 ]; do
    case "$1" in
        --chunk) chunk="$2"; shift 2 ;;
        --sbatch) extra="$2"; shift 2 ;;
        -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) break ;;
    esac
done
if [ $# -lt 4 ]; then
    echo "usage: $0 [--chunk N] [--sbatch OPTIONS] CUBES OUTDIR PROGRAM COUNT-ARGS..." >&2
    exit 2
fi
case "$chunk" in
    ''|*[!0-9]*|0) echo "slurm-count: --chunk needs a positive number, not '$chunk'" >&2; exit 2 ;;
esac
cubes="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -r "$cubes" ] || { echo "slurm-count: cannot read $1" >&2; exit 4; }
mkdir -p "$2"
out="$(cd "$2" && pwd)"
shift 2
program="$1"

mkdir -p "$out/chunks" "$out/results"
rm -f "$out"/chunks/chunk.* "$out/total.txt" "$out/merge.err"
grep -v '^[[:space:]]*$' "$cubes" | split -l "$chunk" -d -a 6 - "$out/chunks/chunk."
tasks=$(find "$out/chunks" -name 'chunk.*' | wc -l)
if [ "$tasks" -eq 0 ]; then
    echo "slurm-count: no cubes in $cubes" >&2
    exit 2
fi

# The command, quoted for the task script.
command=""
for word in "$@"; do
    command+="$(printf '%q' "$word") "
done

cat > "$out/task.sh" <<TASK
#!/usr/bin/env bash
# One array task: counts chunk SLURM_ARRAY_TASK_ID.
set -uo pipefail
id=\$(printf '%06d' "\$SLURM_ARRAY_TASK_ID")
exec $command --cubes "$out/chunks/chunk.\$id" > "$out/results/result.\$id.jsonl"
TASK
cat > "$out/merge.sh" <<MERGE
#!/usr/bin/env bash
# The merge step: the total, or the cubes that are missing or incomplete.
set -uo pipefail
$(printf '%q' "$program") merge --cubes $(printf '%q' "$cubes") "$out"/results/result.*.jsonl > "$out/total.txt" 2> "$out/merge.err"
MERGE
chmod +x "$out/task.sh" "$out/merge.sh"

# shellcheck disable=SC2086 # $extra holds several sbatch options
array=$(sbatch --parsable $extra --job-name=cubes --array="0-$((tasks - 1))" \
    --output="$out/task-%a.log" "$out/task.sh")
array="${array%%;*}"
# afterany: the merge runs even if a task failed, and names what is missing.
# shellcheck disable=SC2086
merge=$(sbatch --parsable $extra --job-name=cubes-merge --dependency="afterany:$array" \
    --output="$out/merge.log" "$out/merge.sh")
merge="${merge%%;*}"
echo "submitted $tasks array task(s) as job $array and the merge as job $merge"
echo "the total will be in $out/total.txt (problems in $out/merge.err)"

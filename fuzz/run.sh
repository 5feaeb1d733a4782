#!/usr/bin/env bash
# Runs every fuzz target of fuzz/fuzz_targets/ for a while, one after another,
# and exits non-zero if any of them crashed (panic, failed check, timeout).
#
#   fuzz/run.sh                      every target, 60 s each
#   SECONDS_PER_TARGET=600 fuzz/run.sh knuth_parse sudoku_records
#
# - Installs cargo-fuzz from crates.io (`cargo install cargo-fuzz --locked`) if
#   it is missing. Everything builds on stable Rust: `-s none` turns off the
#   sanitizers (which need nightly); libFuzzer's coverage guidance, debug
#   assertions and overflow checks stay on.
# - Seeds each target's corpus (fuzz/corpus/TARGET, kept between runs and
#   ignored by git) with the example files of examples/ the first time, and
#   gives libFuzzer the format's tokens from fuzz/dicts/TARGET.dict.
# - One target at a time, in one libFuzzer process on one thread (its
#   default; `-jobs=1 -workers=1` would only add a parent process and a
#   fuzz-0.log), built with at most 2 jobs, to be kind to a shared machine.
#   (exact_cover_solve also runs a 2-thread rayon pool for the parallel count.) SECONDS_PER_TARGET sets the
#   time per target (default 60), MAX_LEN the longest input (default 4096),
#   and TIMEOUT the seconds one input may take before it counts as a crash
#   (default 10).
# - A crash leaves its input in fuzz/artifacts/TARGET/; replay it with
#   `cargo fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-...` and shrink
#   it with `cargo fuzz tmin -s none TARGET fuzz/artifacts/TARGET/crash-...`.
#   Each target's log is fuzz/artifacts/TARGET.log; the summary at the end
#   gives the executions per second of each.
set -euo pipefail
cd "$(dirname "$0")"

SECONDS_PER_TARGET="${SECONDS_PER_TARGET:-60}"
MAX_LEN="${MAX_LEN:-4096}"
TIMEOUT="${TIMEOUT:-10}"
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-2}"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for f in fuzz_targets/*.rs; do
        targets+=("$(basename "$f" .rs)")
    done
fi

# Seeds: the example files, so the parsers start from real inputs. The first
# byte of a sudoku_records input chooses the read options: 0 = the defaults,
# 0x20 (a space) = boxes of 2x3 (see fuzz_targets/sudoku_records.rs).
seed() {
    local target=$1
    local dir="corpus/$target"
    [ -d "$dir" ] && return
    mkdir -p "$dir"
    case "$target" in
        knuth_parse)
            cp ../examples/dlx/*.dlx "$dir"/
            ;;
        sudoku_records)
            { printf '\000'; cat ../examples/sudoku/course.txt; } >"$dir/course"
            { printf ' '; cat ../examples/sudoku/rectangular-6x6.txt; } >"$dir/rectangular"
            { printf '\000'; printf 'quizzes,solutions\n1.3.3.2...4.....,1234342121434312\n'; } >"$dir/csv"
            ;;
        sudoku_text)
            printf '2x3' >"$dir/shape"
            printf '"1.3.3.2...4....."' >"$dir/json-square"
            printf '{"shape":{"box_rows":2,"box_cols":3},"cells":"6%s"}' \
                "..................................." >"$dir/json-rectangular"
            printf '[0,0,3,0,0,0,0,0,0,0,0,0,0,0,0,4]' >"$dir/json-numbers"
            ;;
        cube_records)
            # First byte: 0 = merge from the first result, 5 = expect 3 cubes.
            r='{"cube":%d,"of":%d,"problem":"%032x","count":"%s","complete":true,"nodes":1,"seconds":0.5}\n'
            { printf '\000'; printf "$r" 0 2 42 170141183460469231731687303715884105728 1 2 42 1; } >"$dir/results"
            { printf '\005'; printf '{"cube":0,"of":3,"problem":"%032x","path":[{"option":3,"name":"A D"}],"estimate":12.5}\n' 42; } >"$dir/cubes"
            ;;
    esac
}

echo "== building ${targets[*]}"
if [ "$#" -gt 0 ]; then
    for t in "${targets[@]}"; do
        cargo fuzz build -s none "$t"
    done
else
    cargo fuzz build -s none
fi

mkdir -p artifacts
failed=()
summary=()
for t in "${targets[@]}"; do
    seed "$t"
    log="artifacts/$t.log"
    echo "== $t for ${SECONDS_PER_TARGET}s (log: fuzz/$log)"
    dict=()
    [ -f "dicts/$t.dict" ] && dict=("-dict=dicts/$t.dict")
    status=0
    cargo fuzz run -s none "$t" -- \
        -max_total_time="$SECONDS_PER_TARGET" -max_len="$MAX_LEN" \
        -timeout="$TIMEOUT" -print_final_stats=1 \
        "${dict[@]}" >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    line="$t: ${runs:-?} runs, ${speed:-?} exec/s, ${cov:-cov: ?}"
    if [ "$status" -ne 0 ]; then
        line="$line: CRASHED (exit $status)"
        failed+=("$t")
        grep -E 'panicked at|Test unit written to|SUMMARY|ERROR' "$log" | head -n 8 || true
    fi
    echo "$line"
    summary+=("$line")
done

echo "== summary"
printf '%s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "crashed: ${failed[*]} (inputs in fuzz/artifacts/)"
    exit 1
fi
echo "no crash"

#!/usr/bin/env bash
# The whole test suite: what the README's second command runs, and all that
# CI runs (.ci/run runs this script on a clean clone). Stops at the first
# step that fails.
#   usage: bash scripts/test-all.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# No incremental compilation caches (unless asked for): a whole-suite run
# builds every crate once and would only write them (1-2 GB under target/)
# for nothing; the build costs about 3% less CPU without them.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
# GNU parallel, MiniZinc with Gecode, Chromium and cargo-nextest, if missing.
bash scripts/setup.sh
cargo fmt --all -- --check
# No import circle between the top-level modules of these crates (issue 33).
python3 scripts/module-cycles.py --fail sudoku sudoku-format sudoku-solve sudoku-generate sudoku-batch
cargo clippy --workspace --all-targets -- -D warnings
# The engine crates build without serde (issue 33), lint-clean too (about
# 20 s on a clean clone: their dependencies are checked again with the
# smaller feature set).
cargo clippy -p solver-core --no-default-features -- -D warnings
cargo clippy -p cover-model --no-default-features -- -D warnings
# The fuzz targets are their own workspace (fuzz/Cargo.toml): check that they
# still compile, against their committed lock file, without building
# libFuzzer itself (C++; `cargo fuzz` builds it).
cargo check --manifest-path fuzz/Cargo.toml --bins --locked --no-default-features
# Unit and integration tests: nextest runs the test binaries' tests side by
# side across binaries (.config/nextest.toml holds its groups and order);
# it does not run doctests, so `cargo test --doc` does.
cargo nextest run --workspace --no-fail-fast
# Two things at once from here: the Python package's build leaves a core
# idle for long stretches (one crate after another in its own profile) and
# the shared-data tests use one core; the doctests and the shared-data tests
# ($SUDOKU_DATA) run beside the Python step, their output is shown after
# it. The Python step stays in the foreground: its tests send SIGINT, which
# a background job of a script would ignore.
side_log="target/test-all-side.log"
mkdir -p target
(cargo test --workspace --doc && bash scripts/data-tests.sh) > "$side_log" 2>&1 &
side=$!
trap 'pkill -P "$side" 2>/dev/null; kill "$side" 2>/dev/null || true' EXIT
# The Python package, built into target/python-venv, and its pytest suite.
python_status=0
bash python/test.sh || python_status=$?
side_status=0
wait "$side" || side_status=$?
trap - EXIT
echo "== doctests and shared-data tests (run beside the Python step)"
cat "$side_log"
if [ "$python_status" -ne 0 ] || [ "$side_status" -ne 0 ]; then
    echo "test-all: failed (Python step status $python_status, doctests and shared-data tests $side_status)" >&2
    exit 1
fi

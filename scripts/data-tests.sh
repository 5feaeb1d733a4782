#!/usr/bin/env bash
# Runs the tests that read the shared benchmark sets (named shared_data_*,
# #[ignore]d in the plain `cargo test` because the sets are third-party data
# kept outside the repository). The sets' folder is $SUDOKU_DATA, by default
# ../shared/data beside the workspace.
#   usage: bash scripts/data-tests.sh
# When the folder is missing, nothing runs and the tests are listed by name
# as skipped; when it is there, every one of them runs and must pass (a test
# that cannot open its file fails).
# The shared_data_ tests are unit and integration tests, never doctests:
# `--tests` (every lib, bin and integration test with test = true, no
# doctests) keeps rustdoc from compiling every doctest a second time (it
# caches nothing) only for the filter to match none of them.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${SUDOKU_DATA:-../shared/data}"
if [ ! -d "$dir" ]; then
  echo "data-tests: SKIPPED, no shared data at $dir (set SUDOKU_DATA); these tests did not run:"
  cargo test --workspace --tests --quiet -- --list --ignored 2>/dev/null | sed -n 's/^\(.*shared_data_[^:]*\): test$/  \1/p'
  exit 0
fi
SUDOKU_DATA="$(cd "$dir" && pwd)" cargo test --workspace --tests --quiet shared_data_ -- --ignored

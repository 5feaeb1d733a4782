#!/usr/bin/env bash
# Builds and installs the Python package into a virtual environment under
# target/ (made on first use, reused after), then runs its pytest suite.
# Usage: bash python/test.sh [pytest arguments]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/target/python-venv"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
# The package (built by maturin, fetched from PyPI by pip's build isolation)
# and pytest. The extension is built in the workspace's `python-test` profile
# (release without LTO, see Cargo.toml): a user's `pip install ./python` builds
# `release`.
MATURIN_PEP517_ARGS="--profile python-test" \
    "$venv/bin/python" -m pip install --quiet "$root/python[test]"
cd "$root/python"
exec "$venv/bin/python" -m pytest -q tests "$@"

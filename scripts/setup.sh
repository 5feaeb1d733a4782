#!/usr/bin/env bash
# Installs what the tests need beyond the Rust toolchain: GNU parallel (the
# cube-and-conquer tests run the one-liner of docs/cubes.md) and MiniZinc with
# Gecode (Debian's `minizinc` package; the FlatZinc tests compare our solver
# with Gecode through MiniZinc, see docs/minizinc.md), and Chromium (Debian's
# `chromium`; the page of `sudoku serve` is tested in it, headless), and
# cargo-nextest (scripts/test-all.sh runs the Rust tests with it; built from
# crates.io with `cargo install --locked` when `cargo nextest` is missing).
# Safe to run again: it does nothing when everything is there. Runs apt-get as
# root directly, or through sudo otherwise.
set -euo pipefail

if ! cargo nextest --version >/dev/null 2>&1; then
    cargo install --locked cargo-nextest
fi

missing=()
command -v parallel >/dev/null 2>&1 || missing+=(parallel)
{ command -v minizinc >/dev/null 2>&1 && command -v fzn-gecode >/dev/null 2>&1; } || missing+=(minizinc)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "setup: ${missing[*]} missing and there is no root or sudo to install it" >&2
        exit 1
    fi
}

if command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get install -y --no-install-recommends "${missing[@]}" \
        || { as_root apt-get update && as_root apt-get install -y --no-install-recommends "${missing[@]}"; }
else
    echo "setup: ${missing[*]} missing; install it with your package manager" >&2
    exit 1
fi
# GNU parallel asks once for a citation notice; silence it for this user.
mkdir -p "${HOME:-/root}/.parallel" && touch "${HOME:-/root}/.parallel/will-cite"
command -v parallel >/dev/null
command -v minizinc >/dev/null
command -v fzn-gecode >/dev/null
command -v chromium >/dev/null

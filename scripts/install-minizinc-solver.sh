#!/usr/bin/env bash
# Installs the dancing-links FlatZinc solver for MiniZinc, for the current
# user: builds fzn-dancing-links (release) and writes
# ~/.minizinc/solvers/dancing-links.msc pointing at it and at flatzinc-solver/mznlib
# by absolute paths, so that `minizinc --solver dancing-links -a model.mzn`
# works from any directory. Run it again after moving the checkout.
#
#   scripts/install-minizinc-solver.sh [--no-build] [--dir DIR]
#
# --no-build  use the binary already in target/release
# --dir DIR   write the configuration into DIR instead of ~/.minizinc/solvers
#             (MiniZinc also reads the directories in $MZN_SOLVER_PATH)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build=1
dir="${HOME:?HOME is not set}/.minizinc/solvers"
while [ $# -gt 0 ]; do
    case "$1" in
        --no-build) build=0 ;;
        --dir) shift; dir="${1:?--dir needs a directory}" ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "install-minizinc-solver: unknown argument $1 (see --help)" >&2; exit 1 ;;
    esac
    shift
done

if [ "$build" = 1 ]; then
    (cd "$root" && cargo build --release -p flatzinc-solver --bin fzn-dancing-links)
fi
exe="$root/target/release/fzn-dancing-links"
if [ ! -x "$exe" ]; then
    echo "install-minizinc-solver: $exe is missing: run without --no-build" >&2
    exit 1
fi
version="$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)"

mkdir -p "$dir"
# The checked-in flatzinc-solver/dancing-links.msc uses paths relative to itself;
# the installed copy gets absolute ones.
sed -e "s|\"mznlib\": \"mznlib\"|\"mznlib\": \"$root/flatzinc-solver/mznlib\"|" \
    -e "s|\"executable\": \"[^\"]*\"|\"executable\": \"$exe\"|" \
    -e "s|\"version\": \"[^\"]*\"|\"version\": \"${version:-0.1.0}\"|" \
    "$root/flatzinc-solver/dancing-links.msc" > "$dir/dancing-links.msc"
echo "installed $dir/dancing-links.msc -> $exe"
if command -v minizinc >/dev/null 2>&1; then
    listed="$(MZN_SOLVER_PATH="$dir${MZN_SOLVER_PATH:+:$MZN_SOLVER_PATH}" minizinc --solvers)"
    grep -i -m 1 "dancing-links" <<<"$listed" || {
        echo "install-minizinc-solver: minizinc does not list the solver" >&2
        exit 1
    }
else
    echo "install-minizinc-solver: minizinc is not on PATH (scripts/setup.sh installs it)" >&2
fi

#!/usr/bin/env python3
"""Writes an exact-cover problem in Knuth's DLX format (read by `dlx` and by
Knuth's DLX1/DLX2/SSXCC) to standard output, the same text as the generators of
solver-core/src/problems.rs, so both programs read one file.

    scripts/gen-exact-cover.py FAMILY [N [M]]

Families and their known counts (see problems.rs for the sources):
    queens N          N-queens, diagonals secondary (12: 14,200)
    langford N        Langford pairs (12: 216,288)
    latin N           Latin squares of order N (5: 161,280)
    latin-colour N    the same, columns stated with coloured secondary items:
                      primary cell p{r}_{c} and row-value r{r}_{v}, secondary
                      c{c}_{v} ("column c holds v") plus a secondary item
                      x{r}_{c} coloured with the value v, so every option has
                      one coloured item (5: 161,280)
    pentominoes R C   the 12 pentominoes on an R x C board, all placements
                      (6 10: 9,356)
    scott             the 12 pentominoes on 8x8 without the central 2x2
                      square (Scott, 1958: 65 up to symmetry, 520 counting
                      rotations and reflections)

The families of memoized counting (issue 35; `dlx count` plans the zdd
engine for them, see docs/engines.md). Their items are listed along the
geometry, since that engine branches on the first item left in input order:
    dominoes R C      domino tilings of an R x C board, cells c{r}_{c} row by
                      row (put the shorter side across: C <= R); OEIS A004003
                      for squares: 8x8 12,988,816; 12x12
                      53,060,477,521,960,000; 16x16
                      2,444,888,770,250,892,795,802,079,170,816
    aztec N           domino tilings of the Aztec diamond of order N, cells
                      d{x+N}_{y+N} diagonal by diagonal: 2^(N(N+1)/2)
                      (16: 2^136)
    partitions N      all partitions of {1..N} into blocks: one option per
                      non-empty subset; the Bell numbers (12: 4,213,597)
    matchings N       perfect matchings of the complete graph K_N: one option
                      per edge; (N-1)!! for even N (24: 316,234,143,225)
"""
import sys


def queens(n):
    prim = [f"r{r}" for r in range(n)] + [f"c{c}" for c in range(n)]
    sec = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    out = [" ".join(prim) + " | " + " ".join(sec)]
    for r in range(n):
        for c in range(n):
            out.append(f"r{r} c{c} a{r + c} b{r + n - 1 - c}")
    return out


def langford(n):
    prim = [str(i) for i in range(1, n + 1)] + [f"s{s}" for s in range(2 * n)]
    out = [" ".join(prim)]
    for i in range(1, n + 1):
        for j in range(2 * n):
            k = j + i + 1
            if k < 2 * n:
                out.append(f"{i} s{j} s{k}")
    return out


def latin(n):
    prim = [f"p{r}_{c}" for r in range(n) for c in range(n)]
    prim += [f"r{r}_{v}" for r in range(n) for v in range(n)]
    prim += [f"c{c}_{v}" for c in range(n) for v in range(n)]
    out = [" ".join(prim)]
    for r in range(n):
        for c in range(n):
            for v in range(n):
                out.append(f"p{r}_{c} r{r}_{v} c{c}_{v}")
    return out


def latin_colour(n):
    prim = [f"p{r}_{c}" for r in range(n) for c in range(n)]
    prim += [f"r{r}_{v}" for r in range(n) for v in range(n)]
    sec = [f"c{c}_{v}" for c in range(n) for v in range(n)]
    sec += [f"x{r}_{c}" for r in range(n) for c in range(n)]
    out = [" ".join(prim) + " | " + " ".join(sec)]
    for r in range(n):
        for c in range(n):
            for v in range(n):
                out.append(f"p{r}_{c} r{r}_{v} c{c}_{v} x{r}_{c}:{v}")
    return out


PENTOMINOES = [
    ("F", [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]),
    ("I", [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]),
    ("L", [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)]),
    ("N", [(0, 1), (1, 1), (2, 1), (2, 0), (3, 0)]),
    ("P", [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ("T", [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)]),
    ("U", [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ("V", [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]),
    ("W", [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]),
    ("X", [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
    ("Y", [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)]),
    ("Z", [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)]),
]


def orientations(shape):
    result = []
    cur = list(shape)
    for _ in range(2):
        for _ in range(4):
            mr = min(r for r, _ in cur)
            mc = min(c for _, c in cur)
            norm = sorted((r - mr, c - mc) for r, c in cur)
            if norm not in result:
                result.append(norm)
            cur = [(c, -r) for r, c in cur]
        cur = [(r, -c) for r, c in cur]
    return result


def pentominoes(rows, cols, holes=()):
    prim = [name for name, _ in PENTOMINOES]
    prim += [f"r{r}c{c}" for r in range(rows) for c in range(cols) if (r, c) not in holes]
    out = [" ".join(prim)]
    for name, shape in PENTOMINOES:
        for o in orientations(shape):
            h = max(r for r, _ in o) + 1
            w = max(c for _, c in o) + 1
            if h > rows or w > cols:
                continue
            for dr in range(rows - h + 1):
                for dc in range(cols - w + 1):
                    if any((r + dr, c + dc) in holes for r, c in o):
                        continue
                    cells = " ".join(f"r{r + dr}c{c + dc}" for r, c in o)
                    out.append(f"{name} {cells}")
    return out


def scott():
    """Dana Scott's problem: the pentominoes on an 8x8 board without its
    central 2x2 square."""
    return pentominoes(8, 8, holes={(3, 3), (3, 4), (4, 3), (4, 4)})


def dominoes(rows, cols):
    cell = lambda r, c: f"c{r}_{c}"
    out = [" ".join(cell(r, c) for r in range(rows) for c in range(cols))]
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                out.append(f"{cell(r, c)} {cell(r, c + 1)}")
            if r + 1 < rows:
                out.append(f"{cell(r, c)} {cell(r + 1, c)}")
    return out


def aztec(n):
    inside = lambda x, y: abs(2 * x + 1) + abs(2 * y + 1) <= 2 * n
    cells = [(x, y) for x in range(-n, n) for y in range(-n, n) if inside(x, y)]
    cells.sort(key=lambda c: (c[0] + c[1], c[0] - c[1]))
    name = lambda x, y: f"d{x + n}_{y + n}"
    out = [" ".join(name(x, y) for x, y in cells)]
    for x, y in cells:
        for dx, dy in ((1, 0), (0, 1)):
            if inside(x + dx, y + dy):
                out.append(f"{name(x, y)} {name(x + dx, y + dy)}")
    return out


def partitions(n):
    out = [" ".join(str(i) for i in range(1, n + 1))]
    for k in range(1, 1 << n):
        out.append(" ".join(str(i + 1) for i in range(n) if k >> i & 1))
    return out


def matchings(n):
    out = [" ".join(str(i) for i in range(1, n + 1))]
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            out.append(f"{i} {j}")
    return out


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    family, args = argv[1], [int(a) for a in argv[2:]]
    gen = {
        "queens": queens,
        "langford": langford,
        "latin": latin,
        "latin-colour": latin_colour,
        "pentominoes": pentominoes,
        "scott": scott,
        "dominoes": dominoes,
        "aztec": aztec,
        "partitions": partitions,
        "matchings": matchings,
    }.get(family)
    if gen is None:
        sys.exit(f"unknown family {family!r}\n{__doc__}")
    sys.stdout.write("\n".join(gen(*args)) + "\n")


if __name__ == "__main__":
    main(sys.argv)

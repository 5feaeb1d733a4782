"""Independent oracles for the tests: Sudoku rules and small searches written
in plain Python, sharing no code with the package under test."""

from itertools import combinations


def box_cells(size, box_rows, box_cols, k):
    """The (row, col) cells of box k, boxes numbered row by row."""
    per_row = size // box_cols
    top, left = (k // per_row) * box_rows, (k % per_row) * box_cols
    return [(top + r, left + c) for r in range(box_rows) for c in range(box_cols)]


def units(size, box_rows, box_cols):
    """Every row, column and box, as lists of (row, col)."""
    rows = [[(r, c) for c in range(size)] for r in range(size)]
    cols = [[(r, c) for r in range(size)] for c in range(size)]
    boxes = [box_cells(size, box_rows, box_cols, k) for k in range(size)]
    return rows + cols + boxes


def is_solution(puzzle, solution, box_rows, box_cols):
    """Whether `solution` (list of rows) fills `puzzle` by the rules."""
    size = len(puzzle)
    if len(solution) != size or any(len(row) != size for row in solution):
        return False
    for r in range(size):
        for c in range(size):
            if puzzle[r][c] and puzzle[r][c] != solution[r][c]:
                return False
    want = set(range(1, size + 1))
    return all({solution[r][c] for r, c in unit} == want for unit in units(size, box_rows, box_cols))


def candidates(grid, box_rows, box_cols, r, c):
    """Values cell (r, c) can take: not in its row, column or box (a filled
    cell keeps its value)."""
    size = len(grid)
    if grid[r][c]:
        return [grid[r][c]]
    seen = set(grid[r]) | {grid[i][c] for i in range(size)}
    top, left = r - r % box_rows, c - c % box_cols
    seen |= {grid[top + i][left + j] for i in range(box_rows) for j in range(box_cols)}
    return [v for v in range(1, size + 1) if v not in seen]


def count_solutions(grid, box_rows, box_cols, limit):
    """Counts completions of `grid` up to `limit` by backtracking on the
    cell with the fewest candidates (clashing givens count as 0). The values
    used in each row, column and box are kept as bit sets, updated as cells
    are filled and emptied."""
    size = len(grid)
    per_row = size // box_cols
    every = (1 << (size + 1)) - 2  # bits 1..size
    rows, cols, boxes = [0] * size, [0] * size, [0] * size
    blanks = []
    for r in range(size):
        for c in range(size):
            b = (r // box_rows) * per_row + c // box_cols
            v = grid[r][c]
            if not v:
                blanks.append((r, c, b))
                continue
            bit = 1 << v
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return 0
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
    found = 0

    def search():
        nonlocal found
        if not blanks:
            found += 1
            return found >= limit
        best, best_free, best_n = 0, 0, size + 1
        for k, (r, c, b) in enumerate(blanks):
            free = every & ~(rows[r] | cols[c] | boxes[b])
            n = bin(free).count("1")
            if n < best_n:
                best, best_free, best_n = k, free, n
                if n == 0:
                    return False
        r, c, b = cell = blanks[best]
        blanks[best] = blanks[-1]
        blanks.pop()
        for v in range(1, size + 1):
            bit = 1 << v
            if not best_free & bit:
                continue
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            stop = search()
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if stop:
                break
        blanks.append(cell)
        blanks[best], blanks[-1] = blanks[-1], blanks[best]
        return found >= limit

    search()
    return found


def exact_cover_solutions(primary, secondary, options):
    """Every solution of a small exact-cover problem by trying every subset
    of options: primary items covered once, secondary items at most once or
    by options that agree on their colour. Options are lists of "item" or
    "item:colour" strings. Returns sorted lists of option indices."""
    parsed = [[tuple(name.split(":", 1)) if ":" in name else (name, None) for name in o] for o in options]
    solutions = []
    for k in range(len(options) + 1):
        for subset in combinations(range(len(options)), k):
            cover = {p: 0 for p in primary}
            colours = {}
            ok = True
            for i in subset:
                for item, colour in parsed[i]:
                    if item in cover:
                        cover[item] += 1
                    elif colour is None:
                        if item in colours:
                            ok = False
                        colours[item] = None
                    else:
                        if item in colours and colours[item] != colour:
                            ok = False
                        colours[item] = colour
            if ok and all(n == 1 for n in cover.values()):
                solutions.append(sorted(subset))
    return sorted(solutions)


def solved_by_singles(grid, box_rows, box_cols):
    """Whether naked singles (a cell with one candidate) and hidden singles
    (a value with one place in a unit) alone fill the grid."""
    size = len(grid)
    grid = [list(row) for row in grid]
    all_units = units(size, box_rows, box_cols)
    progress = True
    while progress:
        progress = False
        for r in range(size):
            for c in range(size):
                if not grid[r][c]:
                    cands = candidates(grid, box_rows, box_cols, r, c)
                    if len(cands) == 1:
                        grid[r][c] = cands[0]
                        progress = True
        for unit in all_units:
            for v in range(1, size + 1):
                if any(grid[r][c] == v for r, c in unit):
                    continue
                places = [(r, c) for r, c in unit if not grid[r][c] and v in candidates(grid, box_rows, box_cols, r, c)]
                if len(places) == 1:
                    grid[places[0][0]][places[0][1]] = v
                    progress = True
    return all(all(row) for row in grid)


# --- Variants: the rules as the puzzles' wording states them -------------


def diagonals(size):
    """The two main diagonals (X Sudoku)."""
    return [[(i, i) for i in range(size)], [(i, size - 1 - i) for i in range(size)]]


def windows(size, box_rows, box_cols):
    """Windoku's windows: box-shaped, one cell in from the box borders, one
    row (column) of cells between two windows."""
    tops = range(1, size - box_rows + 1, box_rows + 1)
    lefts = range(1, size - box_cols + 1, box_cols + 1)
    return [[(t + r, l + c) for r in range(box_rows) for c in range(box_cols)] for t in tops for l in lefts]


def region_units(region_rows):
    """The cells of each region of a map given as rows of symbols."""
    groups = {}
    for r, row in enumerate(region_rows):
        for c, symbol in enumerate(row):
            groups.setdefault(symbol, []).append((r, c))
    return list(groups.values())


def variant_units(size, box_rows, box_cols, x=False, windoku=False, regions=None):
    """Rows, columns, boxes (or the jigsaw regions), diagonals, windows."""
    rows = [[(r, c) for c in range(size)] for r in range(size)]
    cols = [[(r, c) for r in range(size)] for c in range(size)]
    if regions is None:
        areas = [box_cells(size, box_rows, box_cols, k) for k in range(size)]
    else:
        areas = region_units(regions)
    out = rows + cols + areas
    if x:
        out += diagonals(size)
    if windoku:
        out += windows(size, box_rows, box_cols)
    return out


def is_variant_solution(puzzle, solution, unit_list, cages=()):
    """Whether `solution` keeps the givens, fills every unit with 1..N and
    every cage (sum, cells) with different values adding up to the sum."""
    size = len(puzzle)
    for r in range(size):
        for c in range(size):
            if puzzle[r][c] and puzzle[r][c] != solution[r][c]:
                return False
            if not 1 <= solution[r][c] <= size:
                return False
    want = set(range(1, size + 1))
    if any({solution[r][c] for r, c in unit} != want for unit in unit_list):
        return False
    for total, cells in cages:
        values = [solution[r][c] for r, c in cells]
        if len(set(values)) != len(values) or sum(values) != total:
            return False
    return True


def count_variant(puzzle, unit_list, cages=(), limit=10**9):
    """Counts completions by plain backtracking in cell order, a value kept
    when no unit or cage of its cell already holds it and no full cage
    misses its sum."""
    size = len(puzzle)
    grid = [list(row) for row in puzzle]
    units_of = {(r, c): [] for r in range(size) for c in range(size)}
    for unit in unit_list:
        for cell in unit:
            units_of[cell].append(unit)
    cages_of = {(r, c): [] for r in range(size) for c in range(size)}
    for cage in cages:
        for cell in cage[1]:
            cages_of[cell].append(cage)
    givens = [(r, c) for r in range(size) for c in range(size) if grid[r][c]]
    for r, c in givens:
        v = grid[r][c]
        grid[r][c] = 0
        if not fits(grid, units_of, cages_of, r, c, v):
            return 0
        grid[r][c] = v
    blanks = [(r, c) for r in range(size) for c in range(size) if not grid[r][c]]
    found = 0

    def search(k):
        nonlocal found
        if k == len(blanks):
            found += 1
            return found >= limit
        r, c = blanks[k]
        for v in range(1, size + 1):
            if fits(grid, units_of, cages_of, r, c, v):
                grid[r][c] = v
                if search(k + 1):
                    return True
                grid[r][c] = 0
        return False

    search(0)
    return found


def fits(grid, units_of, cages_of, r, c, v):
    """Whether value v can go at (r, c) of `grid`."""
    for unit in units_of[(r, c)]:
        if any(grid[i][j] == v for i, j in unit):
            return False
    for total, cells in cages_of[(r, c)]:
        values = [grid[i][j] for i, j in cells if grid[i][j] and (i, j) != (r, c)]
        if v in values:
            return False
        filled = sum(values) + v
        if filled > total or (len(values) + 1 == len(cells) and filled != total):
            return False
    return True

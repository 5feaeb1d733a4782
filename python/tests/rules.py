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
    cell with the fewest candidates (clashing givens count as 0)."""
    size = len(grid)
    grid = [list(row) for row in grid]
    for unit in units(size, box_rows, box_cols):
        values = [grid[r][c] for r, c in unit if grid[r][c]]
        if len(values) != len(set(values)):
            return 0
    found = 0

    def search():
        nonlocal found
        best = None
        for r in range(size):
            for c in range(size):
                if not grid[r][c]:
                    cands = candidates(grid, box_rows, box_cols, r, c)
                    if best is None or len(cands) < len(best[2]):
                        best = (r, c, cands)
        if best is None:
            found += 1
            return found >= limit
        r, c, cands = best
        for v in cands:
            grid[r][c] = v
            if search():
                grid[r][c] = 0
                return True
        grid[r][c] = 0
        return False

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

"""Sudoku of any shape and any exact-cover problem, solved by Dancing Links.

The engine is the Rust workspace's (``solver-core``, ``sudoku`` and ``cover-model``); this
module converts. Long searches release the GIL and can be interrupted with
Ctrl-C (KeyboardInterrupt); the interpreter stays usable afterwards.
"""

from typing import (
    Dict,
    Hashable,
    Iterable,
    Iterator,
    List,
    Literal,
    Optional,
    Sequence,
    Tuple,
    Union,
    overload,
)

BoxShape = Union[int, str, Tuple[int, int], None]
"""A box shape: ``3`` (3x3 boxes), ``"2x3"`` (2 rows high, 3 wide) or ``(2, 3)``."""

RegionsInput = Union[str, Sequence[str], Sequence[Sequence[int]], None]
"""A jigsaw region map: text with one symbol per cell and a row per line, a
list of row strings, or rows of region numbers."""
CagesInput = Union[str, Sequence[Tuple[int, Sequence[Union[Tuple[int, int], str]]]], None]
"""Killer cages: text with one cage per line (``15 r1c1 r1c2``), JSON text, or
``(sum, cells)`` pairs with cells as 0-based ``(row, col)`` or ``"r1c1"``."""
PuzzleInput = Union[str, "Sudoku", Sequence[Sequence[Optional[int]]], Sequence[Optional[int]], Sequence[str]]
"""Text in any format the ``sudoku`` command reads, a list of rows, a flat list of cells, or a Sudoku."""

class InvalidPuzzle(ValueError):
    """Two givens clash in a row, column or box (the message names the value and both cells)."""

class Unsolvable(ValueError):
    """The puzzle (or exact-cover problem) has no solution."""

class NotUnique(ValueError):
    """The puzzle has more than one solution."""

class Incomplete(RuntimeError):
    """A time or node limit stopped the search before it could answer.

    ``reason`` is ``"deadline"``, ``"node-limit"`` or ``"cancelled"``; ``count``
    holds the solutions counted so far when counting (a lower bound, never the
    answer), else None.
    """

    reason: str
    count: Optional[int]

class Sudoku:
    """A Sudoku grid of any size and box shape; empty cells are 0.

    Built from text (blanks ``.``, ``0``, ``x``; borders allowed), a list of
    rows of ints (0 or None for a blank), a flat list of cells row by row (the
    course's ``cases``), or a Sudoku. The box shape is inferred for square
    boxes; give ``box="2x3"`` for rectangular ones. Bad input raises
    ValueError saying where: ``line 1, column 22, cell r3c4: ...``.
    ``str()`` draws the boxed grid.

    Cells can be edited: ``s[0, 1] = 2``; ``s[0, 1] = 0`` (or None, or
    ``del s[0, 1]``) clears one; the variant's rules stay. Being mutable, a
    Sudoku is not hashable (use ``to_line()`` as a key); searches return new
    grids.

    Every constructor (text, lists, ``empty``, ``generate``) refuses with
    ValueError, before allocating, a shape whose exact-cover matrix needs
    more than the ``sudoku`` command's memory budget (2 GiB: sides up to 299; 289x289
    with 17x17 boxes).

    Variants: ``variant="x,windoku"`` (names: x, windoku, jigsaw, killer,
    classic), ``regions=`` a jigsaw region map (replaces the boxes),
    ``cages=`` killer cages. Every method then applies the variant's rules.
    """

    def __init__(
        self,
        puzzle: PuzzleInput,
        box: BoxShape = None,
        variant: Optional[str] = None,
        regions: RegionsInput = None,
        cages: CagesInput = None,
    ) -> None: ...
    @staticmethod
    def from_json(text: str) -> "Sudoku":
        """The puzzle of one JSON document (``{"grid": ..., "variant": "x", "regions": [...], "cages": [...]}``).

        Raises ValueError with the line and column of a bad document.
        """
    @property
    def variant(self) -> str:
        """The variant's names joined by ``+`` (``"x+windoku"``); ``"classic"`` for none."""
    @property
    def regions(self) -> Optional[List[List[int]]]:
        """The jigsaw regions as rows of region numbers, or None."""
    @property
    def cages(self) -> List[Tuple[int, List[Tuple[int, int]]]]:
        """The killer cages as ``(sum, [(row, col), ...])``, 0-based."""
    @staticmethod
    def empty(box: BoxShape = None) -> "Sudoku":
        """An empty grid (9x9 by default); ValueError for a shape over the memory budget."""
    @staticmethod
    def generate(
        box: BoxShape = None,
        seed: Optional[int] = None,
        minimal: bool = True,
        symmetry: str = "none",
        givens: Optional[int] = None,
        variant: Optional[str] = None,
        regions: RegionsInput = None,
    ) -> "Sudoku":
        """A new puzzle with exactly one solution (9x9 by default); the same seed gives the same puzzle.

        ``variant``: x, windoku, jigsaw or a combination (minimal; symmetry and givens
        do not apply); jigsaw draws random regions unless ``regions`` are given.

        ``symmetry``: none, rotational, horizontal, vertical, diagonal, antidiagonal.
        ``givens``: stop removing givens once at most this many are left (with ``minimal=False``).
        """
    def solve(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> "Sudoku":
        """A solution. Raises InvalidPuzzle, Unsolvable, or Incomplete at a limit.

        The solution is checked against the rules and givens by code apart from the search
        before it is returned; a grid that fails raises RuntimeError (``internal error: ...``).
        """
    def solve_unique(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> "Sudoku":
        """The solution if there is exactly one; raises NotUnique when there are more.

        Every solution found (both, for NotUnique) is checked as for ``solve``: RuntimeError
        (``internal error: ...``) rather than an unchecked grid.
        """
    def is_unique(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> bool:
        """Whether the puzzle has exactly one solution (False for none, several or clashing givens)."""
    def check(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> "Check":
        """The uniqueness check as ``sudoku check`` reports it; never raises for the puzzle's sake."""
    def count(
        self, limit: Optional[int] = None, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> int:
        """The number of solutions, at most ``limit`` (then ``min(count, limit)``).

        Raises Incomplete (with the partial ``count``) when ``timeout`` seconds or
        ``max_nodes`` stop it first. A long count uses every core.
        """
    def pencil_marks(self, row: int, col: int) -> List[int]:
        """The pencil marks of cell (row, col), 0-based: the values its row, column and box leave
        (the course's ``possibles``); [value] when filled. No spoiler (see ``true_candidates``).

        For a variant, values in the cell's diagonals, windows, region or cage are excluded too.
        """
    def candidates(self, row: int, col: int) -> List[int]:
        """Deprecated alias of ``pencil_marks`` (warns with DeprecationWarning)."""
    def true_candidates(
        self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> List[List[List[int]]]:
        """Per cell (rows of lists), the values it takes in some solution, each proven by a
        checked solution, as ``sudoku candidates`` prints them. For a unique puzzle: the solution
        (a spoiler). Raises Unsolvable, InvalidPuzzle, Incomplete at a limit.
        """
    def row(self, i: int) -> List[int]:
        """Values present in row i, 0-based (the course's ``ligne``)."""
    def col(self, j: int) -> List[int]:
        """Values present in column j, 0-based (``colonne``)."""
    def box(self, k: int) -> List[int]:
        """Values present in box k, 0-based, boxes numbered row by row (``bloc``)."""
    def box_at(self, row: int, col: int) -> List[int]:
        """Values present in the box holding cell (row, col) (the course's ``bloc(S, i, j)``)."""
    def __getitem__(self, at: Tuple[int, int]) -> int:
        """The value at (row, col), 0 for an empty cell: ``s[2, 3]``. IndexError names the cell (``r10c1``)."""
    def __setitem__(self, at: Tuple[int, int], value: Optional[int]) -> None:
        """Sets cell (row, col), 0-based: ``s[0, 1] = 2``; 0 or None clears it.

        IndexError outside the grid, ValueError for a value outside 0 to the side, TypeError
        for anything but an int or None; the messages name the cell (``r1c2``) and the range.
        The new givens are not checked (see ``conflicts()``).
        """
    def __delitem__(self, at: Tuple[int, int]) -> None:
        """Clears cell (row, col): ``del s[0, 1]``."""
    @property
    def cases(self) -> List[int]:
        """The cells row by row, 0 for an empty cell."""
    def to_list(self) -> List[List[int]]:
        """The grid as a list of rows, 0 for an empty cell."""
    @property
    def size(self) -> int:
        """The side: 9 for a 9x9 grid."""
    @property
    def box_shape(self) -> Tuple[int, int]:
        """(rows, cols) of a box."""
    @property
    def givens(self) -> int:
        """The number of filled cells."""
    def is_solved(self) -> bool:
        """Every cell filled and no unit (nor, for a variant, diagonal, window, region, cage) breaks the rules."""
    def is_solution_of(self, puzzle: "Sudoku") -> bool:
        """Solved under ``puzzle``'s rules (its variant), and keeping its givens."""
    def conflicts(self) -> List[str]:
        """Every pair of clashing givens, as messages (for a variant, the first clash under its rules)."""
    @overload
    def rate(
        self,
        seeds: Optional[int] = None,
        *,
        scale: Literal["se"] = "se",
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> "SeRating": ...
    @overload
    def rate(
        self,
        seeds: Optional[int] = None,
        *,
        scale: Literal["search"],
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> "Rating":
        """The difficulty: Sudoku Explainer 1.2.1's ER/EP/ED and hardest technique by default
        (``SeRating``, as ``sudoku rate``); ``scale="search"`` for the search effort (``Rating``,
        classic Sudoku only). Raises NotUnique or Unsolvable unless exactly one solution,
        ValueError for killer cages and setter's constraints, Incomplete at a limit
        (``max_nodes`` caps the search nodes and the logical steps). ``seeds`` is ignored with a
        DeprecationWarning.
        """
    def hint(
        self,
        marks: Union[str, Sequence[object], None] = None,
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> Optional["Step"]:
        """The next step a person would take (SE 1.2.1's techniques and order), None when solved or
        when no technique applies.

        ``marks``: a learner's pencil marks, as text (``sudoku hint --marks``'s format) or per cell
        (a flat list of side*side cells or side rows): an int (a placed digit; 0 or None: nothing
        marked yet), a string of digits (``"1249"``) or a collection of ints; one mark places the
        digit. A state that contradicts the solution raises ``Mistake`` naming the cell. The
        puzzle must have one solution; the step is checked against it.
        """
    def steps(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> "Path":
        """The whole logical path, every step checked against the solution; ``Path.solved`` says
        whether logic alone finished the puzzle. Raises NotUnique, Unsolvable, Incomplete.
        """
    def to_line(self) -> str:
        """The grid on one line, as ``sudoku solve`` writes it."""
    def __str__(self) -> str: ...
    def __repr__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]  # mutable: not hashable

class SeRating:
    """Sudoku Explainer's ratings (``Sudoku.rate()``); ``float(r)`` is ``r.er``, ``str(r)`` is
    ``"7.1/1.2/1.2"`` (serate's ``%r/%p/%d``)."""

    er: float
    """The hardest step of the whole solve; 20.0 when logic does not finish the puzzle."""
    ep: float
    """The hardest step up to the first placed value."""
    ed: float
    """The difficulty of the first step."""
    hardest: Optional[str]
    """The technique of the hardest step (``"Hidden Single"``), None when no step applied."""
    solved: bool
    """Whether logic alone finished the puzzle."""
    def __float__(self) -> float: ...
    def to_dict(self) -> Dict[str, object]:
        """``{"se": {"er", "ep", "ed"}, "hardest", "solved"}``, as ``sudoku rate --format json``."""

class Step:
    """One step of the logical solver (``Sudoku.hint()``, ``Path.steps``); cells 0-based.
    ``str(step)`` is ``step.text``."""

    technique: str
    """Sudoku Explainer's name of the technique: ``"Hidden Single"``, ``"X-Wing"`` ..."""
    difficulty: float
    """Its difficulty on Sudoku Explainer's scale."""
    placements: List[Tuple[int, int, int]]
    """``(row, col, value)`` placed."""
    eliminations: List[Tuple[int, int, List[int]]]
    """``(row, col, values)`` removed from the cell's candidates."""
    cells: List[Tuple[int, int]]
    """The cells of the reason (the pattern found)."""
    text: str
    """The step in plain words: ``"hidden single in box 5: r4c6 = 7"``."""
    def to_dict(self) -> Dict[str, object]:
        """As ``sudoku solve --steps --format json`` writes a step (cells ``"r4c6"``, from 1),
        plus ``"cells"``."""

class Path:
    """The whole logical path of a puzzle (``Sudoku.steps()``); ``len()`` and iteration go over
    the steps."""

    @property
    def steps(self) -> List[Step]: ...
    @property
    def solved(self) -> bool:
        """Whether logic alone finished the puzzle."""
    @property
    def end(self) -> str:
        """``"solved"`` or ``"stuck"`` (no technique applies)."""
    @property
    def rating(self) -> SeRating: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Step]: ...
    def to_dict(self) -> Dict[str, object]:
        """A record of ``sudoku solve --steps --format json``: ``steps``, ``solved``, ``se``,
        ``hardest``."""

class Mistake(ValueError):
    """A learner's state contradicts the puzzle's solution (a wrong digit, a pencil mark erased
    that the solution needs, a given changed); ``cell`` (``"r4c6"``), ``row`` and ``col``
    (0-based) name the first such cell."""

    cell: str
    row: int
    col: int

class Rating:
    """The search effort of a puzzle (``Sudoku.rate(scale="search")``); ``float(r)`` is ``r.rating``."""

    rating: float
    average_nodes: float
    singles_only: bool
    def __float__(self) -> float: ...

class Failure:
    """A puzzle of ``solve_many`` that got no answer. Falsy."""

    index: int
    status: str
    """``invalid``, ``unsolvable``, ``unknown`` or ``internal``."""
    message: str
    engine: Optional[str]
    """The engine that searched (``band9``, ``bits``, ``units``, ``cdcl`` or ``dlx``, as the
    command's JSON ``engine``); None when no search ran (unreadable puzzle)."""
    @property
    def error(self) -> Exception:
        """The exception a single call would have raised."""
    def __bool__(self) -> bool: ...

class Check:
    """The answer to "exactly one solution?", as ``sudoku check`` reports it. Truthy when unique."""

    index: int
    status: str
    """``unique``, ``multiple``, ``unsolvable``, ``invalid``, ``unknown`` or ``internal``."""
    solution: Optional[Sudoku]
    second: Optional[Sudoku]
    message: Optional[str]
    engine: Optional[str]
    """The engine that searched (``band9``, ``bits``, ``units``, ``cdcl`` or ``dlx``, as the
    command's JSON ``engine``); None when no search ran (unreadable puzzle)."""
    def __bool__(self) -> bool: ...

def solve_many(
    puzzles: Iterable[PuzzleInput],
    box: BoxShape = None,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
) -> List[Union[Sudoku, Failure]]:
    """Solves every puzzle on all cores with the GIL released; one result per puzzle, in order.

    ``timeout`` and ``max_nodes`` apply to each puzzle. Bad puzzles give a Failure in their place.
    ``threads``: 1 to 4096 (None: one per core); other values raise ValueError; no more threads
    than puzzles are started. Ctrl-C stops every worker and raises KeyboardInterrupt within a few
    tens of milliseconds.
    Each puzzle is answered through the library's one answer path (``sudoku::answer``, as the
    command): the planner's engine (named by ``Failure.engine`` and ``Check.engine``), every
    solution checked against the rules and givens apart from the search (a failure of that check
    gives status ``internal``).
    """

def check_many(
    puzzles: Iterable[PuzzleInput],
    box: BoxShape = None,
    *,
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
) -> List[Check]:
    """Checks every puzzle for a unique solution, as ``sudoku check``; one Check per puzzle, in order."""

Option = Union[str, Sequence[Hashable]]

class ExactCover:
    """An exact-cover problem with primary and secondary items and colours.

    Items are named by any hashable objects: strings, ints, tuples... (equal
    objects name the same item, as in a dict); solutions give back the
    original objects. A string name must be 1 to 64 bytes of printable
    characters other than spaces, ``:`` and ``|`` (what Knuth's text format
    carries, so that ``from_knuth(to_knuth())`` reads the same problem back);
    other strings raise ValueError naming them; an unhashable name raises
    TypeError.

    An option is a list of item names or one string of names separated by
    spaces; in either, the string ``"x:red"`` gives secondary item ``x`` the
    colour ``red`` (so only string-named items take colours).
    """

    def __init__(
        self, primary: Sequence[Hashable], secondary: Sequence[Hashable] = ..., options: Optional[Iterable[Option]] = None
    ) -> None: ...
    @staticmethod
    def from_knuth(text: str) -> "ExactCover":
        """A problem in Knuth's text format (the ``dlx`` command's input)."""
    def count(self, limit: Optional[int] = None, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> int:
        """The number of solutions (at most ``limit``), on every core; Incomplete at a time or node limit."""
    def solve(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None, indices: bool = False) -> list:
        """One solution (the options as given, or their indices); raises Unsolvable when there is none."""
    def solutions(
        self, limit: Optional[int] = None, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None, indices: bool = False
    ) -> "SolutionIter":
        """A lazy iterator over the solutions; raises Incomplete at the end if a time or node limit cut it short."""
    def count_memo(self, *, max_memory: Optional[int] = None, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> int:
        """The exact number of solutions by memoized counting (Knuth's Algorithm Z), of any size.

        Branches on the first primary item left in input order: fast when the items are listed along
        the problem's geometry. Incomplete (reason "memory-limit") past ``max_memory`` bytes (default
        2 GiB), or at ``timeout`` / ``max_nodes``.
        """
    def zdd(self, *, max_memory: Optional[int] = None, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> str:
        """The diagram (ZDD) of every solution as text, as ``dlx zdd`` writes it (docs/formats.md)."""
    def sample(
        self,
        k: int = 1,
        *,
        seed: int = 0,
        indices: bool = False,
        max_memory: Optional[int] = None,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
    ) -> list:
        """``k`` solutions drawn uniformly with replacement (the same ``seed``, the same draws); Unsolvable if none."""
    @property
    def item_count(self) -> int: ...
    @property
    def option_count(self) -> int: ...
    def to_knuth(self) -> str:
        """The problem in Knuth's text format, which ``from_knuth`` reads back as the same problem.

        A string name is written as it is; any other name as its ``str()``, which must then follow
        the rule of string names and differ from every other item's name, else ValueError names
        the item. ``from_knuth`` gives string names (and options as strings) back.
        """

class SolutionIter(Iterator[list]):
    """The lazy iterator of ``ExactCover.solutions()``."""

    def __iter__(self) -> "SolutionIter": ...
    def __next__(self) -> list: ...

# ---------------------------------------------------------------- constraint models

Operand = Union[int, "IntVar", "LinearExpr"]
"""Anything that takes part in a linear expression: an int, a variable, an expression."""

class IntVar:
    """An integer variable of a ``Model`` (a Boolean is one over {0, 1}).

    ``+``, ``-``, ``*`` (by an int) and ``sum()`` make a ``LinearExpr``; comparisons
    make a ``Constraint`` for ``Model.add``. ``x == y`` between two variables answers
    identity when Python asks for its truth (``x in [y, x]``).
    """

    @property
    def name(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def lo(self) -> int: ...
    @property
    def hi(self) -> int: ...
    @property
    def is_bool(self) -> bool: ...
    def __add__(self, other: Operand) -> "LinearExpr": ...
    def __radd__(self, other: Operand) -> "LinearExpr": ...
    def __sub__(self, other: Operand) -> "LinearExpr": ...
    def __rsub__(self, other: Operand) -> "LinearExpr": ...
    def __mul__(self, other: int) -> "LinearExpr": ...
    def __rmul__(self, other: int) -> "LinearExpr": ...
    def __neg__(self) -> "LinearExpr": ...
    def __pos__(self) -> "LinearExpr": ...
    def __le__(self, other: Operand) -> "Constraint": ...
    def __lt__(self, other: Operand) -> "Constraint": ...
    def __ge__(self, other: Operand) -> "Constraint": ...
    def __gt__(self, other: Operand) -> "Constraint": ...
    def __eq__(self, other: Operand) -> "Constraint": ...  # type: ignore[override]
    def __ne__(self, other: Operand) -> "Constraint": ...  # type: ignore[override]
    def __hash__(self) -> int: ...

class LinearExpr:
    """``sum(c * x) + constant`` over the variables of one model."""

    @property
    def terms(self) -> List[Tuple[int, str]]:
        """``(coefficient, variable name)`` pairs, one per variable."""
    @property
    def constant(self) -> int: ...
    def __add__(self, other: Operand) -> "LinearExpr": ...
    def __radd__(self, other: Operand) -> "LinearExpr": ...
    def __sub__(self, other: Operand) -> "LinearExpr": ...
    def __rsub__(self, other: Operand) -> "LinearExpr": ...
    def __mul__(self, other: int) -> "LinearExpr": ...
    def __rmul__(self, other: int) -> "LinearExpr": ...
    def __neg__(self) -> "LinearExpr": ...
    def __pos__(self) -> "LinearExpr": ...
    def __le__(self, other: Operand) -> "Constraint": ...
    def __lt__(self, other: Operand) -> "Constraint": ...
    def __ge__(self, other: Operand) -> "Constraint": ...
    def __gt__(self, other: Operand) -> "Constraint": ...
    def __eq__(self, other: Operand) -> "Constraint": ...  # type: ignore[override]
    def __ne__(self, other: Operand) -> "Constraint": ...  # type: ignore[override]

class Constraint:
    """A linear comparison, taken by ``Model.add``; it has no truth value (TypeError)."""

    def only_if(self, b: IntVar) -> "Constraint":
        """The same constraint, enforced only when the Boolean ``b`` is 1."""

class Solution:
    """The values of one solution: ``sol[x]`` (variable), ``sol[x + y]`` (expression),
    ``sol["x"]`` (name; any other key by its ``str()``); dict-like over the declared variables."""

    def __getitem__(self, key: object) -> int: ...
    def get(self, key: object, default: Optional[object] = None) -> object: ...
    def __contains__(self, key: object) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def keys(self) -> List[str]: ...
    def values(self) -> List[int]: ...
    def items(self) -> List[Tuple[str, int]]: ...
    def to_dict(self) -> dict: ...
    @property
    def objective(self) -> Optional[int]:
        """The objective's value when the model minimises or maximises, else None."""

class ModelSolutionIter(Iterator[Solution]):
    """The lazy iterator of ``Model.solutions()``."""

    def __iter__(self) -> "ModelSolutionIter": ...
    def __next__(self) -> Solution: ...

Var = Union[IntVar, LinearExpr, int]
"""Where a constraint takes a variable: a variable, an expression (a helper variable equal to it) or an int (a constant)."""

class Model:
    """A finite-domain constraint model: integer and Boolean variables, linear
    constraints written with operators, global constraints, an optional objective.

    Pure exact-cover models go to Dancing Links, the rest to the propagation engine
    (``engine``). Every search takes ``timeout=`` (seconds) and ``max_nodes=``, raising
    Incomplete when one stops it; Ctrl-C raises KeyboardInterrupt. Bad arguments raise
    ValueError (TypeError for a wrong type) naming the method, the argument and what
    was expected.
    """

    def __init__(self) -> None: ...
    def int_var(self, lo: int, hi: int, name: Optional[object] = None) -> IntVar:
        """A variable over ``lo..hi`` (inclusive); the name is any object's ``str()``, unique."""
    def bool_var(self, name: Optional[object] = None) -> IntVar:
        """A variable over {0, 1}."""
    def var(self, name: object) -> IntVar:
        """The variable called ``str(name)``; KeyError when there is none."""
    def variables(self) -> List[IntVar]:
        """The declared variables, in order."""
    @property
    def var_count(self) -> int: ...
    @property
    def engine(self) -> str:
        """``"dlx"`` or ``"propagation"``: the engine the planner picks for the model as it stands."""
    def add(self, constraint: Constraint) -> None:
        """``m.add(x + 2 * y <= 7)``, ``m.add((x <= 3).only_if(b))``."""
    def add_implication(self, b: IntVar, constraint: Constraint) -> None:
        """``b -> constraint``."""
    def add_equivalence(self, b: Var, constraint: Constraint) -> None:
        """``b <-> constraint``."""
    def add_all_different(self, vars: Iterable[Var]) -> None: ...
    def add_exactly_once(self, vars: Iterable[Var], name: Optional[object] = None) -> None:
        """Every value of the members' domains is taken by exactly one member."""
    def add_at_most_once(self, vars: Iterable[Var], name: Optional[object] = None) -> None: ...
    def add_sum_cage(self, vars: Iterable[Var], total: int, name: Optional[object] = None) -> None:
        """Different values adding up to ``total`` (killer Sudoku)."""
    def fix(self, var: Var, value: int) -> None: ...
    def add_exactly_one(self, bools: Iterable[Var]) -> None:
        """Exactly one of the Booleans is 1."""
    def add_at_most_one(self, bools: Iterable[Var]) -> None: ...
    def add_bool_or(self, bools: Iterable[Var], negated: Optional[Iterable[Var]] = None) -> None:
        """One of ``bools`` is 1 or one of ``negated`` is 0."""
    def add_allowed_assignments(self, vars: Iterable[Var], tuples: Iterable[Sequence[int]]) -> None: ...
    def add_forbidden_assignments(self, vars: Iterable[Var], tuples: Iterable[Sequence[int]]) -> None: ...
    def add_element(self, index: Var, array: Iterable[Var], target: Var, base: int = 0) -> None:
        """``target == array[index - base]``."""
    def add_count(self, vars: Iterable[Var], value: Var, count: Var, rel: str = "==") -> None:
        """The number of ``vars`` equal to ``value`` compares to ``count`` by ``rel``."""
    def add_multiplication_equality(self, target: Var, x: Var, y: Var) -> None:
        """``target == x * y``."""
    def minimize(self, expr: Var) -> None: ...
    def maximize(self, expr: Var) -> None: ...
    def solve(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> Optional[Solution]:
        """One solution (an optimal one with an objective), or None when there is none."""
    def solutions(
        self, limit: Optional[int] = None, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> ModelSolutionIter:
        """A lazy iterator over the solutions (computed on a helper thread, at most 64 ahead)."""
    def count(
        self,
        limit: Optional[int] = None,
        *,
        timeout: Optional[float] = None,
        max_nodes: Optional[int] = None,
        threads: Optional[int] = None,
    ) -> int:
        """The exact number of solutions (at most ``limit``); Incomplete at a time or node limit."""
    def is_unique(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> bool: ...
    def to_json(self) -> str:
        """The model in the JSON model format (docs/formats.md)."""
    @staticmethod
    def from_json(text: str) -> "Model":
        """A model in the JSON model format; ValueError gives the line and column or the JSON path."""

class Doppelganger:
    """A doppelganger puzzle or solution: an n x n grid of values 0..n (0 is the
    value zero, None a blank). Every row, column and box holds 0 and all but one
    of 1..n; no two houses of a kind miss the same value; at each 0 the values
    missing from its row, column and box differ (docs/variants.md)."""

    def __init__(self, puzzle: Union[str, Sequence[Sequence[Optional[int]]]], box: BoxShape = None) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def box(self) -> str: ...
    def rows(self) -> List[List[Optional[int]]]: ...
    def __getitem__(self, at: Tuple[int, int]) -> Optional[int]: ...
    def solve(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> "Doppelganger": ...
    def solve_unique(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> "Doppelganger": ...
    def check(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> str:
        """"unique", "multiple" or "unsolvable"."""
    def is_unique(self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None) -> bool: ...
    def count(
        self, limit: Optional[int] = None, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> int: ...
    def true_candidates(
        self, *, timeout: Optional[float] = None, max_nodes: Optional[int] = None
    ) -> List[List[List[int]]]: ...
    @staticmethod
    def generate(box: BoxShape = None, seed: int = 0, *, timeout: Optional[float] = None) -> "Doppelganger":
        """A unique, minimal puzzle (4x4 by default), the same for the same seed."""

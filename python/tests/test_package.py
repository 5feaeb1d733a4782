"""The package ships its type stubs and docstrings."""

import importlib.util
import os

import dancing_links as dl


def test_type_stubs_and_py_typed_are_installed():
    folder = os.path.dirname(importlib.util.find_spec("dancing_links").origin)
    names = os.listdir(folder)
    assert "py.typed" in names
    stub = [n for n in names if n.endswith(".pyi")]
    assert stub
    with open(os.path.join(folder, stub[0]), encoding="utf-8") as f:
        text = f.read()
    for name in ["class Sudoku", "def solve_many", "def check_many", "class ExactCover", "class Incomplete"]:
        assert name in text


def test_docstrings():
    for obj in [dl.Sudoku, dl.Sudoku.solve, dl.Sudoku.count, dl.solve_many, dl.check_many, dl.ExactCover, dl.ExactCover.solutions]:
        assert obj.__doc__ and len(obj.__doc__) > 20, obj

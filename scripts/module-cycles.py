#!/usr/bin/env python3
"""The import graph between the top-level modules of a crate, and its circles.

    scripts/module-cycles.py sudoku-solve            # edges and circles
    scripts/module-cycles.py --fail sudoku-solve ... # exit 1 if a crate has a circle
    scripts/module-cycles.py --fail --allow bitsearch,plan --allow parallel,solve \
        sudoku-solve sudoku-generate sudoku-batch   # the check: no new circle

A circle named by --allow (its modules, in any order) is listed as known and
does not fail the check; any other circle does.

A module is a file or directory directly under src/ (src/plan.rs and
src/bitsearch/ are the modules `plan` and `bitsearch`; src/lib.rs is the root).
An edge a -> b is a path `crate::b...` written in module a, outside comments
(or `super::b...` in src/a.rs, where `super` is the root), or `crate::Name`
where lib.rs re-exports Name from b (`pub use b::{Name}`).
Edges inside a module (its own files, `super::`) are not listed, and neither
are tests (a test may look anywhere): the `#[cfg(test)] mod tests { ... }` at
the end of a file, files named tests.rs or under a tests/ directory, and the
modules lib.rs declares under `#[cfg(test)]`.
"""

import re
import sys
from pathlib import Path

RAW = re.compile(r'r(#*)"')
CHAR = re.compile(r"'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]*\}|.)|[^\\'])'")
CRATE_PATH = re.compile(r"\bcrate::((?:[A-Za-z_][A-Za-z0-9_]*)|\{[^}]*\})")
# In src/a.rs and src/a/mod.rs, `super::` is the crate root.
SUPER_PATH = re.compile(r"\bsuper::((?:[A-Za-z_][A-Za-z0-9_]*)|\{[^}]*\})")
PUB_USE = re.compile(r"pub(?:\(crate\))?\s+use\s+([A-Za-z_][A-Za-z0-9_]*)::(\{[^;]*\}|[A-Za-z_][A-Za-z0-9_]*)\s*;", re.S)
TESTS = re.compile(r"^#\[cfg\(test\)\]\s*\n\s*(?:pub(?:\(crate\))?\s+)?mod\s+tests\s*\{", re.M)


def code_of(text):
    """The text without comments, string and char literals, and the trailing
    test module."""
    found = TESTS.search(text)
    if found:
        text = text[: found.start()]
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and RAW.match(text, i) and (i == 0 or not text[i - 1].isalnum()):
            hashes = RAW.match(text, i).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            i = n if end < 0 else end + 1 + len(hashes)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'" and CHAR.match(text, i):
            i = CHAR.match(text, i).end()
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def names_in(group):
    """The first names of a `{a, b::c, d as e}` group or a single name."""
    group = group.strip()
    if group.startswith("{"):
        group = group[1:-1]
    names = []
    for part in re.split(r",(?![^{]*\})", group):
        part = part.strip()
        if part:
            names.append(re.split(r"::|\s", part)[0])
    return names


def graph(crate):
    src = Path(crate) / "src"
    lib = src / "lib.rs"
    modules = {}
    lib_text = lib.read_text() if lib.exists() else ""
    test_only = set(re.findall(r"#\[cfg\(test\)\]\s*mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", lib_text))
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        if rel == Path("lib.rs") or rel == Path("main.rs"):
            continue
        # Test files: tests.rs anywhere, and modules declared under cfg(test).
        if path.name == "tests.rs" or "tests" in rel.parts[:-1]:
            continue
        if rel.parts[0].removesuffix(".rs") in test_only:
            continue
        name = rel.parts[0].removesuffix(".rs")
        modules.setdefault(name, []).append(path)
    reexport = {}
    lib_code = code_of(lib.read_text()) if lib.exists() else ""
    for module, group in PUB_USE.findall(lib_code):
        if module in modules:
            for name in names_in(group):
                reexport[name] = module
    edges = {m: set() for m in modules}
    for module, paths in modules.items():
        for path in paths:
            code = code_of(path.read_text())
            groups = CRATE_PATH.findall(code)
            rel = path.relative_to(src)
            if len(rel.parts) == 1 or rel.parts[1:] == ("mod.rs",):
                groups += SUPER_PATH.findall(code)
            for group in groups:
                for name in names_in(group):
                    target = name if name in modules else reexport.get(name)
                    if target and target != module:
                        edges[module].add(target)
    return edges


def circles(edges):
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def main(argv):
    fail = "--fail" in argv
    allowed, crates, args = set(), [], iter(argv)
    for a in args:
        if a == "--allow":
            allowed.add(frozenset(next(args, "").split(",")))
        elif a != "--fail":
            crates.append(a)
    if not crates:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    any_circle = False
    for crate in crates:
        edges = graph(crate)
        print(f"{crate}:")
        for module in sorted(edges):
            targets = ", ".join(sorted(edges[module])) or "-"
            print(f"  {module} -> {targets}")
        found = circles(edges)
        for component in found:
            known = "known " if frozenset(component) in allowed else ""
            print(f"  {known}circle: {' <-> '.join(component)}")
        if not found:
            print("  no circle")
        any_circle |= any(frozenset(c) not in allowed for c in found)
    return 1 if fail and any_circle else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

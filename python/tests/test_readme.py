"""The README's Python example runs as written (from the repository root)."""

import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def test_readme_python_example_runs():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme[readme.index("## Python"):]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = subprocess.run([sys.executable, "-c", example], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "| 1 2 | 3 4 |" in out.stdout
    assert sorted(eval(out.stdout.strip().splitlines()[-1])) == ["A D", "B G", "C E F"]

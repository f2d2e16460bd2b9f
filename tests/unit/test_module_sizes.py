"""Issue 12's size rules, kept true: no module over ~500 lines except those named here with
the reason, and the App class at most 120 lines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "judgetui"
LIMIT = 500
#: Modules allowed over the limit, each with its ceiling; lowering one is welcome.
OVER: dict[str, int] = {
    "station/screens/classify.py": 760,  # the walk-through's recording flow is still in it
    "rules.py": 660,  # the rules' one declaration and its cross-checks
    "store/file.py": 560,  # read, create, append under the lock (atomic writing: atomic.py)
    "station/screens/dashboard.py": 660,
    "station/screens/review.py": 660,
}


def test_no_module_grows_past_its_limit() -> None:
    too_long = {}
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > OVER.get(name, LIMIT):
            too_long[name] = lines
    assert too_long == {}


def test_the_app_class_is_at_most_120_lines() -> None:
    tree = ast.parse((PACKAGE / "station" / "app.py").read_text(encoding="utf-8"))
    [app] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "JudgeStation"]
    assert app.end_lineno is not None
    assert app.end_lineno - app.lineno + 1 <= 120

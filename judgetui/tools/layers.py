"""The import layers, checked: ``python -m judgetui.tools.layers`` (exit 1 and one line per
violation, exit 0 when the layers hold).

Data walks one way (keys → screen → session → service → engine + store → file), so the
imports must too. Read from the source with `ast` (nothing is imported, so a broken module
is still checked); each rule names the import that breaks it, and the chain when it is
reached through other modules (``a → b → c``).

The rules:

1. **The engine is pure.** ``judgetui.engine`` (and its modules) imports nothing of
   ``judgetui.store``, ``judgetui.service``, ``judgetui.station`` or ``judgetui.cli``.
2. **The store knows no domain.** ``judgetui.store`` (a module or a package) may import only
   itself and the plumbing every layer uses, which knows nothing of an event:
   ``judgetui.i18n`` (its messages are translated), ``judgetui.diagnostics`` (the private
   log), ``judgetui.perf`` (the collector), ``judgetui.safe_text`` (control characters
   in text) and ``judgetui.ending`` (how a process ends) — and these only if what *they*
   import is no domain either. Everything else in ``judgetui`` is *domain* — it knows
   about events, judges, players, penalties or rules: ``engine``, ``rules``/``rules_schema``,
   ``models``, ``payloads``, ``state``, ``service``, ``reports``, ``text``, ``history``,
   ``roster``, ``identity``, ``settings``, ``station``, ``cli`` and the rest. A module added
   to ``judgetui`` is domain until it is added to `STORE_MAY_IMPORT` here, on purpose.
3. **The command line loads no Textual.** Every import ``judgetui.cli`` (a module, or a
   package and each of its modules) makes — at module
   level *or inside a function*, since its commands run them on their way — followed through
   the module-level imports of what it reaches, must not reach ``textual``. The exceptions
   are the hand-overs to the station (`STATION_ENTRIES`): ``judgetui.station.app``
   (``run_station``: opening the station is the one command that is a Textual program), and
   ``judgetui.station.keymap``, imported only when a settings file has a keymap and the
   command opens the station or is ``config`` (a keymap names the station's bindings, which
   only its Textual classes declare).
4. **No screen reaches past the session.** A module under ``judgetui.station.screens`` or
   ``judgetui.station.dialogs`` imports neither ``judgetui.cli`` (directly or through what it
   imports at module level) nor the service's internals: a module of the ``judgetui.service``
   package other than its ``__init__``, or an ``_underscore`` name from it.
5. **No import circle** among ``judgetui`` modules: no two modules that import each other,
   directly or round a longer loop, counting module-level *and* function-level imports.

What counts as an import:

* Module-level imports (including those in ``try``/``if`` blocks and class bodies) count
  for every rule.
* Imports inside a function count for every rule too. For rules 1–4 a dependency is a
  dependency when the function runs. For rule 5, moving an import into a function only
  defers a circle (issue 12: "``screens/base.py`` imports the App at run time" is part of
  the circle it names): the two modules still depend on each other, and neither can be
  read, tested or changed without the other. Following a chain (``a → b → c``) uses
  module-level imports after the first step, since that is what loading ``b`` runs.
* Imports under ``if TYPE_CHECKING:`` count for nothing: they never run, and they are how
  a type-only name is taken without a dependency at run time.
* Importing ``a.b.c`` also runs the ``__init__`` of ``a`` and ``a.b``; chains follow that,
  the circle check does not (a package importing its own modules is not a circle).
* Modules loaded by name (``importlib.import_module("…")``) are invisible to the check.

``--root DIR`` checks another package (the tests run it on small fake packages); by
default the installed ``judgetui``.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Where = Literal["module", "function", "type_checking"]

STORE_MAY_IMPORT = ("i18n", "diagnostics", "perf", "safe_text", "ending")
"""The plumbing the store may use besides itself (rule 2), relative to the package."""

ENGINE_MAY_NOT_IMPORT = ("store", "service", "station", "cli")
"""What the engine may not import (rule 1), relative to the package."""

STATION_ENTRIES = ("station.app", "station.keymap")
"""The CLI's hand-overs to Textual (rule 3), relative to the package."""

SCREEN_PACKAGES = ("station.screens", "station.dialogs")
"""Where the screens and dialogs live (rule 4), relative to the package."""


@dataclass(frozen=True)
class Import:
    """One imported module (and the name taken from it, for ``from m import name``)."""

    source: str
    target: str
    name: str | None
    line: int
    where: Where


@dataclass
class Tree:
    """Every module of one package and the imports in each."""

    package: str
    root: Path
    paths: dict[str, Path] = field(default_factory=dict)
    imports: dict[str, list[Import]] = field(default_factory=dict)

    def internal(self, module: str) -> bool:
        return module == self.package or module.startswith(self.package + ".")

    def location(self, module: str, line: int) -> str:
        path = self.paths[module].relative_to(self.root.parent)
        return f"{path.as_posix()}:{line}"


def module_names(root: Path) -> dict[str, Path]:
    """``{dotted name: file}`` for every module of the package at ``root``."""
    names: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root.parent).with_suffix("")
        if "__pycache__" in relative.parts:
            continue
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


class _Collector(ast.NodeVisitor):
    """The imports of one module, each with where it stands (module, function, TYPE_CHECKING)."""

    def __init__(self, module: str, is_package: bool, known: set[str]) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.known = known
        self.where: Where = "module"
        self.found: list[Import] = []

    def _within(self, where: Where, nodes: Iterable[ast.AST]) -> None:
        outer = self.where
        # TYPE_CHECKING wins over everything; a function inside module code is "function".
        if outer != "type_checking":
            self.where = where
        for node in nodes:
            self.visit(node)
        self.where = outer

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._within("function", [*node.decorator_list, *node.body])

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._within("function", [*node.decorator_list, *node.body])

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._within("function", [node.body])

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self._within("type_checking", node.body)
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.found.append(Import(self.module, alias.name, None, node.lineno, self.where))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            parts = self.package.split(".") if self.package else []
            parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
            base = ".".join([*parts, base] if base else parts)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in self.known:
                self.found.append(Import(self.module, submodule, None, node.lineno, self.where))
            else:
                self.found.append(Import(self.module, base, alias.name, node.lineno, self.where))


def read_tree(root: Path) -> Tree:
    """Parse every module of the package at ``root`` (a folder holding ``__init__.py``)."""
    root = root.resolve()
    tree = Tree(package=root.name, root=root, paths=module_names(root))
    known = set(tree.paths)
    for module, path in tree.paths.items():
        collector = _Collector(module, path.name == "__init__.py", known)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        tree.imports[module] = collector.found
    return tree


def _executed(tree: Tree, target: str) -> list[str]:
    """The internal modules loading ``target`` runs: its parent packages, then itself."""
    parts = target.split(".")
    chain = [".".join(parts[: i + 1]) for i in range(len(parts))]
    return [m for m in chain if m in tree.paths]


def _loads(tree: Tree, module: str) -> Iterator[str]:
    """What loading ``module`` imports (module level): internal names and external ones."""
    for imp in tree.imports.get(module, []):
        if imp.where != "module":
            continue
        if tree.internal(imp.target):
            yield from _executed(tree, imp.target)
        else:
            yield imp.target


def _chain(
    tree: Tree, start: str, bad: Callable[[str], bool], skip: Callable[[str], bool]
) -> list[str] | None:
    """The shortest module-level chain from ``start`` to a module ``bad`` accepts, if any."""
    if bad(start):
        return [start]
    before: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        if not tree.internal(current):
            continue
        for nxt in _loads(tree, current):
            if nxt in before or skip(nxt):
                continue
            before[nxt] = current
            if bad(nxt):
                path = [nxt]
                while (previous := before[path[-1]]) is not None:
                    path.append(previous)
                return path[::-1]
            queue.append(nxt)
    return None


def _under(tree: Tree, names: Sequence[str]) -> Callable[[str], bool]:
    prefixes = [f"{tree.package}.{n}" for n in names]
    return lambda m: any(m == p or m.startswith(p + ".") for p in prefixes)


def _external(top: str) -> Callable[[str], bool]:
    return lambda m: m == top or m.startswith(top + ".")


def _reach_violations(
    tree: Tree,
    sources: Iterable[str],
    bad: Callable[[str], bool],
    message: str,
    skip: Callable[[str], bool] = lambda m: False,
) -> list[str]:
    """One line per import of ``sources`` that is, or loads, a module ``bad`` accepts."""
    lines = []
    for module in sources:
        for imp in tree.imports[module]:
            if imp.where == "type_checking" or skip(imp.target):
                continue
            starts = _executed(tree, imp.target) if tree.internal(imp.target) else [imp.target]
            for start in starts:
                if start == module:
                    continue
                path = _chain(tree, start, bad, skip)
                if path is not None:
                    via = " → ".join([module, *path])
                    line = f"{tree.location(module, imp.line)}: {message}: {via}"
                    if line not in lines:  # ``from m import a, b``: one line, not two
                        lines.append(line)
                    break
    return lines


def engine_violations(tree: Tree) -> list[str]:
    engine = _under(tree, ["engine"])
    return _reach_violations(
        tree,
        [m for m in tree.paths if engine(m)],
        _under(tree, ENGINE_MAY_NOT_IMPORT),
        "the engine imports " + "/".join(ENGINE_MAY_NOT_IMPORT),
    )


def store_violations(tree: Tree) -> list[str]:
    store = _under(tree, ["store"])
    allowed = _under(tree, ["store", *STORE_MAY_IMPORT])

    def domain(module: str) -> bool:
        return tree.internal(module) and module != tree.package and not allowed(module)

    return _reach_violations(
        tree, [m for m in tree.paths if store(m)], domain, "the store imports the domain"
    )


def cli_violations(tree: Tree) -> list[str]:
    # ``cli`` is a module or a package: every module of it, since a command's imports
    # inside a function are followed from the module that holds the function.
    cli = [m for m in tree.paths if _under(tree, ["cli"])(m)]
    if not cli:
        return []
    return _reach_violations(
        tree,
        cli,
        _external("textual"),
        "the command line loads Textual",
        skip=_under(tree, list(STATION_ENTRIES)),
    )


def screen_violations(tree: Tree) -> list[str]:
    screens = [m for m in tree.paths if _under(tree, SCREEN_PACKAGES)(m)]
    lines = _reach_violations(tree, screens, _under(tree, ["cli"]), "a screen imports the CLI")
    service = f"{tree.package}.service"
    for module in screens:
        for imp in tree.imports[module]:
            if imp.where == "type_checking":
                continue
            inner = imp.target.startswith(service + ".")
            private = imp.target == service and (imp.name or "").startswith("_")
            private = private or any(p.startswith("_") for p in imp.target.split(".")[1:])
            if _under(tree, ["service"])(imp.target) and (inner or private):
                what = f"{imp.target}.{imp.name}" if imp.name else imp.target
                lines.append(
                    f"{tree.location(module, imp.line)}: a screen imports the service's "
                    f"internals: {what}"
                )
    return lines


def circles(tree: Tree) -> list[tuple[list[str], list[str]]]:
    """Every import circle: each strongly connected component (Tarjan) of the import graph,
    its members sorted and one shortest closed path through its first member."""
    edges: dict[str, list[str]] = {}
    for module, imports in tree.imports.items():
        edges[module] = sorted(
            {i.target for i in imports if i.where != "type_checking" and i.target in tree.paths}
        )
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges[node]:
                components.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(edges) + 100))
    try:
        for node in sorted(edges):
            if node not in index:
                connect(node)
    finally:
        sys.setrecursionlimit(limit)
    return [(component, _closed_path(edges, component)) for component in sorted(components)]


def _closed_path(edges: dict[str, list[str]], component: list[str]) -> list[str]:
    """A shortest circle through the component's first member, ``[a, b, …, a]``."""
    members = set(component)
    start = component[0]
    before: dict[str, str] = {}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for nxt in edges[current]:
            if nxt not in members:
                continue
            if nxt == start:
                path = [current]
                while path[-1] != start:
                    path.append(before[path[-1]])
                return [start, *path[::-1][1:], start] if current != start else [start, start]
            if nxt not in before:
                before[nxt] = current
                queue.append(nxt)
    return [start, start]  # unreachable for a real component


def circle_violations(tree: Tree) -> list[str]:
    lines = []
    for members, path in circles(tree):
        first = next(i for i in tree.imports[path[0]] if i.target == path[1])
        tangled = "" if len(members) == len(set(path)) else f" ({len(members)} modules tangled)"
        lines.append(
            f"{tree.location(path[0], first.line)}: import circle: {' → '.join(path)}{tangled}"
        )
    return lines


def violations(root: Path) -> list[str]:
    """Every violation of the five rules in the package at ``root``, one line each."""
    tree = read_tree(root)
    return [
        *engine_violations(tree),
        *store_violations(tree),
        *cli_violations(tree),
        *screen_violations(tree),
        *circle_violations(tree),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m judgetui.tools.layers", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=Path(__file__).resolve().parents[1],
        help="the package folder to check (default: the installed judgetui)",
    )
    args = parser.parse_args(argv)
    if not (args.root / "__init__.py").is_file():
        print(f"layers: {args.root} is not a package (no __init__.py)", file=sys.stderr)
        return 2
    found = violations(args.root)
    for line in found:
        print(line)
    if found:
        print(f"layers: {len(found)} violation(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

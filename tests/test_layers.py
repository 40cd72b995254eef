"""The layers (README «Architecture»): rules < store < sync < services < ui / commands / web. No module imports from a
layer above its own — at the top of the file, inside a function, or under TYPE_CHECKING (issue 26).

The rules import nothing of ClubDesk but the rules; `reports` is drawn beside the services (it lays out data the
services hand it); the shared helpers at the package's top (errors, roles, phones, names, …) belong to no layer and
import none. `cli.py` and `__main__.py` are the top, beside ui and commands. The phone's page (web) stands beside the
desk's UI, not on it: what both need lives below them (issue 37).

No two ClubDesk modules import each other, directly or round a longer loop, counting the same imports (issue 37): an
import moved into a function or under TYPE_CHECKING still ties the two modules' reasons to change together.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "clubdesk"
LAYERS = {"rules": 0, "store": 1, "sync": 2, "services": 3, "reports": 3, "ui": 4, "commands": 4, "web": 4,
          "cli": 4, "__main__": 4}
SHARED = -1  # a helper module at the package's top (errors.py, roles.py, …)
# Layers side by side that one may not import from the other: the table page is not built on the desk's widgets.
APART = {"web": frozenset({"ui"})}


def layer_of(module: str) -> int | None:
    """The layer of a dotted module name inside clubdesk; None for the package itself or outside it."""
    parts = module.split(".")
    if parts[0] != "clubdesk" or len(parts) < 2:
        return None
    return LAYERS.get(parts[1], SHARED)


def imported(tree: ast.AST, module: str) -> list[tuple[int, str]]:
    """(line, module) of every import anywhere in the tree; `from a import b` counts as a.b (b may be a module:
    `from clubdesk.sync import apply`, `from clubdesk import phones`)."""
    package = module.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolved against the importing module's package
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            out += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return out


def upward_imports(source: str, module: str) -> list[str]:
    """«module:line imports target» for every import `module` may not make."""
    mine = layer_of(module)
    found = []
    for line, target in imported(ast.parse(source), module):
        theirs = layer_of(target)
        if mine is None or theirs is None or target.split(".")[1] == module.split(".")[1]:
            continue  # outside the package, the package itself, or the module's own layer
        if (mine == 0 or theirs > mine >= 0 or (mine == SHARED and theirs != SHARED)
                or target.split(".")[1] in APART.get(module.split(".")[1], ())):
            found.append(f"{module}:{line} imports {target}")
    return found


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def test_no_module_imports_from_a_layer_above_its_own():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += upward_imports(path.read_text(encoding="utf-8"), module_name(path))
    assert found == []


@pytest.mark.parametrize(("module", "source"), [
    ("clubdesk.sync.apply", "def f():\n    from clubdesk.services.games import rederive_games\n"),
    ("clubdesk.sync.status", "from clubdesk.ui import branch_words\n"),
    ("clubdesk.store.uow", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from clubdesk.sync import apply\n"),
    ("clubdesk.services.games", "import clubdesk.commands.db\n"),
    ("clubdesk.rules.zhuk.engine", "from clubdesk.errors import KnownError\n"),
    ("clubdesk.rules.zhuk.engine", "from clubdesk import phones\n"),
    ("clubdesk.store.models", "from ..sync import cursors\n"),
    ("clubdesk.phones", "from clubdesk.store.ids import new_id\n"),
    ("clubdesk.web.tables", "from clubdesk.ui.zhuk.composer import ShotDraft\n"),
    ("clubdesk.web.server", "def f():\n    import clubdesk.ui.main_window\n"),
])
def test_the_check_finds_an_upward_import_wherever_it_is_written(module, source):
    assert upward_imports(source, module)


@pytest.mark.parametrize(("module", "source"), [
    ("clubdesk.sync.apply", "from clubdesk.store import projections\nfrom clubdesk.sync import cursors\n"),
    ("clubdesk.store.projections", "from clubdesk.rules.registry import engine_module\n"),
    ("clubdesk.commands.sync_status", "from clubdesk.ui.branch_words import load_branch_views\n"),
    ("clubdesk.ui.pages.sync", "from clubdesk.commands import sync\n"),
    ("clubdesk.rules.zhuk.engine", "from . import events\nfrom clubdesk.rules.base import expect_type\n"),
    ("clubdesk.services.ratings", "from clubdesk.sync.resolutions import survivors\nimport json\n"),
    ("clubdesk.phones", "from clubdesk.names import normalise\n"),
    ("clubdesk.store.uow", "from clubdesk.errors import SeqClash\n"),
    ("clubdesk.ui.web_panel", "def f():\n    from clubdesk.web.runner import WebServer\n"),
    ("clubdesk.web.tables", "from clubdesk.services.zhuk_keys import ShotDraft\n"),
])
def test_the_check_lets_an_import_downwards_or_within_a_layer_pass(module, source):
    assert upward_imports(source, module) == []


def import_graph(sources: dict[str, str]) -> dict[str, dict[str, int]]:
    """module → {ClubDesk module it imports: the line}, for every import anywhere in the module. `from a import b` is
    the module a.b when there is one, else a (a name of a's); importing a package's module does not count the package
    itself (Python runs its `__init__` first, which is no loop)."""
    graph: dict[str, dict[str, int]] = {}
    for module, source in sources.items():
        edges: dict[str, int] = {}
        for line, target in imported(ast.parse(source), module):
            parts = target.split(".")
            while parts and ".".join(parts) not in sources:
                parts.pop()
            found = ".".join(parts)
            if found and found != module:
                edges.setdefault(found, line)
        graph[module] = edges
    return graph


def import_cycles(graph: dict[str, dict[str, int]]) -> list[str]:
    """Each group of modules that import each other (Tarjan's strongly connected components), as «a:line → b, …»."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []

    def visit(v: str) -> None:  # recursion depth is the longest import chain: a few dozen
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = stack[stack.index(v):]
            del stack[stack.index(v):]
            if len(group) > 1:
                out.append(", ".join(f"{a}:{line} → {b}" for a in sorted(group)
                                     for b, line in sorted(graph[a].items()) if b in group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_clubdesk_modules_import_each_other():
    sources = {module_name(p): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}
    assert import_cycles(import_graph(sources)) == []


@pytest.mark.parametrize("sources", [
    {"clubdesk.services.a": "from clubdesk.services import b\n",
     "clubdesk.services.b": "def f():\n    from clubdesk.services.a import x\n"},
    {"clubdesk.rules.x.engine": "from clubdesk.rules.x.shot import resolve\n",
     "clubdesk.rules.x.shot": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .engine import Match\n"},
    {"clubdesk.store.a": "import clubdesk.store.b\n", "clubdesk.store.b": "from . import c\n",
     "clubdesk.store.c": "def f():\n    from clubdesk.store.a import g\n"},
])
def test_the_check_finds_modules_that_import_each_other_wherever_the_import_is_written(sources):
    assert import_cycles(import_graph(sources))


def test_the_check_lets_a_chain_and_a_package_importing_its_own_modules_pass():
    sources = {"clubdesk.rules.x": "from clubdesk.rules.x.engine import Game\n",
               "clubdesk.rules.x.engine": "from clubdesk.rules.x import events\nfrom clubdesk.rules import base\n",
               "clubdesk.rules.x.events": "from clubdesk.rules.base import check_fields\n",
               "clubdesk.rules.base": "import json\n"}
    assert import_cycles(import_graph(sources)) == []

"""The layers (README «Architecture»): rules < store < sync < services < ui / commands / web. No module imports from a
layer above its own — at the top of the file, inside a function, or under TYPE_CHECKING (issue 26).

The rules import nothing of ClubDesk but the rules; `reports` is drawn beside the services (it lays out data the
services hand it); the shared helpers at the package's top (errors, roles, phones, names, …) belong to no layer and
import none. `cli.py` and `__main__.py` are the top, beside ui and commands.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "clubdesk"
LAYERS = {"rules": 0, "store": 1, "sync": 2, "services": 3, "reports": 3, "ui": 4, "commands": 4, "web": 4,
          "cli": 4, "__main__": 4}
SHARED = -1  # a helper module at the package's top (errors.py, roles.py, …)


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
        if mine == 0 or theirs > mine >= 0 or (mine == SHARED and theirs != SHARED):
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
])
def test_the_check_lets_an_import_downwards_or_within_a_layer_pass(module, source):
    assert upward_imports(source, module) == []

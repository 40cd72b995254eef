"""List the interface strings passed to tr() in clubdesk/ (for keeping resources/translations/*.ts complete)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def tr_strings(root: Path) -> dict[str, list[str]]:
    """source text → the files that use it, for every tr("literal") (also through implicit concatenation)."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.setdefault(node.args[0].value, []).append(str(path))
    return found


if __name__ == "__main__":
    for text in tr_strings(Path(sys.argv[1] if len(sys.argv) > 1 else "clubdesk")):
        print(repr(text))

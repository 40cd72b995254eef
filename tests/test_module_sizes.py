"""Modules under ~400 lines (the project's guide, issue 37 item 7): a module longer than that holds more than one
reason to change, and is split along its seam rather than let grow."""

from __future__ import annotations

from tests.test_layers import PACKAGE, module_name

MOST_LINES = 400


def too_long(sources: dict[str, str]) -> list[str]:
    """«module: N lines» for every module longer than MOST_LINES (lines as `wc -l` and an editor count them)."""
    return [f"{module}: {n} lines" for module, source in sorted(sources.items())
            if (n := len(source.splitlines())) > MOST_LINES]


def test_no_clubdesk_module_is_longer_than_400_lines():
    sources = {module_name(p): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}
    assert too_long(sources) == []


def test_the_check_finds_a_401_line_module_and_lets_a_400_line_one_pass():
    sources = {"clubdesk.services.long": "x = 1\n" * 401, "clubdesk.services.fits": "x = 1\n" * 400,
               "clubdesk.services.unterminated": "x = 1\n" * 400 + "y = 2"}
    assert too_long(sources) == ["clubdesk.services.long: 401 lines", "clubdesk.services.unterminated: 401 lines"]

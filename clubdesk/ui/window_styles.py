"""The style sheets of the windows off the main window's first frame (resources/style_<name>.qss), read once.

The application's sheet (resources/style.qss) is parsed and matched by the main window's first frame: the rules only
the Жук and Mafia windows use live in sheets set on those windows when they are built, over the application's.

A widget's sheet wins over the application's whatever the rules' specificity, and a nearer ancestor's over a farther
one's. So a rule belongs here only if it won anyway wherever it meets one of the application's (every rule here
starts from an #id, above the application's type rules and single #id rules), and a sheet that must win over these
sits nearer the widgets: the scoreboard's fitted type (zhuk/scoreboard.py) is on the cards' parent, inside the
window carrying style_zhuk.qss; that sheet set on the cards' board itself would undo the fit.
"""

from __future__ import annotations

from functools import cache

from clubdesk.resources import resource_path

ZHUK = "zhuk"  # the «Столы» page's cards, the table scoring window, the public scoreboard
MAFIA = "mafia"  # the host panel, the room's public display


@cache
def window_style(name: str) -> str:
    """The text of resources/style_<name>.qss."""
    return resource_path(f"style_{name}.qss").read_text(encoding="utf-8")


def style_window(widget, name: str) -> None:
    """Set the sheet on `widget` at the start of its construction, its object name already set: its children are then
    polished once as they are added, not all again when a sheet arrives over them."""
    widget.setStyleSheet(window_style(name))

"""The widget-tree walker: does anything a person near the desk can see tell a Mafia role?

    from tests.ui.secrets import assert_same_surface, assert_tells_no_role, surface, told

    assert_tells_no_role(panel, state)          # R not held: nothing may tell a role, an answer or M§5.5
    assert told(panel, state)                   # R held: the walker sees the roles (a check that it can fail)
    assert_same_surface(panel_a, panel_b)       # two deals, the same public events: the same screen

`state` is the engine state of the game shown (`GameController.state`, `GameService.state`): its `roles` are what
must not be told, its public facts (who is out, who speaks, whether the game is over) what may explain a list.
Before the deal (`roles` empty) there is nothing to tell: the deal form is the host typing the deal in.

What is read — only of widgets visible in `top` (`isVisibleTo`; a Veil's blank page hides its secret), `top` itself
included: each widget's text (QLabel, buttons, QLineEdit with its placeholder, spin boxes, QGroupBox title, text
edits), window title, tooltip, status tip, What's This, accessible name and description, its actions' texts and
tooltips; every item of a QComboBox (its current text as read closed, its options as read open) and of an item view's
model (QListView, QTableView, QTreeView: every row, column and child, and the headers) with its Display, ToolTip,
StatusTip, WhatsThis, Foreground and Background data; the palette colours each widget is painted in. See `surface`.

What tells a role (`told`), unless R is held:
- a text that names a role, a team, a check's answer or clause M§5.5 (`tests/secrets.text_tells`; a few fixed
  labels such as «Проверка дона:» and the lines of the clause catalogue tell nothing); a combo box's options are
  read for their order, membership and colours, not word by word (the deal's four roles tell nothing as options);
- a list of seats (a combo box or an item view whose entries read «N» or «N · name») that leaves out a seat the
  public facts do not explain (a player out of the game, the speaker), or lists seats out of order (1…10);
- a list whose seats in the same public standing (in the game / out) are painted in different colours;
- a widget painted in a colour the style sheet keeps for secrets (`secret_colours`: the colours of #hostSecret and
  #seatRole, read by polishing probes under the top widget's style), e.g. an answer in red.
The widget's own state is not changed; probes are created and deleted.

What no pattern can know to look for (a «не в игре» under the Sheriff's picker once he is shot) the second, general
check finds: `assert_same_surface` compares two screens of two games that differ only in their deal, the same public
events recorded on both; whatever differs between them depends on the roles.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

from tests.secrets import text_tells

#: Object names the style sheet paints as secrets (resources/style_mafia.qss) and the colour that marks them: a check's
#: answer in its red, a seat's role on its red (its white letters are every card's white).
SECRET_OBJECTS = {"hostSecret": QPalette.ColorRole.WindowText, "seatRole": QPalette.ColorRole.Window}
SEAT_ENTRY = re.compile(r"^\s*(10|[1-9])(?:\s*·.*)?\s*$")
ITEM_ROLES = {"text": Qt.ItemDataRole.DisplayRole, "tooltip": Qt.ItemDataRole.ToolTipRole,
              "statustip": Qt.ItemDataRole.StatusTipRole, "whatsthis": Qt.ItemDataRole.WhatsThisRole,
              "foreground": Qt.ItemDataRole.ForegroundRole, "background": Qt.ItemDataRole.BackgroundRole}


@dataclass(frozen=True)
class Seen:
    """One thing a person can see: where (`path`: the object names or classes from the top), what kind (`kind`:
    text, title, tooltip, statustip, whatsthis, placeholder, accessible, item (of an item view), option (of a combo
    box), foreground, background, colour, geometry) and its value (a colour as #rrggbb). Items and options of a list
    share the list's path and carry `list_id` and `row`."""

    path: str
    kind: str
    value: str
    list_id: int = 0
    row: int = -1


def _name(w: QWidget) -> str:
    return w.objectName() or type(w).__name__


def _path(w: QWidget, top: QWidget) -> str:
    parts = []
    while w is not None and w is not top:
        parts.append(_name(w))
        w = w.parentWidget()
    return "/".join([_name(top), *reversed(parts)])


def _visible(top: QWidget) -> Iterator[QWidget]:
    yield top
    for w in top.findChildren(QWidget):
        if w.isVisibleTo(top) and not w.property("secretProbe"):
            yield w


def _colour(value) -> str:
    if isinstance(value, QBrush):
        value = value.color()
    if isinstance(value, QColor):
        return value.name()
    return ""


def _widget_texts(w: QWidget) -> Iterator[tuple[str, str]]:
    if isinstance(w, (QLabel, QAbstractButton, QLineEdit)):
        yield "text", w.text()
    if isinstance(w, QLineEdit):
        yield "placeholder", w.placeholderText()
    if isinstance(w, QAbstractSpinBox):
        yield "text", w.text()
    if isinstance(w, QGroupBox):
        yield "title", w.title()
    if isinstance(w, (QTextEdit, QPlainTextEdit)):
        yield "text", w.toPlainText()
    if isinstance(w, QTabBar):
        for i in range(w.count()):
            yield "text", w.tabText(i)
            yield "tooltip", w.tabToolTip(i)
    if w.isWindow():
        yield "title", w.windowTitle()
    yield "tooltip", w.toolTip()
    yield "statustip", w.statusTip()
    yield "whatsthis", w.whatsThis()
    yield "accessible", w.accessibleName()
    yield "accessible", w.accessibleDescription()
    for a in w.actions():
        if a.isVisible():
            yield "text", a.text()
            yield "tooltip", a.toolTip()


def _count(method, parent: QModelIndex, flat: int) -> int:
    """A model's row or column count under `parent`; QListWidget's and QComboBox's models keep it private in PySide
    (a flat list: `flat` columns, no children)."""
    try:
        return method(parent)
    except TypeError:
        return 0 if parent.isValid() else flat


def _model_items(model, parent: QModelIndex | None = None, depth: int = 0) -> Iterator[tuple[int, str, str]]:
    """(row, kind, value) of every cell under `parent`; a tree's children follow their parent's row."""
    parent = QModelIndex() if parent is None else parent
    for row in range(_count(model.rowCount, parent, 0)):
        for col in range(_count(model.columnCount, parent, 1)):
            index = model.index(row, col, parent)
            for kind, role in ITEM_ROLES.items():
                value = model.data(index, role)
                if value is None:
                    continue
                shown = _colour(value) if kind in ("foreground", "background") else str(value)
                if shown:
                    yield row, ("item" if kind == "text" else kind), shown
            if depth < 3 and col == 0 and _count(model.rowCount, index, 0) > 0:
                yield from _model_items(model, index, depth + 1)


def _headers(model) -> Iterator[str]:
    for orientation, n in ((Qt.Orientation.Horizontal, _count(model.columnCount, QModelIndex(), 1)),
                           (Qt.Orientation.Vertical, 0)):
        for section in range(n):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(section, orientation, role)
                if value:
                    yield str(value)


def surface(top: QWidget, geometry: bool = False) -> list[Seen]:
    """Everything a person near the screen can read off `top` (see the module docstring), in a stable order.
    `geometry`: also where each widget that shows a text sits (a secret's size must not move what is seen)."""
    seen: list[Seen] = []
    for w in _visible(top):
        path = _path(w, top)
        texts = [(kind, value) for kind, value in _widget_texts(w) if value]
        seen += [Seen(path, kind, value) for kind, value in texts]
        if geometry and texts:
            corner = w.mapTo(top, w.rect().topLeft()) if w is not top else w.rect().topLeft()
            seen.append(Seen(path, "geometry", f"{corner.x()},{corner.y()} {w.width()}x{w.height()}"))
        pal = w.palette()
        seen.append(Seen(path, "colour", pal.color(w.foregroundRole()).name()))
        if w.autoFillBackground() or w.testAttribute(Qt.WidgetAttribute.WA_StyledBackground):
            seen.append(Seen(path, "colour", pal.color(w.backgroundRole()).name()))
        model = w.model() if isinstance(w, (QComboBox, QAbstractItemView)) else None
        if model is not None:
            list_id, combo = id(w), isinstance(w, QComboBox)
            if combo and w.currentText():
                seen.append(Seen(path, "text", w.currentText()))   # what a closed combo box shows
            for row, kind, value in _model_items(model):
                # a combo box's items are options, read when it opens: their order and membership, not each word
                seen.append(Seen(path, "option" if combo and kind == "item" else kind, value, list_id, row))
            if isinstance(w, QAbstractItemView):
                seen += [Seen(path, "title", h) for h in _headers(model)]
    return seen


def secret_colours(top: QWidget) -> set[str]:
    """The colours the style sheet paints secrets in, as `top` would show them: probes named like the secret widgets
    are polished under `top` and compared with a plain label; a colour a plain label has too is not a secret's."""
    def probe(name: str) -> QPalette:
        label = QLabel("probe", top)
        label.setProperty("secretProbe", True)
        label.setObjectName(name)
        label.ensurePolished()
        palette = QPalette(label.palette())
        label.setParent(None)
        label.deleteLater()
        return palette

    plain = probe("plainProbe")
    ordinary = {plain.color(QPalette.ColorRole.WindowText).name(), plain.color(QPalette.ColorRole.Window).name()}
    return {probe(name).color(role).name() for name, role in SECRET_OBJECTS.items()} - ordinary


def _out(state: dict) -> set[int]:
    return {s for how in ("killed", "lifted", "removed") for s in state.get(how, ())}


def _seat_lists(seen: list[Seen]) -> dict[int, list[Seen]]:
    lists: dict[int, list[Seen]] = {}
    for s in seen:
        if s.list_id:
            lists.setdefault(s.list_id, []).append(s)
    return lists


def _list_tells(items: list[Seen], state: dict, roles: dict[int, str]) -> list[str]:
    seats_by_row = {s.row: int(m.group(1)) for s in items
                    if s.kind in ("item", "option") and (m := SEAT_ENTRY.match(s.value))}
    if len(seats_by_row) < 2:
        return []
    where = items[0].path
    seats = [seats_by_row[r] for r in sorted(seats_by_row)]
    why = []
    if seats != sorted(seats):
        why.append(f"{where}: lists the seats out of order {seats}")
    explained = _out(state) | ({state["speaker"]} if state.get("speaker") else set())
    unexplained = sorted(set(range(1, 11)) - set(seats) - explained)
    if unexplained:
        why.append(f"{where}: leaves out seat(s) {unexplained} ({', '.join(roles.get(s, '?') for s in unexplained)})"
                   f" though in the game")
    for kind in ("foreground", "background"):
        colours = {seats_by_row[s.row]: s.value for s in items if s.kind == kind and s.row in seats_by_row}
        for standing in (lambda seat: seat in _out(state), lambda seat: seat not in _out(state)):
            shades = {c for seat, c in colours.items() if standing(seat)}
            # a seat with no colour of its own is painted as the list: compare it as the list's default
            if any(standing(seat) and seat not in colours for seat in seats):
                shades.add("")
            if len(shades) > 1:
                why.append(f"{where}: paints seats of the same standing in {kind} colours {sorted(shades)}")
    return why


def told(top: QWidget, state: dict, public: Iterable[str] = ()) -> list[str]:
    """Every way `top` tells a role now (see the module docstring); with R held, what the host sees (a test then
    expects it non-empty). `public`: more fixed texts the caller knows tell nothing."""
    roles = {int(s): r for s, r in state.get("roles", {}).items()}
    if not roles:
        return []
    finished = state.get("step") == "finished"
    seen = surface(top)
    why = [f"{s.path} [{s.kind}] {s.value!r}: {w}" for s in seen
           if s.kind not in ("colour", "foreground", "background", "geometry", "option")
           for w in text_tells(s.value, finished, public)]
    for items in _seat_lists(seen).values():
        why += _list_tells(items, state, roles)
    secret = secret_colours(top)
    why += [f"{s.path}: painted in the secrets' colour {s.value}" for s in seen
            if s.kind in ("colour", "foreground", "background") and s.value in secret]
    return why


def surface_difference(a: QWidget, b: QWidget, geometry: bool = True) -> list[str]:
    """What differs between two screens: the lines of `surface` one has and the other has not, in order."""
    import difflib

    def lines(top: QWidget) -> list[str]:
        return [f"{s.path} [{s.kind}{'' if s.row < 0 else f' row {s.row}'}] {s.value}"
                for s in surface(top, geometry)]
    return [d for d in difflib.unified_diff(lines(a), lines(b), lineterm="", n=0)
            if d[:1] in "+-" and not d.startswith(("+++", "---"))]


def assert_same_surface(a: QWidget, b: QWidget, geometry: bool = True) -> None:
    """Non-interference, the general check: two screens of two games that differ in their deal only (the same public
    events recorded on both) must show the same — every text, item, colour and, with `geometry`, place. Whatever a
    pattern in `told` cannot know to look for (a «не в игре» under the Sheriff's picker) differs here."""
    diff = surface_difference(a, b, geometry)
    assert not diff, "the two deals show differently:\n  " + "\n  ".join(diff)


def assert_tells_no_role(top: QWidget, state: dict, public: Iterable[str] = ()) -> None:
    """R not held: `told` is empty; the failure lists every place and why."""
    found = told(top, state, public=public)
    assert not found, "the screen tells a role:\n  " + "\n  ".join(found)

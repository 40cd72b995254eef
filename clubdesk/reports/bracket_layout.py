"""Where every bout and group table of a Пирамидка tournament goes: one drawing, painted on screen and printed.

Pure geometry (no Qt, no ReportLab) from the tournament state: rectangles, texts and lines in points, so the
bracket view, the hall board and the PDF show the same boxes with the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

BOX_W, ROW_H, HEAD_H, GAP_Y, GAP_X = 180.0, 18.0, 13.0, 14.0, 34.0
BOX_H = HEAD_H + 2 * ROW_H
MARGIN = 12.0
SECTION_GAP = 30.0
TITLE_H = 22.0
GROUP_COLS = (("#", 18.0), ("", 150.0), ("И", 26.0), ("В", 26.0), ("П", 26.0), ("±", 40.0))


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: str  # box | live | decided | group


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float
    w: float
    h: float
    text: str
    style: str  # name | winner | wins | win_wins | head | muted | title | cell | cell_bold
    align: str = "left"  # left | right | centre


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class Drawing:
    """Everything to draw, and where each bout's box is (for clicks)."""

    rects: list[Rect] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    boxes: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    width: float = 0.0
    height: float = 0.0


@dataclass(frozen=True)
class Labels:
    """The words of the drawing, in the reader's language (the screen passes tr(), the PDF its own strings)."""

    winners: str = "Верхняя сетка"
    losers: str = "Нижняя сетка"
    final: str = "Суперфинал"
    play_off: str = "Плей-офф"
    bracket: str = "Сетка"
    group: str = "Группа {g}"
    race: str = "до {n}"
    winner_of: str = "поб. {code}"
    loser_of: str = "проигр. {code}"
    qualifier: str = "{place}-й гр. {group}"
    bye: str = "—"
    reset: str = "если нужен"
    walk_over: str = "н/я"
    withdrawal: str = "снят"
    columns: tuple[str, ...] = ("#", "", "И", "В", "П", "±")


def _section(code: str) -> str:
    if code.startswith("L"):
        return "L"
    if code.startswith("GF"):
        return "GF"
    if code.startswith("P"):
        return "P"
    return "W" if code.startswith("W") else "G"


def _source_text(source, labels: Labels, groups: int) -> str:
    """What a place not known yet waits for: «поб. W1-2», «проигр. W2-1», «1-й гр. A»."""
    kind, ref = source
    if kind == "winner":
        return labels.winner_of.format(code=ref)
    if kind == "loser":
        return labels.loser_of.format(code=ref)
    if kind == "qual" and groups:
        place, g = divmod(int(ref) - 1, groups)
        return labels.qualifier.format(place=place + 1, group="ABCDEFGHIJKLMNOPQRSTUVWXYZ"[g])
    if kind == "reset":
        return labels.reset
    return ""


def layout(state: Mapping, names: Mapping[str, str], live: Iterable[str] = (),
           labels: Labels | None = None) -> Drawing:
    """The drawing of a tournament state (`Tournament.state()`); `live`: the bouts with a game on the table."""
    labels = labels or Labels()
    live = set(live)
    d = Drawing()
    y0 = MARGIN
    if state.get("groups"):
        y0 = _groups(d, state, names, labels, y0)
    bouts = state.get("bouts", [])
    by_section: dict[str, list[dict]] = {}
    for b in bouts:
        if b["round"] != "G":
            by_section.setdefault(_section(b["code"]), []).append(b)
    groups = len(state.get("groups", []))
    place: dict[str, tuple[float, float]] = {}
    titles = {"W": labels.winners if "L" in by_section else labels.bracket, "L": labels.losers, "P": labels.play_off}
    gf_anchor = None
    for section in ("W", "L", "P"):
        if section not in by_section:
            continue
        d.texts.append(Text(MARGIN, y0, 400.0, TITLE_H, titles[section], "title"))
        y_top = y0 + TITLE_H
        bottom = _elimination(d, by_section[section], y_top, place, names, live, labels, groups)
        if section == "W":
            last = by_section["W"][-1]["code"]
            gf_anchor = place[last]
        y0 = bottom + SECTION_GAP
    if "GF" in by_section and gf_anchor is not None:
        right = max(x for x, _ in place.values()) + BOX_W + GAP_X
        gx, gy = right, gf_anchor[1]
        d.texts.append(Text(gx, gy - TITLE_H, BOX_W * 2, TITLE_H, labels.final, "title"))
        for i, b in enumerate(by_section["GF"]):
            x = gx + i * (BOX_W + GAP_X)
            _box(d, b, x, gy, names, live, labels, groups)
            place[b["code"]] = (x, gy)
        wx, wy = place[by_section["W"][-1]["code"]]
        _connect(d, (wx, wy), (gx, gy))
        lb = by_section.get("L", [])
        if lb:
            lx, ly = place[lb[-1]["code"]]
            _connect(d, (lx, ly), (gx, gy), to_lower=True)
        _connect(d, (gx, gy), (gx + BOX_W + GAP_X, gy))
    d.width = max([r.x + r.w for r in d.rects] + [t.x + t.w for t in d.texts] + [0.0]) + MARGIN
    d.height = max([r.y + r.h for r in d.rects] + [t.y + t.h for t in d.texts] + [0.0]) + MARGIN
    return d


def _elimination(d: Drawing, bouts: list[dict], y_top: float, place: dict, names, live, labels,
                 groups: int) -> float:
    """Rounds as columns; a bout sits level with the bouts whose winners it takes (its feeders in this section)."""
    rounds: dict[str, list[dict]] = {}
    for b in bouts:
        rounds.setdefault(b["round"], []).append(b)
    bottom = y_top
    for col, (_rnd, items) in enumerate(rounds.items()):
        x = MARGIN + col * (BOX_W + GAP_X)
        slot = 0
        for b in items:
            feeders = [ref for kind, ref in b["from"] if kind == "winner" and ref in place
                       and _section(ref) == _section(b["code"])]
            if feeders:
                y = sum(place[f][1] for f in feeders) / len(feeders)
            else:
                y = y_top + slot * (BOX_H + GAP_Y)
                slot += 1
            place[b["code"]] = (x, y)
            _box(d, b, x, y, names, live, labels, groups)
            for f in feeders:
                _connect(d, place[f], (x, y))
            bottom = max(bottom, y + BOX_H)
    return bottom


def _connect(d: Drawing, src: tuple[float, float], dst: tuple[float, float], to_lower: bool = False) -> None:
    """An elbow from the right middle of a box to the left of the next one (its lower row for place b)."""
    x1, y1 = src[0] + BOX_W, src[1] + HEAD_H + ROW_H
    x2, y2 = dst[0], dst[1] + HEAD_H + (ROW_H * 1.5 if to_lower else ROW_H)
    mid = x1 + (x2 - x1) / 2
    d.lines += [Line(x1, y1, mid, y1), Line(mid, y1, mid, y2), Line(mid, y2, x2, y2)]


def _box(d: Drawing, b: dict, x: float, y: float, names, live, labels: Labels, groups: int) -> None:
    code = b["code"]
    decided = b["winner"] is not None
    style = "live" if code in live else ("decided" if decided else "box")
    head = f"{code} · {labels.race.format(n=b['race'])}"
    if b["result"] in ("walk_over", "withdrawal"):
        head += f" · {labels.walk_over if b['result'] == 'walk_over' else labels.withdrawal}"
    d.texts.append(Text(x, y, BOX_W, HEAD_H, head, "head"))
    d.rects.append(Rect(x, y + HEAD_H, BOX_W, 2 * ROW_H, style))
    d.boxes[code] = (x, y, BOX_W, BOX_H)
    if b["result"] == "not_needed":
        d.texts.append(Text(x + 6, y + HEAD_H, BOX_W - 12, 2 * ROW_H, labels.reset, "muted", "centre"))
        return
    for side in (0, 1):
        who = b["players"][side]
        ry = y + HEAD_H + side * ROW_H
        if who is None:
            text, st = _source_text(b["from"][side], labels, groups), "muted"
        elif who == "":
            text, st = labels.bye, "muted"
        else:
            won = decided and b["winner"] == who
            text, st = names.get(who, who), ("winner" if won else "name")
        d.texts.append(Text(x + 6, ry, BOX_W - 36, ROW_H, text, st))
        if who and all(b["players"]) and b["result"] != "bye":  # a score once both players are known
            won = decided and b["winner"] == who
            d.texts.append(Text(x + BOX_W - 28, ry, 22, ROW_H, str(b["wins"][side]), "win_wins" if won else "wins",
                                "right"))


def _groups(d: Drawing, state: Mapping, names, labels: Labels, y0: float) -> float:
    """Each group's table side by side: place, name, bouts played, won, lost, game difference."""
    width = sum(w for _, w in GROUP_COLS)
    bottom = y0
    for g, group in enumerate(state["groups"]):
        x = MARGIN + g * (width + GAP_X)
        d.texts.append(Text(x, y0, width, TITLE_H, labels.group.format(g=group["group"]), "title"))
        y = y0 + TITLE_H
        cx = x
        for (_key, w), title in zip(GROUP_COLS, labels.columns, strict=True):
            d.texts.append(Text(cx, y, w, ROW_H, title, "head", "centre" if title else "left"))
            cx += w
        for row in group["table"]:
            y += ROW_H
            d.rects.append(Rect(x, y, width, ROW_H, "group"))
            diff = row["games_won"] - row["games_lost"]
            cells = (str(row["place"]), names.get(row["player"], row["player"]), str(row["played"]), str(row["won"]),
                     str(row["lost"]), f"{diff:+d}" if diff else "0")
            cx = x
            for (_key, w), text in zip(GROUP_COLS, cells, strict=True):
                align = "left" if _key == "" else "centre"
                d.texts.append(Text(cx + 3, y, w - 6, ROW_H, text, "cell_muted" if row["withdrawn"] else "cell",
                                    align))
                cx += w
        bottom = max(bottom, y + ROW_H)
    return bottom + SECTION_GAP


LABELS_EN = Labels(winners="Winners' bracket", losers="Losers' bracket", final="Grand final", play_off="Play-off",
                   bracket="Bracket", group="Group {g}", race="race to {n}", winner_of="winner {code}",
                   loser_of="loser {code}", qualifier="group {group} #{place}", reset="if needed", walk_over="w/o",
                   withdrawal="withdrawn", columns=("#", "", "P", "W", "L", "±"))

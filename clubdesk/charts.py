"""Line charts of players' histories, laid out once and painted twice: on screen (ui/charts.py, QPainter) and on
paper (reports/charts.py, ReportLab's canvas). Why our own and not Qt Charts: docs/charts.md.

A Chart is data only: the x positions are slots (one result each: a round, a match, an evening) labelled by their
day, the series hold one value or None per slot, and marks name the slot where something starts (a tournament).
`layout()` turns it into a Plot in pixels (y grows downwards, as on screen); both painters only draw what the Plot
says, so the screen, the paper and the tests see the same points.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

PALETTE = ("#1f6fb2", "#c0392b", "#1b8a4b", "#8e44ad", "#d68910", "#117a8b", "#7f8c8d", "#a04000",
           "#2e4053", "#b03a74", "#5d6d7e", "#6e2c00")
FONT_PX = 11            # the painters' text size: the layout reserves room for it
CHAR_PX = FONT_PX * 0.6  # an average character's width, when no painter measures (DejaVu Sans at 11 px)
Measure = Callable[[str], float]  # a text's width in pixels at FONT_PX, as the painter will draw it


def estimate(text: str) -> float:
    return len(text) * CHAR_PX


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[float | None, ...]  # one per slot; None: no result in that slot (drawn as a gap)


@dataclass(frozen=True)
class Mark:
    slot: int   # where it starts
    text: str   # what starts there (a tournament's name, an evening)


@dataclass(frozen=True)
class Chart:
    title: str
    slots: tuple[str, ...]         # each slot's label (its day, «02.12»)
    series: tuple[Series, ...]
    marks: tuple[Mark, ...] = ()
    baseline: float | None = None  # a level drawn across (the start rating, 0 B)
    empty: str = ""                # said in the middle when there is nothing to draw


@dataclass
class Plot:
    """Everything a painter draws, in pixels of a width × height picture."""

    width: int
    height: int
    title: str
    frame: tuple[float, float, float, float]                 # left, top, right, bottom of the plotting area
    y_ticks: list[tuple[float, str]] = field(default_factory=list)   # (y, label)
    x_ticks: list[tuple[float, str]] = field(default_factory=list)   # (x, label), thinned so they do not overlap
    lines: list[tuple[str, list[list[tuple[float, float]]]]] = field(default_factory=list)  # colour, polylines
    dots: list[tuple[str, list[tuple[float, float]]]] = field(default_factory=list)         # colour, points
    marks: list[tuple[float, str, float]] = field(default_factory=list)  # x of the dashed line, its name, name's x
    legend: list[tuple[float, float, str, str]] = field(default_factory=list)  # x, text baseline y, colour, name
    baseline: float | None = None                                     # y of the chart's baseline
    empty: str = ""


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values (1, 2 or 5 × 10^k apart) covering low…high, about `count` of them."""
    if high < low:
        low, high = high, low
    if high == low:
        pad = max(abs(high) * 0.05, 1.0)
        low, high = low - pad, high + pad
    raw = (high - low) / max(count - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    ticks = [round(math.floor(low / step) * step, 10)]
    while ticks[-1] < high:  # up to the first tick at or above the highest value, so every point is inside
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def number(value: float) -> str:
    """A tick label: whole numbers without decimals, thousands with a thin space, minus as a true minus, the
    decimal comma in Russian (clubdesk.decimals)."""
    from clubdesk.errors import language

    text = f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"
    text = text.replace(",", "\u202f").replace("-", "−")
    return text.replace(".", ",") if language() == "ru" else text


def layout(chart: Chart, width: int, height: int, legend: bool | None = None, measure: Measure = estimate) -> Plot:
    """The chart laid out in a width × height picture (y grows downwards). Slots are evenly spaced: a tournament's
    rounds played on one day stay apart, and the labels say the day. `measure`: the painter's text widths."""
    legend = len(chart.series) > 1 if legend is None else legend
    values = [v for s in chart.series for v in s.values if v is not None]
    top = FONT_PX * 2.2 if chart.title else FONT_PX
    entries = _legend(chart, width, measure) if legend else []
    rows = len({y for _x, y, _n in entries})
    bottom = height - FONT_PX * 2.2 - rows * FONT_PX * 1.5
    plot = Plot(width, height, chart.title, (0.0, top, width - 12.0, bottom), empty=chart.empty)
    if not values or not chart.slots:
        return plot
    low, high = min(values), max(values)
    if chart.baseline is not None:
        low, high = min(low, chart.baseline), max(high, chart.baseline)
    ticks = nice_ticks(low, high)
    labels = [number(t) for t in ticks]
    left = max(measure(x) for x in labels) + 10
    right = width - 12.0
    plot.frame = (left, top, right, bottom)
    lo, hi = ticks[0], ticks[-1]

    def y_of(v: float) -> float:
        return bottom - (v - lo) / (hi - lo) * (bottom - top)

    n = len(chart.slots)
    pad = min(18.0, (right - left) / 4)

    def x_of(slot: int) -> float:
        return (left + right) / 2 if n == 1 else left + pad + slot * (right - left - 2 * pad) / (n - 1)

    plot.y_ticks = [(y_of(t), label) for t, label in zip(ticks, labels, strict=True)]
    plot.x_ticks = _x_ticks(chart.slots, x_of, measure)
    for i, s in enumerate(chart.series):
        colour = PALETTE[i % len(PALETTE)]
        runs: list[list[tuple[float, float]]] = [[]]
        points = []
        for slot, v in enumerate(s.values):
            if v is None:
                if runs[-1]:
                    runs.append([])
                continue
            p = (x_of(slot), y_of(v))
            runs[-1].append(p)
            points.append(p)
        plot.lines.append((colour, [r for r in runs if len(r) > 1]))
        plot.dots.append((colour, points))
    base = bottom + FONT_PX * 2.2 + FONT_PX * 1.2
    plot.legend = [(x, base + row * FONT_PX * 1.5, PALETTE[i % len(PALETTE)], name)
                   for i, (x, row, name) in enumerate(entries)]
    for m in chart.marks:
        if 0 <= m.slot < n:
            x = x_of(m.slot)
            room = right - x - 3  # a name that does not fit right of its line is written left of it
            plot.marks.append((x, m.text, x + 3 if measure(m.text) <= room else x - 3 - measure(m.text)))
    plot.baseline = y_of(chart.baseline) if chart.baseline is not None else None
    return plot


def _x_ticks(slots: tuple[str, ...], x_of, measure: Measure) -> list[tuple[float, str]]:
    """A label where the day changes, skipping any that would overlap the one before."""
    out: list[tuple[float, str]] = []
    last_text, last_right = None, -1e9
    for slot, text in enumerate(slots):
        if text == last_text:
            continue
        last_text = text
        x = x_of(slot)
        half = measure(text) / 2
        if x - half < last_right + 6:
            continue
        out.append((x, text))
        last_right = x + half
    return out


SWATCH = 22  # a legend entry: an 18 px line, 4 px, the name, then a 12 px gap


def _legend(chart: Chart, width: int, measure: Measure) -> list[tuple[float, int, str]]:
    """(x, row, name) of each series' legend entry, left to right, wrapped to the width."""
    out: list[tuple[float, int, str]] = []
    x, row = 4.0, 0
    for s in chart.series:
        need = SWATCH + measure(s.name) + 12
        if x > 4.0 and x + need > width:
            x, row = 4.0, row + 1
        out.append((x, row, s.name))
        x += need
    return out

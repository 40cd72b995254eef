"""Damaged game records never end in a traceback (issue 18 item 9, issue 37 item 4): valid records from the test sets
(and the Mafia one with extra points) are damaged one way each (a hostile value, a key removed, added or renamed, NaN,
a lone surrogate, a 5 000-digit integer, deep nesting, a duplicate key, a cut text, events dropped, swapped or repeated, a number nudged) and run in-process through
`clubdesk replay` and `clubdesk print --record`. Each must exit 0, or exit 2 with one line of at most 300 characters.

Every record goes through `print --record` up to its refusal. Of the records that still replay, one in STORY_EVERY
is printed: one in RENDER_EVERY renders its PDF (ReportLab's layout costs ~0.2 s a document), the others stop after
the whole document story is built (reports.base.render replaced). The record reaches both commands as stdin (`-`).
"""

from __future__ import annotations

import io
import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubdesk.commands import print_protocol, replay
from clubdesk.reports import mafia as mafia_report
from clubdesk.reports import pyramid as pyramid_report
from clubdesk.reports import zhuk as zhuk_report

TESTS = Path(__file__).parents[1]
BASES = [p.read_text(encoding="utf-8") for p in sorted((TESTS / "rules" / "records").glob("*.json"))
         + sorted((TESTS / "commands" / "records").glob("*.json"))]

def _with_extra_points(text: str) -> str:
    """The Mafia record with the host's extra points after the deal (M-7): a numeric field no other base record has."""
    rec = json.loads(text)
    rec["events"].insert(1, {"type": "extra_points", "seat": 3, "points": 0.3, "reason": "лучшая речь"})
    return json.dumps(rec, ensure_ascii=False, indent=1)


BASES.append(_with_extra_points((TESTS / "rules" / "records" / "mafia-shootout.json").read_text(encoding="utf-8")))
RECORDS = [json.loads(t) for t in BASES]

HOSTILE_VALUES = [None, True, False, 0, -1, 11, 10**30, 1.5, -0.0, 1e308, "", " ", "x" * 10_000, "²", "\u202e1",
                  "std", "zhuk", "main", "10", "\u00a0", [], {}, [1], [["std"]], {"ball": "std"}, "<b>x</b>"]
HOSTILE_KEYS = ["²", "9" * 5000, "-1", "01", "0", "11", "", " 1", "1 ", "\u0661", "type", "events", "x" * 300]
KINDS = ("replace_value", "delete_key", "add_key", "rename_key", "wrap_in_list", "non_finite", "lone_surrogate",
         "huge_int", "deep_nesting", "duplicate_key", "truncate_text", "drop_event", "swap_events",
         "repeat_event", "nudge_number")
BIG, DEEP, DUP = "@@BIG@@", "@@DEEP@@", "@@DUP@@"
RENDER_EVERY = 50
STORY_EVERY = 5  # of the records that still replay, one in 5 goes on to print (the story costs ~20 ms)
CI_RECORDS = int(os.environ.get("CLUBDESK_FUZZ_RECORDS", "5000"))  # derandomized: the same records each run


def _paths(obj, path=()):
    """Every (container path, key) of the record, the root's own fields included."""
    stack = [(obj, path)]
    while stack:
        x, p = stack.pop()
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            yield p, k
            stack.append((v, (*p, k)))


def _at(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def _places(rec) -> tuple[list, list, list, list]:
    places = list(_paths(rec))
    dicts = [(p, k) for p, k in places if isinstance(_at(rec, p), dict)]
    numbers = [(p, k) for p, k in places if type(_at(rec, p)[k]) in (int, float)]
    strings = [(p, k) for p, k in places if type(_at(rec, p)[k]) is str]
    return places, dicts, numbers, strings


PLACES = [_places(r) for r in RECORDS]  # the same for every copy of a base record


def damage(rnd: random.Random, index: int, kind: str) -> str:
    """The text of base record `index` damaged by `kind` (random choices from `rnd`)."""
    rec = json.loads(BASES[index])
    places, dicts, numbers, strings = PLACES[index]
    events = rec["events"]
    text_subs: list[tuple[str, str]] = []
    if kind == "replace_value":
        p, k = rnd.choice(places)
        _at(rec, p)[k] = rnd.choice(HOSTILE_VALUES)
    elif kind == "delete_key":
        p, k = rnd.choice(dicts)
        del _at(rec, p)[k]
    elif kind == "add_key":
        p, _k = rnd.choice(dicts)
        _at(rec, p)[rnd.choice(HOSTILE_KEYS)] = rnd.choice(HOSTILE_VALUES)
    elif kind == "rename_key":
        p, k = rnd.choice(dicts)
        d = _at(rec, p)
        d[rnd.choice(HOSTILE_KEYS)] = d.pop(k)
    elif kind == "wrap_in_list":
        p, k = rnd.choice(places)
        _at(rec, p)[k] = [_at(rec, p)[k]]
    elif kind == "non_finite":
        p, k = rnd.choice(numbers or places)
        _at(rec, p)[k] = rnd.choice([float("nan"), float("inf"), float("-inf")])
    elif kind == "lone_surrogate":
        p, k = rnd.choice(strings or places)
        _at(rec, p)[k] = rnd.choice(["\ud800", "P1\udc80", "\udfff\ud800"])
    elif kind == "huge_int":
        p, k = rnd.choice(numbers or places)
        _at(rec, p)[k] = BIG
        text_subs.append((json.dumps(BIG), rnd.choice(["9" * 5000, "-" + "1" * 4400, "1" * 101])))
    elif kind == "deep_nesting":
        p, k = rnd.choice(places)
        _at(rec, p)[k] = DEEP
        n = rnd.choice([100, 2000, 100_000])
        text_subs.append((json.dumps(DEEP), rnd.choice(["[", '{"a":[']) * 0 + "[" * n + "]" * n))
    elif kind == "duplicate_key":
        p, _k = rnd.choice(dicts)
        d = _at(rec, p)
        if d:
            first = next(iter(d))
            d[DUP] = rnd.choice(HOSTILE_VALUES)
            text_subs.append((json.dumps(DUP), json.dumps(first)))
        else:
            d[DUP], d["@@DUP2@@"] = 1, 2
            text_subs.append(('"@@DUP2@@"', json.dumps(DUP)))
    elif kind == "drop_event" and events:
        del events[rnd.randrange(len(events))]
    elif kind == "swap_events" and len(events) > 1:
        i = rnd.randrange(len(events) - 1)
        events[i], events[i + 1] = events[i + 1], events[i]
    elif kind == "repeat_event" and events:
        i = rnd.randrange(len(events))
        events.insert(i, json.loads(json.dumps(events[i])))
    elif kind == "nudge_number":
        p, k = rnd.choice(numbers or places)
        v = _at(rec, p)[k]
        _at(rec, p)[k] = (-v if rnd.random() < 0.3 else v + rnd.choice([-1000, -100, -10, -1, 1, 10, 100, 1000])) \
            if type(v) in (int, float) else 1
    text = json.dumps(rec, ensure_ascii=rnd.random() < 0.5, allow_nan=True)
    for old, new in text_subs:
        text = text.replace(old, new, 1)
    if kind == "truncate_text":
        text = text[:rnd.randrange(len(text))]
    return text


class Outcomes:
    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.exits: Counter[tuple[str, int]] = Counter()
        self.valid = 0
        self.rendered = 0


def _one_line(err: str) -> None:
    assert err.endswith("\n") and err.count("\n") == 1, repr(err[:400])
    assert 0 < len(err) - 1 <= 300, repr(err[:400])


def _run(command, data: bytes, **kw):
    """Run a command on `-` with `data` as stdin, as `clubdesk … -` reads it."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        return command(**kw)


def check_record(text: str, tmp: Path, outcomes: Outcomes, kind: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    code = _run(replay.run, data, path="-", out=out, err=err)  # any exception fails the test with its traceback
    assert code in (0, 2)
    if code == 2:
        _one_line(err.getvalue())
    outcomes.kinds[kind] += 1
    outcomes.exits["replay", code] += 1
    if code == 0:
        outcomes.valid += 1
        if outcomes.valid % STORY_EVERY:
            return
    render = code == 0 and (outcomes.valid - STORY_EVERY) % RENDER_EVERY == 0  # the first at the 5th
    err = io.StringIO()
    pdf = tmp / "out.pdf"
    pdf.unlink(missing_ok=True)
    with pytest.MonkeyPatch.context() as mp:
        if not render:
            for module in (zhuk_report, pyramid_report, mafia_report):
                mp.setattr(module, "render", lambda title, story, **kw: b"%PDF-story-built")
        pcode = _run(print_protocol.run, data, out=str(pdf), record="-", err=err)
    outcomes.rendered += render and pcode == 0
    outcomes.exits["print", pcode] += 1
    assert pcode == code, (code, pcode, err.getvalue()[:300])
    if pcode == 2:
        _one_line(err.getvalue())
        assert not pdf.exists()
    else:
        assert pdf.read_bytes().startswith(b"%PDF")


def _fuzz(examples: int, tmp: Path) -> Outcomes:
    outcomes = Outcomes()

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(BASES) - 1), st.sampled_from(KINDS), st.randoms(use_true_random=False))
    def run(index: int, kind: str, rnd: random.Random) -> None:
        check_record(damage(rnd, index, kind), tmp, outcomes, kind)

    run()
    return outcomes


def _guard(outcomes: Outcomes, examples: int) -> None:
    """The generator reached every damage kind, and both answers occur (refused records and still valid ones)."""
    assert sum(outcomes.kinds.values()) == examples
    assert set(outcomes.kinds) == set(KINDS), outcomes.kinds
    assert min(outcomes.kinds.values()) >= examples // (len(KINDS) * 4), outcomes.kinds
    assert outcomes.exits["replay", 2] and outcomes.exits["replay", 0] and outcomes.rendered, outcomes.exits


def test_damaged_records_exit_2_with_one_line_never_a_traceback(tmp_path):
    outcomes = _fuzz(CI_RECORDS, tmp_path)
    _guard(outcomes, CI_RECORDS)


@pytest.mark.slow
def test_damaged_records_soak(tmp_path):
    examples = int(os.environ.get("CLUBDESK_FUZZ_SOAK", "200000"))
    outcomes = _fuzz(examples, tmp_path)
    _guard(outcomes, examples)


EXTREMES = (1e308, -1e308, 10**99, -(10**99))


@pytest.mark.parametrize("index", range(len(BASES)))
def test_every_number_of_a_record_at_its_extremes_exits_0_or_2_with_one_line(index, tmp_path):
    """Issue 37.4: each numeric field of each base record (the header's and every event's) set in turn to the largest
    JSON numbers a record may hold; a record that still replays is printed for real (a 100-digit nominal broke the
    protocol's layout, «points»: 1e308 ended replay and print in OverflowError)."""
    _places_, _dicts, numbers, _strings = PLACES[index]
    assert numbers
    for path, key in numbers:
        for value in EXTREMES:
            rec = json.loads(BASES[index])
            _at(rec, path)[key] = value
            data = json.dumps(rec).encode("utf-8")
            err = io.StringIO()
            code = _run(replay.run, data, path="-", out=io.StringIO(), err=err)
            assert code in (0, 2), (path, key, value)
            if code == 2:
                _one_line(err.getvalue())
                continue
            err, pdf = io.StringIO(), tmp_path / "out.pdf"
            pdf.unlink(missing_ok=True)
            assert _run(print_protocol.run, data, out=str(pdf), record="-", err=err) in (0, 2), (path, key, value)
            if not pdf.exists():
                _one_line(err.getvalue())

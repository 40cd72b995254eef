"""Format additions are optional: every record fixture written before them replays exactly as it did.

`records/golden/*.trace.json` hold the state after every event (and the final state or the error) that the
engines gave for each record fixture before the additions of issue 16 (commit f5e543f). A state may gain new
fields; every field it had must keep its value (the Mafia `legal` list may also name the new `leave`).
"""

import json
from pathlib import Path

import pytest

from clubdesk.rules.record import ReplayError, replay

TESTS = Path(__file__).resolve().parents[1]
GOLDEN = sorted((TESTS / "rules" / "records" / "golden").glob("*.trace.json"))


#: Event types added since the golden traces: `legal` (what the host may record now) may list them too.
NEW_EVENT_TYPES = {"leave"}


def _same_value(key: str, old, new) -> bool:
    if key == "legal":
        return set(old) <= set(new) and set(new) - set(old) <= NEW_EVENT_TYPES
    return new == old


def _same(old: dict, new: dict) -> bool:
    return all(k in new and _same_value(k, v, new[k]) for k, v in old.items())


def test_every_record_fixture_has_a_golden_trace():
    records = {p.name for d in ("rules", "commands") for p in (TESTS / d / "records").glob("*.json")}
    assert {g.name.replace(".trace.json", ".json") for g in GOLDEN} == records


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_record_fixture_replays_identically(golden):
    saved = json.loads(golden.read_text())
    record = json.loads((TESTS / saved["record"]).read_text())
    states: list[dict] = []
    try:
        engine = replay(record, lambda i, e: states.append(e.state()))
        end = {"final": engine.state()}
    except ReplayError as exc:
        end = exc.to_json("en")
    assert len(states) == len(saved["states"])
    for i, (old, new) in enumerate(zip(saved["states"], states, strict=True)):
        assert _same(old, new), (i, {k: (v, new.get(k)) for k, v in old.items() if not _same_value(k, v, new.get(k))})
    if "final" in saved["end"]:
        assert _same(saved["end"]["final"], end["final"])
    else:
        assert end == saved["end"]

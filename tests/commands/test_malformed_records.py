"""Each malformed record the attacks found (issue 18 item 9, issue 37 item 4) exits 2 with one line of at most 300 characters, the
value quoted and cut, from `replay` and from `print --record`; two valid records that used to crash `print` print."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from clubdesk.commands import print_protocol, replay

TESTS = Path(__file__).parents[1]
ZHUK = (TESTS / "commands" / "records" / "zhuk-lead-check.json").read_text(encoding="utf-8")
MAFIA = (TESTS / "rules" / "records" / "mafia-shootout.json").read_text(encoding="utf-8")

CASES = {
    "rating 1e999": ZHUK.replace('"rating": 1000', '"rating": 1e999', 1),
    "balance NaN": ZHUK.replace('"balance": 10000', '"balance": NaN', 1),
    "balance Infinity": ZHUK.replace('"balance": 10000', '"balance": Infinity', 1),
    "seat key ²": MAFIA.replace('"1": "civilian"', '"²": "civilian"', 1),
    "seat key of 5000 digits": MAFIA.replace('"1": "civilian"', '"' + "1" * 5000 + '": "civilian"', 1),
    "a list for a ball": ZHUK.replace('{"ball": "std", "legal": true}', '{"ball": ["std"], "legal": true}', 1),
    "a list for a ball, one field off": ZHUK.replace('{"ball": "std", "legal": true}', '{"ball": ["std"]}', 1),
    "lone surrogate": ZHUK.replace('"P1"', '"\\ud800"'),
    "100 000 nested brackets": "[" * 100_000 + "]" * 100_000,
    "integer of 4400 digits": ZHUK.replace('"balance": 10000', '"balance": ' + "9" * 4400, 1),
    "duplicate key": ZHUK.replace('"game": "zhuk"', '"game": "zhuk", "game": "zhuk"', 1),
    "a 10 000-character unknown field": ZHUK.replace('"game"', '"' + "f" * 10_000 + '": 1, "game"', 1),
    "a 10 000-character format": ZHUK.replace('"clubdesk-game/1"', '"' + "g" * 10_000 + '"', 1),
}
# issue 37.4: a number out of range in any numeric field of an event or a header (the last OverflowError of the CLI)
_EXTRA = '{"type": "agreement_end"}'
_AGREEMENT = '{\n   "type": "agreement_end"\n  }'
for points in ("1e308", "-1e308", "1.0000001", "10" + "0" * 98):
    CASES[f"extra points {points[:12]}"] = MAFIA.replace(
        _AGREEMENT, '{"type": "extra_points", "seat": 3, "points": ' + points + ', "reason": "x"}, ' + _EXTRA, 1)
CASES["a nominal of 100 digits"] = ZHUK.replace('"nominal": 100', '"nominal": 1' + "0" * 99, 1)
CASES["a nominal over a million"] = ZHUK.replace('"nominal": 100', '"nominal": 1000001', 1)
assert all(text not in (ZHUK, MAFIA) for text in CASES.values())  # every replacement took


def _commands(path: Path, tmp: Path) -> list[tuple[str, int, str]]:
    out, err = io.StringIO(), io.StringIO()
    results = [("replay", replay.run(str(path), out=out, err=err), err.getvalue())]
    err = io.StringIO()
    results.append(("print", print_protocol.run(str(tmp / "out.pdf"), record=str(path), err=err), err.getvalue()))
    return results


@pytest.mark.parametrize("case", list(CASES))
def test_a_malformed_record_exits_2_with_one_short_line(tmp_path, case):
    path = tmp_path / "record.json"
    path.write_text(CASES[case], encoding="utf-8", errors="surrogatepass")
    for command, code, err in _commands(path, tmp_path):
        assert code == 2, (command, err[:300])
        assert err.count("\n") == 1 and len(err) <= 301, (command, err[:400])
    assert not (tmp_path / "out.pdf").exists()


def test_a_long_value_is_quoted_and_cut_in_the_message(tmp_path):
    path = tmp_path / "record.json"
    path.write_text(CASES["a 10 000-character format"], encoding="utf-8")
    [(_, _, err), _] = _commands(path, tmp_path)
    assert "'ggggggggg" in err and "g…'" in err and len(err) < 200


def test_dev_zero_is_refused_without_reading_it_all(tmp_path):
    for command, code, err in _commands(Path("/dev/zero"), tmp_path):
        assert code == 2 and err.count("\n") == 1 and "МБ" in err, (command, err)


@pytest.mark.parametrize("case", ["a Жук shot without cue", "a 10 000-character player id"])
def test_a_valid_record_that_used_to_crash_print_prints(tmp_path, case):
    text = ZHUK.replace('"cue": "main", ', "") if "cue" in case else ZHUK.replace('"P1"', '"' + "x" * 10_000 + '"')
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    for command, code, err in _commands(path, tmp_path):
        assert code == 0, (command, err[:300])
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")

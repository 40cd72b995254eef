"""Protocols keep what happened (issue 15 item 9): a ball that fell by chance and the main cue falling are printed
in their shot rows, not «—» like a plain miss; an unfinished round says «Раунд: не окончен»; equal best results
name every player; no rule id of ours, option code or English word is left in the Russian text; a Пирамидка match
prints the table and referee of their own columns, whatever the table's name says."""

from __future__ import annotations

import re

import pytest

from clubdesk.reports import Meta, build_record_pdf
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerService
from clubdesk.services.protocols import ProtocolService
from tests.reports.fill import add_evening, add_match, add_players, add_tournament, record
from tests.reports.pdfcheck import text
from tests.reports.pdftable import table_rows

NAMES = {"A": "Кузнецов Дмитрий", "B": "Попова Анна", "C": "Васильев Игорь"}
LOG = ["№", "Пир.", "Игрок", "Биток", "Засчитано", "Платят игроку (B)", "Штраф", "Из банка", "Банк"]
# Latin a Russian protocol may print: the program's name in the footer, «B» (the club's points).
ALLOWED_LATIN = re.compile(r"ClubDesk|\bB\b")


def shot(player: str, *pots: tuple[str, bool]) -> dict:
    return {"type": "shot", "player": player, "cue": "main", "potted": [{"ball": b, "legal": ok} for b, ok in pots]}


def unfinished_round() -> dict:
    """A and B pot a ball each («all» pay): +100 both; then C's main cue falls, a ball and Жук fall by chance."""
    events = [shot("A", ("std", True)), shot("A"), shot("B", ("std", True)), shot("B"), shot("C", ("main", False)),
              shot("A", ("std", False)), shot("B", ("zhuk", False))]
    return {"format": "clubdesk-game/1", "game": "zhuk", "players": [{"id": p} for p in "ABC"],
            "options": {"nominal": 100, "settlement": "all"}, "events": events}


def flat(pdf: bytes) -> str:
    return " ".join(text(pdf).split())


def test_balls_that_fell_without_counting_are_printed_in_their_rows():
    rows = table_rows(build_record_pdf(unfinished_round(), Meta(names=NAMES)), LOG)
    assert [r["Засчитано"] for r in rows[4:]] == ["биток упал", "шар упал случайно", "Жук упал случайно"]
    assert rows[1]["Засчитано"] == "—"  # a plain miss is still a dash


def test_an_unfinished_round_says_so_in_the_masculine_and_names_both_equal_best_results():
    out = flat(build_record_pdf(unfinished_round(), Meta(names=NAMES)))
    assert "Раунд: не окончен" in out and "не окончена" not in out
    assert "Лучший результат раунда, поровну: Кузнецов Дмитрий, Попова Анна (+100 B каждый)" in out


def test_a_single_best_result_names_its_player():
    rec = unfinished_round()
    rec["events"] = rec["events"][:2]
    assert "Лучший результат раунда: Кузнецов Дмитрий (+200 B)" in flat(build_record_pdf(rec, Meta(names=NAMES)))


@pytest.fixture
def filled(store, admin):
    f = add_players(store, admin)
    add_match(store, admin, f)
    add_tournament(store, admin, f, seed=42, poor=None)
    add_evening(store, admin, f)
    return f


def test_no_rule_id_option_code_or_english_word_in_a_russian_protocol(store, filled):
    svc = ProtocolService(store, filled.games)
    documents = {"match": svc.game_pdf(filled.match_id), "table": svc.game_pdf(filled.stage_games[0]),
                 "mafia": svc.game_pdf(filled.mafia_games[0]), "tournament": svc.tournament_pdf(filled.tournament_id),
                 "stage": svc.tournament_pdf(filled.tournament_id, stage=1), "evening": svc.evening_pdf(filled.evening_id),
                 "round": build_record_pdf(unfinished_round(), Meta(names=NAMES))}
    for what, pdf in documents.items():
        out = flat(pdf)
        assert not re.search(r"\b[ZMPМ]-\d|[ZMP]§", out), (what, re.findall(r".{30}\b[ZMPМ]-\d.{10}|.{30}[ZMP]§.{10}", out))
        latin = re.findall(r"[A-Za-z]+", ALLOWED_LATIN.sub(" ", out.replace("admin", " ")))  # the referee's login
        assert latin == [], (what, latin)


def test_a_match_prints_the_table_and_referee_of_their_own_columns(store, admin, filled):
    """A table named «Стол 2 · судья Петров» was split into table «Стол 2» and referee «Петров» when both lived in
    the title."""
    matches = MatchService(store, filled.games, PlayerService(store))
    a, b = filled.players[:2]
    gid = matches.create(admin, a, b, table="Стол 2 · судья Петров")
    for ev in record("pyramid100-match.json")["events"]:
        filled.games.record(admin, gid, {**ev, "player": {"A": a, "B": b}[ev["player"]]})
    out = flat(ProtocolService(store, filled.games).game_pdf(gid))
    assert "Стол Стол 2 · судья Петров" in out and "Судья —" in out

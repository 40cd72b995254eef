"""Issue 38 item 13: what an English user reads is English — no Russian word of ours, no «» quotes (English takes
“”), one name for each game (Zhuk, Pyramid 100) — in the desk's translations, the protocols' words, the table page's
dictionaries, the messages paired with Russian ones, and the protocols printed. Data (names typed by the club) is
shown as typed: the printed protocol below is of a club whose data is all Latin, so any Cyrillic in it is ours."""

from __future__ import annotations

import ast
import datetime as dt
import io
import re
from pathlib import Path

import pytest

from clubdesk.resources import resource_path
from clubdesk.services.titles import shown_title
from clubdesk.ui.i18n import load_ts

ROOT = Path(__file__).resolve().parents[1]
NOT_ENGLISH = re.compile(r"[А-Яа-яЁё«»]|Piramidka")


def not_english(texts) -> list[str]:
    return [t for t in texts if NOT_ENGLISH.search(t)]


def test_every_english_translation_of_the_desk_is_english():
    found = {path.name: not_english(load_ts(path).values())
             for path in sorted(resource_path("translations").glob("*_en.ts"))}
    assert {k: v for k, v in found.items() if v} == {}


def test_every_english_word_of_the_printed_protocols_is_english():
    from clubdesk.reports.strings import _S
    from clubdesk.services.protocol_names import GAME_NAMES

    assert not_english(en for _ru, en in _S.values()) == []
    assert not_english(en for _ru, en in GAME_NAMES.values()) == []


def en_dictionary(js: str) -> str:
    """The `en: { … }` block of a page's word list (const W = { ru: {…}, en: {…} }[LANG])."""
    start = js.index("\n  en: {") + len("\n  en: ")
    depth, quote, i = 0, None, start
    while True:
        c = js[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "\"'`":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return js[start:i + 1]
        i += 1


@pytest.mark.parametrize("page", ["app.js", "board.js", "mafia.js"])
def test_the_table_pages_english_dictionary_is_english(page):
    block = en_dictionary((ROOT / "resources/web" / page).read_text(encoding="utf-8"))
    texts = [a or b for a, b in re.findall(r'"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`', block)]
    assert len(texts) > 3 and not_english(texts) == []


def test_the_table_pages_english_refusals_are_english():
    from clubdesk.web.gate import WORDS

    assert not_english(en for _ru, en in WORDS.values()) == []


def _text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def test_every_english_message_given_beside_its_russian_one_is_english():
    """An error, a clause or a CLI line is given as (Russian, English) side by side: the English one has no Russian
    word (it said «needs Жук as the cue») and no «» quotes."""
    cyrillic = re.compile(r"[А-Яа-яЁё]")
    bad = []
    for path in sorted((ROOT / "clubdesk").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            items = node.args if isinstance(node, ast.Call) else node.elts if isinstance(node, ast.Tuple) else []
            texts = [_text(x) for x in items]
            for ru, en in zip(texts, texts[1:], strict=False):
                latin = en and len(re.findall(r"[A-Za-z]", en)) > len(cyrillic.findall(en))
                if ru and cyrillic.search(ru) and latin and NOT_ENGLISH.search(en):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {en}")
    assert bad == []


@pytest.mark.parametrize(("stored", "english"), [
    ("December Cup · этап 1 · раунд 2 · стол 3", "December Cup · stage 1 · round 2 · table 3"),
    ("Club night · игра 2 · стол 1", "Club night · game 2 · table 1"),
    ("Spring Pyramid · W1-2 · партия 3", "Spring Pyramid · W1-2 · game 3"),
    ("Стол 5 · судья Пётр Орлов", "Стол 5 · referee Пётр Орлов"),  # the table's and the referee's names: data
    ("Стол 5", "Стол 5"),
    ("Кубок · стол · игра", "Кубок · стол · игра"),  # typed, not ours: no number follows
])
def test_a_stored_game_title_reads_in_english_with_its_data_as_typed(stored, english):
    assert shown_title(stored, "en") == english
    assert shown_title(stored, "ru") == stored


def pdf_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_an_english_protocol_of_a_latin_club_prints_no_cyrillic(store, admin):
    """The referee and game titles in «Протоколы» and the evening's PDF said «судья», «игра», «стол», «этап»."""
    from clubdesk.services.club import Club
    from clubdesk.services.demo_pyramid import MATCH
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.matches import MatchService
    from clubdesk.services.players import PlayerData
    from clubdesk.services.protocol_list import ProtocolList
    from clubdesk.services.protocols import ProtocolService

    club = Club(store)
    club.accounts.create_account(admin, "orlov", "table-pass-1", ("referee",), "Peter Orlov")
    ids = [club.players.add(admin, PlayerData(f"Player{chr(65 + i)} Latin{chr(65 + i)}", f"Nick{chr(65 + i)}")).id
           for i in range(10)]
    svc = ProtocolService(store, club.games)
    # a Жук table of the «December Cup»
    from clubdesk.services.tournaments import TournamentService

    tournaments = TournamentService(store, club.games)
    tid = tournaments.create(admin, "December Cup", ids[:4])
    tournaments.draw_stage(admin, tid, seed=3)
    (table,) = tournaments.start_round(admin, tournaments.stages(tid)[0].rounds[0].id)
    # a Пирамидка match at «Table 5», refereed by Peter Orlov, played out
    matches = MatchService.of(club)
    match = matches.create(admin, ids[4], ids[5], table="Table 5", referee_login="orlov")
    for _who, facts in MATCH:
        matches.record_shot(admin, match, facts)
    # a Mafia game of the evening «Club night»
    evenings = EveningService(store, club.games, club.players)
    evening = evenings.create(admin, dt.date(2026, 12, 5), None, name="Club night").id
    mafia = evenings.start_game(admin, evening, 1, 1, ids)
    listed = {r.id: r.title for r in ProtocolList(store).list_documents("en")}
    assert listed[match] == "Table 5 · referee Peter Orlov"
    printed = {"Zhuk table": svc.game_pdf(table.game_id, "en"), "match": svc.game_pdf(match, "en"),
               "Mafia game": svc.game_pdf(mafia, "en"), "evening": svc.evening_pdf(evening, "en")}
    cyrillic = {what: sorted(set(re.findall(r"[А-Яа-яЁё]+", pdf_text(pdf)))) for what, pdf in printed.items()}
    assert {what: words for what, words in cyrillic.items() if words} == {}
    assert "game 1 · table 1" in pdf_text(printed["evening"])  # the game's title, in English

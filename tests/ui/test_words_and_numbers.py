"""Words and numbers the desk shows and prints (issue 38 item 9): the Russian decimal comma on every screen and paper
(the English point in English), the money unit B explained where a club first meets it and a Latin B in both
languages, one name for the best move's points on the evening and the season, every Mafia player named in full, the
Пирамидка table's 100 points with the control ball apart, one wording for the counted balls."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from clubdesk.decimals import decimal
from tests.reports.pdfcheck import text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise()")
ROOT = Path(__file__).resolve().parents[2]


def test_a_fraction_has_the_comma_in_russian_and_the_point_in_english():
    assert [decimal(v, "ru") for v in (1.5, -0.5, 0.0, 2.0, 1012.5)] == ["1,5", "−0,5", "0", "2", "1012,5"]
    assert [decimal(v, "en") for v in (1.5, -0.5, 0.0, 2.0, 1012.5)] == ["1.5", "−0.5", "0", "2", "1012.5"]


def test_the_room_display_the_host_panel_and_the_standings_write_points_with_a_comma(qtbot, club, demo_admin):
    """The demo evening's finished game: its winner with the best move has 1,3 (M-7)."""
    from clubdesk.ui.pages.mafia import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    games = page.games
    games.view.selectRow(0)                                   # the finished game
    display = games.open_game(display=True)
    panel = games.open_game(display=False)
    try:
        lines = [cell.line.text() for cell in display.cells]
        assert "1,3 очк." in lines and not any(re.search(r"\d\.\d", t) for t in lines), lines
        assert "1,3" in panel.result.text() and not re.search(r"\d\.\d", panel.result.text())
        model = page.standings.model
        cells = [model.index(r, c).data() for r in range(model.rowCount()) for c in range(model.columnCount())]
        assert "1,3" in cells and not any(re.fullmatch(r"−?\d+\.\d", str(c)) for c in cells)
    finally:
        display.close()
        panel.close()


def test_the_best_moves_points_have_one_name_on_the_evening_and_the_season():
    from clubdesk.services.evenings_standings import COLUMNS as EVENING
    from clubdesk.services.seasons import COLUMNS as SEASON

    evening, season = {c.key: c for c in EVENING}, {c.key: c for c in SEASON}
    for key in ("best_move", "extra"):
        assert (evening[key].ru, evening[key].en) == (season[key].ru, season[key].en)
    assert (evening["best_move"].ru, evening["extra"].ru) == ("Лучший ход", "Доп. баллы")


def test_a_mafia_protocol_names_every_player_by_the_full_name_and_the_nickname(store, admin):
    from clubdesk.services.protocols import ProtocolService
    from tests.reports.fill import NAMES, NICKS, add_evening, add_players

    f = add_players(store, admin)
    add_evening(store, admin, f)
    out = " ".join(text(ProtocolService(store, f.games).game_pdf(f.mafia_games[0])).split())
    for name, nick in zip(NAMES[:10], NICKS[:10], strict=True):
        assert f"{name} «{nick}»" in out, name
    assert "победа 1,0, лучший ход" in out and "−0,5" in out and "1.0" not in out


def test_the_pyramid_protocol_counts_the_100_points_and_says_zasschitano_as_the_window(store, admin):
    from clubdesk.services.protocols import ProtocolService
    from tests.reports.fill import add_match, add_players

    f = add_players(store, admin)
    match = add_match(store, admin, f)
    out = " ".join(text(ProtocolService(store, f.games).game_pdf(match)).split())
    assert "110 очков" not in out and "в пирамиде 100 очков" in out and "контрольный шар №10" in out
    assert "засчитано: №" in out and "засчитаны" not in out


def test_the_unit_b_is_explained_where_a_club_first_meets_it(qtbot, club, admin, store):
    from PySide6.QtWidgets import QLabel

    from clubdesk.services.tournaments import TournamentService
    from clubdesk.ui.zhuk.new_tournament import NewTournamentDialog
    from tests.reports.fill import add_players, add_tournament

    dialog = NewTournamentDialog(TournamentService(club.store, club.games), club.players, admin)
    qtbot.addWidget(dialog)
    assert any(w.text().startswith("B — «баги», игровая валюта «Жука»") for w in dialog.findChildren(QLabel))
    from clubdesk.services.protocols import ProtocolService

    f = add_players(store, admin)
    add_tournament(store, admin, f, seed=42, poor=None)
    svc = ProtocolService(store, f.games)
    for lang, words in (("ru", "B — «баги», игровая валюта «Жука»"), ("en", "B: bugs, the Zhuk game currency")):
        assert words in " ".join(text(svc.game_pdf(f.stage_games[0], lang)).split())


def test_the_money_unit_is_a_latin_b_in_every_string_of_both_languages():
    """A Cyrillic «В» after a number looks the same on screen and is another letter in a PDF's text and a search."""
    from clubdesk.reports.strings import _S as STRINGS
    from clubdesk.resources import resource_path
    from clubdesk.ui.i18n import load_all

    sys.path.insert(0, str(ROOT / "scripts"))
    from tr_strings import tr_strings

    english = load_all(sorted(resource_path("translations").glob("*_en.ts"))).values()
    paper = [s for pair in STRINGS.values() for s in pair]
    for s in [*tr_strings(ROOT / "clubdesk"), *english, *paper]:
        assert not re.search(r"(\d|\})\s?В\b", s), s           # В here is U+0412, the Cyrillic letter

"""A club ban in force keeps a player out of everything he could join: a Жук tournament's entry and its draws,
a Пирамидка match, a Mafia check-in — each refusal with the reason and the end date."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerBanned, PlayerData, PlayerService
from clubdesk.services.ratings import RatingService
from clubdesk.services.tournaments import TournamentService

UNTIL = dt.date.today() + dt.timedelta(days=40)


@pytest.fixture
def players(store):
    return PlayerService(store)


@pytest.fixture
def field(players, admin):
    return [players.add(admin, PlayerData(f"Игрок Номер{i:02d}")).id for i in range(7)]


def _ban(players, admin, pid):
    row = players.get(pid)
    players.update(admin, pid, row.as_data()._replace(banned=True, ban_reason="драка у стола", ban_until=UNTIL))


def _says_why(err) -> None:
    until = f"{UNTIL:%d.%m.%Y}"
    assert "драка у стола" in err.value.ru and until in err.value.ru
    assert "драка у стола" in err.value.en and until in err.value.en


def test_a_banned_player_is_not_entered_in_a_zhuk_tournament(store, players, admin, field):
    svc = TournamentService(store, GameService(store))
    _ban(players, admin, field[3])
    with pytest.raises(PlayerBanned) as err:
        svc.create(admin, "Кубок декабря", field)
    _says_why(err)
    assert svc.tournaments() == []


def test_a_player_banned_after_his_entry_is_not_drawn_nor_rated(store, players, admin, field):
    svc = TournamentService(store, GameService(store))
    tid = svc.create(admin, "Кубок декабря", field)
    _ban(players, admin, field[0])
    with pytest.raises(PlayerBanned) as err:
        svc.draw_stage(admin, tid, seed=123456789)
    _says_why(err)
    assert "Жеребьёвка не проведена" in err.value.ru
    assert svc.stages(tid) == []
    assert field[0] not in RatingService(store).ratings()


def test_a_banned_player_gets_no_pyramid_match(store, players, admin, field):
    svc = MatchService(store, GameService(store), players)
    _ban(players, admin, field[1])
    with pytest.raises(PlayerBanned) as err:
        svc.create(admin, field[0], field[1])
    _says_why(err)
    assert svc.list() == []


def test_a_banned_player_is_not_checked_in_to_a_mafia_evening(store, players, admin, field):
    svc = EveningService(store, GameService(store), players)
    evening = svc.create(admin, dt.date.today(), None)
    _ban(players, admin, field[2])
    with pytest.raises(PlayerBanned) as err:
        svc.check_in(admin, evening.id, field[2])
    _says_why(err)


def test_the_participant_picker_shows_the_ban_and_will_not_check_a_banned_player(qtbot, store, players, admin, field):
    from PySide6.QtCore import Qt

    from clubdesk.ui.models.tournament import ParticipantsModel

    _ban(players, admin, field[4])
    model = ParticipantsModel(players)
    row = next(i for i in range(model.rowCount()) if model._rows[i].id == field[4])
    assert model.data(model.index(row, 2)) == f"до {UNTIL:%d.%m.%Y}: драка у стола"
    assert not model.flags(model.index(row, 0)) & Qt.ItemFlag.ItemIsUserCheckable
    model.toggle(row)
    model.setData(model.index(row, 0), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert field[4] not in model.checked
    model.toggle(0 if row else 1)
    assert len(model.checked) == 1

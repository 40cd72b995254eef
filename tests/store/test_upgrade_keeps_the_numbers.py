"""An upgrade keeps what the desk shows: the club with its past (finished Жук rounds, Пирамидка matches, Mafia
evenings), taken down to every released revision by the migrations' own downgrades — the club as that schema held
it: before 0002 no cached states at all — and opened again, shows the same ratings, match scores and standings as
before. Issue 37: from 0001 every rating read 1000 and every score 0:0 until `clubdesk db rebuild`."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from clubdesk.store import db, migrate
from clubdesk.store.db import open_store
from tests.store.stores_by_revision import PAST


def _downgrade(path: Path, rev: str) -> None:
    """`path` down to `rev` in one transaction, foreign keys off as the upgrade has them (a batch rebuild of a
    filled table would trip them)."""
    from alembic import command
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA foreign_keys=OFF")
        return conn

    engine = create_engine("sqlite://", creator=connect, poolclass=NullPool)
    cfg = migrate.alembic_config()
    try:
        with engine.connect() as conn, conn.begin():
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, rev)
    finally:
        engine.dispose()


def numbers(path: Path) -> dict:
    """What the desk shows of the club's results: both ratings, every match score, every standings table."""
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.games import GameService
    from clubdesk.services.matches import MatchService
    from clubdesk.services.players import PlayerService
    from clubdesk.services.ratings import RatingService
    from clubdesk.services.tournaments import TournamentService
    from clubdesk.services.tournaments_standings import standings

    store = open_store(path)
    try:
        games, players, ratings = GameService(store), PlayerService(store), RatingService(store)
        tournaments, evenings = TournamentService(store, games), EveningService(store, games, players)
        return {
            "zhuk": ratings.ratings(),
            "pyramid": ratings.pyramid_ratings(),
            "scores": sorted((m.id, m.score, m.finished) for m in MatchService(store, games, players).list()),
            "tournaments": [standings(tournaments, t.id) for t in tournaments.tournaments()],
            "evenings": [evenings.standings(e.id) for e in evenings.list()],
        }
    finally:
        store.close()


@pytest.fixture(scope="module")
def club(tmp_path_factory, _history_file):
    """The club with its past at head, and its numbers (opened once: the copies below are of this file)."""
    path = tmp_path_factory.mktemp("numbers") / "club.sqlite"
    shutil.copyfile(_history_file, path)
    shown = numbers(path)
    assert any(r != 1000 for r in shown["zhuk"].values()) and shown["pyramid"]
    assert any(a or b for _id, (a, b), finished in shown["scores"] if finished)
    assert any(s.overall for s in shown["tournaments"]) and all(shown["evenings"])
    return path, shown


@pytest.mark.parametrize("rev", PAST)
def test_an_upgrade_from_every_released_revision_shows_the_same_ratings_scores_and_standings(club, rev, tmp_path):
    path, shown = club
    old = tmp_path / "club.sqlite"
    shutil.copyfile(path, old)
    _downgrade(old, rev)
    assert db.file_revision(old) == rev
    if rev < "0002":
        assert not sqlite3.connect(old).execute("SELECT 1 FROM sqlite_master WHERE name = 'projections'").fetchone()
    got = numbers(old)  # open_store upgrades it first
    assert db.file_revision(old) == migrate.HEAD
    if rev < "0003":  # no tournament entries before 0003: the overall table lists who entered, the stages who played
        got["tournaments"] = [t.stages for t in got["tournaments"]]
        shown = {**shown, "tournaments": [t.stages for t in shown["tournaments"]]}
    assert got == shown


def test_an_upgrade_replaces_a_cache_an_older_clubdesk_wrote_with_what_the_events_say(club, tmp_path):
    """A cached state in another shape (an older engine's) is not shown after the upgrade: every game is replayed."""
    path, shown = club
    old = tmp_path / "club.sqlite"
    shutil.copyfile(path, old)
    _downgrade(old, PAST[-1])
    with sqlite3.connect(old) as conn:
        conn.execute("UPDATE projections SET state_json = '{\"finished\": false}'")
    conn.close()
    assert numbers(old) == shown

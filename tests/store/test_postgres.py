"""The typed models also work on PostgreSQL (the hub's database)."""

from __future__ import annotations

import os
import uuid

import pytest
from sqlalchemy import create_engine, select, text

from clubdesk.store.models import Base, Event, Game, Player, canonical_json

PG_URL = os.environ.get("CLUBDESK_TEST_PG_URL")


@pytest.fixture
def pg_engine():
    if not PG_URL:
        if os.environ.get("CI"):
            pytest.fail("CLUBDESK_TEST_PG_URL is not set in CI: .ci/run must export it")
        pytest.skip("PostgreSQL tests need CLUBDESK_TEST_PG_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)")
    url = PG_URL.replace("postgresql://", "postgresql+psycopg://", 1)
    schema = f"t_{uuid.uuid4().hex[:12]}"
    engine = create_engine(url, connect_args={"options": f"-csearch_path={schema}"})
    with engine.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield engine
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@pytest.mark.pg
def test_models_create_and_round_trip_cyrillic_on_postgres(pg_engine):
    from sqlalchemy.orm import Session

    Base.metadata.create_all(pg_engine)
    with Session(pg_engine) as s:
        g = Game(game="zhuk", players_json=canonical_json(["P1"]))
        s.add_all([Player(name="Ёлкин Пётр", search_key="ёлкин пётр"), g])
        s.flush()
        s.add(Event(id=str(uuid.uuid4()), game_id=g.id, seq=1, type="shot", payload="{}", hlc=2**62, desk_id="d"))
        s.commit()
        assert s.scalar(select(Player.name)) == "Ёлкин Пётр"
        assert s.scalar(select(Event.hlc)) == 2**62  # HLC needs 64 bits

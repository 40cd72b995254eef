"""What must hold after every step of a club's evening, whatever part of the program the step went through.

Each check returns the breaches it found as lines (an empty list when all holds), so the evening can gather them
step by step and the failure names the step and the breach.
"""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from clubdesk.rules.zhuk import new_game, parse_event
from clubdesk.store.models import Game, GameTable
from tests.reports.pdfcheck import money

# --- Жук money: Z§5.4, Z§7, Z-15 ----------------------------------------------------------------------------


def table_money(games, game_id: str) -> tuple[int, int]:
    """(money at the table before its first shot, money at the table now): balances plus bank, from the stored
    record replayed by a fresh engine — the record is the truth, not the window."""
    rec = games.to_record(game_id)
    engine = new_game(rec["players"], rec["options"])
    start = None
    for obj in rec["events"]:
        if start is None and obj.get("type") == "shot":
            start = _money(engine)
        engine.apply(parse_event(obj))
    now = _money(engine)
    return (now if start is None else start), now


def _money(engine) -> int:
    state = engine.state()
    return sum(state["balances"].values()) + state["bank"]


def zhuk_money(tournaments, games, tournament_id: str) -> list[str]:
    """Z-15: a table's money (balances + bank) at the start of a round is what it held at the end of the round
    before in the same stage; a stage's money at its end (balances + banks not won) is what it started with."""
    breaches = []
    for stage in tournaments.stages(tournament_id):
        ended: dict[int, int] = {}          # table number → money at the end of the last round played
        first: int | None = None            # the stage's money at the start of its first round
        for rnd in stage.rounds:
            tables = tournaments.tables(rnd.id)
            if not tables:
                break
            money = {t.number: table_money(games, t.game_id) for t in tables}
            if first is None:
                first = sum(start for start, _ in money.values())
            for number, (start, _end) in money.items():
                if number in ended and ended[number] != start:
                    breaches.append(f"этап {stage.number}, раунд {rnd.number}, стол {number}: начал с {start}, "
                                    f"а раунд до него кончил с {ended[number]} (Z-15)")
            ended = {number: end for number, (_start, end) in money.items()}
            if tournaments.round_over(rnd.id) and rnd is stage.rounds[-1]:
                balances = tournaments.stage_balances(stage.id)
                if first is not None and sum(balances.values()) + _banks_not_won(games, tables) != first:
                    breaches.append(f"этап {stage.number}: в начале {first}, в конце балансы "
                                    f"{sum(balances.values())} и банки {_banks_not_won(games, tables)} (Z-15)")
    return breaches


def _banks_not_won(games, tables) -> int:
    return sum(games.state(t.game_id)["bank"] for t in tables)


def banks_not_won_printed(tournaments, texts: dict[str, str]) -> list[str]:
    """Z-15 on paper: every ended stage that left money in a table's bank prints it as the bank not won, table by
    table (`texts`: «tournament id/stage number» → the stage protocol's text)."""
    breaches = []
    for key, text in texts.items():
        if "/" not in key:
            continue
        tid, number = key.split("/")
        stage = next(s for s in tournaments.stages(tid) if s.number == int(number))
        if not tournaments.round_over(stage.rounds[-1].id):
            continue
        for table, bank in tournaments.stage_banks(stage.id).items():
            if bank and ("Банк не разыгран (Z-15)" not in text or f"стол {table} — {money(bank)} B" not in text):
                breaches.append(f"этап {number}: банк стола {table} ({bank} B) не напечатан как не разыгранный")
    return breaches


# --- one running game a table ---------------------------------------------------------------------------------


def running_games_per_table(store, games) -> list[str]:
    """A physical table runs one game at a time (evening3 item 2): a Mafia evening's table number, a Жук table
    number, a Пирамидка match's table as typed. Two unfinished games at one is a phantom."""
    with store.session_factory() as s:
        rows = s.execute(select(Game.id, Game.game, Game.table_name, Game.status, GameTable.number,
                                GameTable.evening_id)
                         .outerjoin(GameTable, GameTable.id == Game.table_id)).all()
    seats = Counter()
    for gid, game, table_name, status, number, evening_id in rows:
        if status != "running" or _over(games.state(gid)):
            continue
        where = f"стол {number}" + (f" вечера {evening_id[:8]}" if evening_id else "") if number else table_name
        if where:
            seats[(game, where)] += 1
    return [f"{game} · {where}: идут {n} игры сразу" for (game, where), n in seats.items() if n > 1]


def _over(state: dict) -> bool:
    return bool(state.get("finished")) or state.get("phase") == "finished" or bool(state.get("cancelled"))


# --- what is counted and printed is what was played -------------------------------------------------------------


def protocols_list_only_played(protocols, played: set[str]) -> list[str]:
    """Every game on «Протоколы» is one the evening played to a result, and every such game is there."""
    listed = {row.id for row in protocols.list_documents() if row.kind == "game"}
    breaches = [f"в «Протоколах» игра {gid}, которой не было" for gid in sorted(listed - played)]
    breaches += [f"сыгранной игры {gid} нет в «Протоколах»" for gid in sorted(played - listed)]
    return breaches


# --- Mafia secrets: the README (roles only while R is held), M-16 -------------------------------------------


def desk_shows_no_secret(state: dict, public: set[str] = frozenset(), game_windows=()) -> list[str]:
    """No window of the desk tells a role, a check's answer or a 5.5 clause while no host holds «Роли —
    удерживать» or R. The game's own windows (`game_windows`: its host panel, its room display) are walked whole by
    tests/ui/secrets.py (texts, tooltips, lists of seats — their order, membership and colours); every other
    visible window is read for what its texts say (its lists are of games and players, not seats). `public`: what
    the desk showed before the deal (`desk_texts`) — a page titled «Мафия», an evening named «… мафия»."""
    from PySide6.QtWidgets import QApplication

    from tests.secrets import text_tells
    from tests.ui.secrets import surface, told

    if not state.get("roles"):
        return []
    over = state.get("step") == "finished"
    where = f"(шаг {state.get('step')}, день {state.get('day')})"
    breaches = []
    for top in QApplication.topLevelWidgets():
        if not top.isVisible():
            continue
        title = top.windowTitle() or type(top).__name__
        if any(top is w for w in game_windows):
            breaches += [f"{title}: {line} {where}" for line in told(top, state, public)]
            continue
        breaches += [f"{title}: {seen.path} {seen.value!r}: {why} {where}" for seen in surface(top)
                     if seen.kind not in ("colour", "foreground", "background", "geometry")
                     for why in text_tells(seen.value, over, public)]
    return breaches


def desk_texts() -> set[str]:
    """Every text the desk's visible windows show now: taken before a deal, they are what tells no role."""
    from PySide6.QtWidgets import QApplication

    from tests.ui.secrets import surface

    return {seen.value for top in QApplication.topLevelWidgets() if top.isVisible() for seen in surface(top)}


def frames_tell_nothing(frames: list[str]) -> list[str]:
    """No frame of a public live stream (a phone not the host's, the hall TV) tells a role, an answer or a 5.5
    clause before the game is over (M-16)."""
    import json

    from tests.secrets import json_tells

    breaches = []
    for raw in frames:
        frame = json.loads(raw)
        over = frame.get("step") == "finished" or frame.get("phase") == "finished"
        breaches += [f"кадр трансляции: {line}" for line in json_tells(frame, finished=over)]
    return breaches


# --- the windows open are the windows shown (issue 36) ----------------------------------------------------------


def closed_game_windows_freed() -> list[str]:
    """No game window closed during the evening lingers hidden: a table's, a match's, a host panel, a room display
    — each is deleted when closed (Qt's deferred deletes run first, as the event loop would run them)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from clubdesk.ui.mafia.display import PublicDisplay
    from clubdesk.ui.mafia.host_panel import HostPanel
    from clubdesk.ui.pyramid.match_window import MatchWindow
    from clubdesk.ui.zhuk.scoring import ZhukTableWindow

    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    kinds = (ZhukTableWindow, MatchWindow, HostPanel, PublicDisplay)
    return [f"закрытое окно {type(w).__name__} «{w.windowTitle()}» не удалено"
            for w in QApplication.topLevelWidgets() if isinstance(w, kinds) and not w.isVisible()]

"""What must hold after every step of a club's evening, whatever part of the program the step went through.

Each check returns the breaches it found as lines (an empty list when all holds), so the evening can gather them
step by step and the failure names the step and the breach.
"""

from __future__ import annotations

import re
from collections import Counter

from sqlalchemy import select

from clubdesk.rules.zhuk import new_game, parse_event
from clubdesk.store.models import Game, GameTable

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


# --- Mafia secrets on the desk's screens: the README, M-16 ------------------------------------------------------

# What tells a role: a check's answer, a check's outcome in the host's notes, a role's name on a seat's card.
SECRET_TEXT = re.compile(r"ответ\s*:|проверил\s+\d+\s*:|answer\s*:|checked\s+\d+\s*:", re.IGNORECASE)
ROLE_NAMES = {"мирный", "шериф", "мафия", "дон", "civilian", "sheriff", "mafia", "don"}  # as a card names a role


def desk_shows_no_secret(state: dict) -> list[str]:
    """No window of the desk shows a role or a check's answer while no host holds «Роли — удерживать» or R:
    every visible widget's text and tooltip, every visible item view's cells (display and tooltip) are read."""
    from PySide6.QtWidgets import QApplication

    if state.get("step") == "finished":
        return []
    breaches = []
    for top in QApplication.topLevelWidgets():
        if not top.isVisible():
            continue
        for where, text in shown_texts(top):
            if SECRET_TEXT.search(text) or text.strip() in ROLE_NAMES:
                breaches.append(f"«{text}» на виду ({where}, шаг {state.get('step')}, день {state.get('day')})")
    return breaches


def shown_texts(top):
    """(widget class, text) of everything a person at the desk can read in `top`: labels, buttons, fields, combo
    items, tooltips, and the cells of item views."""
    from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QComboBox, QLabel, QLineEdit, QWidget

    for w in [top, *top.findChildren(QWidget)]:
        if not w.isVisibleTo(top) and w is not top:
            continue
        name = type(w).__name__
        if w.toolTip():
            yield name, w.toolTip()
        if isinstance(w, QLabel | QAbstractButton | QLineEdit):
            yield name, w.text()
        elif isinstance(w, QComboBox):
            yield from ((name, w.itemText(i)) for i in range(w.count()))
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            yield from ((name, value) for value in _cells(w.model(), w.rootIndex()))


def _cells(model, root):
    from PySide6.QtCore import Qt

    for r in range(min(model.rowCount(root), 200)):
        c = 0
        while model.index(r, c, root).isValid():   # a list model's columnCount is private in PySide6
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.index(r, c, root).data(role)
                if isinstance(value, str) and value:
                    yield value
            c += 1

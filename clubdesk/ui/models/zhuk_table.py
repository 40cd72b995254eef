"""Table models of one Жук table: the players in turn order with balances, and the shot log."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from clubdesk.rules.zhuk import new_game, parse_event
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import RowTableModel

Index = QModelIndex | QPersistentModelIndex
TURN, PLAYER, BALANCE, RATING = range(4)
NEGATIVE = QColor("#b3261e")


def money(amount: int) -> str:
    """B with thin-space thousands, as on the club's boards: 10 000."""
    return f"{amount:,}".replace(",", "\u202f").replace("-", "−")


class ZhukPlayersModel(RowTableModel):
    """One row per seat in the current turn order; the player to move is bold."""

    def headers(self) -> list[str]:
        return [tr("Ход"), tr("Игрок"), tr("Баланс, B"), tr("Рейтинг ±")]

    def __init__(self, names: dict[str, str], parent=None) -> None:
        super().__init__(parent)
        self._names = names
        self._state: dict = {"order": [], "balances": {}, "rating_delta": {}, "to_move": None}

    def set_state(self, state: dict) -> None:
        if state["order"] != self._state["order"]:
            self.beginResetModel()
            self._state, self._rows = state, list(state["order"])
            self.endResetModel()
        else:
            self._state = state
            if self.rowCount():
                self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 3))

    def balance(self, row: int) -> int:
        return self._state["balances"][self._state["order"][row]]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return None
        pid = self._state["order"][index.row()]
        col = index.column()
        moving = pid == self._state["to_move"] and not self._state.get("finished")
        if role == Qt.ItemDataRole.DisplayRole:
            if col == TURN:
                return "▶" if moving else str(index.row() + 1)
            if col == PLAYER:
                return self._names.get(pid, pid)
            if col == BALANCE:
                return money(self._state["balances"][pid])
            delta = self._state["rating_delta"].get(pid, 0)
            return f"{delta:+g}" if delta else "0"
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (TURN, BALANCE, RATING):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter) if col != TURN \
                else int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and moving:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and col == BALANCE and self._state["balances"][pid] <= 0:
            return QBrush(NEGATIVE)
        if role == Qt.ItemDataRole.UserRole:
            return pid
        return None


def describe(event: dict, names: dict[str, str]) -> str:
    """A short Russian/English line for one event of the log."""
    if event["type"] == "round_end":
        return tr("Время вышло — раунд окончен")
    who = names.get(event.get("player"), event.get("player", ""))
    if event["type"] == "rerack":
        return tr("{who}: новая пирамида").format(who=who)
    labels = {("std", True): tr("шар"), ("std", False): tr("шар случайно"), ("zhuk", True): tr("Жук"),
              ("zhuk", False): tr("Жук случайно"), ("main", True): tr("свояк"), ("main", False): tr("биток упал")}
    parts = [labels[(p["ball"], p["legal"])] for p in event.get("potted", [])] or [tr("мимо")]
    if event.get("cue") == "zhuk":
        parts.insert(0, tr("Жуком:"))
    if event.get("zhuk_attempt"):
        parts.append(tr("по Жуку"))
    if event.get("rebound"):
        parts.append(tr("отыгрыш"))
    if event.get("zhuk_off_main"):
        parts.append(tr("Жук от основного битка"))
    parts += [foul_label(f) for f in event.get("fouls", [])]
    parts += [left_label(b) for b in event.get("left_table", [])]
    return f"{who}: " + ", ".join(parts)


def left_label(ball: str) -> str:
    """A ball that left the table (replay.md `left_table`)."""
    return {"std": tr("за борт: шар"), "zhuk": tr("за борт: Жук"), "main": tr("за борт: биток")}.get(ball, ball)


def foul_label(foul: str) -> str:
    return {"miss": tr("фол: не попал в шар"), "touch": tr("фол: касание"), "off_table": tr("фол: шар за борт"),
            "double_hit": tr("фол: двойной удар"), "push": tr("фол: толчок"),
            "rebound": tr("фол: отскок")}.get(foul, foul)


def _log_row(number: int, event: dict, names: dict[str, str], got: int, penalty: int, bank_taken: int) -> tuple:
    """One log row: number, the shot described, the money it moved and what it took from the bank."""
    money_text = f"+{money(got)}" if got else ""
    if penalty:
        money_text = f"−{money(penalty)} " + tr("в банк")
    bank_text = tr("из банка {amount}").format(amount=money(bank_taken)) if bank_taken else ""
    return (number, describe(event, names), money_text, bank_text)


class ZhukLogModel(RowTableModel):
    """The shots that count, newest first, with what each one moved (payments, penalty, bank).

    Built once from the record by replay; then it follows the game one event at a time (`follow`): a recorded
    event inserts one row at the top from the engine's account of that shot, an undo removes the top row.
    """

    def headers(self) -> list[str]:
        return ["№", tr("Удар"), tr("Деньги, B"), tr("Банк")]

    def __init__(self, names: dict[str, str], parent=None) -> None:
        super().__init__(parent)
        self._names = names
        self._rows: list[tuple[int, str, str, str]] = []
        self._events: list[dict] = []  # the events shown, oldest first (the service's own dicts)
        self.end_text = ""  # the round_end row when the round was ended by hand (who, when); "" — time was up

    def _row(self, number: int, event: dict, got: int, penalty: int, bank_taken: int) -> tuple:
        row = _log_row(number, event, self._names, got, penalty, bank_taken)
        if event["type"] == "round_end" and self.end_text:
            row = (row[0], self.end_text, *row[2:])
        return row

    def set_record(self, record: dict) -> None:
        """Rebuild from the game record by replaying it."""
        engine = new_game(record["players"], record["options"])
        rows = []
        for i, obj in enumerate(record["events"], start=1):
            engine.apply(parse_event(obj))
            last = engine.last
            if last is None:
                rows.append(self._row(i, obj, 0, 0, 0))
            else:
                got = sum(m for _a, _b, m in last.payments)
                rows.append(self._row(i, obj, got, last.penalty, last.bank_taken))
        self._events = list(record["events"])
        self.set_rows(rows[::-1])

    def follow(self, events: list[dict], last_shot: dict | None) -> bool:
        """Catch up with `events` (the game's counted events, oldest first) when they differ from the shown ones
        by one event recorded — `last_shot` is the state's account of it — or one undone. False: rebuild."""
        shown = self._events
        n = len(events)
        if n == len(shown) + 1 and (not shown or events[-2] is shown[-1]):
            if last_shot is None:
                row = self._row(n, events[-1], 0, 0, 0)
            else:
                row = self._row(n, events[-1], sum(p["amount"] for p in last_shot["payments"]),
                                last_shot["penalty"], last_shot["bank_taken"])
            self.beginInsertRows(QModelIndex(), 0, 0)
            self._rows.insert(0, row)
            shown.append(events[-1])
            self.endInsertRows()
            return True
        if n == len(shown) - 1 and (not events or events[-1] is shown[-2]):
            self.beginRemoveRows(QModelIndex(), 0, 0)
            self._rows.pop(0)
            shown.pop()
            self.endRemoveRows()
            return True
        return n == len(shown) and (not events or events[-1] is shown[-1])

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return str(self._rows[index.row()][index.column()])
        return None

"""What the table page reads and writes, in the services' terms; every method runs on the one thread that owns
the club's services (clubdesk/web/dispatch.py): the GUI thread in the desk, a worker thread in `clubdesk serve`.

A tap is refused — nothing stored, one line in the page's language — when the session may not write (role, the
game's scope), when the page showed an older log than the stored one (a second tablet on the table, or the desk,
recorded meanwhile: `seq` says which log the tap was made on), or when the engine refuses it (the clause).
"""

from __future__ import annotations

from collections.abc import Callable

from clubdesk.errors import KnownError, PermissionDenied, SeqClash, ValidationError
from clubdesk.names import board_name
from clubdesk.roles import Actor
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.scopes import check_scope, in_scope
from clubdesk.services.tournaments import TournamentService
from clubdesk.services.zhuk_keys import ShotDraft as ZhukDraft
from clubdesk.store.models import Game, Player
from clubdesk.web import mafia

LOG_LINES = 8
ZHUK_KEYS = frozenset("1234567890") | {f"F{i}" for i in range(1, 11)}
PYRAMID_FIELDS = ("call", "potted", "off_table", "touched_control", "trick", "foul", "centre_blocked")
KINDS = {"zhuk": "zhuk", "pyramid100": "pyramid", "mafia": "mafia"}
# Who may write from the page, by kind (the services check again): a referee scores billiards, a host runs Mafia.
WRITERS = {"zhuk": ("referee", "desk"), "pyramid": ("referee", "desk"), "mafia": mafia.HOSTS}


def _shown_names(ids: list[str], names: dict[str, tuple[str, str]]) -> dict[str, str]:
    """Board names (the nickname, else «Фамилия И.») fit a phone; two alike at one table get their full names."""
    boards = [names[p][1] for p in ids]
    return {p: names[p][1] if boards.count(names[p][1]) == 1 else names[p][0] for p in ids}


class Stale(KnownError):
    """The tap was made on an older log than the stored one; the page shows the log as stored."""

    code = "stale"


class TableDesk:
    def __init__(self, club, notify: Callable[[str], None] | None = None) -> None:
        self.club = club
        self.store = club.store
        self.games: GameService = club.games
        self.matches = MatchService.of(club)
        self.tournaments = TournamentService(club.store, club.games)
        self.notify = notify or (lambda _gid: None)  # the desk's windows: an event of this game was stored
        self._names: dict[str, tuple[str, str]] = {}  # player id → (name, board name)
        self._views: dict[str, tuple[int, dict]] = {}  # game id → (seq, view): ten tablets read one picture

    # ---- reading ------------------------------------------------------------------------------
    def names(self, ids) -> dict[str, tuple[str, str]]:
        missing = [i for i in ids if i not in self._names]
        if missing:
            from sqlalchemy import select
            with self.store.session_factory() as s:
                for pid, name, nick in s.execute(select(Player.id, Player.name, Player.nickname)
                                                 .where(Player.id.in_(missing))):
                    self._names[pid] = (name, board_name(name, nick))
        return {i: self._names.get(i, ("?", "?")) for i in ids}

    def running(self, actor: Actor | None = None, name: str = "") -> list[dict]:
        """The running Жук tables and Пирамидка matches; `mine` says whether the account may score each."""
        out = []
        referees = self._referees()
        for t in self.tournaments.running_tables():
            names = self.names(t.players)
            out.append({"id": t.game_id, "kind": "zhuk", "title": f"#{t.number}", "table": t.number,
                        "players": [names[p][1] for p in t.players], "referee": referees.get(t.game_id, ""),
                        "mine": self._mine(actor, name, "zhuk", referees.get(t.game_id, ""))})
        for m in self.matches.list("running"):
            names = self.names(m.players)
            out.append({"id": m.id, "kind": "pyramid", "title": m.table, "table": m.table,
                        "players": [names[p][1] for p in m.players], "score": list(m.score), "referee": m.referee_name,
                        "mine": self._mine(actor, name, "pyramid", m.referee)})
        return out + mafia.running(self.store, self.games, self.names, actor, name)

    @staticmethod
    def _mine(actor: Actor | None, name: str, kind: str, referee: str) -> bool:
        """May this account write to the game from the page: its role (a host does not score billiards) and scope."""
        return actor is None or (actor.has(*WRITERS[kind]) and in_scope(actor, name, referee))

    def _referees(self) -> dict[str, str]:
        return dict(self.store.read("SELECT id, referee FROM games WHERE status = 'running' AND referee != ''"))

    def view(self, game_id: str, catch_up: bool = True) -> dict:
        """The page's picture of one game: the score on top, whose turn, what may be tapped, the last events.
        `catch_up`: first look for events another process stored (one read); a stream woken by a write made
        through these services knows there are none."""
        if game_id not in self._views:
            self._kind(game_id)  # an id no game has: the page's one line, never the services' KeyError (a 500)
        if catch_up:
            self.games.catch_up(game_id)
        seq = self.games.seq(game_id)
        cached = self._views.get(game_id)
        if cached is not None and cached[0] == seq:
            return cached[1]
        kind = self._kind(game_id)
        record_players = [p["id"] if isinstance(p, dict) else p for p in self._players(game_id)]
        names = self.names(record_players)
        if kind == "mafia":  # a whitelist of its own: no role may reach a screen (web/mafia.py)
            shown = _shown_names(record_players, names)
            finished = self.games.state(game_id)["step"] == "finished"
            base = {"id": game_id, "kind": kind, "seq": seq, "finished": finished,
                    "read_only": self.games.read_only_reason(game_id) or "",
                    **mafia.view(self.games, game_id, [shown[p] for p in record_players])}
            self._views[game_id] = (seq, base)
            return base
        state = self.games.state(game_id)
        events = self.games.events(game_id)
        base = {"id": game_id, "kind": kind, "seq": self.games.seq(game_id), "finished": bool(state.get("finished")),
                "to_move": state.get("to_move"), "log": events[-LOG_LINES:], "count": len(events),
                "names": _shown_names(record_players, names),
                "finished_text": "",
                "read_only": self.games.read_only_reason(game_id) or ""}
        if kind == "pyramid":
            engine = self.games.engine(game_id)
            base |= {"players": record_players, "score": state["score"], "debts": state["debts"],
                     "shelves": state["shelves"], "table": state["table"], "control_spot": state.get("control_spot"),
                     "in_hand": state.get("in_hand"), "winner": state.get("winner"), "last_shot": state.get("last_shot"),
                     "trick_possible": bool(engine.trick_possible()), "touch_allowed": bool(engine.touch_allowed()),
                     "table_name": self._game_field(game_id, "table_name")}
        else:
            base |= {"players": state["order"], "balances": state["balances"], "bank": state["bank"],
                     "balls": state["balls"], "rack": state["rack"], "nominal": state["nominal"],
                     "zhuk_cue_allowed": state["zhuk_cue_allowed"], "in_hand": state["in_hand"],
                     "last_shot": state.get("last_shot")}
        self._views[game_id] = (seq, base)
        return base

    def _game_field(self, game_id: str, column: str) -> str:
        assert column in ("table_name", "referee", "game")
        rows = self.store.read(f"SELECT {column} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise ValidationError("game", "Игра не найдена.", "Game not found.")
        return rows[0][0]

    def _kind(self, game_id: str) -> str:
        kind = KINDS.get(self._game_field(game_id, "game"))
        if kind is None:
            raise ValidationError("game", "Эту игру со страницы стола не ведут.", "This game is not scored from the table page.")
        return kind

    def _players(self, game_id: str) -> list:
        with self.store.session_factory() as s:
            return s.get(Game, game_id).players

    # ---- writing ------------------------------------------------------------------------------
    def _check(self, actor: Actor, name: str, game_id: str, seq: object) -> str:
        kind = self._kind(game_id)
        mafia_game = kind == "mafia"
        if not actor.has(*WRITERS[kind]):
            raise PermissionDenied(*(mafia.NEEDS_HOST if mafia_game else (
                "Недостаточно прав: нужна роль «судья».", "Not allowed: needs the role 'referee'.")))
        check_scope(self.store, actor, game_id, name)
        self.games.catch_up(game_id)
        if type(seq) is not int or seq != self.games.seq(game_id):
            raise Stale(*(mafia.STALE if mafia_game else (
                "Не записано: за этим столом уже записали другой удар (другой планшет или стойка). "
                "Счёт обновлён — проверьте и введите удар снова.",
                "Not recorded: another shot was recorded at this table meanwhile (another tablet or the "
                "desk). The score is updated — check it and enter the shot again.")))
        return kind

    def shot(self, actor: Actor, name: str, game_id: str, body: dict) -> dict:
        """One tapped shot: Жук as the desk's keys (`keys`), Пирамидка as the shot's facts; then the new view."""
        kind = self._check(actor, name, game_id, body.get("seq"))
        state = self.games.state(game_id)
        if kind == "mafia":
            raise ValidationError("shot", "В Мафии нет ударов.", "A Mafia game has no shots.")
        if kind == "zhuk":
            keys = body.get("keys")
            # a list or an object among the keys is no key either (it is no set member: a TypeError, a 500)
            if not isinstance(keys, list) or len(keys) > 40 or not all(type(k) is str and k in ZHUK_KEYS for k in keys):
                raise ValidationError("keys", "Удар не понят: неизвестные кнопки.", "The shot was not understood.")
            draft = ZhukDraft()
            for k in keys:
                draft.press(k)
            obj = draft.event(state["to_move"], state["balls"]["std"])
            self._write(game_id, lambda: self.games.record(actor, game_id, obj))
        else:
            facts = body.get("shot")
            if not isinstance(facts, dict) or not set(facts) <= set(PYRAMID_FIELDS):
                raise ValidationError("shot", "Удар не понят.", "The shot was not understood.")
            self._write(game_id, lambda: self.matches.record_shot(actor, game_id, dict(facts)))
        return self.view(game_id, catch_up=False)

    def act(self, actor: Actor, name: str, game_id: str, body: dict) -> dict:
        """One action of a Mafia host's phone (web/mafia.py spells it as the desk's host panel would); the new view."""
        if self._check(actor, name, game_id, body.get("seq")) != "mafia":
            raise ValidationError("event", "Это не игра в Мафию.", "This is not a Mafia game.")
        obj = mafia.event_of(self.games.state(game_id), body.get("event"))
        self._write(game_id, lambda: self.games.record(actor, game_id, obj))
        return self.view(game_id, catch_up=False)

    def roles(self, actor: Actor, name: str, game_id: str) -> dict:
        if self._kind(game_id) != "mafia":
            raise ValidationError("game", "Это не игра в Мафию.", "This is not a Mafia game.")
        self.games.catch_up(game_id)
        return mafia.roles(self.store, self.games, actor, name, game_id)

    def undo(self, actor: Actor, name: str, game_id: str, body: dict) -> dict:
        self._check(actor, name, game_id, body.get("seq"))
        self._write(game_id, lambda: self.games.undo(actor, game_id, ""))
        return self.view(game_id, catch_up=False)

    def _write(self, game_id: str, action: Callable[[], object]) -> None:
        try:
            action()
        except SeqClash:
            self.notify(game_id)
            raise
        self.notify(game_id)

    def board(self) -> dict:
        """The hall scoreboard (read-only, public): board names and the score of every running table, and whose turn
        it is. No id, no role, no phone, no note: what the room may see."""
        out = []
        for t in self.tournaments.running_tables():
            state = self.games.state(t.game_id)
            names = _shown_names(state["order"], self.names(state["order"]))
            out.append({"kind": "zhuk", "table": t.number, "bank": state["bank"],
                        "rows": [[names[p], state["balances"][p], p == state["to_move"]] for p in state["order"]]})
        for m in self.matches.list("running"):
            names = _shown_names(list(m.players), self.names(m.players))
            out.append({"kind": "pyramid", "table": m.table,
                        "rows": [[names[p], m.score[i], p == m.to_move] for i, p in enumerate(m.players)]})
        return {"tables": out}

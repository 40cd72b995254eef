"""Game branches in words, for the Sync page, the archived-branches window and `clubdesk sync conflicts`.

A branch is read from `conflicts` by `sync.resolutions.branches` (one per game and desk, not one per event), a
game with branches by `game_conflicts` (one decision: which line continues it); here they get what the
administrator decides by: the game's name, the desk's name, how many events from which
seq and time, and its events in the words the game windows use (`zhuk_table.describe`, `pyramid.text.describe`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass

from clubdesk.sync.resolutions import Branch, GameConflict, branches, decided_at_ms, game_conflicts
from clubdesk.ui.i18n import tr


@dataclass(frozen=True)
class BranchView:
    branch: Branch
    game: str  # the game's kind: zhuk | pyramid100 | mafia | pyramid100_bracket
    title: str  # the game in words: its title (tournament, round, table) or its kind and id
    desk: str  # the desk that recorded the branch (a line: whose events end it), by name when this desk knows it
    names: dict  # player id → name, for the events' words
    decided_ms: int | None = None  # archived branches: when the decision that set it aside was made
    desk_names: dict | None = None  # desk id → name, for a line several desks recorded

    def desk_of(self, event: dict) -> str:
        return (self.desk_names or {}).get(event.get("desk_id")) or (event.get("desk_id") or "")[:8]

    def others_part(self) -> str:
        """A line one desk took over from another: «№2–3 записала стойка hall» for each earlier desk's run."""
        runs: list[list[dict]] = []
        for e in self.branch.events:
            if runs and runs[-1][0].get("desk_id") == e.get("desk_id"):
                runs[-1].append(e)
            else:
                runs.append([e])
        parts = []
        for run in runs[:-1] if len(runs) > 1 else []:
            first, last = run[0]["seq"], run[-1]["seq"]
            seqs = tr("№{seq}").format(seq=first) if first == last else tr("№{first}–{last}").format(first=first,
                                                                                                     last=last)
            parts.append(tr("{seqs} записала стойка {desk}").format(seqs=seqs, desk=self.desk_of(run[0])))
        return "; ".join(parts)

    @property
    def count(self) -> int:
        return len(self.branch.events)

    def words(self, event: dict) -> str:
        return event_words(self.game, event, self.names)

    def since(self) -> str:
        return when(self.branch.first.get("recorded_at"))

    def span(self) -> str:
        """«событий: 5, №15–19, с 03.12.2026 17:41»."""
        first, last = self.branch.first["seq"], self.branch.last["seq"]
        seqs = tr("№{seq}").format(seq=first) if first == last else tr("№{first}–{last}").format(first=first,
                                                                                                 last=last)
        return tr("событий: {n}, {seqs}, с {time}").format(n=self.count, seqs=seqs, time=self.since())

    def first_and_last(self) -> str:
        if self.count == 1:
            return tr("событие: «{words}»").format(words=self.words(self.branch.first))
        return tr("первое: «{first}», последнее: «{last}»").format(first=self.words(self.branch.first),
                                                               last=self.words(self.branch.last))

    def label(self) -> str:
        """Whose line this is: «так игра ведётся здесь (стойка front)» or «ветка стойки hall»."""
        if self.branch.here:
            return tr("так игра ведётся здесь (стойка {desk})").format(desk=self.desk)
        return tr("ветка стойки {desk}").format(desk=self.desk)

    def choice_text(self) -> str:
        """One line of a game's choice: whose, how long, from when, which earlier desk's events it continues."""
        others = self.others_part()
        return f"{self.label()} — {self.span()}" + (f" ({others})" if others else "")

    def summary(self) -> str:
        """The branch's line in the conflicts list: whose branch, how long, from when (first line), its first and
        last event (second line)."""
        return tr("ветка стойки {desk} — {span}").format(desk=self.desk, span=self.span()) + "\n" + \
            self.first_and_last()


def _games_and_names(store, game_ids: list[str]) -> tuple[dict[str, tuple[str, str, str]], dict[str, str]]:
    """The games' (kind, title, table) by id, and every player's name by id: what a branch is told in words with."""
    games = {gid: (kind, title, table) for gid, kind, title, table in store.read(
        f"SELECT id, game, title, table_name FROM games WHERE id IN ({', '.join('?' * len(game_ids))})",
        tuple(game_ids))}
    return games, dict(store.read("SELECT id, name FROM players"))


def load_branch_views(store, *, archived: bool = False, desk_names: dict[str, str] | None = None) -> list[BranchView]:
    """The open (or archived) branches of this desk's store, each with what it needs to be told in words."""
    found = branches(store.read, archived=archived)
    if not found:
        return []
    games, names = _games_and_names(store, [b.game_id for b in found])
    desk_names = desk_names if desk_names is not None else {}
    out = []
    for b in found:
        kind, title, table = games.get(b.game_id, ("", "", ""))
        decided = (b.decided_ms if b.decided_ms is not None else decided_at_ms(store.read, b.game_id)) \
            if archived else None
        out.append(BranchView(b, kind, game_title(kind, title, table, b.game_id),
                              desk_names.get(b.desk_id) or b.desk_id[:8], names, decided, desk_names))
    return out


@dataclass(frozen=True)
class GameChoiceView:
    """A game with branches, as the administrator decides it: which line continues it."""

    conflict: GameConflict
    title: str
    choices: tuple[BranchView, ...]  # the line held here first, then the branches aside that can continue it
    stuck: tuple[BranchView, ...]  # branches aside that cannot (a hole before them): they are set aside

    @property
    def game_id(self) -> str:
        return self.conflict.game_id

    def question(self) -> str:
        return tr("С события №{fork} записи расходятся — продолжить игру может только одна линия:").format(
            fork=self.conflict.fork)

    @staticmethod
    def stuck_text(view: BranchView) -> str:
        return tr("{label} (не может продолжить игру: нет событий перед ней)").format(label=view.choice_text())

    def summary(self) -> str:
        """The game's line in the conflicts list: the question, then each choice (whose, how long, from when) with
        its first and last event in words."""
        lines = [self.question()]
        for v in self.choices:
            lines += [v.choice_text(), "    " + v.first_and_last()]
        lines += [self.stuck_text(v) for v in self.stuck]
        return "\n".join(lines)


def load_game_choices(store, desk_names: dict[str, str] | None = None) -> list[GameChoiceView]:
    """The games with open branches of this desk's store, each with its choices in words."""
    found = game_conflicts(store.read)
    if not found:
        return []
    games, names = _games_and_names(store, [g.game_id for g in found])
    desk_names = desk_names if desk_names is not None else {}
    out = []
    for g in found:
        kind, title, table = games.get(g.game_id, ("", "", ""))
        name = game_title(kind, title, table, g.game_id)

        def view(b: Branch, kind=kind, name=name) -> BranchView:
            return BranchView(b, kind, name, desk_names.get(b.desk_id) or b.desk_id[:8], names, None, desk_names)

        choices = g.choices
        out.append(GameChoiceView(g, name, tuple(map(view, choices)),
                                  tuple(view(b) for b in g.aside if b not in choices)))
    return out


def game_kind_text(kind: str) -> str:
    return {"zhuk": tr("Жук"), "pyramid100": tr("Пирамидка"), "mafia": tr("Мафия"),
            "pyramid100_bracket": tr("турнир по Пирамидке")}.get(kind, kind)


def game_title(kind: str, title: str, table: str, game_id: str) -> str:
    """A game as people name it: its kind, then its title (which names the tournament or evening and the table)
    or, without one, its table and the first characters of its id."""
    if title:
        return " · ".join(p for p in (game_kind_text(kind), title, table if table not in title else "") if p)
    return " · ".join(p for p in (game_kind_text(kind), table, tr("игра {id}").format(id=game_id[:8])) if p)


def when(stamp: str | None) -> str:
    """An ISO UTC time as this machine's local «03.12.2026 17:41»."""
    if not stamp:
        return "?"
    try:
        moment = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return moment.astimezone().strftime("%d.%m.%Y %H:%M")


def when_ms(ms: int | None) -> str:
    if ms is None:
        return "?"
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).astimezone().strftime("%d.%m.%Y %H:%M")


def event_words(game: str, event: dict, names: dict[str, str]) -> str:
    """One archived event in the words of its game's window; an event of a kind not known here says its type."""
    try:
        obj = json.loads(event.get("payload") or "{}")
    except ValueError:
        obj = {}
    typ = event.get("type") or obj.get("type", "?")
    if typ == "void":
        return tr("отмена события №{seq}").format(seq=obj.get("target_seq", "?"))
    try:
        if game == "zhuk":
            from clubdesk.ui.models.zhuk_table import describe

            return describe({"type": typ, **obj}, names)
        if game == "pyramid100":
            from clubdesk.ui.pyramid.text import describe

            who = names.get(obj.get("player"), "")
            text = describe({"type": typ, **obj})
            return f"{who}: {text}" if who else text
        if game == "mafia":
            return mafia_words(typ, obj)
        if game == "pyramid100_bracket":
            return bracket_words(typ, obj, names)
    except (KeyError, TypeError):  # an event this ClubDesk cannot read (a newer one): its type, not a crash
        pass
    return typ


def mafia_words(typ: str, obj: dict) -> str:
    seat = obj.get("seat")
    if typ == "nominate":
        return tr("место {by} выставляет место {target}").format(by=obj.get("by"), target=obj.get("target"))
    if typ in ("speech_end", "last_word_end", "foul", "removal", "leave", "best_move", "extra_points"):
        what = {"speech_end": tr("речь окончена"), "last_word_end": tr("последнее слово окончено"),
                "foul": tr("фол"), "removal": tr("удаление"), "leave": tr("покидает игру"),
                "best_move": tr("лучший ход"), "extra_points": tr("дополнительные баллы")}[typ]
        return tr("место {seat}: {what}").format(seat=seat, what=what)
    return {"deal": tr("раздача ролей"), "agreement_end": tr("договорка окончена"), "vote": tr("голосование"),
            "lift_vote": tr("голосование за подъём"), "night": tr("ночь"),
            "award_loss": tr("техническое поражение")}.get(typ, typ)


def bracket_words(typ: str, obj: dict, names: dict[str, str]) -> str:
    who = names.get(obj.get("player") or obj.get("winner"), obj.get("player") or obj.get("winner") or "")
    bout = obj.get("bout", "")
    return {"enter": lambda: tr("{who}: заявка").format(who=who),
            "draw": lambda: tr("жеребьёвка"),
            "game_started": lambda: tr("встреча {bout}: партия начата").format(bout=bout),
            "game_won": lambda: tr("встреча {bout}: партию выиграл {who}").format(bout=bout, who=who),
            "walk_over": lambda: tr("встреча {bout}: неявка, победа {who}").format(bout=bout, who=who),
            "withdraw": lambda: tr("{who} снимается с турнира").format(who=who)}.get(typ, lambda: typ)()

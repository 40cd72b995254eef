"""A club's evening driven as its staff drive it: the desk's main window and the windows it opens (pytest-qt keys
and clicks), the phones through the table page the desk serves (real HTTP on loopback), protocols printed to PDF.

`Desk` holds the evening; each step returns when the program has done it. After every step `Desk.check()` asks the
evening's invariants (tests/evening/invariants.py) and fails naming the step and what broke.
"""

from __future__ import annotations

import concurrent.futures
import random
import socket
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from clubdesk.services.accounts import AccountService
from clubdesk.services.club import Club
from clubdesk.services.players import PlayerData
from clubdesk.services.protocol_list import ProtocolList
from clubdesk.services.protocols import ProtocolService
from clubdesk.store.db import open_store
from clubdesk.ui.main_window import MainWindow
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
from tests.clock import FakeClock
from tests.evening import invariants
from tests.reports.fill import NAMES, NICKS
from tests.ui.conftest import answer
from tests.web.conftest import PASSWORD, Client

STAFF = (("orlov", "Пётр Орлов", ("referee",)), ("maestro", "Антон Маестров", ("host",)),
         ("tv", "Табло", ("display",)))
EXTRA = [("Лебедев Артём", "Рикошет")]   # a thirteenth member beside the reports' twelve


@dataclass
class Desk:
    qtbot: object
    tmp_path: Path
    seed: int = 1
    steps: list[str] = field(default_factory=list)
    played: set[str] = field(default_factory=set)      # games played to a result: what «Протоколы» must list
    banks_left: int = 0                                  # B in the tables' banks at the rounds' ends
    mafia_steps: int = 0                                 # changes of Mafia games seen by the secrecy check
    secret_breaches: list[str] = field(default_factory=list)
    phones: dict = field(default_factory=dict)          # login → Phone
    streams: dict = field(default_factory=dict)         # game id → the hall TV's live stream of it
    public: set = field(default_factory=set)            # what the desk showed before the deal: tells no role
    game_windows: tuple = ()                            # the open Mafia game's host panel and room display

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.store = open_store(self.tmp_path / "club.sqlite")
        self.club = Club(self.store)
        self.admin = AccountService(self.store).create_first_admin("admin", "secret-admin")
        for login, name, roles in STAFF:
            self.club.accounts.create_account(self.admin, login, PASSWORD, roles, name)
        members = list(zip(NAMES, NICKS, strict=True)) + EXTRA
        self.players = [self.club.players.add(self.admin, PlayerData(n, nick)).id for n, nick in members]
        self.clock = FakeClock(5_000_000.0)
        self.hub = install_hub(self.club, ZhukHub(self.club, now=self.clock, autostart=False))
        self.hub.clock_actor = self.admin
        settings = QSettings(str(self.tmp_path / "ui.ini"), QSettings.Format.IniFormat)
        self.window = MainWindow(self.club, self.admin, settings)
        self.qtbot.addWidget(self.window)
        self.window.resize(1366, 768)
        self.window.show()
        self.protocols = ProtocolService(self.store, self.club.games)
        self.server = None

    # ---- the evening's checks ------------------------------------------------------------------------------

    def check(self, step: str) -> None:
        """Every invariant of the evening, after `step`."""
        self.steps.append(step)
        QApplication.processEvents()
        breaches = invariants.running_games_per_table(self.store, self.club.games) + self.secret_breaches
        breaches += invariants.closed_game_windows_freed()
        for tid in self.tournaments():
            breaches += invariants.zhuk_money(self.hub.tournaments, self.club.games, tid)
        assert not breaches, f"после шага «{step}»:\n" + "\n".join(breaches)

    def tournaments(self) -> list[str]:
        return [t.id for t in self.hub.tournaments.tournaments()]

    # ---- the registry: a member registered at the desk's «Новый игрок» ------------------------------------

    def register(self, surname: str, first_name: str, phone: str, enters: int = 1) -> int:
        """«Новый игрок…» on «Игроки», the fields typed and Enter pressed `enters` times, as a tired administrator
        does; any other window the registry opens on the way (the player already there) is closed with Escape.
        Returns how many players of that name the registry has afterwards."""
        from clubdesk.ui.player_dialog import PlayerDialog

        def fill(dialog):
            assert isinstance(dialog, PlayerDialog)
            dialog.surname.setText(surname)
            dialog.first_name.setText(first_name)
            dialog.phone.setText(phone)
            dialog.activateWindow()
            dialog.phone.setFocus()
            for _ in range(enters):
                if dialog.isVisible():
                    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)

        self.window.show_page("players")
        with Modals(self.qtbot, [fill]):
            self.window.page("players").add_player()
        self.check(f"«Новый игрок»: {surname} {first_name}, Enter ×{enters}")
        return sum(1 for p in self.club.players.search(surname, 0, 50) if p.first_name == first_name)

    # ---- Жук: a tournament on «Столы», every shot typed at the table's window -----------------------------

    def live(self):
        self.window.show_page("live")
        return self.window.page("live")

    def zhuk_tournament(self, players: list[str], name: str = "Кубок вечера") -> str:
        tid = self.hub.tournaments.create(self.admin, name, players)
        self.check(f"турнир «{name}» создан")
        return tid

    def play_stage(self, tid: str, shots: int, final: bool = False) -> None:
        svc = self.hub.tournaments
        (svc.draw_final if final else svc.draw_stage)(self.admin, tid, seed=self.rng.randrange(1000))
        stage = svc.stages(tid)[-1]
        self.check(f"жеребьёвка этапа {stage.number}")
        for rnd in stage.rounds:
            self.play_round(rnd.id, shots, f"этап {stage.number}, раунд {rnd.number}")

    def play_round(self, round_id: str, shots: int, what: str) -> None:
        svc, page = self.hub.tournaments, self.live()
        tables = svc.start_round(self.admin, round_id)
        self.check(f"{what}: начат")
        for table in tables:
            win = page.open_table(table)
            for i in range(shots):
                if self.club.games.state(table.game_id)["finished"]:
                    break
                self.type_zhuk_shot(win.scoring, table.game_id)
                self.check(f"{what}, стол {table.number}: удар {i + 1}")
            win.close()
        self.played.update(t.game_id for t in tables)
        self.banks_left += sum(self.club.games.state(t.game_id)["bank"] for t in tables)
        answer(page, lambda dialog: dialog.ok.click())
        page.end.click()                                          # «Закончить раунд» → the whole round
        assert svc.round_over(round_id), what
        self.check(f"{what}: окончен")

    def type_zhuk_shot(self, widget, game_id: str) -> None:
        """One shot as a referee types it: a pot, two, a miss or a touch foul; a refused one is cleared (Esc)
        and the shot typed again as a miss."""
        state = self.club.games.state(game_id)
        keys = ["Enter", "F2 Enter"] + (["1 Enter", "1 Enter", "1 1 Enter"] if state["balls"]["std"] else [])
        before = self.club.games.seq(game_id)
        type_keys(widget, self.rng.choice(keys))
        if self.club.games.seq(game_id) == before:
            assert not widget.error.isHidden(), "a shot neither recorded nor refused"
            type_keys(widget, "Esc Enter")
            assert self.club.games.seq(game_id) == before + 1, widget.error.text()

    # ---- the phones: the table page the desk serves --------------------------------------------------------

    def serve_phones(self):
        web = self.live().web
        if web.server is None:
            web.host, web.port = "127.0.0.1", free_port()
            assert web.start(), "the table page did not start"
        self.server = web.server
        return self.server

    def phone(self, login: str) -> Phone:
        """A phone paired by a fresh QR code of the desk and logged in with the staff account."""
        phone = Phone(Client(self.serve_phones()), self.qtbot)
        phone.call(phone.client.login, login, PASSWORD)
        return phone

    def close(self) -> None:
        for stream in self.streams.values():
            stream.close()
        if self.server is not None:
            self.live().web.stop()
        self.window.close()
        self.store.close()

    # ---- Пирамидка: a match the desk creates, its referee scores from a phone ----------------------------

    def pyramid_panel(self):
        self.window.show_page("draws")
        return self.window.page("draws").pyramid_panel

    def pyramid_match(self, first: str, second: str, table: str, referee: str = "orlov") -> str:
        """«Новый матч…» on «Жеребьёвка»: each player found by a typed surname and Enter, the table typed and Enter,
        the referee picked from the referee accounts and Enter. The match window it opens is closed."""
        from clubdesk.ui.pyramid.new_match import NewMatchDialog

        names = {pid: self.club.players.get(pid) for pid in (first, second)}
        created = []

        def fill(dialog):
            assert isinstance(dialog, NewMatchDialog)
            for picker, pid in ((dialog.first, first), (dialog.second, second)):
                picker.search.setText(names[pid].name)
                QTest.keyClick(picker.search, Qt.Key.Key_Return)
                assert picker.player_id() == pid, names[pid].name
            dialog.table.setText(table)
            QTest.keyClick(dialog.table, Qt.Key.Key_Return)   # on to the referee
            assert dialog.game_id is None, "an Enter before the referee started the match"
            dialog.referee.select(referee)
            QTest.keyClick(dialog.referee, Qt.Key.Key_Return)
            created.append(dialog.game_id)

        panel = self.pyramid_panel()
        with Modals(self.qtbot, [fill]):
            panel.new_match()
        (gid,) = created
        assert gid, "«Начать матч» created no match"
        from clubdesk.services.matches import MatchService

        made = MatchService.of(self.club).get(gid)
        person = dict((login, name) for login, name, _roles in STAFF)[referee]
        assert (made.table, made.referee_name) == (table, person), made
        panel.feed.windows[gid].close()   # «Начать матч» opened it; the referee scores from his phone
        self.check(f"матч Пирамидки на «{table}» создан")
        return gid

    def cancel_match(self, game_id: str) -> None:
        """«Отменить игру (создана по ошибке)…» on the Пирамидка panel for the picked match, «Да»."""
        panel = self.pyramid_panel()
        panel.refresh(select=game_id)
        refusals = []
        assert panel.cancel_selected(ask=lambda *_a: True, tell=lambda _p, _t, text: refusals.append(text)), refusals
        from clubdesk.services.matches import MatchService

        matches = MatchService.of(self.club)
        assert matches.get(game_id).cancelled and game_id not in {m.id for m in matches.list("running")}
        self.check("матч, созданный по ошибке, отменён")

    def score_match_from_phone(self, phone: Phone, game_id: str, shots) -> None:
        """The referee's phone records `shots` (Пирамидка facts, as the page sends them) one tap at a time."""
        for i, facts in enumerate(shots):
            seq = phone.get(f"/api/games/{game_id}")[1]["seq"]
            status, view, _ = phone.post(f"/api/games/{game_id}/shot",
                                         {"shot": facts, "key": f"evening-{game_id[:8]}-{i}", "seq": seq})
            assert status == 200, view
            self.check(f"Пирамидка с телефона: удар {i + 1}")
        if self.club.games.state(game_id).get("finished"):
            self.played.add(game_id)

    # ---- Mafia: an evening on its page, each game on the host panel with the room display ------------------

    def mafia_evening(self, players: list[str], rounds: int = 2) -> str:
        import datetime as dt

        page = self.mafia()
        svc = page.service
        evening = svc.create(self.admin, dt.date(2026, 12, 6), None, tables=1, name="Пятничная мафия").id
        for pid in players:
            svc.check_in(self.admin, evening, pid)
        svc.draw_seating(self.admin, evening, rounds, seed=self.rng.randrange(1000))
        page.select(evening)
        self.check("вечер мафии: отмечены и рассажены")
        return evening

    def mafia(self):
        self.window.show_page("mafia")
        return self.window.page("mafia")

    def start_mafia_game(self, slot: int, clicks: int = 1) -> str:
        """«Начать игру» for the seating's `slot`-th game, clicked `clicks` times as a tired host might."""
        tab = self.mafia().games
        page = self.mafia()
        page.tabs.setCurrentWidget(tab)
        tab.slot.setCurrentIndex(slot)
        before = {tab.model.row_at(r).game_id for r in range(tab.model.rowCount())}
        for _ in range(clicks):
            self.qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
        new = [tab.model.row_at(r) for r in range(tab.model.rowCount()) if tab.model.row_at(r).game_id not in before]
        self.check(f"«Начать игру» нажата {clicks} раз")
        assert len(new) == 1, f"{clicks} нажатий начали {len(new)} игр"
        return new[0].game_id

    def open_host_panel(self, game_id: str):
        """The host panel and the room display of `game_id`, opened from the games tab; every change of the game
        is followed by the secrecy check of every desk window."""
        tab = self.mafia().games
        row = next(r for r in range(tab.model.rowCount()) if tab.model.row_at(r).game_id == game_id)
        tab.view.selectRow(row)
        panel = tab.open_game(display=False)
        display = tab.open_game(display=True)
        assert not panel.c.state["roles"], "the walker's baseline is taken before the deal"
        self.public = invariants.desk_texts()
        self.game_windows = (panel, display)
        panel.c.stateChanged.connect(lambda _s: self._mafia_changed(panel))
        self.watch_from_the_hall(game_id)
        return panel, display

    def watch_from_the_hall(self, game_id: str) -> None:
        """The hall TV (a display account's phone page) follows the game's live stream from now on."""
        from tests.web.test_mafia_api import Stream

        tv = self.phones.get("tv") or self.phones.setdefault("tv", self.phone("tv"))
        self.streams[game_id] = tv.call(Stream, self.server, tv.client, game_id)

    def public_frames(self, game_id: str, until) -> list[str]:
        """The frames the hall has seen of `game_id`, once the last one satisfies `until(frame)`."""
        import json

        stream = self.streams[game_id]
        self.qtbot.waitUntil(lambda: bool(stream.frames) and until(json.loads(stream.frames[-1])), timeout=30_000)
        return list(stream.frames)

    def _mafia_changed(self, panel) -> None:
        self.mafia_steps += 1
        self.secret_breaches += invariants.desk_shows_no_secret(panel.c.state, self.public, self.game_windows)

    def play_mafia_game(self, panel, script) -> None:
        """The game to its end as `script(record, game_id)` (the demo's games) plays it, each event handed to the
        panel's controller as the panel's widgets hand it; then the game counts as played."""
        c = panel.c

        def record(_gid, obj):
            if obj is not None and obj["type"] == "night" and len(set(obj["shots"].values())) <= 1:
                self._night_on_the_form(panel, obj)
            elif obj is not None:
                assert c.record(obj), (obj, panel.error.text())
            return c.state

        script(record, c.game_id)
        assert c.state["step"] == "finished", c.state["step"]
        self.played.add(c.game_id)
        frames = self.public_frames(c.game_id, until=lambda f: f.get("step") == "finished")
        self.secret_breaches += invariants.frames_tell_nothing(frames)
        self.check("игра мафии окончена")

    def host_keys(self, panel, key) -> None:
        """A key on the host panel: its shortcuts (N, F, Space, Ctrl+Z) answer in the active window, and the room
        display opened after the panel took that; the host's hand is back on the panel first."""
        panel.activateWindow()
        self.qtbot.waitUntil(panel.isActiveWindow)
        self.qtbot.keyClick(panel, key)

    def deal(self, panel) -> None:
        """The deal typed on the deal form as the demo deals it, «Раздать», then N: the agreement over, day 0."""
        from clubdesk.rules.mafia.script import ROLES

        panel.forms["deal"].set_roles(list(ROLES))
        self.qtbot.mouseClick(panel.forms["deal"].deal, Qt.MouseButton.LeftButton)
        self.host_keys(panel, Qt.Key.Key_N)
        assert panel.c.state["step"] == "speech", (panel.c.state["step"], panel.error.text())
        self.check("раздача и договорка")

    def remove_under_5_5(self, panel, seat: int) -> None:
        """M§5.5 on the host panel: the clause picked from the list, the seat clicked, F (the button reads
        «Удалить»); then the hall's stream must name the seat and no clause (M-16)."""
        panel.clause.setCurrentIndex(panel.clause.findData("5.5"))
        self.qtbot.mouseClick(panel.cards[seat - 1], Qt.MouseButton.LeftButton)
        self.host_keys(panel, Qt.Key.Key_F)
        assert seat in panel.c.state["removed"], panel.error.text()
        frames = self.public_frames(panel.c.game_id, until=lambda f: seat in f.get("removed", []))
        self.secret_breaches += invariants.frames_tell_nothing(frames)
        self.check(f"удаление места {seat} по п. 5.5")

    def _night_on_the_form(self, panel, obj: dict) -> None:
        """A night as the host enters it: the shot and both checks picked on the night form (their answers shown
        to the host — and looked for on every desk window before «Записать»), then recorded."""
        night = panel.forms["night"]
        assert panel.stack.currentWidget() is night
        (shot,) = set(obj["shots"].values()) or {None}
        night.choose(shot=shot, don=obj.get("don_check"), sheriff=obj.get("sheriff_check"))
        self.secret_breaches += invariants.desk_shows_no_secret(panel.c.state, self.public, self.game_windows)
        day = panel.c.state["day"]
        self.qtbot.mouseClick(night.record, Qt.MouseButton.LeftButton)
        assert panel.c.state["step"] != "night" or panel.c.state["day"] != day, panel.error.text()

    # ---- «Протоколы»: every document printed and read back ------------------------------------------------

    def print_protocols(self) -> dict[str, str]:
        """Every document «Протоколы» lists, printed to PDF and read back as text (id → text); the list holds the
        games the evening played and no other."""
        from tests.reports.pdfcheck import text as pdf_text

        self.window.show_page("protocols")
        breaches = invariants.protocols_list_only_played(ProtocolList(self.store), self.played)
        assert not breaches, "\n".join(breaches)
        texts = {}
        flat = lambda pdf: " ".join(pdf_text(pdf).split())  # noqa: E731 - a line broken in the PDF reads as one
        for row in ProtocolList(self.store).list_documents():
            if row.kind == "game":
                texts[row.id] = flat(self.protocols.game_pdf(row.id))
            elif row.kind == "tournament" and row.game == "zhuk":
                stages = self.hub.tournaments.stages(row.id)
                for stage in stages:
                    texts[f"{row.id}/{stage.number}"] = flat(self.protocols.tournament_pdf(row.id, stage=stage.number))
                texts[row.id] = flat(self.protocols.tournament_pdf(row.id))
            elif row.kind == "evening":
                texts[row.id] = flat(self.protocols.evening_pdf(row.id))
        breaches = invariants.banks_not_won_printed(self.hub.tournaments, texts)
        assert not breaches, "\n".join(breaches)
        self.check("протоколы напечатаны")
        return texts


class Modals:
    """Answers the modal dialogs a desk action opens, in order, each by the next of `actions`; a dialog left without
    an action is closed with Escape (a person who does not want it), so an unexpected question never hangs."""

    def __init__(self, qtbot, actions) -> None:
        self.qtbot, self.actions, self.seen = qtbot, list(actions), []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._poll)

    def _poll(self) -> None:
        modal = QApplication.activeModalWidget()
        if modal is None or not modal.isVisible() or any(modal is m for m in self.seen):
            return
        self.seen.append(modal)
        if self.actions:
            self.actions.pop(0)(modal)
        if modal.isVisible():
            QTest.keyClick(modal, Qt.Key.Key_Escape)

    def __enter__(self):
        self.timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self.timer.stop()


class Phone:
    """A phone on the club's Wi-Fi: its HTTP calls run beside the desk's event loop, which serves them (the page
    hands each request to the GUI thread, as on a real evening), so a call waits for its answer, not a time."""

    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)

    def __init__(self, client: Client, qtbot) -> None:
        self.client, self.qtbot = client, qtbot

    def call(self, fn, *args, **kwargs):
        future = self.pool.submit(fn, *args, **kwargs)
        self.qtbot.waitUntil(future.done, timeout=30_000)  # a bound on a hang: loaded, a call takes seconds
        return future.result()

    def get(self, path, **kw):
        return self.call(self.client.get, path, **kw)

    def post(self, path, body, **kw):
        return self.call(self.client.post, path, body, **kw)


KEYS = {"Enter": Qt.Key.Key_Return, "Esc": Qt.Key.Key_Escape, "F1": Qt.Key.Key_F1, "F2": Qt.Key.Key_F2}


def type_keys(widget, keys: str) -> None:
    for k in keys.split():
        QTest.keyClick(widget, KEYS[k] if k in KEYS else getattr(Qt.Key, f"Key_{k}"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

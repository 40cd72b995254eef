"""«Страница для столов» on the «Столы» page: start the table page (clubdesk/web) and pair a phone by its QR code.

Off by default. When started it listens on this PC's LAN address and shows a one-time pairing link as a QR code
(segno, drawn into a QPixmap); «Новый QR-код» makes another (each one pairs one phone, for five minutes). A code a
phone has used or that has expired is taken off the screen within a second, with a line saying so and how many phones
are paired (issue 38 item 2): nobody scans a code only to be told «уже использован». It is not replaced by itself: a
code per press keeps the phones a stranger can pair (and his guesses at the passwords) bounded by the desk. A paired
phone stays paired across a restart of the desk (clubdesk/web/devices.py), so «Отвязать все телефоны» unpairs every
phone at once, the page running or not (a phone lost or taken home). The
page's service calls run on this (the GUI) thread through QtDispatcher, so a shot tapped at the table (or a Mafia
host's action) goes through the same GameService as the desk's windows and their signals (ZhukHub.changed,
PyramidFeed.changed, MafiaFeed.changed) redraw them at once; the desk's own shots reach the page through the same
signals.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QPushButton, QVBoxLayout, QWidget

from clubdesk.errors import KnownError, language
from clubdesk.ui.i18n import tr


class QtDispatcher(QObject):
    """Runs the page's service calls on the thread this object lives in (the GUI thread), in order."""

    _call = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._call.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def submit(self, fn: Callable) -> concurrent.futures.Future:
        future: concurrent.futures.Future = concurrent.futures.Future()
        self._call.emit((fn, future))
        return future

    @Slot(object)
    def _run(self, job) -> None:
        fn, future = job
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(fn())
        except BaseException as exc:  # handed to the server's thread, which answers or logs it
            future.set_exception(exc)


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    import io

    import segno

    buf = io.BytesIO()
    segno.make(text, error="m").save(buf, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buf.getvalue(), "PNG")
    return pixmap


class WebPanel(QWidget):
    """The button, and once started the address, the QR code and its link."""

    def __init__(self, club, parent: QWidget | None = None, host: str | None = None, port: int | None = None) -> None:
        super().__init__(parent)
        self.club, self.host, self.port = club, host, port
        self.server = None
        self.dispatcher = QtDispatcher(self)
        self.toggle = QPushButton(tr("Страница для столов…"))
        self.toggle.setToolTip(tr("Судья ведёт счёт с телефона у стола: страница в сети клуба, вход по QR-коду"))
        self.toggle.clicked.connect(self.switch)
        self.again = QPushButton(tr("Новый QR-код"))
        self.again.clicked.connect(self.new_code)
        self.again.hide()
        self.unpair = QPushButton(tr("Отвязать все телефоны"))
        self.unpair.setToolTip(tr("Каждому телефону у столов понадобится новый QR-код: например, если телефон "
                                  "потерян"))
        self.unpair.clicked.connect(self.unpair_all)
        self.address = QLabel()
        self.address.setObjectName("muted")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setWordWrap(True)
        self.qr = QLabel()
        self.qr.hide()
        self.error = QLabel()
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)   # a taken port's line is long: cut off at the page's edge it said half (evening3)
        self.error.hide()
        self.token = self.link = ""  # the code shown
        self.notice = ""  # a line above the code's until the next one («Все телефоны отвязаны.»)
        self.watch = QTimer(self)  # the code's state and the phones paired, while the page runs
        self.watch.setInterval(1000)
        self.watch.timeout.connect(self.show_state)
        row = QHBoxLayout()
        row.addWidget(self.toggle)
        row.addWidget(self.again)
        row.addStretch(1)
        row.addWidget(self.unpair)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.error)
        body = QHBoxLayout()
        body.addWidget(self.qr)
        body.addWidget(self.address, 1)
        layout.addLayout(body)

    @property
    def running(self) -> bool:
        return self.server is not None

    def switch(self) -> None:
        if self.running:
            self.stop()
        else:
            self.start()

    def start(self) -> bool:
        from clubdesk.web.runner import DEFAULT_PORT, WebServer, lan_address

        server = WebServer(self.club, self.dispatcher, self.host or lan_address(), self.port or DEFAULT_PORT,
                           language(), on_notify=self._from_page)
        try:
            server.start()
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return False
        self.error.hide()
        self.server = server
        self._listen(True)
        self.toggle.setText(tr("Остановить страницу для столов"))
        self.again.show()
        self.new_code()
        return True

    def stop(self) -> None:
        if self.server is None:
            return
        self._listen(False)
        self.server.stop()
        self.server = None
        self.toggle.setText(tr("Страница для столов…"))
        self.watch.stop()
        self.again.hide()
        self.qr.hide()
        self.token = self.notice = ""
        self.address.setText("")

    def new_code(self) -> str:
        from urllib.parse import parse_qs, urlsplit

        link = self.server.pair_url()
        self.token = parse_qs(urlsplit(link).query)["t"][0]
        self.link, self.notice = link, ""
        self.qr.setPixmap(qr_pixmap(link))
        self.show_state()
        self.watch.start()
        return link

    def show_state(self) -> None:
        """The code while it pairs a phone; once used or expired, no code (a phone would be refused) but the line
        saying so; and the phones paired now. Asked every second (self.watch)."""
        if self.server is None:
            return
        state = self.server.pairing.token_state(self.token)
        self.qr.setVisible(state == "fresh")
        line = {"fresh": tr("Отсканируйте телефоном (один телефон, 5 минут): {link}").format(link=self.link),
                "used": tr("QR-код использован: телефон привязан. Для следующего телефона — «Новый QR-код»."),
                "expired": tr("QR-код истёк (5 минут). Для телефона — «Новый QR-код».")}[state]
        lines = [self.notice, line, tr("Привязано телефонов: {n}").format(n=self.server.pairing.paired_count()),
                 tr("Табло для зала: {board}").format(board=self.server.url + "/board")]
        text = "\n".join(x for x in lines if x)
        if text != self.address.text():  # not every second: a selection in it would be lost
            self.address.setText(text)

    def confirm(self, text: str) -> bool:
        """Asked before every phone is unpaired; tests replace it."""
        return QMessageBox.question(self, tr("Отвязать все телефоны"), text) == QMessageBox.StandardButton.Yes

    def unpair_all(self) -> bool:
        """Every phone unpaired (in the store too, so also after a restart), its session ended; the QR code shown
        is spent and a new one shown. False: not asked to, or the store did not take it (the line says why)."""
        if not self.confirm(tr("Отвязать все телефоны судей и ведущих? Каждый сможет войти только после нового "
                               "QR-кода со стойки.")):
            return False
        from clubdesk.web.devices import DeviceBook

        try:
            if self.server is not None:
                self.server.pairing.unpair_all()
            else:
                DeviceBook(self.club.store).forget_all()
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return False
        self.error.hide()
        if self.server is not None:
            self.new_code()
            self.notice = tr("Все телефоны отвязаны.")
            self.show_state()
        else:
            self.address.setText(tr("Все телефоны отвязаны."))
        return True

    # ---- the desk's windows and the page tell each other -------------------------------------------------------
    def _feeds(self):
        from clubdesk.ui.mafia.feed import feed_for as mafia_feed
        from clubdesk.ui.pyramid.feed import feed_for
        from clubdesk.ui.zhuk.hub import hub_for

        return hub_for(self.club), feed_for(self.club), mafia_feed(self.club.games)

    def _listen(self, on: bool) -> None:
        for feed in self._feeds():
            if on:
                feed.changed.connect(self._from_desk)
            else:
                feed.changed.disconnect(self._from_desk)

    def _from_desk(self, game_id: str) -> None:
        if self.server is not None:
            self.server.notify(game_id)

    def _from_page(self, game_id: str) -> None:
        """A shot from the page was stored (on this thread): every window of the game shows it now. Only its own
        feed is told: the Жук boards re-read a whole tournament on every ZhukHub.changed."""
        zhuk, pyramid, mafia = self._feeds()
        rows = self.club.store.read("SELECT game FROM games WHERE id = ?", (game_id,))
        game = rows[0][0] if rows else ""
        (zhuk if game == "zhuk" else mafia if game == "mafia" else pyramid).changed.emit(game_id)

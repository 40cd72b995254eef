"""«Отменить игру (создана по ошибке)…»: one confirmation, saying what happens, for a Пирамидка match, a Mafia game
and a Жук table; the service (GameService.cancel) decides, and its refusal is shown as it says it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

from clubdesk.errors import KnownError
from clubdesk.services.accounts import Actor
from clubdesk.ui.i18n import tr

Ask = Callable[[QWidget, str, str], bool]
Tell = Callable[[QWidget, str, str], None]


def action_text() -> str:
    return tr("Отменить игру (создана по ошибке)…")


def question(what: str) -> str:
    return tr("Отменить игру «{what}» как созданную по ошибке?\n\nОна останется в журнале с пометкой «отменена» "
              "(ничего не удаляется), но без результата: рейтинг не изменится, в итоги вечера и турнира, счёт игр "
              "и протоколы она не войдёт, со «Столов», телефонов и табло уйдёт, и записывать в неё больше нельзя. "
              "Вернуть её нельзя.").format(what=what)


def _ask(parent: QWidget, title: str, text: str) -> bool:
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Yes
                      | QMessageBox.StandardButton.No, parent)
    box.setDefaultButton(QMessageBox.StandardButton.No)  # Enter on a slip keeps the game
    return box.exec() == QMessageBox.StandardButton.Yes


def _tell(parent: QWidget, title: str, text: str) -> None:
    QMessageBox.warning(parent, title, text)


def cancel_game(parent: QWidget, games, actor: Actor, game_id: str, what: str, *,
                ask: Ask | None = None, tell: Tell | None = None) -> bool:
    """Ask, then cancel the game; True when it was cancelled. A refusal (a result that counts, the role) is told
    in its one line and nothing changes."""
    title = tr("Отменить игру")
    refused = games.cancel_refusal(game_id)
    if refused is not None:  # told first: a «Да» to «Вернуть её нельзя» must not be answered by «нельзя»
        (tell or _tell)(parent, title, refused.message())
        return False
    if not (ask or _ask)(parent, title, question(what)):
        return False
    try:
        games.cancel(actor, game_id)
    except KnownError as exc:
        (tell or _tell)(parent, title, exc.message())
        return False
    return True

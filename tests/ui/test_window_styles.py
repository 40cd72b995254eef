"""The application's style sheet holds only what the main window's first frame and the dialogs use: the rules only the
Жук and Mafia windows use are in sheets those windows carry (clubdesk/ui/window_styles.py, issue 36), and they look as
they did when the application's sheet held them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clubdesk.resources import resource_path
from clubdesk.ui.window_styles import MAFIA, ZHUK, window_style
from tests.ui.conftest import demo_live_games

pytestmark = [pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise", "setGeometry"),
              pytest.mark.usefixtures("club_style")]

UI = Path(__file__).resolve().parents[2] / "clubdesk" / "ui"
#: The modules whose widgets may carry a window sheet's object names: they are built inside a window that sets it.
OWNERS = {
    ZHUK: {"zhuk/board.py", "zhuk/scoring.py", "zhuk/scoreboard.py", "pages/live.py",
           "pyramid/tables.py"},  # Пирамидка's match cards on «Столы», dressed as the Жук cards beside them
    MAFIA: {"mafia/host_panel.py", "mafia/actions.py", "mafia/seat_card.py", "mafia/display.py"},
}
#: Named as a window sheet's widget, styled by a sheet of its own: the Пирамидка hall board's title (its gold).
OWN_SHEET = {("boardTitle", "pyramid/bracket_board.py")}


def selector_ids(sheet: str) -> set[str]:
    """The object names (#name) the sheet's selectors name."""
    sheet = re.sub(r"/\*.*?\*/", "", sheet, flags=re.DOTALL)
    selectors = [chunk.split("{")[0] for chunk in sheet.split("}")]
    return {name for s in selectors for name in re.findall(r"#([A-Za-z_][\w-]*)", s)}


def object_name_setters() -> dict[str, set[str]]:
    """Object name → the modules of clubdesk/ui that give it to a widget (every string in a setObjectName call)."""
    found: dict[str, set[str]] = {}
    for path in UI.rglob("*.py"):
        for call in re.findall(r"setObjectName\(([^)\n]*)\)", path.read_text(encoding="utf-8")):
            for name in re.findall(r"\"([^\"]+)\"", call):
                found.setdefault(name, set()).add(path.relative_to(UI).as_posix())
    return found


def test_the_application_sheet_has_no_rule_for_a_name_only_the_zhuk_and_mafia_windows_use():
    app = selector_ids(resource_path("style.qss").read_text(encoding="utf-8"))
    for name in (ZHUK, MAFIA):
        assert selector_ids(window_style(name)), name
        assert not selector_ids(window_style(name)) & app, name


@pytest.mark.parametrize("name", [ZHUK, MAFIA])
def test_a_window_sheets_names_are_given_only_inside_the_windows_that_carry_it(name):
    setters = object_name_setters()
    for object_name in selector_ids(window_style(name)):
        users = {module for module in setters.get(object_name, set()) if (object_name, module) not in OWN_SHEET}
        assert users, f"#{object_name}: no widget is named so"
        assert users <= OWNERS[name], f"#{object_name} is also given in {users - OWNERS[name]}, outside its windows"


@pytest.fixture
def windows(qtbot, club, demo_admin):
    """The windows that carry a sheet of their own, over the demo club, shown."""
    from clubdesk.ui.mafia.display import PublicDisplay
    from clubdesk.ui.mafia.host_panel import HostPanel
    from clubdesk.ui.pages.live import LivePage
    from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
    from clubdesk.ui.zhuk.scoring import ZhukTableWindow

    hub, table, c = demo_live_games(club, demo_admin)
    made = {"live": LivePage(hub, demo_admin), "table": ZhukTableWindow(hub, demo_admin, table.game_id,
                                                                         table.round_id, "Стол 1"),
            "scoreboard": ScoreboardWindow(hub), "host": HostPanel(c), "display": PublicDisplay(c, "Игра 2")}
    for w in made.values():
        qtbot.addWidget(w)
        w.show()
    return made


def _labelled(window, object_name: str):
    from PySide6.QtWidgets import QLabel

    return next(w for w in window.findChildren(QLabel) if w.objectName() == object_name)


def test_the_zhuk_and_mafia_windows_keep_their_type_and_colours(windows):
    from PySide6.QtGui import QPalette

    text = QPalette.ColorRole.WindowText
    # (window, object name) → (point size, text colour; None: not checked) as style_zhuk.qss and style_mafia.qss give
    expected = {("live", "roundClock"): (12, None), ("live", "cardHead"): (14, None),
                ("table", "zhukClock"): (22, None), ("table", "zhukKey"): (10.5, "#1f2a37"),
                ("scoreboard", "boardTitle"): (28, "#e0a526"), ("scoreboard", "cardClock"): (None, "#7fd3a1"),  # its size: as fits
                ("host", "hostClock"): (54, "#1f2328"), ("host", "mafiaBanner"): (20, "#ffffff"),
                ("display", "displayClock"): (120, "#f3f4f6"), ("display", "displayPhase"): (34, "#fbbf24")}
    for (window, object_name), (size, colour) in expected.items():
        label = _labelled(windows[window], object_name)
        if size is not None:
            assert label.font().pointSizeF() == size, (window, object_name)
        if colour is not None:
            assert label.palette().color(text).name() == colour, (window, object_name)


def test_the_scoreboards_last_minute_banner_is_white_on_red(windows):
    from PySide6.QtGui import QPalette

    banner = _labelled(windows["scoreboard"], "boardLastMinute")
    banner.show()
    picture = banner.grab().toImage()
    assert picture.pixelColor(picture.width() // 2, 2).name() == "#b3261e"
    assert banner.palette().color(QPalette.ColorRole.WindowText).name() == "#ffffff"

"""Main window: sidebar pages, status bar, remembered geometry and page, English interface."""

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel

from clubdesk.ui.main_window import PAGES, MainWindow


def status_texts(window):
    return [w.text() for w in window.statusBar().findChildren(QLabel)]


def test_sidebar_switches_every_page(qtbot, club, demo_admin, settings):
    w = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(w)
    for key in PAGES:
        w.show_page(key)
        assert w.current_page() == key and w.stack.currentWidget() is w.pages[key]


def test_the_window_opens_with_its_first_page_alone_and_builds_a_page_asked_for_without_showing_it(
        qtbot, club, demo_admin, settings):
    w = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(w)
    # issue 36: no stand-in widgets for the pages not shown (the style sheet polished each before the first frame)
    assert list(w.pages) == ["players"] and w.stack.count() == 1
    draws = w.page("draws")  # a test's or a feed's grab of a page not shown yet
    assert w.current_page() == "players" and w.stack.currentWidget() is w.pages["players"] and w.stack.count() == 2
    w.show_page("draws")
    assert w.current_page() == "draws" and w.stack.currentWidget() is draws


def test_status_bar_names_database_desk_and_account(qtbot, club, demo_admin, settings):
    w = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(w)
    texts = " | ".join(status_texts(w))
    assert str(club.store.path) in texts
    assert club.store.desk_id[:8] in texts
    assert "admin (администратор)" in texts


def test_last_page_and_geometry_are_remembered(qtbot, club, demo_admin, settings):
    w = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.resize(780, 610)
    w.show_page("mafia")
    w.close()
    again = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(again)
    assert again.current_page() == "mafia"
    assert (again.width(), again.height()) == (780, 610)


def test_english_interface_translates_the_shell(qtbot, club, demo_admin, settings):
    from clubdesk.errors import set_language
    from clubdesk.ui.i18n import install_language

    app = QCoreApplication.instance()
    translator = install_language(app, "en")
    set_language("en")
    try:
        w = MainWindow(club, demo_admin, settings)
        qtbot.addWidget(w)
        items = [w.sidebar.item(i).text() for i in range(w.sidebar.count())]
        assert items == ["Players", "Draws", "Live tables", "Mafia", "Protocols", "Sync", "Staff"]
        assert any("admin (administrator)" in t for t in status_texts(w))
    finally:
        app.removeTranslator(translator)
        set_language("ru")


def test_a_display_account_sees_no_phone_or_ban(qtbot, club, demo_admin, settings):
    from PySide6.QtWidgets import QAbstractItemView, QHeaderView

    from clubdesk.services.accounts import AccountService

    display = AccountService(club.store).create_account(demo_admin, "screen", "long-enough", ("display",))
    phones = [r[0] for r in club.store.read("SELECT phone FROM players WHERE phone != ''")]
    reasons = [r[0] for r in club.store.read("SELECT ban_reason FROM players WHERE ban_reason != ''")]
    assert phones and reasons
    w = MainWindow(club, display, settings)
    qtbot.addWidget(w)
    for key in PAGES:
        w.show_page(key)
        page = w.page(key)
        shown = [label.text() for label in page.findChildren(QLabel)]
        for view in page.findChildren(QAbstractItemView):
            if isinstance(view, QHeaderView):  # its model is the table's; the table says what is hidden
                continue
            model = view.model()
            hidden = getattr(view, "isColumnHidden", lambda c: False)  # a hidden column is not shown
            cells = [model.index(r, c) for r in range(min(model.rowCount(), 200)) for c in range(40) if not hidden(c)]
            shown += [str(i.data()) + str(i.data(3)) for i in cells if i.isValid()]  # 3: the tooltip role
        text = "\n".join(shown)
        assert not [p for p in phones if p in text], key
        assert not [r for r in reasons if r in text], key

"""The walker itself (tests/ui/secrets.py): each kind of place a role can hide in is found, and only when visible."""

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clubdesk.rules.mafia.script import ROLES
from tests.ui.secrets import assert_tells_no_role, told

STATE = {"roles": {str(i + 1): r for i, r in enumerate(ROLES)}, "step": "night", "killed": [1], "lifted": [],
         "removed": [], "speaker": None}


@pytest.fixture
def top(qtbot):
    w = QWidget()
    w.setLayout(QVBoxLayout())
    qtbot.addWidget(w)
    return w


def put(top, widget):
    top.layout().addWidget(widget)
    return widget


def test_a_plain_screen_tells_nothing(top):
    put(top, QLabel("Ночь 1"))
    put(top, QLabel("Проверка дона:"))
    clause = put(top, QComboBox())
    clause.addItem("5.5 Дон и Шериф засыпают сразу (V)")   # the rules' own catalogue line, picked
    seats = put(top, QComboBox())
    for s in range(2, 11):                                 # seat 1 is out (killed): its absence is public
        seats.addItem(f"{s} · Игрок", s)
    assert_tells_no_role(top, STATE)


@pytest.mark.parametrize("plant", ["text", "tooltip", "statustip", "placeholder", "accessible", "title"])
def test_a_role_in_any_text_of_a_visible_widget_is_found(top, plant):
    label = put(top, QLabel("7"))
    {"text": lambda: label.setText("7: дон"), "tooltip": lambda: label.setToolTip("Дону"),
     "statustip": lambda: label.setStatusTip("шериф"), "accessible": lambda: label.setAccessibleName("мафия"),
     "placeholder": lambda: put(top, QLineEdit()).setPlaceholderText("ответ: красный"),
     "title": lambda: top.setWindowTitle("Ночь: п. 5.5")}[plant]()
    assert told(top, STATE)


def test_a_hidden_widget_is_not_read(top):
    put(top, QLabel("дон")).hide()
    assert_tells_no_role(top, STATE)


def test_item_views_are_read_by_every_role_and_their_seat_lists_by_order_membership_and_colour(top):
    table = put(top, QTableWidget(1, 1))
    table.setItem(0, 0, QTableWidgetItem("4"))
    table.item(0, 0).setToolTip("проверен: шериф")
    assert any("шериф" in why for why in told(top, STATE))
    table.hide()
    seats = put(top, QListWidget())
    for s in range(1, 11):
        item = QListWidgetItem(f"{s} · Игрок")
        if ROLES[s - 1] in ("mafia", "don"):
            item.setBackground(QColor("#222222"))
        seats.addItem(item)
    assert any("paints seats" in why for why in told(top, STATE))
    seats.clear()
    seats.addItems([f"{s}" for s in (7, 1, 2, 3, 4, 5, 6, 8, 9, 10)])
    assert any("out of order" in why for why in told(top, STATE))
    seats.clear()
    seats.addItems([f"{s}" for s in range(1, 11) if s != 4])
    assert any("leaves out seat(s) [4] (sheriff)" in why for why in told(top, STATE))


def test_after_the_game_the_team_and_the_clause_may_show_a_role_still_not(top):
    over = {**STATE, "step": "finished"}
    put(top, QLabel("Победа красных"))
    put(top, QLabel("7 удалён по п. 5.5"))
    assert_tells_no_role(top, over)
    put(top, QLabel("7 · дон"))
    assert told(top, over)


def test_a_combo_box_shows_its_current_text_closed(top):
    box = put(top, QComboBox())
    box.addItems(["—", "дон"])
    assert_tells_no_role(top, STATE)            # an option, read when the box opens
    box.setCurrentIndex(1)
    assert told(top, STATE)

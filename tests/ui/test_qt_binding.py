"""The Qt binding itself: guards against a PySide release that would crash a long desk session."""

import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QWidget


def test_qvariant_to_none_conversions_keep_none_referenced(qapp):
    # PySide6 6.12.0 decrements None's refcount on each of these; after enough repaints and lookups in a
    # long session None is freed and the interpreter aborts ("deallocating None").
    model = QStandardItemModel(2, 2)
    widget = QWidget()
    before = sys.getrefcount(None)
    for _ in range(500):
        model.data(model.index(0, 0), Qt.ItemDataRole.UserRole)
        widget.property("no-such-property")
    assert sys.getrefcount(None) >= before

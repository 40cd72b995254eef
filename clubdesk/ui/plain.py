"""User text on labels is text: a player named «<img src=/etc/passwd>» must not become HTML (issue 18 item 11)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def plain_text_labels(root: QWidget) -> QWidget:
    """Every label under `root` (and `root` itself) left to guess its format (AutoText: Qt renders a text that starts
    with a tag as HTML) shows its text as text. A label meant for markup sets RichText and escapes what it shows."""
    labels = root.findChildren(QLabel) + ([root] if isinstance(root, QLabel) else [])
    for label in labels:
        if label.textFormat() == Qt.TextFormat.AutoText:
            label.setTextFormat(Qt.TextFormat.PlainText)
    return root

"""Interface language: Russian source strings, English from a Qt Linguist .ts file.

The .ts file is read directly (no compiled .qm to keep in sync or ship twice); translators still
edit it in Qt Linguist as usual.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

from clubdesk.resources import resource_path

CONTEXT = "ClubDesk"


def tr(text: str) -> str:
    """Translate a Russian interface string into the current language."""
    return QCoreApplication.translate(CONTEXT, text)


def load_ts(path: Path) -> dict[tuple[str, str], str]:
    """(context, source) → translation for every finished message of a .ts file."""
    table: dict[tuple[str, str], str] = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name", "")
        for msg in ctx.iter("message"):
            source = msg.findtext("source")
            tr_el = msg.find("translation")
            if source is None or tr_el is None or tr_el.get("type") in ("unfinished", "obsolete"):
                continue
            if tr_el.text:
                table[(name, source)] = tr_el.text
    return table


def load_all(paths: list[Path]) -> dict[tuple[str, str], str]:
    """One table from several .ts files (one per area of the interface, so they merge without conflicts)."""
    table: dict[tuple[str, str], str] = {}
    for path in paths:
        table.update(load_ts(path))
    return table


class TsTranslator(QTranslator):
    def __init__(self, paths: list[Path], parent=None) -> None:
        super().__init__(parent)
        self._table = load_all(paths)

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return not self._table

    def translate(self, context, source_text, disambiguation=None, n=-1):  # noqa: ARG002 - Qt override
        return self._table.get((context, source_text), "")


def install_language(app: QCoreApplication, lang: str) -> QTranslator | None:
    """Install the translator for `lang` ('ru' needs none); returns it so the caller keeps it alive."""
    if lang != "en":
        return None
    translator = TsTranslator(sorted(resource_path("translations").glob("*_en.ts")), app)
    app.installTranslator(translator)
    return translator

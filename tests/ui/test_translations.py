"""Every interface string has an English translation in the .ts file."""

import sys
from pathlib import Path

import pytest

from clubdesk.resources import resource_path
from clubdesk.ui.i18n import CONTEXT, load_all

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from tr_strings import tr_strings  # noqa: E402


def test_every_tr_string_is_translated_to_english():
    table = load_all(sorted(resource_path("translations").glob("*_en.ts")))
    missing = [s for s in tr_strings(ROOT / "clubdesk") if (CONTEXT, s) not in table]
    assert missing == [], f"run scripts/update_ts.py [resources/translations/<area>_en.ts] and translate: {missing}"


def test_placeholders_survive_translation():
    import re
    table = load_all(sorted(resource_path("translations").glob("*_en.ts")))
    for (_ctx, src), dst in table.items():
        assert set(re.findall(r"\{\w+\}", src)) == set(re.findall(r"\{\w+\}", dst)), src


def test_english_qm_is_compiled_once_per_content(tmp_path):
    from PySide6.QtCore import QTranslator

    from clubdesk.ui.i18n import compiled_translations

    ts = sorted(resource_path("translations").glob("*_en.ts"))
    first = compiled_translations(ts, tmp_path)
    assert first is not None and first.exists()
    assert compiled_translations(ts, tmp_path) == first
    translator = QTranslator()
    assert translator.load(str(first))
    assert translator.translate(CONTEXT, "Игроки") == "Players"


def test_a_shipped_qm_is_loaded_without_compiling(tmp_path, monkeypatch):
    """The bundle has no lrelease: English comes from the .qm `make dist` compiled into its resources/."""
    import sys

    from PySide6.QtCore import QTranslator

    from clubdesk.ui import i18n

    shipped = tmp_path / "bundle" / "resources" / "translations"
    built = i18n.compiled_translations(sorted(resource_path("translations").glob("*_en.ts")), tmp_path / "build")
    shipped.mkdir(parents=True)
    built.replace(shipped / i18n.SHIPPED_QM)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(i18n, "compiled_translations", lambda *a: pytest.fail("compiled although a .qm is shipped"))

    assert i18n.english_qm() == shipped / i18n.SHIPPED_QM
    translator = QTranslator()
    assert translator.load(str(i18n.english_qm()))
    assert translator.translate(CONTEXT, "Игроки") == "Players"
    assert not (tmp_path / "cache").exists()


def test_a_checkout_compiles_english_into_the_user_cache(tmp_path, monkeypatch):
    from clubdesk.ui import i18n

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    qm = i18n.english_qm()
    assert qm is not None and qm.parent == tmp_path / "cache" / "ClubDesk" / "translations"


def test_russian_interface_has_qt_standard_buttons_in_russian(qapp):
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QDialogButtonBox

    from clubdesk.ui.i18n import install_qt_language

    machine = QLocale()
    translators = install_qt_language(qapp, "ru")
    try:
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                               | QDialogButtonBox.StandardButton.No)
        texts = {box.button(b).text().replace("&", "") for b in (QDialogButtonBox.StandardButton.Cancel,
                                                                   QDialogButtonBox.StandardButton.No)}
        assert texts == {"Отмена", "Нет"}
    finally:
        QLocale.setDefault(machine)
        for translator in translators:
            qapp.removeTranslator(translator)


def test_english_interface_needs_no_qt_catalogue(qapp):
    from PySide6.QtCore import QLocale

    from clubdesk.ui.i18n import install_qt_language

    machine = QLocale()
    try:
        assert install_qt_language(qapp, "en") == []
        assert QLocale().language() == QLocale.Language.English
    finally:
        QLocale.setDefault(machine)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_russian_file_dialog_has_no_english_label_and_russian_file_types(qapp, qtbot, tmp_path):
    """The save dialog of a protocol: qtbase_ru lacks Qt 6's «&Look in:» and «Files of &type:» and a folder's
    type (qt_gaps_ru.ts fills them); a PDF's type is named by the locale the interface sets, not the machine's."""
    import re

    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QFileDialog, QLabel, QTreeView

    from clubdesk.ui.i18n import install_qt_language

    machine = QLocale()
    (tmp_path / "протоколы").mkdir()
    (tmp_path / "стол 1.pdf").write_bytes(b"%PDF-1.4\n")
    QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))  # a machine in English
    translators = install_qt_language(qapp, "ru")
    dialog = QFileDialog(None, "Сохранить протокол", str(tmp_path), "PDF (*.pdf)")
    try:
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.show()
        labels = {label.objectName(): label.text() for label in dialog.findChildren(QLabel) if label.text()}
        assert set(labels) >= {"lookInLabel", "fileNameLabel", "fileTypeLabel"}
        assert [text for text in labels.values() if re.search("[A-Za-z]", text)] == []
        view = dialog.findChild(QTreeView, "treeView")
        model = view.model()
        root = view.rootIndex()

        def types():
            return {model.index(r, 0, root).data(): model.index(r, 2, root).data()
                    for r in range(model.rowCount(root))}

        qtbot.waitUntil(lambda: len(types()) == 2, timeout=20_000)  # the file system model fills in a thread
        assert types() == {"протоколы": "Папка", "стол 1.pdf": "Документ PDF"}
    finally:
        dialog.close()
        dialog.deleteLater()
        QLocale.setDefault(machine)
        for translator in translators:
            qapp.removeTranslator(translator)


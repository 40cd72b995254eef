"""Every interface string has an English translation in the .ts file."""

import sys
from pathlib import Path

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

"""Interface language: Russian source strings, English from a Qt Linguist .ts file.

The .ts files (one per area) are the only source; the .qm Qt loads is compiled from them with Qt's
lrelease, so no generated file is committed or goes stale: the installer bundle ships the .qm that
`make dist` compiled (it has no lrelease), a checkout compiles it into the user cache on first use.
Qt's own strings (standard buttons, the file dialog) come from Qt's catalogue `qtbase_<lang>`: Russian
needs it, English is Qt's source language. The few strings that catalogue lacks for this Qt are in
`qt_gaps_ru.ts`, compiled the same way. The default QLocale follows the interface language, so dates,
calendars and file types speak it too whatever the machine's locale.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

# hashlib, subprocess, xml and platformdirs are imported where English is loaded: a Russian desk's start
# does not pay for them.

from clubdesk.resources import resource_path

CONTEXT = "ClubDesk"


def tr(text: str) -> str:
    """Translate a Russian interface string into the current language."""
    return QCoreApplication.translate(CONTEXT, text)


def load_ts(path: Path) -> dict[tuple[str, str], str]:
    """(context, source) → translation for every finished message of a .ts file."""
    import xml.etree.ElementTree as ET

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


def compiled_translations(ts_files: list[Path], cache_dir: Path, stem: str = "clubdesk_en") -> Path | None:
    """The .qm for `ts_files`, compiled by Qt's lrelease into `cache_dir` once per content of the .ts files.

    A translator subclassed in Python would be simpler, but PySide 6 on Python 3.11 loses a reference to
    None on every call of an overridden QTranslator.translate, which crashes the interpreter at exit.
    """
    import hashlib
    import os
    import shutil
    import subprocess

    import PySide6

    digest = hashlib.sha256(b"".join(p.read_bytes() for p in ts_files)).hexdigest()[:16]
    qm = cache_dir / f"{stem}-{digest}.qm"
    if qm.exists():
        return qm
    tool = shutil.which("lrelease", path=str(Path(PySide6.__file__).parent)) or shutil.which("pyside6-lrelease")
    if tool is None:
        return None
    cache_dir.mkdir(parents=True, exist_ok=True)
    # a name of this process's own: two desks (or the GUI and a command) compiling at once wrote one .tmp, and the
    # one whose file the other moved away was left without English
    tmp = qm.with_name(f"{qm.stem}.{os.getpid()}.tmp")
    done = subprocess.run([tool, "-silent", "-nounfinished", *map(str, ts_files), "-qm", str(tmp)],
                          capture_output=True, check=False)
    if done.returncode != 0 or not tmp.exists():
        return None
    tmp.replace(qm)
    return qm


SHIPPED_QM = "clubdesk_en.qm"  # the name `make dist` compiles the *_en.ts files to (scripts/build_dist.py)
QT_GAPS = "qt_gaps_ru"  # Qt's strings missing from qtbase_ru: qt_gaps_ru.ts → qt_gaps_ru.qm in the bundle


def _qm(stem: str, ts_files: list[Path]) -> Path | None:
    """The shipped `<stem>.qm` when there is one (the bundle), else `ts_files` compiled into the user cache."""
    shipped = resource_path("translations", f"{stem}.qm")
    if shipped.exists():
        return shipped
    import platformdirs

    cache = Path(platformdirs.user_cache_dir("ClubDesk", appauthor=False)) / "translations"
    return compiled_translations(ts_files, cache, stem)


def english_qm() -> Path | None:
    """Our English: the shipped .qm, or the *_en.ts files compiled into the cache."""
    return _qm(SHIPPED_QM.removesuffix(".qm"), sorted(resource_path("translations").glob("*_en.ts")))


def qt_gaps_qm() -> Path | None:
    """Russian for the Qt strings qtbase_ru lacks (the file dialog's «Look in», a folder's type)."""
    return _qm(QT_GAPS, [resource_path("translations", f"{QT_GAPS}.ts")])


def set_locale(lang: str) -> None:
    """Dates, the calendar, number input and the file dialog's file types in the interface's language."""
    from PySide6.QtCore import QLocale

    if lang == "en":
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedKingdom))
    else:
        QLocale.setDefault(QLocale(QLocale.Language.Russian, QLocale.Country.Russia))


def qt_catalogue(lang: str) -> Path | None:
    """Qt's own translation `qtbase_<lang>.qm`: shipped beside ours in the bundle, else PySide6's copy."""
    name = f"qtbase_{lang}.qm"
    shipped = resource_path("translations", name)
    if shipped.exists():
        return shipped
    import PySide6

    # A PySide6 wheel keeps Qt's catalogues in its Qt/translations, where QLibraryInfo would point: asked there
    # first, without building QLibraryInfo's Python type and its 15-member enum before the first frame
    wheel = Path(PySide6.__file__).parent / "Qt" / "translations" / name
    if wheel.exists():
        return wheel
    from PySide6.QtCore import QLibraryInfo

    qt_dir = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    return qt_dir / name if (qt_dir / name).exists() else None


def install_qt_language(app: QCoreApplication, lang: str, gaps: bool = True) -> list[QTranslator]:
    """Install Qt's own strings for `lang` (OK/Cancel, Yes/No, the file dialog) and its locale; returns the
    translators to keep (none for English, Qt's source language). `gaps=False`: not yet the strings qtbase lacks
    (`install_qt_gaps`, once the first window is on screen)."""
    set_locale(lang)
    if lang == "en":
        return []
    from PySide6.QtCore import QTranslator

    qm = qt_catalogue(lang)
    translator = QTranslator(app)
    if qm is None or not translator.load(str(qm)):
        print(f"ClubDesk: Qt's translation qtbase_{lang} not found; standard buttons stay English.", file=sys.stderr)
        return []
    app.installTranslator(translator)
    extra = install_qt_gaps(app, lang) if gaps else None
    return [translator, extra] if extra is not None else [translator]


def install_qt_gaps(app: QCoreApplication, lang: str) -> QTranslator | None:
    """Qt's strings qtbase_<lang> lacks (the file dialog's); the translator to keep, or None. Installed after
    qtbase, so asked first: it only holds what qtbase lacks. No first frame shows a file dialog, and in a checkout
    finding the compiled file costs hashlib, platformdirs and subprocess (~15 ms): the start installs it later."""
    if lang == "en":
        return None
    from PySide6.QtCore import QTranslator

    gaps, gaps_qm = QTranslator(app), qt_gaps_qm()
    if gaps_qm is not None and gaps.load(str(gaps_qm)):
        app.installTranslator(gaps)
        return gaps
    return None


def install_language(app: QCoreApplication, lang: str) -> QTranslator | None:
    """Install the translator for `lang` ('ru' needs none); returns it so the caller keeps it alive."""
    if lang != "en":
        return None
    from PySide6.QtCore import QTranslator

    qm = english_qm()
    translator = QTranslator(app)
    if qm is None or not translator.load(str(qm)):
        print("ClubDesk: English translation unavailable (Qt lrelease not found); the interface stays Russian.",
              file=sys.stderr)
        return None
    app.installTranslator(translator)
    return translator

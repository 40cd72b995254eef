"""PySide6's import hook without the source it keeps (issue 36, memory).

Importing shiboken6 replaces `builtins.__import__`; for every module imported after it, PySide6 6.x decides
whether the module uses PySide (its `__feature__` selection: 0 if it does, -1 «ignore» if not) by
`inspect.getsource(module)` — which reads the file through `linecache`, and linecache keeps every line of it
for good. Over the desk's imports (SQLAlchemy, the ORM, Alembic, psycopg, the windows' own modules) that is
~30 MB of source text held by a process that never shows it: measured in `clubdesk --demo --screenshots`,
27 MB when the rendering starts, 30 MB when it ends.

`install()` gives the hook the same answer from the module's loader (`get_source`, the file read and decoded
once and dropped), nothing cached. If a PySide6 release no longer has the function, nothing is replaced
(tests/ui/test_qt_import_hook.py then fails, so it is noticed).
"""

from __future__ import annotations

import sys
from importlib.machinery import SourceFileLoader


def _uses_pyside(module) -> bool:
    """What PySide6's `_mod_uses_pyside` answers — «PySide6» is in the module's source — without linecache."""
    spec = getattr(module, "__spec__", None)
    loader = getattr(module, "__loader__", None)
    name = getattr(spec, "name", None) or module.__name__
    if isinstance(loader, SourceFileLoader):
        # The file's bytes, not decoded: a source's encoding is ASCII-compatible (PEP 263), so the ASCII «PySide6» is
        # in the bytes exactly when it is in the text. Decoding every module imported before the first frame (and
        # translating its newlines) cost ~2 M instructions more.
        try:
            return b"PySide6" in loader.get_data(loader.get_filename(name))
        except OSError:
            return False
    try:
        source = loader.get_source(name)
    except (AttributeError, ImportError, OSError, SyntaxError, TypeError, ValueError):
        return False  # no loader, no source (extension, builtin, frozen): PySide6 says False there too
    return source is not None and "PySide6" in source


def install() -> bool:
    """Replace the hook's source check; returns whether it was there to replace."""
    import shiboken6  # noqa: F401 - loads shibokensupport.feature, the hook's Python half

    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not hasattr(feature, "_mod_uses_pyside"):
        return False
    feature._mod_uses_pyside = _uses_pyside
    return True

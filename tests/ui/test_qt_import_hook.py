"""PySide6's import hook reads every module imported after it to see whether it uses PySide; left alone, it keeps
each module's source in linecache for good (~30 MB over the desk's imports: clubdesk/ui/qt_import_hook.py).
A fresh interpreter, so the imports are the first ones."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

IMPORTS = """
import json, linecache, sys
import clubdesk.ui  # what every window module is imported through
import sqlalchemy.orm
import clubdesk.ui.screenshots
feature = sys.modules["shibokensupport.feature"].pyside_feature_dict
print(json.dumps({
    "cached": sorted(name for name in linecache.cache  # files; SQLAlchemy registers the code it generates itself
                     if name.endswith(".py") and ("sqlalchemy" in name or "clubdesk" in name)),
    "selection": {name: feature.get(name) for name in ("sqlalchemy.orm.session", "clubdesk.ui.main_window")},
}))
"""


def test_the_modules_imported_after_pyside_leave_no_source_lines_behind_and_keep_their_feature_selection():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", IMPORTS], capture_output=True, text=True, env=env, timeout=60,
                          check=True)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["cached"] == []
    # PySide6's own answer: a module that names PySide6 may select features (0), any other is ignored (-1)
    assert got["selection"] == {"sqlalchemy.orm.session": -1, "clubdesk.ui.main_window": 0}

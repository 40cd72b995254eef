"""A fresh Debian desktop has every library Qt's xcb platform plugin links, once scripts/system-deps.sh ran."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the xcb plugin is Linux only")


def test_qt_xcb_plugin_finds_every_library_it_links():
    import PySide6

    qt = Path(PySide6.__file__).parent / "Qt"
    plugins = [qt / "plugins" / "platforms" / "libqxcb.so", *sorted((qt / "plugins" / "xcbglintegrations").glob("*.so"))]
    env = {**os.environ, "LD_LIBRARY_PATH": str(qt / "lib")}
    out = subprocess.run(["ldd", *map(str, plugins)], capture_output=True, text=True, env=env, check=True).stdout
    missing = sorted({line.split()[0] for line in out.splitlines() if "not found" in line})
    assert missing == [], f"Qt's xcb plugin cannot start without {missing}: add their packages to scripts/system-deps.sh"


def test_the_table_pages_browser_tests_have_their_chromium():
    """tests/web drive Debian's chromium; scripts/system-deps.sh is what installs it for CI and `make test`."""
    script = (Path(__file__).resolve().parents[2] / "scripts" / "system-deps.sh").read_text()
    assert " chromium" in script.split("pkgs=", 1)[1].split("\n", 1)[0]

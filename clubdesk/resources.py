"""Where shipped resources (fonts, translations, styles) live: the source tree or the installer bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)  # PyInstaller unpacks data files here
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)

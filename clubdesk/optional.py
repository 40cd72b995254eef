"""Optional modules: areas of the app that plug in by existing (pages, demo parts, screenshots)."""

from __future__ import annotations

import importlib
from types import ModuleType


def optional_module(name: str) -> ModuleType | None:
    """The module `name`, or None when it (or a package on its path) does not exist.

    A module that exists but fails to import something else is a bug and raises.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise

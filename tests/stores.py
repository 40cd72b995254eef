"""Store files the fixtures build once and copy to each test."""

from __future__ import annotations


def same_desk_copy(built, path) -> None:
    """Copy the closed store `built` to `path` as the same desk's file: its identity beside it (`<file>.desk`,
    store/identity.py) goes too, so it opens under its desk id as the file it was built as would, not as a copy."""
    import shutil

    from clubdesk.store import identity

    shutil.copy(built, path)
    shutil.copy(identity.copy_path(built), identity.copy_path(path))

"""What a screenshot shows, cheaply: enough to tell a rendered window from a blank or repeated picture."""

from __future__ import annotations

from pathlib import Path


def colours(path: Path, step: int = 7) -> int:
    """Distinct colours on a grid of every `step`-th pixel: a blank or single-colour picture has one or two."""
    from PySide6.QtGui import QImage

    img = QImage(str(path))
    assert not img.isNull(), f"{path.name} is not an image"
    return len({img.pixel(x, y) for x in range(0, img.width(), step) for y in range(0, img.height(), step)})


def pixels(path: Path) -> bytes:
    """The picture's pixels (not the PNG bytes, which carry no meaning to compare)."""
    from PySide6.QtGui import QImage

    img = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    return bytes(img.constBits())


def assert_rendered_and_distinct(paths: list[Path], min_colours: int = 8, same: dict[str, str] | None = None) -> None:
    """Every picture shows a drawn window (text and frames give many colours), and no two are the same picture —
    but for the pairs in `same` (name → name), which are one view by design and must be equal."""
    same = same or {}
    for p in paths:
        assert colours(p) >= min_colours, f"{p.name} looks blank"
    by_name = {p.name: p for p in paths}
    for a, b in same.items():
        assert pixels(by_name[a]) == pixels(by_name[b]), f"{a} should show what {b} shows"
    seen: dict[bytes, str] = {}
    for p in paths:
        if p.name in same:
            continue
        key = pixels(p)
        assert key not in seen, f"{p.name} is the same picture as {seen.get(key)}"
        seen[key] = p.name

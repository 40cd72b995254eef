"""Draw the SVG icon with Qt at each Windows icon size and write them into one .ico with Pillow.

Usage: make_icon.py ICON.svg OUT.ico (run with QT_QPA_PLATFORM=offscreen by scripts/build_dist.py).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QGuiApplication, QImageReader

SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(svg: Path, size: int) -> Image.Image:
    """Each size is drawn from the vector, not scaled down from 256: small icons stay sharp."""
    reader = QImageReader(str(svg))
    reader.setScaledSize(QSize(size, size))
    image = reader.read()
    if image.isNull():
        raise SystemExit(f"{svg}: Qt cannot draw it ({reader.errorString()})")
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    return Image.open(io.BytesIO(bytes(data))).convert("RGBA")


def main(svg: Path, out: Path) -> None:
    _app = QGuiApplication(sys.argv[:1])
    images = [render(svg, s) for s in SIZES]
    out.parent.mkdir(parents=True, exist_ok=True)
    images[-1].save(out, format="ICO", sizes=[(s, s) for s in SIZES], append_images=images[:-1])


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))

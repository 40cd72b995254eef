"""Reading generated protocols back with pypdf: text, page count, fonts."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader


def read(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF-"), "not a PDF"
    return PdfReader(io.BytesIO(pdf))


def text(pdf: bytes) -> str:
    """All extracted text, thin spaces made plain so amounts compare easily."""
    return "\n".join(p.extract_text() for p in read(pdf).pages).replace("\u202f", " ")


def page_texts(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in read(pdf).pages]


_STAMP = re.compile(r"^(Напечатано|Printed) \d\d\.\d\d\.\d{4} \d\d:\d\d · ClubDesk$", re.MULTILINE)


def unstamped_pages(pdf: bytes) -> list[str]:
    """`page_texts` with the footer's print time taken out: two prints of one protocol straddle a minute on a
    slow machine, and that line is all they may differ by."""
    return [_STAMP.sub(r"\1 (время печати) · ClubDesk", page) for page in page_texts(pdf)]


def fonts(pdf: bytes) -> dict[str, bool]:
    """Base font name → embedded (a FontFile/FontFile2/FontFile3 stream in its descriptor), over all pages."""
    out: dict[str, bool] = {}
    for page in read(pdf).pages:
        res = page["/Resources"].get_object()
        for ref in res.get("/Font", {}).values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            embedded = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            out[str(font["/BaseFont"])] = embedded
    return out


def money(value: int) -> str:
    """An amount as the protocols print it, with plain spaces (see text())."""
    return f"{value:,}".replace(",", " ")


def words(pdf: bytes) -> set[str]:
    """Every whitespace-separated word of the text: a word a table split over two lines is not among them."""
    return set(text(pdf).split())

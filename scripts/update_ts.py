"""Bring resources/translations/clubdesk_en.ts in line with the tr() strings: new ones are added unfinished."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tr_strings import tr_strings  # noqa: E402

DEFAULT_TS = Path("resources/translations/clubdesk_en.ts")


def main() -> None:
    """Usage: update_ts.py [TARGET.ts] — strings found in no *_en.ts yet are added to TARGET as unfinished."""
    TS = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_TS  # noqa: N806
    known = set()
    for other in TS.parent.glob("*_en.ts"):
        known |= {m.findtext("source") for m in ET.parse(other).getroot().iter("message")}
    root = ET.parse(TS).getroot() if TS.exists() else ET.Element("TS", version="2.1", language="en_GB",
                                                                    sourcelanguage="ru_RU")
    ctx = root.find("context")
    if ctx is None:
        ctx = ET.SubElement(root, "context")
        ET.SubElement(ctx, "name").text = "ClubDesk"
    have = known | {m.findtext("source") for m in ctx.iter("message")}
    added = 0
    for text in tr_strings(Path("clubdesk")):
        if text not in have:
            msg = ET.SubElement(ctx, "message")
            ET.SubElement(msg, "source").text = text
            ET.SubElement(msg, "translation", type="unfinished")
            added += 1
    ET.indent(root)
    TS.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + ET.tostring(root, encoding="unicode")
                  + "\n", encoding="utf-8")
    print(f"{TS}: {added} new strings to translate")


if __name__ == "__main__":
    main()

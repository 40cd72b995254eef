"""Every message a service or the store can refuse with is one sentence in its language: the Russian text of each
KnownError family call (ValidationError, PlayerBanned, StoreError, …) in clubdesk/services and clubdesk/store holds
no Latin word but the allowed tokens, formats no value with !r (a repr shows quotes, dicts and lists) and no id; its English
twin holds no Cyrillic. The engines' refusals are provoked in tests/rules/test_refusals_read_as_sentences.py; these
are read from the source, as the services raise them from many places with checked input (issue 15 item 7)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "clubdesk"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# Clause ids, «B» (the club's points), Roman numerals of the Mafia foul groups, names of file formats and programs.
ALLOWED_LATIN = re.compile(r"\b[ZMP](§[\d.]*\d|-\d+)|\bB\b|\b(I|II|III|IV)\b|ClubDesk|PDF|CSV|XLSX|SQLite|Excel|UTF-8")


def _text(node: ast.AST) -> tuple[list[str], list[ast.FormattedValue]] | None:
    """The literal parts and the formatted values of a string argument, or None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value], []
    if isinstance(node, ast.JoinedStr):
        return ([v.value for v in node.values if isinstance(v, ast.Constant)],
                [v for v in node.values if isinstance(v, ast.FormattedValue)])
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        if left is None or right is None:
            return None
        return left[0] + right[0], left[1] + right[1]
    return None


def messages(folder: Path) -> list[tuple[str, str, list, str | None]]:
    """(where, Russian literal text, its formatted values, English literal text) of every call whose string
    arguments are a Russian text followed by its English twin."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            strings = [t for t in (_text(a) for a in node.args) if t is not None]
            for i, (parts, values) in enumerate(strings):
                if any(CYRILLIC.search(p) for p in parts):
                    en = "".join(strings[i + 1][0]) if i + 1 < len(strings) else None
                    out.append((f"{path.relative_to(PACKAGE.parent)}:{node.lineno}", "".join(parts), values, en))
                    break
    return out


def problems(ru: str, values: list, en: str | None) -> list[str]:
    found = []
    words = re.findall(r"[A-Za-z]+", ALLOWED_LATIN.sub(" ", ru))
    if words:
        found.append(f"Latin {words}")
    reprs = [ast.unparse(v.value) for v in values if v.conversion == ord("r")]
    if reprs:
        found.append(f"!r of {reprs}")
    ids = [ast.unparse(v.value) for v in values if re.search(r"(^|_|\.)id$", ast.unparse(v.value))]
    if ids:
        found.append(f"an id shown: {ids}")  # a UUID means nothing to the desk
    if en is not None and CYRILLIC.search(en):
        found.append("Cyrillic in the English text")
    return found


def test_the_walk_reads_the_messages_it_claims():
    found = messages(PACKAGE / "services") + messages(PACKAGE / "store")
    assert len(found) > 80
    assert any("такого номера телефона не бывает" in ru.casefold() for _w, ru, _v, _en in found)


def test_every_service_and_store_message_is_a_sentence_of_its_language():
    bad = {where: (ru[:80], problems(ru, values, en)) for where, ru, values, en in
           messages(PACKAGE / "services") + messages(PACKAGE / "store") if problems(ru, values, en)}
    assert bad == {}

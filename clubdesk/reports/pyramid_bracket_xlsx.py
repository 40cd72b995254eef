"""A Пирамидка tournament to Excel: every bout with its players and games won, each group's table, the places —
the same numbers as the bracket on screen (numbers are stored as numbers)."""

from __future__ import annotations

import io
from collections.abc import Mapping

from openpyxl import Workbook
from openpyxl.styles import Font

WORDS = {
    "ru": {"bouts": "Сетка", "places": "Места", "group": "Группа {g}", "bout_head": ("Встреча", "Раунд", "До побед",
           "Игрок A", "Игрок B", "Партии A", "Партии B", "Победитель", "Итог"),
           "group_head": ("Место", "Игрок", "Встреч", "Побед", "Поражений", "Партий выиграно", "Партий проиграно",
                          "Разница", "Снят"),
           "places_head": ("Место", "Игрок"), "bye": "—", "yes": "да",
           "results": {"played": "сыграна", "walk_over": "неявка", "withdrawal": "снятие", "bye": "свободный проход",
                       "not_needed": "не нужна", "": ""}},
    "en": {"bouts": "Bracket", "places": "Places", "group": "Group {g}", "bout_head": ("Bout", "Round", "Race to",
           "Player A", "Player B", "Games A", "Games B", "Winner", "Result"),
           "group_head": ("Place", "Player", "Bouts", "Won", "Lost", "Games won", "Games lost", "Difference",
                          "Withdrawn"),
           "places_head": ("Place", "Player"), "bye": "—", "yes": "yes",
           "results": {"played": "played", "walk_over": "walk-over", "withdrawal": "withdrawal", "bye": "bye",
                       "not_needed": "not needed", "": ""}},
}


def _who(pid, names: Mapping[str, str], w: dict) -> str:
    if pid is None:
        return ""
    return w["bye"] if pid == "" else names.get(pid, pid)


def bracket_workbook(state: Mapping, names: Mapping[str, str], lang: str = "ru") -> bytes:
    w = WORDS["en" if lang == "en" else "ru"]
    wb = Workbook()
    ws = wb.active
    ws.title = w["bouts"]
    ws.append(list(w["bout_head"]))
    for b in state.get("bouts", []):
        a, bb = b["players"]
        played = a and bb and b["result"] != "bye"
        ws.append([b["code"], b["round"], b["race"], _who(a, names, w), _who(bb, names, w),
                   b["wins"][0] if played else None, b["wins"][1] if played else None,
                   _who(b["winner"], names, w) if b["winner"] else "", w["results"].get(b["result"], b["result"])])
    for group in state.get("groups", []):
        gs = wb.create_sheet(w["group"].format(g=group["group"]))
        gs.append(list(w["group_head"]))
        for r in group["table"]:
            gs.append([r["place"], names.get(r["player"], r["player"]), r["played"], r["won"], r["lost"],
                       r["games_won"], r["games_lost"], r["games_won"] - r["games_lost"],
                       w["yes"] if r["withdrawn"] else ""])
    if state.get("places"):
        ps = wb.create_sheet(w["places"])
        ps.append(list(w["places_head"]))
        for pid, place in sorted(state["places"].items(), key=lambda kv: (kv[1], names.get(kv[0], kv[0]))):
            ps.append([place, names.get(pid, pid)])
    for sheet in wb.worksheets:
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for col in sheet.columns:
            width = max(len(str(c.value)) if c.value is not None else 0 for c in col)
            sheet.column_dimensions[col[0].column_letter].width = min(40, max(8, width + 2))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()

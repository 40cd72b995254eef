"""What tells a Mafia role: the words, the answers and the M§5.5 clause, for any text a player could see; and the
check of a public JSON answer or stream frame (a phone that is not the game's host's, the live stream, /board).

Used by the desk's widget walker (`tests/ui/secrets.py`) and by the table page's tests. No Qt here.

A text *tells a role* (issue 34 items 6–7, README «Roles», M-16) when, before the game is over, it holds:
- a role's name in any case and declension, Russian or English (дон/Дону/доне, шериф, мафия, мирный, don, sheriff,
  mafia, civilian), or a team's colour (чёрный/красный and their forms, black, red): the Sheriff's answer is a team;
- a check's answer («ответ: …», "answer: …");
- the clause M§5.5 («5.5», «п. 5.5», "M§5.5"): it is the Don's or the Sheriff's alone (M-16);
unless it names a role and tells nothing (`PUBLIC_PHRASES`: the night form's «Проверка дона:», «Договорка мафии»;
a line of the rules' clause catalogue), or, once the game is over, is the winning team's line.
After the game the team colours and the clause may show; a role's name still may not (README: the room then shows
the winning team and the scores).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from clubdesk.rules.mafia.clauses import CATALOGUE

_RU_ROLE = r"дон(?:а|у|ом|е|ы|ов)?|шериф(?:а|у|ом|е|ы|ов)?|мафи(?:я|и|ю|ей|оз\w*)|мирн(?:ый|ого|ому|ым|ом|ые|ых|ая)"
_EN_ROLE = r"dons?|sheriffs?|mafia|mafiosi|mafioso|civilians?"
ROLE_WORD = re.compile(rf"(?<![\w])(?:{_RU_ROLE}|{_EN_ROLE})(?![\w])", re.IGNORECASE)
TEAM_WORD = re.compile(r"(?<![\w])(?:ч[её]рн\w*|красн\w*|black|red)(?![\w])", re.IGNORECASE)
ANSWER = re.compile(r"(?<![\w])(?:ответ|answer)(?![\w])", re.IGNORECASE)
CLAUSE_5_5 = re.compile(r"(?<![\d.])5\.5(?![\d.]*\d)")

#: Phrases that name a role or a team and tell nothing (the night form's labels, the agreement of the mafia): taken
#: out of a text before it is read. A new one is added here on purpose, after asking whether it tells.
PUBLIC_PHRASES = re.compile(r"Проверка (?:дона|шерифа)|(?:Don|Sheriff)'s check|Договорка мафии|Mafia agreement",
                            re.IGNORECASE)
#: The winning team's line, public once the game is over (the room display shows it too).
WINNER_TEXTS = frozenset({"Победа красных", "Победа чёрных", "Red team wins", "Black team wins", "red", "black"})


def catalogue_line(text: str) -> bool:
    """A line of the rules' clause catalogue («5.5 Дон и Шериф засыпают сразу (V)»): the host's picker of clauses,
    an option that tells nothing until a removal is recorded under it."""
    text = text.strip()
    return any(text.startswith(f"{c.number} {c.ru}") or text.startswith(f"{c.number} {c.en}")
               for c in CATALOGUE.values())


def text_tells(text: str, finished: bool = False, public: Iterable[str] = ()) -> list[str]:
    """Why `text` tells a role (empty: it does not). `public`: more fixed texts the caller knows tell nothing."""
    stripped = str(text).strip()
    if not stripped or stripped in set(public) or catalogue_line(stripped):
        return []
    text = PUBLIC_PHRASES.sub(" ", stripped)
    if finished and stripped in WINNER_TEXTS:
        return []
    why = [f"names a role ({m.group(0)!r})" for m in ROLE_WORD.finditer(text)]
    if not finished:
        why += [f"names a team ({m.group(0)!r})" for m in TEAM_WORD.finditer(text)]
        why += [f"is a check's answer ({m.group(0)!r})" for m in ANSWER.finditer(text)]
        why += [f"names clause M§5.5 ({m.group(0)!r})" for m in CLAUSE_5_5.finditer(text)]
    return why


# --- a public JSON answer or stream frame -------------------------------------------------------------------
#: Fields that hold a role, a check, a black seat's shot or a best-move score: never in a public JSON.
SECRET_KEYS = frozenset({"roles", "role", "checks", "shots", "don_check", "sheriff_check", "unanswered",
                         "unanswered_checks", "best_move", "nights", "answers", "removals"})
#: Values that are the names of things, not statements: the game's kind, the event and step codes.
_CODES = {("kind", "mafia"), ("game", "mafia")}


def json_tells(obj: Any, finished: bool = False, path: str = "") -> list[str]:
    """Every place in a public JSON answer or frame (a phone not the game's host's, the stream, /board) that tells a
    role: a secret field (`SECRET_KEYS`), a role word, a team, an answer or clause 5.5 in a string (`text_tells`),
    a `clause` field of "5.5" before the game is over (M-16), a removal that names its clause before the end (the
    one left unnamed would tell by elimination), the winner or the scores before the end. `finished`: the game the
    JSON shows is over (the caller says so; the JSON's own `finished` is not believed)."""
    found: list[str] = []
    if isinstance(obj, Mapping):
        for k, v in obj.items():
            here = f"{path}.{k}"
            if k in SECRET_KEYS:
                found.append(f"{here}: a secret field")
                continue
            if isinstance(v, str) and (k, v) in _CODES:
                continue
            if not finished and k == "clause" and str(v) == "5.5":
                found.append(f"{here}=5.5: the M§5.5 clause before the end (M-16)")
                continue
            if not finished and k in ("winner", "score") and v not in (None, {}, []):
                found.append(f"{here}: the result before the end")
                continue
            if k == "winner" and finished and v in ("red", "black"):
                continue
            found += json_tells(v, finished, here)
        if not finished and obj.get("type") == "removal" and "clause" in obj:
            found.append(f"{path}: a removal that names its clause before the end (M-16)")
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            found += json_tells(v, finished, f"{path}[{i}]")
    elif isinstance(obj, str):
        found += [f"{path}={obj!r}: {why}" for why in text_tells(obj, finished)]
    return found


def assert_json_tells_nothing(obj: Any, finished: bool = False) -> None:
    """`json_tells` is empty; the failure lists every place."""
    found = json_tells(obj, finished)
    assert not found, "a public JSON tells a role:\n  " + "\n  ".join(found)

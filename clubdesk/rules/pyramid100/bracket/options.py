"""A Пирамидка tournament's options: format, races, groups, drop order — their defaults and their checks (PT§2, PT§4,
PT§8, PT§9)."""

from __future__ import annotations

from clubdesk.rules.errors import InvalidEventError
from clubdesk.rules.pyramid100.bracket import structure

FORMATS = ("single", "double", "groups")
#: `drop_order` absent means a tournament made before issue 28: it keeps the `alternate` order it was drawn with;
#: the service creates every new one with NEW_DROP_ORDER (PT§8).
DEFAULTS = {"format": "single", "race_to": 2, "final_race_to": 3, "race_by_round": {}, "groups": 2, "advance": 2,
            "drop_order": "alternate"}
NEW_DROP_ORDER = "split"
MAX_RACE = 25

def check_options(options: dict) -> dict:
    """The options with their defaults, refused when unknown or out of range."""
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        names = ", ".join(map(str, unknown))
        raise InvalidEventError("unknown_option", None, f"неизвестные настройки турнира: {names}",
                                f"unknown tournament options: {names}")
    out = {**DEFAULTS, **options}
    if out["format"] not in FORMATS:
        raise InvalidEventError("bad_value", "PT§2", f"format: недопустимое значение {out['format']!r}",
                                f"format: invalid value {out['format']!r}")
    if out["drop_order"] not in structure.DROP_ORDERS:
        raise InvalidEventError("bad_value", "PT§8", f"drop_order: недопустимое значение {out['drop_order']!r}",
                                f"drop_order: invalid value {out['drop_order']!r}")
    races = out["race_by_round"]
    if not isinstance(races, dict) or not all(isinstance(k, str) for k in races):
        raise InvalidEventError("bad_value", "PT§4", "race_by_round: ожидался объект «раунд: число»",
                                "race_by_round: an object 'round: number' was expected")
    for name, value in [("race_to", out["race_to"]), ("final_race_to", out["final_race_to"]),
                        *((f"race_by_round.{k}", v) for k, v in races.items())]:
        if type(value) is not int or not 1 <= value <= MAX_RACE:
            raise InvalidEventError("bad_value", "PT§4", f"{name}: встреча идёт до 1…{MAX_RACE} побед, не {value!r}",
                                    f"{name}: a bout is a race to 1…{MAX_RACE} games, not {value!r}")
    for name, top in (("groups", 26), ("advance", 64)):
        if type(out[name]) is not int or not 1 <= out[name] <= top:
            raise InvalidEventError("bad_value", "PT§9", f"{name}: недопустимое значение {out[name]!r}",
                                    f"{name}: invalid value {out[name]!r}")
    return out


def minimum_field(options: dict) -> int:
    """PT§2: the fewest entries the format can be drawn with."""
    if options["format"] == "single":
        return 2
    if options["format"] == "double":
        return 3
    return max(options["groups"] * (options["advance"] + 1), 2)

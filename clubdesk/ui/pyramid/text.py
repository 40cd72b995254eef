"""Words for Пирамидка facts: balls, fouls, tricks, states and log lines, all through tr()."""

from __future__ import annotations

from clubdesk.rules.pyramid100 import CUE
from clubdesk.ui.i18n import tr


def ball(b) -> str:
    return tr("биток") if b == CUE else f"№{b}"


def table_line(balls, shown=None) -> str:
    """«На столе: 5 6 … — 100 очк. и контрольный №10»: the pyramid's points apart from the control ball, so a fresh
    table reads the 100 of «Пирамидка 100», not 110 (P§3, P-1: №10 adds its 10 to whoever pots it). `shown` names
    a ball (default: its number)."""
    shown = shown or str
    on_table = " ".join(shown(b) for b in balls) or "—"
    points = sum(b for b in balls if b != 10)
    if 10 in balls:
        return tr("На столе: {balls} — {points} очк. и контрольный №10").format(balls=on_table, points=points)
    return tr("На столе: {balls} — {points} очк.").format(balls=on_table, points=points)


# The words of each key, translated when asked: a shot's log line and the header name one foul, one reason and
# one cue-ball state, and translating every one of them each time was half a shot's tr() calls (issue 36).
_FOULS = {"miss": lambda: tr("промах"), "not_cue_ball": lambda: tr("удар не по битку"),
          "touch": lambda: tr("туш (касание шара)"), "rebound": lambda: tr("отыгрыш"),
          "double_hit": lambda: tr("двойной удар"), "push": lambda: tr("пропих / нажим")}
_TRICKS = {"carom3": lambda: tr("карамболь на №10"), "rocambole3": lambda: tr("рокамболь на №10")}
_IN_HAND = {None: lambda: tr("нет"), "restricted": lambda: tr("с руки, с ограничением (P§15)"),
            "free": lambda: tr("с руки, свободно (P§16)")}
_REASONS = {"counted": lambda: tr("засчитано"), "nothing": lambda: tr("ничего не забито"),
            "foul": lambda: tr("штраф"), "cue_off_table": lambda: tr("биток за бортом"),
            "cue_not_as_called": lambda: tr("биток не по заказу"),
            "double_failed": lambda: tr("двойной заказ не выполнен"),
            "straight_from_hand": lambda: tr("прямой с руки не засчитан"), "trick": lambda: tr("приём засчитан"),
            "conceded": lambda: tr("сдача")}


def foul_names() -> dict[str, str]:
    return {key: words() for key, words in _FOULS.items()}


def trick_names() -> dict[str, str]:
    return {key: words() for key, words in _TRICKS.items()}


def in_hand(value: str | None) -> str:
    return _IN_HAND[value]()


def mode(value: str) -> str:
    return tr("последний шар — №10 (P§20)") if value == "last_ball" else tr("обычный")


def control_place(state: dict, names: dict[str, str]) -> str:
    spot = state.get("control_spot")
    if spot == "centre":
        return tr("на центральной отметке")
    if spot == "off_spot":
        return tr("на столе, сдвинут с отметки")
    if spot == "aside":
        return tr("ждёт освобождения центра")
    owner = state.get("control_ball")
    return tr("на полке: {name}").format(name=names.get(owner, owner))


def describe(event: dict) -> str:
    """The facts of one event as the referee entered them."""
    if event.get("type") == "concede":
        return tr("сдача партии")
    parts = []
    if event.get("call"):
        parts.append(tr("заказ") + " " + ", ".join(f"{ball(c['ball'])}→{c['pocket']}" for c in event["call"]))
    if event.get("potted"):
        parts.append(tr("упали") + " " + ", ".join(
            f"{ball(p['ball'])}→{p['pocket']}" + (tr(" прямо") if p["straight"] else "") for p in event["potted"]))
    if event.get("off_table"):
        parts.append(tr("за борт") + " " + ", ".join(ball(b) for b in event["off_table"]))
    if event.get("trick"):
        parts.append(_TRICKS[event["trick"]]())
    elif event.get("touched_control"):
        parts.append(tr("касание №10"))
    if event.get("foul"):
        parts.append(tr("штраф: {kind}").format(kind=_FOULS[event["foul"]]()))
    if event.get("centre_blocked"):
        parts.append(tr("центр занят"))
    return "; ".join(parts) or tr("без результата")


def result(res: dict) -> str:
    """What the engine decided: counted balls, bonus, debt repaid, penalty."""
    if not res:
        return ""
    if res.get("counted"):
        parts = [tr("засчитано: {balls}").format(balls=", ".join(ball(b) for b in res["counted"]))]
    else:
        reason = res.get("reason")
        parts = [_REASONS[reason]() if reason in _REASONS else reason or ""]
    if res.get("cue_counted"):
        parts.append(tr("свояк"))
    if res.get("bonus") is not None:
        parts.append(tr("бонус {ball}").format(ball=ball(res["bonus"])))
    if res.get("repaid"):
        parts.append(tr("в счёт долга: {balls}").format(balls=", ".join(ball(b) for b in res["repaid"])))
    if res.get("penalty") == "debt":
        parts.append(tr("долг +1"))
    elif res.get("penalty") is not None:
        parts.append(tr("{ball} с полки на стол").format(ball=ball(res["penalty"])))
    return "; ".join(p for p in parts if p)


def short_name(name: str) -> str:
    """"Андреев Фёдор" → "Андреев Ф." for narrow columns."""
    parts = name.split()
    return f"{parts[0]} {parts[1][0]}." if len(parts) >= 2 and parts[1] else name

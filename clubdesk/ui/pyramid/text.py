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


def foul_names() -> dict[str, str]:
    return {"miss": tr("промах"), "not_cue_ball": tr("удар не по битку"), "touch": tr("туш (касание шара)"),
            "rebound": tr("отыгрыш"), "double_hit": tr("двойной удар"), "push": tr("пропих / нажим")}


def trick_names() -> dict[str, str]:
    return {"carom3": tr("карамболь на №10"), "rocambole3": tr("рокамболь на №10")}


def in_hand(value: str | None) -> str:
    return {None: tr("нет"), "restricted": tr("с руки, с ограничением (P§15)"),
            "free": tr("с руки, свободно (P§16)")}[value]


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
        parts.append(trick_names()[event["trick"]])
    elif event.get("touched_control"):
        parts.append(tr("касание №10"))
    if event.get("foul"):
        parts.append(tr("штраф: {kind}").format(kind=foul_names()[event["foul"]]))
    if event.get("centre_blocked"):
        parts.append(tr("центр занят"))
    return "; ".join(parts) or tr("без результата")


def reasons() -> dict[str, str]:
    return {"counted": tr("засчитано"), "nothing": tr("ничего не забито"), "foul": tr("штраф"),
            "cue_off_table": tr("биток за бортом"), "cue_not_as_called": tr("биток не по заказу"),
            "double_failed": tr("двойной заказ не выполнен"), "straight_from_hand": tr("прямой с руки не засчитан"),
            "trick": tr("приём засчитан"), "conceded": tr("сдача")}


def result(res: dict) -> str:
    """What the engine decided: counted balls, bonus, debt repaid, penalty."""
    if not res:
        return ""
    if res.get("counted"):
        parts = [tr("засчитано: {balls}").format(balls=", ".join(ball(b) for b in res["counted"]))]
    else:
        parts = [reasons().get(res.get("reason"), res.get("reason") or "")]
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

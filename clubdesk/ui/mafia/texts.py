"""Words the Mafia windows show: phases, outcomes, teams, roles (roles only on the host's screen)."""

from __future__ import annotations

from clubdesk.ui.i18n import tr


def phase_text(step: str, day: int) -> str:
    """The phase banner: night 0 / day N / vote / shootout / lift vote / night N / finished."""
    texts = {
        "deal": tr("Ночь 0 — раздача карт"),
        "agreement": tr("Ночь 0 — договорка"),
        "speech": tr("День {day}"),
        "vote": tr("День {day} — голосование"),
        "shootout_speech": tr("День {day} — перестрелка"),
        "revote": tr("День {day} — переголосование"),
        "lift_vote": tr("День {day} — голосование за подъём всех"),
        "last_word": tr("Последнее слово"),
        "night": tr("Ночь {day}"),
        "finished": tr("Игра окончена"),
    }
    return texts.get(step, step).format(day=day)


def out_text(how: str) -> str:
    return {"killed": tr("убит ночью"), "lifted": tr("заголосован"), "removed": tr("удалён"), "": ""}[how]


def team_text(team: str | None) -> str:
    """The winner as the room hears it: a team colour, never a role."""
    return {"red": tr("Победа красных"), "black": tr("Победа чёрных")}.get(team or "", "")


def role_text(role: str) -> str:
    """A role — for the host's screen only."""
    return {"civilian": tr("мирный"), "sheriff": tr("шериф"), "mafia": tr("мафия"), "don": tr("дон")}.get(role, "")


def clock_label(step: str, speaker: int | None, names: list[str]) -> str:
    """What the host's clock is counting now: whose speech, the agreement, or the night's check answer."""
    who = f"{speaker} · {names[speaker - 1]}" if speaker else ""
    return {
        "agreement": tr("Договорка мафии"),
        "speech": tr("Говорит: {who}").format(who=who),
        "shootout_speech": tr("Перестрелка, говорит: {who}").format(who=who),
        "last_word": tr("Последнее слово: {who}").format(who=who),
        "night": tr("Ночь: 5 секунд на показ проверки (п. 5.4)"),
    }.get(step, "") if speaker or step in ("agreement", "night") else ""


def timer_text(seconds: int) -> str:
    return "—" if seconds < 0 else f"{seconds // 60}:{seconds % 60:02d}"


def points_text(value: float) -> str:
    """1,3 · −0,5 · 1 (in English 1.3): clubdesk.decimals."""
    from clubdesk.decimals import decimal

    return decimal(value)

"""The phase model: which events each step of the game accepts, its timer and the clause that refuses the rest.

Steps in order: deal → agreement (night 0, M§1.6) → speech (day, one speaker at a time, M§4.1) → vote
→ shootout_speech → revote → lift_vote (M§4.7) → last_word → night (M§5.6) → last_word (morning) →
speech of the next day … → finished. Discipline events (foul, removal, award_loss, extra_points) are
accepted in every step after the deal; so is a player's leaving of his own accord (`leave`, M-12).
"""

from __future__ import annotations

from clubdesk.rules.errors import IllegalEventError
from clubdesk.rules.mafia.events import (
    AgreementEnd,
    AwardLoss,
    BestMove,
    Deal,
    ExtraPoints,
    Foul,
    LastWordEnd,
    Leave,
    LiftVote,
    Night,
    Nominate,
    Removal,
    SpeechEnd,
    Vote,
)

DISCIPLINE = ("foul", "removal", "award_loss", "extra_points", "leave")

#: Step → the output phase of replay.md.
PHASE_OF = {
    "deal": "night", "agreement": "night", "speech": "day", "vote": "vote", "shootout_speech": "shootout",
    "revote": "shootout", "lift_vote": "lift_vote", "last_word": "last_word", "night": "night",
    "finished": "finished",
}

#: Step → event types accepted (best_move is added in the first-night victim's last word, M-7).
STEP_EVENTS: dict[str, tuple[str, ...]] = {
    "deal": ("deal",),
    "agreement": ("agreement_end", *DISCIPLINE),
    "speech": ("speech_end", "nominate", *DISCIPLINE),
    "vote": ("vote", *DISCIPLINE),
    "shootout_speech": ("speech_end", *DISCIPLINE),
    "revote": ("vote", *DISCIPLINE),
    "lift_vote": ("lift_vote", *DISCIPLINE),
    "last_word": ("last_word_end", *DISCIPLINE),
    "night": ("night", *DISCIPLINE),
    "finished": ("foul", "extra_points"),   # a club-ban flag (group III) and extras after the game
}

#: Seconds on the host's clock (M§1.6 agreement, M§2.5 speech, M§2.6 shootout, M§5.4 check answer).
#: The last word has no clause of its own; it runs a normal 60-second minute (docs/rules/mafia.md).
TIMERS = {"agreement": 60, "speech": 60, "shootout_speech": 30, "last_word": 60, "night": 5}

#: Event type → the clause that says when it may happen (cited when it comes out of order).
STEP_CLAUSE = {
    "deal": "M-1", "agreement_end": "M§1.6", "speech_end": "M§2.4", "nominate": "M§4.1", "vote": "M§4.4",
    "lift_vote": "M§4.7", "last_word_end": "M§5.10", "night": "M§5.6", "best_move": "M-7", "foul": "M-6",
    "removal": "M-6", "award_loss": "M§1.12", "extra_points": "M-7", "leave": "M-12",
}

STEP_RU = {
    "deal": "ждём раздачу карт", "agreement": "нулевая ночь, договорка", "speech": "дневные речи",
    "vote": "голосование", "shootout_speech": "речи в перестрелке", "revote": "переголосование",
    "lift_vote": "голосование за подъём всех", "last_word": "последнее слово", "night": "ночь",
    "finished": "игра окончена",
}

#: Event type → what the host did, in the refusal's sentence («событие vote невозможно» named the code).
EVENT_RU = {
    "deal": "раздача карт", "agreement_end": "конец договорки", "speech_end": "конец речи",
    "nominate": "выставление", "vote": "голосование", "lift_vote": "голосование за подъём",
    "last_word_end": "конец последнего слова", "night": "ночь", "best_move": "лучший ход", "foul": "фол",
    "removal": "удаление", "award_loss": "присуждение поражения", "extra_points": "доп. баллы", "leave": "уход игрока",
}
EVENT_EN = {k: k.replace("_", " ") for k in EVENT_RU} | {"agreement_end": "end of the agreement",
                                                        "speech_end": "end of the speech",
                                                        "last_word_end": "end of the last word",
                                                        "nominate": "nomination", "award_loss": "awarded loss",
                                                        "leave": "a player leaving"}
STEP_EN = {
    "deal": "waiting for the deal", "agreement": "night 0, agreement", "speech": "day speeches", "vote": "vote",
    "shootout_speech": "shootout speeches", "revote": "revote", "lift_vote": "vote to lift all",
    "last_word": "last word", "night": "night", "finished": "the game is over",
}
#: A seat's status and a role, as the refusals name them.
STATUS_RU = {"in_game": "в игре", "killed": "убит", "lifted": "заголосован", "removed": "удалён"}
STATUS_EN = {"in_game": "in the game", "killed": "killed", "lifted": "voted out", "removed": "removed"}
ROLE_RU = {"don": "Дон", "sheriff": "Шериф", "mafia": "мафия", "civilian": "мирный"}
ROLE_EN = {"don": "Don", "sheriff": "Sheriff", "mafia": "Mafia", "civilian": "Civilian"}


def seats_text(seats) -> str:
    """«2, 9»: seats for a sentence, never a list's repr."""
    return ", ".join(str(s) for s in seats)


TYPE_NAME = {
    Deal: "deal", AgreementEnd: "agreement_end", SpeechEnd: "speech_end", Nominate: "nominate", Vote: "vote",
    LiftVote: "lift_vote", LastWordEnd: "last_word_end", Night: "night", BestMove: "best_move", Foul: "foul",
    Removal: "removal", AwardLoss: "award_loss", ExtraPoints: "extra_points", Leave: "leave",
}


def illegal(code: str, clause: str | None, ru: str, en: str) -> IllegalEventError:
    return IllegalEventError(code, clause, ru, en)

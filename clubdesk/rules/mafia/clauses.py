"""The «Маэстро» rules clause catalogue (seed, ред. 30.03.2016) for the host's foul picker and protocols."""

from __future__ import annotations

from dataclasses import dataclass

REMOVAL = "I"      # удаление из игры
WARNING = "II"     # предупреждение (фол)
CLUB_BAN = "III"   # удаление из клуба: removal from the game + a ban flag for the admin (M-6)
PROCEDURE = ("IV", "V")


@dataclass(frozen=True, slots=True)
class Clause:
    """One numbered clause of the seed: its group decides what a foul under it does (M-6)."""
    number: str
    group: str
    ru: str
    en: str


_TABLE = (
    ("1.1", "I", "Просыпаться не в свою очередь", "Waking up out of turn"),
    ("1.2", "I", "Покинуть стол до объявления ухода", "Leaving the table before the host announces it"),
    ("1.3", "I", "Неигровые аргументы: пари, обещания санкций", "Non-game arguments: bets, promised sanctions"),
    ("1.4", "I", "Взаимодействие со зрителями", "Interacting with spectators"),
    ("1.5", "I", "Обсуждение внешнего вида карт", "Discussing the look of the cards"),
    ("1.6", "I", "Договорка дольше 60 секунд", "Mafia agreement longer than 60 seconds"),
    ("1.7", "I", "Не закрывать уши ночью", "Not covering the ears at night"),
    ("1.8", "I", "Нарушение ночного поведения", "Breaking night behaviour (singing, knocking, talking)"),
    ("1.9", "I", "Маска не прилегает к лицу ночью", "Mask not flush with the face at night"),
    ("1.10", "I", "Четвёртое предупреждение", "A fourth warning"),
    ("1.11", "I", "Касаться других игроков ночью", "Touching other players at night"),
    ("1.12", "I", "Нарушение с явным преимуществом команде", "A breach giving the team a clear advantage"),
    ("2.1", "II", "Оторвать руку от стола при подсчёте голосов", "Lifting the hand during the vote count"),
    ("2.2", "II", "Клятвы, «сто процентов», апелляция к религии", "Swearing oaths, “a hundred percent”, religion"),
    ("2.3", "II", "Слово «честно»", "Saying “honestly”"),
    ("2.4", "II", "Говорить не в свою очередь", "Speaking out of turn"),
    ("2.5", "II", "Речь дольше 60 секунд", "Day speech longer than 60 seconds"),
    ("2.6", "II", "Речь в перестрелке дольше 30 секунд", "Shootout speech longer than 30 seconds"),
    ("2.7", "II", "Контакт после «Наступает ночь»", "Contact after “night falls”"),
    ("2.8", "II", "Неформальное обращение", "Informal address to players or host"),
    ("2.9", "II", "Прикосновение к игроку или ведущему", "Touching a player or the host"),
    ("2.10", "II", "Взаимодействие со зрителями", "Interacting with spectators"),
    ("2.11", "II", "Шёпот (шевеление губами)", "Whispering (moving lips)"),
    ("2.12", "II", "Совокупность мелких нарушений", "Accumulated minor breaches"),
    ("2.13", "II", "Неэтичное поведение", "Unethical behaviour"),
    ("2.14", "II", "Излишняя жестикуляция", "Excessive gesturing"),
    ("2.15", "II", "Нелитературная речь", "Non-literary language"),
    ("2.16", "II", "Повторное выставление в свою минуту", "Trying a second nomination in one's minute"),
    ("2.17", "II", "Взаимодействие со столом после объявления ночи", "Interacting with the table after night falls"),
    ("3.1", "III", "Приёмы нечестной игры", "Unfair play"),
    ("3.2", "III", "Подглядывание ночью", "Peeking at night"),
    ("3.3", "III", "Нецензурная лексика, оскорбления", "Obscene language, insults"),
    ("3.4", "III", "Взаимодействие со столом после ухода", "Interacting with the table after leaving the game"),
    ("3.5", "III", "Отсутствие на круге обсуждения", "Missing the discussion round"),
    ("3.6", "III", "Реакция зрителя на игру", "A spectator reacting to the game"),
    ("4.1", "IV", "Выставление фразой и жестом, «Принято»", "Nomination by phrase and gesture, “accepted”"),
    ("4.2", "IV", "Одна кандидатура", "One nominee per player"),
    ("4.3", "IV", "Выставлять только присутствующих", "Only players at the table can be nominated"),
    ("4.4", "IV", "Голос только за одного", "One vote per player"),
    ("4.5", "IV", "Неголосовавший — за последнего выставленного", "An absent vote goes to the last nominee"),
    ("4.6", "IV", "Голос рукой на столе до «Спасибо»", "A vote is a hand on the table before “thank you”"),
    ("4.7", "IV", "Перестрелка, затем подъём всех", "Shootout, then the lift-all vote"),
    ("4.8", "IV", "При четырёх игроках двоих не поднимают", "With four players two cannot be lifted"),
    ("4.9", "IV", "Удаление в голосовании — сразу ночь", "A removal during a vote: night falls at once"),
    ("4.10", "IV", "Удаление при четырёх — победа соперникам", "A removal at four players: the opponents win"),
    ("4.11", "IV", "Нулевой день, один кандидат — без голосования", "Day 0 with one nominee: no vote"),
    ("5.1", "V", "Нет проверок в нулевую ночь", "No checks on night 0"),
    ("5.2", "V", "Одна проверка Дона и Шерифа за ночь", "One check each for Don and Sheriff per night"),
    ("5.3", "V", "Номер показывают на пальцах", "The seat is shown on the fingers"),
    ("5.4", "V", "Номер за 5 секунд", "The seat within 5 seconds"),
    ("5.5", "V", "Дон и Шериф засыпают сразу", "Don and Sheriff go to sleep at once"),
    ("5.6", "V", "Выстрел один и синхронный, иначе промах", "One synchronous shot each, else a miss"),
    ("5.7", "V", "Три предупреждения — пропуск речей", "Three warnings: speeches skipped"),
    ("5.8", "V", "При удалении нет последнего слова", "No last word after a removal"),
    ("5.9", "V", "Удаление отменяет голосование", "A removal cancels the vote"),
    ("5.10", "V", "Игрок в игре до объявления ухода", "A player is in the game until his leaving is announced"),
)

CATALOGUE: dict[str, Clause] = {n: Clause(n, g, ru, en) for n, g, ru, en in _TABLE}

#: Clauses a `removal` event may cite: all of groups I and III, and M§5.5 (Don/Sheriff not sleeping).
REMOVAL_CLAUSES = frozenset(n for n, c in CATALOGUE.items() if c.group in (REMOVAL, CLUB_BAN)) | {"5.5"}
#: Clauses a `foul` event may cite: groups I–III (IV and V are procedure, not fouls).
FOUL_CLAUSES = frozenset(n for n, c in CATALOGUE.items() if c.group in (REMOVAL, WARNING, CLUB_BAN))


def clause(number: str) -> Clause | None:
    """The catalogue entry for "2.4", or None."""
    return CATALOGUE.get(number)


def foul_picker(group: str | None = None) -> list[Clause]:
    """Clauses in seed order for the host's foul picker, optionally of one group."""
    return [c for c in CATALOGUE.values() if c.number in FOUL_CLAUSES and (group is None or c.group == group)]


def discipline_picker() -> list[Clause]:
    """The host's one clause picker, in seed order: the foul clauses and M§5.5, which removes without a foul (the Don
    or the Sheriff not going to sleep at once). `host.discipline_event` makes the event each one records."""
    return [c for c in CATALOGUE.values() if c.number in FOUL_CLAUSES or c.number in REMOVAL_CLAUSES]

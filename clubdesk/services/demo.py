"""A demo club: realistic players (and, as the windows grow, games) for trying ClubDesk out."""

from __future__ import annotations

import json
import random

from sqlalchemy import func, select

from clubdesk.errors import KnownError
from clubdesk.optional import optional_module
from clubdesk.services.accounts import SYSTEM, AccountService, Actor
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import Store
from clubdesk.store.models import Game, Player

DEMO_ADMIN = ("admin", "admin-demo")

_MALE = ["Алексей", "Андрей", "Артём", "Борис", "Вадим", "Виктор", "Владимир", "Глеб", "Григорий", "Дмитрий",
         "Евгений", "Егор", "Иван", "Игорь", "Кирилл", "Константин", "Максим", "Михаил", "Никита", "Олег",
         "Павел", "Роман", "Сергей", "Станислав", "Тимур", "Фёдор", "Юрий", "Ярослав"]
_FEMALE = ["Анна", "Валерия", "Дарья", "Екатерина", "Елена", "Ирина", "Ксения", "Мария", "Наталья", "Ольга",
           "Полина", "Светлана", "Татьяна", "Юлия"]
_SURNAMES = ["Иванов", "Смирнов", "Кузнецов", "Попов", "Васильев", "Петров", "Соколов", "Михайлов", "Новиков",
             "Фёдоров", "Морозов", "Волков", "Алексеев", "Лебедев", "Семёнов", "Егоров", "Павлов", "Козлов",
             "Степанов", "Николаев", "Орлов", "Андреев", "Макаров", "Никитин", "Захаров", "Зайцев", "Соловьёв",
             "Борисов", "Яковлев", "Григорьев", "Романов", "Воробьёв", "Сергеев", "Кузьмин", "Фролов",
             "Александров", "Дмитриев", "Королёв", "Гусев", "Киселёв", "Ильин", "Максимов", "Поляков",
             "Сорокин", "Виноградов", "Ковалёв", "Белов", "Медведев", "Антонов", "Тарасов"]
_NICKS = ["Кий", "Шар", "Луза", "Борт", "Дуплет", "Свояк", "Карамболь", "Штопор", "Накат", "Оттяжка", "Шериф",
          "Дон", "Тень", "Лис", "Сова", "Граф", "Бархат", "Гром", "Молния", "Туман", "Кедр", "Барон", "Пилот",
          "Север", "Ястреб", "Маэстро", "Гамбит", "Джокер", "Ферзь", "Пират", "Атлас", "Вектор", "Зенит",
          "Кобра", "Мираж", "Орион", "Рысь", "Сокол", "Титан", "Феникс", "Янтарь", "Комета", "Стрела"]


def _female(surname: str) -> str:
    if surname.endswith(("ов", "ев", "ёв", "ин")):
        return surname + "а"
    return surname


def demo_players(count: int = 40, seed: int = 2026) -> list[PlayerData]:
    """`count` distinct players with Russian names, nicknames and phones, the same for the same seed."""
    rng = random.Random(seed)
    nicks = rng.sample(_NICKS, min(count, len(_NICKS)))
    seen: set[str] = set()
    out: list[PlayerData] = []
    while len(out) < count:
        surname = rng.choice(_SURNAMES)
        if rng.random() < 0.3:
            name = f"{_female(surname)} {rng.choice(_FEMALE)}"
        else:
            name = f"{surname} {rng.choice(_MALE)}"
        if name in seen:
            continue
        seen.add(name)
        i = len(out)
        nick = nicks[i] if i < len(nicks) else f"{rng.choice(_NICKS)}-{i}"
        phone = f"+7 9{rng.randint(10, 99)} {rng.randint(100, 999)}-{rng.randint(10, 99)}-{rng.randint(10, 99)}"
        out.append(PlayerData(name, nick, phone))
    return out


def create_demo_club(store: Store, players: int = 40, staff: bool = False, history: bool = False) -> Actor:
    """Fill an empty store with the demo club; returns the demo admin. Refuses a store that has players.
    `staff`: the demo staff accounts too (four password hashes, ~1 s: the GUI and CLI demo, not every test).
    `history`: the club's past — a finished Жук stage, Пирамидка matches, five earlier Mafia evenings
    (services/demo_history.py; ~3 s: the GUI and CLI demo, and the tests of the season and the player's card)."""
    with store.session_factory() as s:
        if s.scalar(select(func.count()).select_from(Player)):
            raise KnownError("В этой базе уже есть игроки: демо-клуб создаётся только в пустой базе.",
                             "This database already has players: the demo club goes into an empty one only.")
    accounts = AccountService(store)
    fresh = not accounts.has_accounts()
    admin = accounts.create_first_admin(*DEMO_ADMIN, display_name="Администратор (демо)") if fresh else SYSTEM
    if fresh and staff:
        for login, name, roles in DEMO_STAFF:
            accounts.create_account(admin, login, DEMO_STAFF_PASSWORD, roles, name)
    svc = PlayerService(store)
    data = demo_players(players)
    data[-1] = PlayerData(data[-1].name, data[-1].nickname, data[-1].phone,
                          notes="Нецензурная брань за столом 14.11", banned=True,
                          ban_reason="3.3 — оскорбление игроков", ban_until=None)
    for d in data:
        svc.add(admin, d)
    past = optional_module("clubdesk.services.demo_history") if history else None
    if past is not None:  # first: the past is older than today's tournament, matches and evening
        past.populate(store, admin)
    for name in DEMO_PARTS:
        module = optional_module(name)
        if module is not None:
            module.populate(store, admin)
    return admin


# The staff of the demo club (all with DEMO_STAFF_PASSWORD), so «Сотрудники» and the host list are not empty.
DEMO_STAFF = (("irina", "Ирина Белова", ("desk",)), ("orlov", "Пётр Орлов", ("referee",)),
              ("maestro", "Антон Маестров", ("host",)), ("vera", "Вера Ким", ("host", "referee")))
DEMO_STAFF_PASSWORD = "staff-demo"

# Each area adds its own demo content with `populate(store, admin)`: tournaments, matches, evenings.
# The tournament's live game comes before the single matches, so the newest running match is the demo match.
DEMO_PARTS = ("clubdesk.services.demo_billiards", "clubdesk.services.demo_pyramid_tournament",
              "clubdesk.services.demo_pyramid", "clubdesk.services.demo_mafia")


def free_players(store: Store) -> list[str]:
    """Ids of the active registered players, by name, who sit at no running table: a demo part seats its games
    from these, as a player plays one game at a time (the Жук round seats first)."""
    with store.session_factory() as s:
        busy = {seat["id"] if isinstance(seat, dict) else seat  # a Жук seat is a dict, a match's an id
                for (players_json,) in s.execute(select(Game.players_json).where(Game.status == "running"))
                for seat in json.loads(players_json)}
        return [p.id for p in s.scalars(select(Player).order_by(Player.name))
                if p.status == "active" and not p.is_guest and p.id not in busy]

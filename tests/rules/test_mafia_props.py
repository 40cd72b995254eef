"""Mafia invariants under random host input (hypothesis): typed errors only, refusals change nothing, seat
partition, checks and scores as the roles say, winner, determinism — from the deal on, every event type."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from clubdesk.rules.errors import RuleError
from clubdesk.rules.mafia import event_to_json, parse_event
from clubdesk.rules.mafia.clauses import CATALOGUE, CLUB_BAN
from clubdesk.rules.mafia.events import BLACK_ROLES, EVENT_TYPES
from clubdesk.rules.mafia.phases import DISCIPLINE
from clubdesk.rules.mafia.script import PLAYERS, ROLES, Script
from clubdesk.rules.record import replay

ROLE_NAMES = ("civilian", "sheriff", "mafia", "don")
#: Clauses a host might cite: groups I–III (fouls), IV/V procedure (5.5 removes, M-6), and a clause the seed lacks.
FOUL_CLAUSES = ["2.4", "2.3", "2.16", "2.5", "2.9", "2.4", "1.8", "1.10", "3.3", "3.5", "4.2", "5.5", "9.9"]
REMOVAL_CLAUSES = ["1.2", "1.1", "1.12", "3.3", "3.4", "5.5", "5.5", "2.4", "4.10", "5.4", "9.9"]
POINTS = [0.1, 0.2, -0.3, 0.5, 1.0, -1.0, 1.5, 0.05, 0]          # the last three: out of range / not tenths / zero
#: Event kinds by weight: days need many speech ends; a game-ending award is rare so games also run long.
KINDS = (["speech_end"] * 12 + ["nominate"] * 4 + ["vote"] * 4 + ["lift_vote"] * 2 + ["last_word_end"] * 4
         + ["night"] * 4 + ["best_move"] * 2 + ["foul"] * 4 + ["removal"] + ["award_loss"] + ["extra_points"] * 2
         + ["agreement_end"] + ["deal"] + ["leave"])
#: M-14 variants drawn per game from its first number (each combination occurs over the seeds of the guard).
VARIANT_SETS = [{}, {"day0_vote": "never"}, {"lift_two_at_four": True}, {"muted_may_nominate": True},
                {"day0_vote": "never", "lift_two_at_four": True, "muted_may_nominate": True}]


def deal(r: list[int]) -> dict:
    """A deal drawn from r: mostly a shuffle of 1 Don, 2 Mafia, 1 Sheriff, 6 Civilians (M-1), sometimes a
    changed card (usually a wrong count), rarely a seat missing (malformed)."""
    roles = list(ROLES)
    random.Random(r[1] * 1000 + r[2]).shuffle(roles)
    variant = r[0] // len(KINDS)
    if variant % 4 == 0:
        roles[r[1] % 10] = ROLE_NAMES[r[2] % 4]
    obj = {str(i + 1): role for i, role in enumerate(roles)}
    if variant % 13 == 1:
        del obj[str(r[2] % 10 + 1)]
    return {"type": "deal", "roles": obj}


def candidate(game, r: list[int]) -> dict:
    """A plausible (often legal, sometimes not) host event drawn from the integers in r."""
    seat = r[1] % 10 + 1
    other = r[2] % 10 + 1
    speaker = game.speaker or seat
    kind = KINDS[r[0] % len(KINDS)]
    expected = [k for k in game.legal_types() if k not in DISCIPLINE]
    if expected and r[0] % 5 < 2:                       # often what the step waits for, so games run deep
        kind = expected[r[1] % len(expected)]
    if kind == "deal":
        return deal(r)
    if kind == "agreement_end":
        return {"type": "agreement_end"}
    if kind == "speech_end":
        return {"type": "speech_end", "seat": speaker if r[1] % 7 else seat}
    if kind == "nominate":
        return {"type": "nominate", "by": speaker, "target": other}
    if kind == "vote":
        if r[2] % 3 == 0 and game.candidates:           # everybody votes, alternating: ties, shootouts, lift votes
            cands = game.candidates
            return {"type": "vote", "votes": {str(v): cands[(i + r[1]) % len(cands)] for i, v in enumerate(game.in_game)}}
        return {"type": "vote", "votes": {str(seat): game.candidates[r[2] % len(game.candidates)]
                                          if game.candidates and r[2] % 4 else other}}
    if kind == "lift_vote":
        return {"type": "lift_vote", "for": r[1] % 11}
    if kind == "last_word_end":
        return {"type": "last_word_end", "seat": speaker}
    if kind == "night":
        black = [s for s in game.in_game if game.roles and game.roles[s - 1] in BLACK_ROLES]
        target = other if r[2] % 3 else seat
        shots = {str(s): target for s in black} if r[1] % 4 else {str(seat): other}
        night = {"type": "night", "shots": shots, "sheriff_check": other if r[1] % 2 else None,
                 "don_check": seat if r[2] % 2 else None}
        if r[0] % 3 == 0:       # M-9: a check left unanswered (sometimes one that was not made: malformed)
            night["unanswered"] = [("don", "sheriff")[r[1] % 2]] + (["sheriff"] if r[0] % 2 else [])
        return night
    if kind == "best_move":       # one to three guesses (format addition)
        return {"type": "best_move", "seat": speaker, "guesses": [seat, other, r[0] % 10 + 1][:r[0] % 3 + 1]}
    if kind == "leave":
        return {"type": "leave", "seat": seat}
    if kind == "foul":
        foul = {"type": "foul", "seat": seat, "clause": FOUL_CLAUSES[r[2] % len(FOUL_CLAUSES)]}
        if r[0] % 2:
            foul["reason"] = "жестикуляция в чужую речь"
        return foul
    if kind == "removal":
        return {"type": "removal", "seat": seat, "clause": REMOVAL_CLAUSES[r[2] % len(REMOVAL_CLAUSES)]}
    if kind == "award_loss":
        team = ("black", "red", "red", "blue")[r[1] % 4]
        return {"type": "award_loss", "team": team, "clause": "1.12" if r[2] % 6 == 0 else "1.2"}
    reason = "" if r[1] % 9 == 0 else "лучший анализ"
    return {"type": "extra_points", "seat": seat, "points": POINTS[r[2] % len(POINTS)], "reason": reason}


def play(numbers: list[int], refused: Counter | None = None) -> Script:
    """Feed the host events drawn from `numbers` (in threes) to a game before its deal; refused ones are skipped."""
    options = {**({"scoring": "wins"} if numbers[0] % 5 == 0 else {}),
               **VARIANT_SETS[numbers[-1] % len(VARIANT_SETS)]}
    s = Script(options=options, start=False)
    for i in range(0, len(numbers) - 2, 3):
        obj = candidate(s.game, numbers[i:i + 3])
        before = json.dumps(s.game.state())
        try:
            s.do(**obj)
        except RuleError:
            assert json.dumps(s.game.state()) == before          # a refused event changes nothing
            if refused is not None:
                refused[obj["type"]] += 1
            continue
        check_invariants(s.game)
    return s


def check_invariants(game) -> None:
    st_ = game.state()
    groups = [st_["alive"], st_["killed"], st_["lifted"], st_["removed"]]
    assert sorted(sum(groups, [])) == list(range(1, 11))          # each seat exactly one of the four
    assert (st_["phase"] == "finished") == (st_["winner"] is not None)
    if st_["speaker"] is not None and st_["phase"] in ("day", "shootout"):
        assert st_["speaker"] in st_["alive"]
    assert sorted(r["seat"] for r in st_["removals"]) == st_["removed"]            # each removal on the protocol
    assert all(CATALOGUE[f["clause"]].group == CLUB_BAN for f in st_["club_ban_flags"])   # M-6
    assert all(st_["fouls"].get(str(s), 0) <= 3 for s in st_["alive"])            # M§1.10
    if not game.roles:
        assert (st_["step"], st_["alive"]) == ("deal", list(range(1, 11)))      # nothing happens before the deal
        assert set(st_["score"].values()) == {0.0}
        return
    roles = game.roles
    black = sum(1 for s in st_["alive"] if roles[s - 1] in BLACK_ROLES)
    red = len(st_["alive"]) - black
    if black == 0 or black >= red:                                              # M-2
        assert st_["phase"] == "finished" and st_["winner"] in ("red", "black")
    # M§5.2, M-9: the Don is told who is the Sheriff, the Sheriff who is black (an unanswered check: no answer).
    assert all(answer == (roles[int(s) - 1] == "sheriff") for s, answer in st_["checks"]["don"].items())
    assert all(answer == (roles[int(s) - 1] in BLACK_ROLES) for s, answer in st_["checks"]["sheriff"].items())
    # M-7: the score of every seat recomputed from what the state shows.
    for s in range(1, 11):
        team = "black" if roles[s - 1] in BLACK_ROLES else "red"
        tenths = 10 if st_["winner"] == team else 0
        if st_["scoring"] == "fiim":
            tenths += round(st_["best_move"].get(str(s), {}).get("points", 0) * 10)
            tenths += sum(round(e["points"] * 10) for e in st_["extra_points"] if e["seat"] == s)
            tenths -= 5 * (s in st_["removed"])
        assert round(st_["score"][str(s)] * 10) == tenths, (s, st_["score"])


numbers = st.lists(st.integers(min_value=0, max_value=999), min_size=30, max_size=600)


@settings(max_examples=150, deadline=None)
@given(numbers)
def test_random_host_input_raises_only_typed_errors_and_keeps_invariants(nums):
    play(nums)


@settings(max_examples=60, deadline=None)
@given(numbers)
def test_replay_of_the_accepted_log_is_deterministic(nums):
    s = play(nums)
    again = replay(s.record())
    assert json.dumps(again.state()) == json.dumps(s.game.state())
    assert [parse_event(e) for e in s.events] == list(s.game.events)
    assert [parse_event(event_to_json(e)) for e in s.game.events] == list(s.game.events)


@settings(max_examples=40, deadline=None)
@given(numbers)
def test_undo_equals_replaying_one_event_less(nums):
    s = play(nums)
    if len(s.events) < 3:
        return
    shorter = replay({**s.record(), "events": s.events[:-1]})
    s.game.undo()
    assert json.dumps(s.game.state()) == json.dumps(shorter.state())


def test_the_generator_sends_every_event_type_both_accepted_and_refused():
    """The fuzz is only as good as its input: over fixed seeds every event type is accepted and refused, and
    games end every way the engine knows (M-2, M§1.12, M§4.10)."""
    accepted, refused, endings = Counter(), Counter(), Counter()
    for seed in range(40):
        rng = random.Random(seed)
        s = play([rng.randrange(1000) for _ in range(600)], refused)
        accepted.update(e["type"] for e in s.events)
        endings[s.game.win_reason] += 1
    assert set(accepted) == set(refused) == set(EVENT_TYPES)
    assert {"M-2", "M§1.12", "M§4.10"} <= set(endings)


def test_players_fixture_is_ten_seats():
    assert len(PLAYERS) == 10


def _new_features(s: Script) -> Counter:
    """What of the format additions and the M-14 variants a generated game exercised (accepted events only)."""
    seen: Counter = Counter()
    game = replay({**s.record(), "events": []})
    for obj in s.events:
        before_step, before_day, muted = game.step, game.day, set(game.muted_today())
        speaker = game.speaker
        game.apply(parse_event(obj))
        kind = obj["type"]
        seen["leave"] += kind == "leave"
        seen["unanswered"] += kind == "night" and bool(obj.get("unanswered"))
        seen["foul_reason"] += kind == "foul" and "reason" in obj
        seen["short_best_move"] += kind == "best_move" and len(obj["guesses"]) < 3
        seen["check_of_a_player_out"] += kind == "night" and any(
            obj.get(k) is not None and game.status[obj[k] - 1] != "in_game" and game.nights[-1]["killed"] != obj[k]
            for k in ("don_check", "sheriff_check"))
        if kind == "speech_end" and before_step == "speech" and before_day == 0 and game.step == "night":
            seen["day0_never_skips"] += game.day0_vote == "never" and len(game.nominees) > 1
        if kind == "nominate":
            seen["muted_nominates"] += speaker in muted
        if kind == "vote" and game.step == "lift_vote":
            seen["lift_two_at_four"] += len(game.in_game) == 4
    return seen


def test_the_generator_exercises_the_format_additions_and_the_variants():
    """Replay and undo (above) are only proved for what the games contain: over fixed seeds the accepted events
    include a leave, an unanswered check, a check of a player already out, a foul reason, a best move of fewer
    than three guesses and a day 0 without a vote under `day0_vote: never`. The rarer variant situations
    (a muted player's silent turn, a lift-both vote at four) are built on purpose below."""
    seen: Counter = Counter()
    for seed in range(60):
        rng = random.Random(seed)
        seen += _new_features(play([rng.randrange(1000) for _ in range(600)]))
    assert all(seen[k] for k in ("leave", "unanswered", "check_of_a_player_out", "foul_reason", "short_best_move",
                                 "day0_never_skips")), dict(seen)


def _undo_walk(s: Script) -> None:
    """Undo back to the deal, one event at a time: each state equals the replay of the shorter log — also when the
    undone event is a night, a leave or a lift vote."""
    again = replay(s.record())
    assert json.dumps(again.state()) == json.dumps(s.game.state())
    for n in range(len(s.events) - 1, 0, -1):
        s.game.undo()
        shorter = replay({**s.record(), "events": s.events[:n]})
        assert json.dumps(s.game.state()) == json.dumps(shorter.state()), n


@settings(max_examples=25, deadline=None)
@given(blacks=st.permutations([2, 9]), reds=st.permutations([1, 3, 5, 6]), pair=st.sampled_from([(7, 8), (8, 10), (4, 7)]),
       lift=st.integers(0, 4), variant=st.booleans())
def test_lift_two_at_four_games_replay_and_undo_step_by_step(blacks, reds, pair, lift, variant):
    """Six players leave in night 0 (M-12), four stay (Sheriff, Don, two civilians); on day 1 a 2:2 tie repeats
    after the shootout: `lift_two_at_four` puts both to the lift-both vote, the default keeps both (M§4.8)."""
    s = Script(options={"lift_two_at_four": True} if variant else None)
    for seat in blacks + reds:     # blacks first: black never reaches parity on the way (M-2)
        s.do(type="leave", seat=seat)
    s.speeches().night(None)
    a, b = pair
    s.speeches({s.game.speaker: a, next(x for x in s.game.in_game if x != s.game.speaker): b})
    tie = {str(v): (a, b)[i % 2] for i, v in enumerate(s.game.in_game)}
    s.do(type="vote", votes=tie).speeches().do(type="vote", votes=tie)
    if not variant:
        assert s.game.step == "night" and len(s.game.in_game) == 4
        return _undo_walk(s)
    assert s.game.step == "lift_vote"
    s.do(type="lift_vote", for_=lift)
    assert (s.game.step == "finished") == (lift >= 3)      # both leave by a majority of the four
    _undo_walk(s)


@settings(max_examples=25, deadline=None)
@given(target=st.sampled_from([2, 5, 7, 9]), others=st.lists(st.integers(1, 10), min_size=2, max_size=5),
       variant=st.booleans())
def test_muted_may_nominate_games_replay_and_undo_step_by_step(target, others, variant):
    """Seat 3 takes three fouls in night 0 (M§5.7): under `muted_may_nominate` his day-0 turn comes silent and he
    nominates; by default it is skipped. The game runs on through a night."""
    s = Script(options={"muted_may_nominate": True} if variant else None)
    for _ in range(3):
        s.do(type="foul", seat=3, clause="2.4", reason="реплика")
    s.do(type="speech_end", seat=1).do(type="speech_end", seat=2)
    assert s.game.speaker == (3 if variant else 4)
    if variant:
        s.do(type="nominate", by=3, target=target)
    nominations = {seat: t for seat, t in zip((4, 6, 8), others, strict=False) if t != target and t != 3}
    try:
        s.speeches(nominations)
    except RuleError:
        return
    if s.game.step == "vote":
        s.vote()
    s.last_words()
    if s.game.step == "night":
        in_game = s.game.in_game
        s.night(next(x for x in in_game if x not in (2, 7, 9)), don=4 if 7 in in_game else None,
                sheriff=3 if 4 in in_game else None)
    _undo_walk(s)

"""Whatever the referee clicks, the draft is a well-formed event: the engine may refuse it, never fail to read it."""

from hypothesis import given
from hypothesis import strategies as st

from clubdesk.rules.pyramid100 import CUE, FOULS, TRICKS, parse_event
from clubdesk.ui.pyramid.draft import CALL, OFF, POT, ShotDraft

balls = st.sampled_from([*range(5, 16), CUE])
clicks = st.lists(st.tuples(st.sampled_from([CALL, POT, OFF]), balls, st.integers(1, 6), st.booleans()), max_size=12)


@given(clicks, st.sampled_from([None, *TRICKS]), st.sampled_from([None, *FOULS]), st.booleans(), st.booleans())
def test_any_clicks_make_a_parseable_shot(seq, trick, foul, touched, blocked):
    d = ShotDraft()
    for mode, ball, pocket, straight in seq:
        d.add(mode, ball, pocket, straight)
    d.trick, d.foul, d.touched_control, d.centre_blocked = trick, foul, touched, blocked
    event = d.event()
    shot = parse_event({"type": "shot", "player": "A", **event})  # raises InvalidEventError if malformed
    assert len(shot.call) <= 2
    assert len({p.ball for p in shot.potted} | set(shot.off_table)) == len(shot.potted) + len(shot.off_table)

"""Hybrid logical clock: monotonic on one desk, past anything observed from others."""

from clubdesk.store.hlc import HybridLogicalClock


def test_clock_never_goes_backwards_when_wall_clock_does():
    wall = iter([5000, 4000, 4000, 6000])
    clock = HybridLogicalClock(wall_ms=lambda: next(wall))
    stamps = [clock.now() for _ in range(4)]
    assert stamps == sorted(stamps) and len(set(stamps)) == 4
    assert HybridLogicalClock.wall_ms(stamps[-1]) == 6000


def test_observed_remote_time_moves_the_clock_past_it():
    clock = HybridLogicalClock(wall_ms=lambda: 1000)
    remote = HybridLogicalClock(wall_ms=lambda: 9000).now()
    clock.observe(remote)
    assert clock.now() > remote

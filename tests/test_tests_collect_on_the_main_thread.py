"""The suite's own arrangement (tests/conftest.py): no thread but the tests' main one collects reference cycles, so a
cycle holding a Qt object is never destroyed off its thread (the worker crash in docs/testing.md)."""

from __future__ import annotations

import gc

from clubdesk.ui import gui_collector
from tests.ui.test_gui_collector import leave_a_cycle_in_a_thread


def test_a_cycle_a_thread_leaves_during_a_test_waits_for_the_main_threads_collection():
    assert not gc.isenabled()
    ran_in: list[str] = []
    held: list = []
    leave_a_cycle_in_a_thread(ran_in, held)  # the thread allocates past the youngest generation's threshold
    assert ran_in == []
    assert gui_collector.collect_due() is not None  # what the teardown makes
    assert ran_in == ["MainThread"]

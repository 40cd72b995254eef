# ClubDesk: `make run` starts the app, `make test` runs the whole suite offscreen, `make dist` builds the
# bundle dist/ClubDesk (from its own runtime-only venv build/dist-venv), `make deb` packages it.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint bench dist deb clean mutate mutate-core

$(STAMP): pyproject.toml
	@bash scripts/system-deps.sh
	@test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/clubdesk $(ARGS)

# Two workers (pytest-xdist), a test file to each in turn: a module's Chromium and session fixtures are built once per
# worker. `make test TEST_WORKERS=0` runs in one process (docs/testing.md).
TEST_WORKERS ?= 2
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): on a fresh clone every
# worker and every `clubdesk` child a test starts would compile the same modules again (collection alone ~12 s of
# CPU a process), so the package is compiled once, both cores at it, before the workers start. A worker that crashes
# ends the run with the test it ran named: replacing it, xdist's loadfile scheduler hung the run (KeyError on the new
# worker, both others waiting for work), and the crashed test was never said.
#
# The tests' temporary files (their stores, PDFs, Chromium's profiles) go to a RAM disk where the machine has one:
# the store commits with synchronous=FULL, and on a disk every test's commits waited for their fsyncs (a third of
# the Qt tests' wall time; an fsync on tmpfs returns at once, and no test can tell a power cut from a kill anyway).
TEST_TMP ?= $(shell test -d /dev/shm -a -w /dev/shm && echo /dev/shm)
test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/python -m compileall -q -j 0 clubdesk >/dev/null
	env -u PYTHONDONTWRITEBYTECODE $(if $(TEST_TMP),TMPDIR=$(TEST_TMP)) QT_QPA_PLATFORM=offscreen \
		$(VENV)/bin/python -m pytest -n $(TEST_WORKERS) --dist loadfile --max-worker-restart=0 $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check clubdesk tests benchmarks

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/python -m benchmarks.engines
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/python -m benchmarks.reports
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/python -m benchmarks.seasons

dist:
	@bash scripts/system-deps.sh
	$(PYTHON) scripts/build_dist.py

deb: dist
	$(PYTHON) scripts/build_deb.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis

# Mutation testing, a habit and not a CI gate (docs/testing.md). `make mutate-core`: the money, points, vote and role
# code (CORE_MUTANTS, ~1 500 mutants, about 40 min on a quiet 2-core machine) and each require() of the services
# deleted in turn; `make mutate MUTANTS='clubdesk.rules.zhuk.settlement.*'` one module's mutants; `make mutate` all of
# clubdesk/rules and roles.py (hours). Niced: the machine is shared. Survivors are listed after the table
# (`.venv/bin/mutmut show NAME` shows one).
MUTANTS ?=
NICE ?= nice -n 15
CORE_MUTANTS := clubdesk.roles.* clubdesk.rules.zhuk.settlement.* \
	clubdesk.rules.zhuk.engine.xǁZhukEngineǁ_shot__* clubdesk.rules.zhuk.engine.xǁZhukEngineǁ_settle__* \
	clubdesk.rules.zhuk.engine.xǁZhukEngineǁ_new_rack__* clubdesk.rules.zhuk.engine.xǁZhukEngineǁ_payer_table__* \
	clubdesk.rules.zhuk.engine.xǁZhukEngineǁpayers_of__* clubdesk.rules.zhuk.engine.xǁZhukEngineǁrating_delta__* \
	clubdesk.rules.zhuk.tournament.x_stage_end__* clubdesk.rules.zhuk.tournament.x_stage_start_balances__* \
	clubdesk.rules.zhuk.tournament.x_ranking_totals__* clubdesk.rules.zhuk.tournament.x_standings__* \
	clubdesk.rules.zhuk.tournament.x_final_players__* clubdesk.rules.zhuk.tournament.x_apply_round__* \
	clubdesk.rules.zhuk.tournament.x_club_ratings__* \
	clubdesk.rules.pyramid100.shot.* clubdesk.rules.pyramid100.rating.* clubdesk.rules.pyramid100.engine.xǁMatchǁapply__* \
	clubdesk.rules.mafia.voting.* clubdesk.rules.mafia.scoring.* clubdesk.rules.mafia.season.* \
	clubdesk.rules.mafia.engine.xǁMafiaGameǁ_vote__* clubdesk.rules.mafia.engine.xǁMafiaGameǁ_lift_vote__* \
	clubdesk.rules.mafia.engine.xǁMafiaGameǁ_best_move__* clubdesk.rules.mafia.engine.xǁMafiaGameǁ_award_loss__* \
	clubdesk.rules.mafia.engine.xǁMafiaGameǁ_extra_points__* clubdesk.rules.mafia.engine.xǁMafiaGameǁscores__* \
	clubdesk.rules.mafia.seating.xǁSeatingǁevenness__* clubdesk.rules.mafia.seating.x__pair_cost__* \
	clubdesk.rules.mafia.seating.x__best_tables__* clubdesk.rules.mafia.seating.x__spread_tables__*
MUTATE_ENV := HYPOTHESIS_PROFILE=mutate QT_QPA_PLATFORM=offscreen

mutate: $(STAMP)
	$(VENV)/bin/python -m pip install -q 'mutmut>=3.8,<4'
	rm -rf mutants && mkdir mutants
	$(MUTATE_ENV) $(NICE) $(VENV)/bin/mutmut run $(MUTANTS) > mutants/run.log 2>&1 || { tail -40 mutants/run.log; exit 1; }
	@grep -a "mutations/second" mutants/run.log | tail -1
	$(VENV)/bin/python scripts/mutate_report.py $(MUTANTS)
	@test -n "$(MUTANTS)" || $(MUTATE_ENV) $(NICE) $(VENV)/bin/python scripts/mutate_requires.py

mutate-core: $(STAMP)
	$(MAKE) mutate MUTANTS='$(CORE_MUTANTS)'
	$(MUTATE_ENV) $(NICE) $(VENV)/bin/python scripts/mutate_requires.py

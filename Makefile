# ClubDesk: `make run` starts the app, `make test` runs the whole suite offscreen, `make dist` builds the
# bundle dist/ClubDesk (from its own runtime-only venv build/dist-venv), `make deb` packages it.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint bench dist deb clean mutate

$(STAMP): pyproject.toml
	@bash scripts/system-deps.sh
	@test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/clubdesk $(ARGS)

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/python -m pytest $(PYTEST_ARGS)

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

# Mutation testing, a habit and not a CI gate (docs/testing.md): `make mutate` runs every mutant of clubdesk/rules and
# roles.py, then deletes each require() of the services in turn; `make mutate MUTANTS='clubdesk.rules.zhuk.settlement.*'`
# narrows it to a module's mutants. Niced: the machine is shared. Survivors are listed after the table
# (`.venv/bin/mutmut show NAME` shows one).
MUTANTS ?=
NICE ?= nice -n 15
mutate: $(STAMP)
	$(VENV)/bin/python -m pip install -q 'mutmut>=3.8,<4'
	rm -rf mutants && mkdir mutants
	HYPOTHESIS_PROFILE=mutate QT_QPA_PLATFORM=offscreen $(NICE) $(VENV)/bin/mutmut run $(MUTANTS) > mutants/run.log 2>&1 \
		|| { tail -40 mutants/run.log; exit 1; }
	$(VENV)/bin/python scripts/mutate_report.py $(MUTANTS)
	@test -n "$(MUTANTS)" || HYPOTHESIS_PROFILE=mutate QT_QPA_PLATFORM=offscreen $(NICE) $(VENV)/bin/python scripts/mutate_requires.py

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

dist:
	@bash scripts/system-deps.sh
	$(PYTHON) scripts/build_dist.py

deb: dist
	$(PYTHON) scripts/build_deb.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis

# Mutation testing, a habit and not a CI gate: `make mutate` (all of clubdesk/rules and roles.py, long) or
# `make mutate MUTANTS='clubdesk.rules.zhuk.settlement*'`; survivors are listed last (`mutmut show NAME`).
MUTANTS ?=
mutate: $(STAMP)
	$(VENV)/bin/python -m pip install -q 'mutmut>=3.8,<4'
	rm -rf mutants
	QT_QPA_PLATFORM=offscreen $(VENV)/bin/mutmut run $(MUTANTS)
	$(VENV)/bin/mutmut results | grep -E 'survived|no tests' || echo "no surviving mutants"

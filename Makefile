# ClubDesk: `make run` starts the app, `make test` runs the whole suite offscreen.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint bench clean

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

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis

# The two commands of the README, and a few more for developers.
PYTHON ?= $(shell command -v python3.12 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-js vendor icons test-nightly test-faults lint bench bench-bots bench-timing bench-analysis soak research clean

# setup.py builds apps/bots/_search.c in place: a changed C file reinstalls (and rebuilds) it
$(STAMP): pyproject.toml setup.py apps/bots/_search.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# the client's pinned packages (package-lock.json): axe-core for the browser tests, and snabbdom,
# which `make vendor` copies into the static files (the committed copy is what the page loads)
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

## vendor: copy the pinned snabbdom into apps/web/static/web/vendor/snabbdom (after a version bump)
vendor: $(NODE_STAMP)
	node apps/web/vendor_snabbdom.mjs

## icons: draw the installed app's PNG icons from apps/web/static/web/icons/icon.svg (Chromium)
icons: $(STAMP)
	$(BIN)/python apps/web/make_icons.py

## run: the service on http://127.0.0.1:8000 in embedded mode (SQLite, in-memory channels, eager Celery)
run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver 127.0.0.1:8000

## test: lint, check the architecture contracts, run the whole test suite
## (in parallel: one pytest-xdist worker per core, each with its own test database and Redis db),
## then the embedded mode's slice (tests/embedded) on the settings `make run` serves
test: $(STAMP) $(NODE_STAMP) lint test-js
	$(BIN)/pytest -n auto --dist worksteal
	$(BIN)/pytest -m embedded -p no:xdist --ds=config.settings.embedded_test tests/embedded

## test-js: the client's unit tests (node's own test runner; tests/js, fed with envelopes and
## views recorded from the real server in tests/js/fixtures)
test-js: $(NODE_STAMP)
	node --test tests/js/

## test-nightly: the whole suite at the full sizes of its property and random-walk tests
## (SNAPSZER_TESTS=nightly: tests/sizes.py; a long test may take up to 30 minutes), then the
## fault suite: nightly and before a release (README)
test-nightly: $(STAMP) $(NODE_STAMP) lint test-js
	SNAPSZER_TESTS=nightly $(BIN)/pytest -n auto --dist worksteal --timeout 1800
	$(BIN)/pytest -n 0 -m faults tests/faults

## test-faults: the fault suite (tests/faults, a few minutes; not part of `make test`): its own
## Redis and PostgreSQL cluster (initdb), the production processes, faults injected during play
test-faults: $(STAMP)
	$(BIN)/pytest -n 0 -m faults tests/faults

## lint: ruff, the import contracts, and mypy (apps and config; its settings in pyproject.toml)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

## bench: the benchmarks; each prints its figures
bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api_move.py

## soak: many players on the production stack for ten minutes (bench/soak.py; prints its figures)
soak: $(STAMP)
	$(BIN)/python bench/soak.py

## bench-bots: the exact search's speed, the worst CPU time of Kati's decisions against her
## budget, then the computer opponent's tournament: each level against the one below it, klub,
## sixty-six, then partnership (each level against three of the one below, 500 decks dealt four
## times: 2,000 hands per pairing) (minutes to an hour or so)
bench-bots: $(STAMP)
	$(BIN)/python bench/fastsearch.py
	$(BIN)/python bench/fastsearch.py --variant sixty-six --worlds 100
	$(BIN)/python bench/kati_budget.py
	$(BIN)/python bench/bots.py --pairs 1000 --solver 1000
	$(BIN)/python bench/bots.py --variant sixty-six --pairs 1000
	$(BIN)/python bench/bots.py --variant partnership --pairs 500

## bench-timing: Kati's timing as a player at her table sees it (bench/kati_timing.py, about 9
## minutes): partnership hands on the production processes, the called card's holder against the
## other Katis, Mann-Whitney tests with the think schedule off and on (docs/bots.md, "Kati's timing")
bench-timing: $(STAMP)
	$(BIN)/python bench/kati_timing.py --hands 60 --tables 2

## bench-analysis: the time a finished deal's analysis takes, klub, sixty-six and partnership,
## p50/p95 against the targets (1 s, 3 s, 3 s) and the floor of one exact search
## (bench/analysis.py, a few minutes)
bench-analysis: $(STAMP)
	$(BIN)/python bench/analysis.py --deals 60

## research: the checks of the computer opponent's research (research/tests, seconds; not part
## of `make test`). Its benches run by hand, each printing its figures (research/README.md):
##   .venv/bin/python research/ceiling.py --pairs 1000      what seeing the hidden cards is worth
##   .venv/bin/python research/nofusion.py --pairs 1000     the expert's next decision per information set
##   .venv/bin/python research/value_flow.py --pairs 300    which decisions lose how much value
##   .venv/bin/python research/worlds.py                    what more sampled worlds would gain
##   .venv/bin/python research/fit_replies.py               the blind follower's model fitted to follows
research: $(STAMP)
	$(BIN)/pytest research/tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis snapszer.sqlite3 build apps/bots/*.so

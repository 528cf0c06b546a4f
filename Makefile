# Huddle: `make run` starts the app on the embedded SQLite with the example cases loaded;
# `make test` installs what the tests need and runs the whole suite (a worker per core, each test
# file whole on one worker: its browser and servers are set up once; the longest files first,
# tests/conftest.py).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
PORT   ?= 8501
HOST   ?= 0.0.0.0
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test bench catalogs system-test-deps clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

# Serves on every interface (HOST=127.0.0.1 keeps it to this machine) and prints the address
# pollees' phones use; HUDDLE_PUBLIC_URL overrides it (behind a reverse proxy: docs/deploying.md).
# Streamlit's own banner is off: on every interface it would ask the internet for this machine's
# address (huddle_server.py stops the same lookup in its websocket origin check).
run: install
	$(BIN)/huddle setup
	@$(BIN)/huddle addresses --host $(HOST) --port $(PORT)
	$(BIN)/streamlit run huddle_server.py --server.address $(HOST) --server.port $(PORT) \
		--server.headless true --browser.gatherUsageStats false --logger.hideWelcomeMessage true

# Debian packages the tests drive: chromium for the browser tests, a PostgreSQL server for the
# database tests (they start a throw-away cluster on loopback and stop it), poppler-utils to turn
# the PDF reports into PNG pages and text, HAProxy to put several server processes behind one
# address (started by the test and stopped after).
system-test-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	test -x /usr/sbin/haproxy || command -v haproxy >/dev/null 2>&1 || missing="$$missing haproxy"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

test: install system-test-deps
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n auto --dist loadfile --no-loadscope-reorder --durations=25

# The players' languages: the messages marked in the code are extracted into the template, and
# each language's catalog is brought up to date with it (new messages untranslated, for the
# translator; `make test` fails until each has its translation). docs/languages.md says more.
LOCALES := analysis/language/locale
catalogs: install
	$(BIN)/pybabel extract -F babel.cfg -k NP_:1c,2 -k M_ -k MP_:1,2 -c TRANSLATORS: --no-location --sort-output \
		--omit-header -o $(LOCALES)/huddle.pot .
	$(BIN)/pybabel update -i $(LOCALES)/huddle.pot -d $(LOCALES) -D huddle --no-fuzzy-matching --ignore-obsolete

bench: install system-test-deps
	$(BIN)/python bench/matchpoints.py
	$(BIN)/python bench/research.py
	$(BIN)/python bench/coverage.py
	$(BIN)/python bench/reports.py
	$(BIN)/python bench/cli.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/pages_in_browser.py
	$(BIN)/python bench/voters.py
	$(BIN)/python bench/peer.py
	$(BIN)/python bench/simulate.py
	$(BIN)/python bench/federation.py
	$(BIN)/python bench/files.py
	$(BIN)/python bench/intake.py
	$(BIN)/python bench/attack.py

clean:
	rm -rf $(VENV) data/*.sqlite data/*.sqlite-* data/reports

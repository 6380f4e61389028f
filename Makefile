# Numsite: the two set-up commands of the README are `make run` and `make test`.
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
#: pytest-xdist processes of `make test` and `make test-postgres` (the machine has 2 cores).
WORKERS ?= 2
#: uv compiles the lock files (`make lock`) and only that: nothing is installed with it.
UV_VERSION := 0.13.9
#: The templates djade formats (`make lint` checks them, as does .pre-commit-config.yaml).
TEMPLATES := $(shell find templates -name '*.html' | sort)
#: The JavaScript ESLint checks (eslint.config.mjs): the site's scripts and their unit tests.
JS := static/js static/i18n tests/js eslint.config.mjs
#: The unit tests of the site's scripts (Node's test runner, tests/js/harness.mjs).
JS_TESTS := $(sort $(wildcard tests/js/*.test.mjs))

.PHONY: run dev install install-test chromium postgresql proxies lint test test-js test-fast test-postgres fuzz bench \
	load tables lighthouse clean messages gettext lock

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

## Every package from a lock file, at its pinned version and hash (requirements/base.txt: the
## site; requirements/test.txt: the site and its tests, linters included), then the project
## itself, editable, built by the locked setuptools: nothing unpinned is installed. Redone when
## a lock file or pyproject.toml changed (a stamp per lock file in the virtualenv).
install: $(VENV)/base.stamp node_modules/.stamp
install-test: $(VENV)/test.stamp node_modules/.dev.stamp

## The browser-side dependencies of package-lock.json (Pyodide: the offline engines; idiomorph: the live board's morph,
## docs/offline.md), installed by `npm ci` at their locked versions and hashes; Debian's nodejs
## and npm are installed with apt when missing and root (as Chromium is for the tests).
## The site alone (`make install`) leaves out the devDependencies (ESLint and what the
## JavaScript's unit tests run on); `make install-test` installs them too, which also
## satisfies the site's stamp (so `npm ci --omit=dev` never undoes them).
NPM_CHECK = if ! command -v npm >/dev/null; then \
		if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
			(apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
		else \
			echo "npm is missing and you are not root: install Debian's nodejs and npm packages" \
			     "(without them the site works, but not offline)."; exit 1; \
		fi; \
	fi
node_modules/.stamp: package.json package-lock.json
	@$(NPM_CHECK)
	npm ci --omit=dev --no-audit --no-fund --loglevel=error
	@touch $@

node_modules/.dev.stamp: package.json package-lock.json
	@$(NPM_CHECK)
	npm ci --no-audit --no-fund --loglevel=error
	@touch node_modules/.stamp $@

$(VENV)/%.stamp: requirements/%.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r $<
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	@touch $@

## Regenerate requirements/*.txt from pyproject.toml and requirements/build.in, with every
## file's sha256. The pins that still satisfy pyproject.toml are kept (adding a dependency
## moves nothing else); `make lock UPGRADE=1` moves every pin to the newest allowed release.
## The test lock is constrained by the site's, so both install the same site packages.
UV_COMPILE = $(BIN)/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" $(if $(UPGRADE),--upgrade)
lock: $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==$(UV_VERSION)
	$(UV_COMPILE) pyproject.toml requirements/build.in -o requirements/base.txt
	$(UV_COMPILE) pyproject.toml requirements/build.in --extra test \
		-c requirements/base.txt -o requirements/test.txt

## Install, apply migrations to the embedded SQLite database (and make the cache's tables when
## CACHE_BACKEND is the database's), collect the static files when they changed (compressed,
## served by whitenoise) and serve on $(HOST):$(PORT) with gunicorn (numsite/gunicorn.conf.py:
## workers, threads and logs from the environment; docs/deploy.md).
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable
	@$(MAKE) --no-print-directory var/static.stamp BIN=$(BIN)
	@echo "Numsite on http://$(HOST):$(PORT)/ — gunicorn alone: on the internet, put Caddy or" \
	      "nginx in front (TLS, and a crowd of slow clients then holds no thread: docs/deploy.md)."
	$(BIN)/python -m gunicorn --config numsite/gunicorn.conf.py --bind $(HOST):$(PORT)

## collectstatic only when a static file or folder (a file added, renamed or removed), the
## locked dependencies or the settings changed.
var/static.stamp: $(shell find static) requirements/base.txt numsite/settings.py \
		node_modules/.stamp $(wildcard calculators/engines/*.py calculators/core/*.py \
		calculators/games/*/answers.py calculators/games/*/readers.py locale/*/LC_MESSAGES/django.mo)
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@touch $@

## Django's development server with autoreload and DEBUG on, on $(HOST):$(PORT).
dev: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT)

## Debian's Chromium for the browser tests (installed with apt when missing and root).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then \
		echo "Chromium: $(CHROMIUM)"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "Chromium is missing and you are not root: install Debian's chromium package," \
		     "or the browser tests are skipped (they fail when CI=true)."; \
	fi

## Debian's caddy and nginx, whose versions the sample proxy configurations are checked
## against (tests/production/test_caddy.py, test_nginx.py), installed with apt when missing and
## root. The tests start and stop their own, on loopback ports.
proxies:
	@if command -v caddy >/dev/null && { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; }; then \
		echo "Proxies: $$(caddy version | cut -d' ' -f1), $$(/usr/sbin/nginx -v 2>&1 | cut -d' ' -f3)"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy nginx-light >/dev/null; \
	else \
		echo "caddy or nginx is missing and you are not root: install Debian's caddy and" \
		     "nginx-light packages, or their tests are skipped (they fail when CI=true)."; \
	fi

## Debian's PostgreSQL server for the tests that need a real one (installed with apt when
## missing and root). The tests start and stop their own private cluster on a loopback port.
postgresql:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		echo "PostgreSQL: $$(ls -d /usr/lib/postgresql/*/bin | tail -1)"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	else \
		echo "PostgreSQL is missing and you are not root: install Debian's postgresql package," \
		     "or the PostgreSQL tests are skipped (they fail when CI=true)."; \
	fi

## Every check that needs no test run (each also a hook of .pre-commit-config.yaml): ruff's
## lint and format, mypy (what it checks: [tool.mypy] in pyproject.toml), the import contracts
## ([tool.importlinter]), djade on the templates and ESLint on the JavaScript
## (eslint.config.mjs).
lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo
	$(BIN)/djade --target-version 5.2 --check $(TEMPLATES)
	node_modules/.bin/eslint --max-warnings 0 $(JS)

## The unit tests of the JavaScript (tests/js/: the queue of Party writes, drafts, offline
## reading), by Node's own test runner: no browser, a second or two.
test-js: install-test
	node --test $(JS_TESTS)

## Install what the tests need, lint, run the JavaScript's unit tests, collect the static
## files as `make run` does (the suite then sees the hashed names production serves:
## tests/conftest.py, static_files), and run every test (browser tests included) on SQLite,
## then every database test again on a private PostgreSQL cluster; both in $(WORKERS)
## processes (pytest-xdist; `--dist loadgroup` keeps the tests of one xdist_group, such as the
## races, on one of them: tests/conftest.py). The 25 slowest tests are listed at the end, to
## keep the suite within its 15 minutes on 2 cores.
XDIST = -n $(WORKERS) --dist loadgroup
test: install-test chromium postgresql proxies lint
	node --test $(JS_TESTS)
	@$(MAKE) --no-print-directory var/static.stamp BIN=$(BIN)
	$(BIN)/python -m pytest $(XDIST) --durations=25
	$(MAKE) --no-print-directory test-postgres

## The database tests (Parties, API, pages) against a real PostgreSQL started for the run.
test-postgres: install-test
	$(BIN)/python -m tests.pgrun $(BIN)/python -m pytest -q -p no:cacheprovider $(XDIST) \
		tests/parties tests/games tests/api tests/web -m "not races and not browser"

## The quick loop while coding: the JavaScript's unit tests, then the engines, the pages, the
## API and Parties on SQLite, with neither browser, nor races, nor PostgreSQL, nor lint (under
## 90 s on 2 cores).
test-fast: install-test
	node --test $(JS_TESTS)
	$(BIN)/python -m pytest -q -p no:cacheprovider $(XDIST) \
		tests/engines tests/games tests/web tests/api tests/parties -m "not races and not browser"

## The fuzzers for long, on SQLite then on a private PostgreSQL: the API from its schema
## (schemathesis, tests/api/test_fuzz.py; `make test` runs it bounded to 20 examples per
## operation) with FUZZ_EXAMPLES per operation and FUZZ_STEPS calls per stateful sequence, and
## the hand fuzzer (junk and hostile values in every query parameter and form field of every
## page, fragment, party and tablée: FUZZ_HAND). Each run prints the requests the site handled
## and the exceptions it let through (tests/fuzzcount.py); any 5xx fails a test.
FUZZ_EXAMPLES ?= 500
FUZZ_STEPS ?= 25
FUZZ_HAND = tests/api/test_fuzz.py tests/api/test_hostile_json.py tests/api/test_hostile_tokens.py \
	tests/production/test_input_hardening.py tests/web/test_get_params.py
FUZZ_RUN = FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_STEPS=$(FUZZ_STEPS) $(BIN)/python -m pytest -q \
	-p no:cacheprovider -n 0 -p tests.fuzzcount $(FUZZ_HAND)
fuzz: install-test
	$(FUZZ_RUN)
	$(BIN)/python -m tests.pgrun $(FUZZ_RUN)

## Benchmarks (pytest-benchmark): medians of the engines and of an API request, the slowest
## inputs hill-climbs find, the pages against the floor, and what a table waits for (a write,
## the first board after it, the 204 poll, and the tables one machine holds under gunicorn:
## tests/load/tables.py), each figure printed beside its goal.
bench: install-test
	$(BIN)/python -m pytest tests/bench --benchmark-enable --benchmark-only --benchmark-columns=median,mean,stddev,rounds

## Load and fault script against gunicorn (tests/load/run_load.py: pages, concurrent writers,
## a worker killed mid-burst), then the table simulation (tests/load/tables.py: 100, 200 and
## 300 tables of 4 phones). Bounded and loopback only; each starts and stops its own servers.
load: install-test
	$(BIN)/python -m tests.load.run_load
	$(BIN)/python -m tests.load.tables

tables: install-test
	$(BIN)/python -m tests.load.tables

## Lighthouse (phone emulation, Debian's Chromium) on a party of each game mid-game and the home
## page, under gunicorn (tests/load/lighthouse.py). Lighthouse is pinned by its own lock file in
## tests/load/lighthouse/: it is a measuring tool, not needed to run the site or its tests.
lighthouse: install-test
	npm ci --prefix tests/load/lighthouse --no-audit --no-fund --loglevel=error
	$(BIN)/python -m tests.load.lighthouse

## Debian's gettext (msgfmt, xgettext) for `make messages` only: the site and the tests run
## without it (the compiled catalogue, locale/*/LC_MESSAGES/django.mo, is committed).
gettext:
	@if command -v msgfmt >/dev/null; then \
		echo "gettext: $$(command -v msgfmt)"; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
		(apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
	else \
		echo "gettext is missing and you are not root: install Debian's gettext package."; exit 1; \
	fi

## After changing a translatable string: extract it into locale/en/LC_MESSAGES/django.po,
## translate it there, then run this again to compile django.mo (commit both files;
## tests/i18n/test_catalogue.py fails on an untranslated, fuzzy or stale entry).
messages: install gettext
	$(BIN)/python manage.py makemessages -l en --no-location -i ".venv/*" -i "var/*" -i "tests/*"
	$(BIN)/python manage.py compilemessages -l en

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .mypy_cache .import_linter_cache

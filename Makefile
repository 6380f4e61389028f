# Numsite: the two set-up commands of the README are `make run` and `make test`.
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium

.PHONY: run install install-test chromium postgresql lint test test-postgres bench clean messages gettext

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

## Install, apply migrations to the embedded SQLite database (and make the cache's tables when
## CACHE_BACKEND is the database's), collect the static files when they changed (compressed,
## served by whitenoise) and serve on $(HOST):$(PORT) with gunicorn (numsite/gunicorn.conf.py:
## workers, threads and logs from the environment; docs/deploy.md).
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable
	@$(MAKE) --no-print-directory var/static.stamp BIN=$(BIN)
	$(BIN)/python -m gunicorn --config numsite/gunicorn.conf.py --bind $(HOST):$(PORT)

## collectstatic only when a static file or folder (a file added, renamed or removed), the
## dependencies or the settings changed.
var/static.stamp: $(shell find static) pyproject.toml numsite/settings.py
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@touch $@

## Django's development server with autoreload and DEBUG on, on $(HOST):$(PORT).
dev: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py runserver $(HOST):$(PORT)

install-test: $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test]"

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

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## Install what the tests need, lint, collect the static files as `make run` does (the suite
## then sees the hashed names production serves: tests/conftest.py, static_files), and run
## every test (browser tests included) on SQLite, then every database test again on a private
## PostgreSQL cluster.
test: install-test chromium postgresql lint
	@$(MAKE) --no-print-directory var/static.stamp BIN=$(BIN)
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory test-postgres

## The database tests (Parties, API, pages) against a real PostgreSQL started for the run.
test-postgres: install-test
	$(BIN)/python -m tests.pgrun $(BIN)/python -m pytest -q -p no:cacheprovider \
		tests/parties tests/api tests/web -m "not races and not browser"

## Benchmarks (pytest-benchmark): medians of the engines and of an API request.
bench: install-test
	$(BIN)/python -m pytest tests/bench --benchmark-enable --benchmark-only --benchmark-columns=median,mean,stddev,rounds

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
	rm -rf $(VENV) .pytest_cache .ruff_cache

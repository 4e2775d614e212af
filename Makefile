# The two commands a newcomer needs:  make run   and   make test
# Everything else here is a step of those two. Install steps are skipped when done
# (stamp files keyed on the hash of requirements.lock + pyproject.toml / package-lock.json).
# Python dependencies come from requirements.lock alone (exact versions and hashes, valid on
# Python 3.11 and 3.12); `make lock` upgrades it on purpose and runs the suite.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP_STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | sha256sum | cut -c1-16)
LOCK_INPUTS := pyproject.toml requirements-tools.in --extra dev --extra postgres
NODE_STAMP := node_modules/.installed-$(shell sha256sum package-lock.json | cut -c1-16)
# The service worker (Workbox, from npm): rebuilt when its sources or a static file change.
PWA_WORKER := build/pwa/sw.js
PWA_INPUTS := nardy_site/service_worker/build.mjs nardy_site/service_worker/sw-source.js \
	$(filter-out var/%,$(shell find */static -type f 2>/dev/null))
PYTEST_ARGS ?=
# The suite runs in one process per core, at most 4 (each has its own databases, and starts
# its own browser, Redis and Celery worker when its tests need them), a test file's tests
# together in one process (their module fixtures are made once); one core: one process.
# `make test TEST_WORKERS=1` runs it in this process alone.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ $$n -gt 4 ] && n=4; echo $$n)
XDIST := $(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)
# `make test POSTGRES_STAGE=no` leaves out the PostgreSQL stage (locally; CI runs it).
POSTGRES_STAGE ?= yes
MESSAGE_IGNORES := --ignore '.venv/*' --ignore 'node_modules/*' --ignore 'var/*' --ignore 'engine/*' --ignore 'tests/*' --ignore 'benchmarks/*'
# The languages with a catalogue (locale/<language>/); adding one is adding its directory.
MESSAGE_LANGUAGES := $(notdir $(wildcard locale/*))
# Debian packages the test suite drives: a Redis server, a browser, a PostgreSQL server,
# gettext (the catalogue tests run makemessages), and haproxy and pgbouncer (two web nodes
# behind a load balancer, PostgreSQL behind a transaction pooler: tests/nardy_site/test_cluster.py).
SYSTEM_PACKAGES := redis-server chromium postgresql gettext haproxy pgbouncer

.PHONY: run test lock setup python-deps node-deps engine-cache system-deps migrate demo test-postgres \
	test-postgres-marked messages lint clean

## make run: set up, migrate, load demo data, run web + worker + beat + Redis on 127.0.0.1:8000
run: setup migrate demo
	$(PY) manage.py run_all

## make test: set up (venv, npm, chromium, redis-server, postgresql) and run the whole suite,
## then run the tests marked `postgres` again on a throwaway PostgreSQL server.
## First the import-linter contracts of pyproject.toml (the layers: engine <- clubs <- games
## <- tournaments <- chouette | disputes | leaderboard).
test: setup system-deps
	@bash .ci/system-versions
	$(VENV)/bin/lint-imports
	$(PY) -m pytest --durations=30 $(XDIST) $(PYTEST_ARGS)
	@$(MAKE) --no-print-directory test-postgres-marked

# The tests where PostgreSQL behaves differently from SQLite (marked `postgres`), among
# those PYTEST_ARGS selects (its own -m wins over one in PYTEST_ARGS). Skipped with a
# message when PostgreSQL cannot be had, except under CI=true (see .ci/with-postgres).
test-postgres-marked:
ifeq ($(POSTGRES_STAGE),no)
	@echo "PostgreSQL stage left out (POSTGRES_STAGE=no)"
else
	@echo "--- PostgreSQL stage: the tests marked postgres, on a throwaway server"
	@status=0; bash .ci/with-postgres --optional $(PY) -m pytest $(XDIST) $(PYTEST_ARGS) -m postgres \
	  || status=$$?; \
	if [ $$status = 5 ]; then echo "PostgreSQL stage: no test marked postgres in this selection"; \
	else exit $$status; fi
endif

setup: python-deps node-deps engine-cache

python-deps: $(PIP_STAMP)

$(PIP_STAMP): requirements.lock pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-cache-dir --require-hashes \
	  --no-deps -r requirements.lock
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	@rm -f $(VENV)/.installed-*
	@touch $@

node-deps: $(NODE_STAMP) $(PWA_WORKER)

## make lock: upgrade every Python dependency within pyproject.toml's ranges (a new
## requirements.lock, universal: Python 3.11 and 3.12), install it and run the whole suite.
## deploy/requirements.lock (the image: no test tools) takes the same versions. Commit the
## locks only if the suite passes. `make lock LOCK_ARGS=--upgrade-package=X` for one.
LOCK_ARGS ?= --upgrade
lock: python-deps
	$(VENV)/bin/uv pip compile $(LOCK_INPUTS) --universal --python-version 3.11 \
	  --generate-hashes --prerelease=if-necessary-or-explicit --quiet $(LOCK_ARGS) -o requirements.lock
	$(VENV)/bin/uv pip compile pyproject.toml requirements-tools.in --extra postgres --universal \
	  --python-version 3.11 --generate-hashes --prerelease=if-necessary-or-explicit --quiet \
	  -c requirements.lock -o deploy/requirements.lock
	@$(MAKE) --no-print-directory test

# The engine's compiled kernels and the rating replay's, loaded from numba's cache
# (engine/__pycache__/numba-*) or compiled into it once (about a minute on a fresh
# checkout), so that the first command or request does not wait for them. The engine is
# imported first, as in the app's processes: it chooses numba's cache folder.
engine-cache: python-deps
	$(PY) -m engine.warm
	$(PY) -c "import engine; from leaderboard.core.replay_kernel import warm; warm()"

$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The service worker and Workbox's libraries into build/pwa/ (git-ignored; served by
# Django: /sw.js and /static/pwa/).
$(PWA_WORKER): $(NODE_STAMP) $(PWA_INPUTS)
	node nardy_site/service_worker/build.mjs

# Installs what is missing with apt-get when running as root; otherwise says what to install.
system-deps:
	@missing=""; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	test -x /usr/bin/chromium || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v xgettext >/dev/null || missing="$$missing gettext"; \
	test -x /usr/sbin/haproxy || missing="$$missing haproxy"; \
	test -x /usr/sbin/pgbouncer || missing="$$missing pgbouncer"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages:$$missing"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	  else \
	    echo "Missing Debian packages:$$missing (sudo apt-get install$$missing)"; \
	  fi; \
	fi

migrate: python-deps
	$(PY) manage.py migrate --noinput

demo: python-deps
	$(PY) manage.py demo

## make test-postgres: the whole suite against a throwaway PostgreSQL server (Debian postgresql)
test-postgres: setup system-deps
	bash .ci/with-postgres $(PY) -m pytest $(PYTEST_ARGS)

## make messages: refresh every catalogue (locale/ and the apps' locale/) from the code and
## compile them (needs gettext); then translate what is new (tests/i18n checks nothing is left)
messages: python-deps
	$(PY) manage.py makemessages $(addprefix -l ,$(MESSAGE_LANGUAGES)) $(MESSAGE_IGNORES)
	$(PY) manage.py compilemessages $(MESSAGE_IGNORES)

lint: python-deps
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports

clean:
	rm -rf var/static var/test_nardy_*.sqlite3* build/pwa

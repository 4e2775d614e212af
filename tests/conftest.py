"""Fixtures shared by the whole suite.

Real services for end-to-end tests (mark them `@pytest.mark.e2e`):
  redis_server   a Redis server on a free loopback port (session-scoped)
  celery_worker  a real `celery -A nardy_site worker` process sharing the test database;
                 using it makes the test transactional (data is committed, so the
                 worker sees it) and sends this process's tasks to that worker
  live_server    pytest-django's: the app served on a local port
  browser, page  Playwright driving Debian's chromium (/usr/bin/chromium)

Everywhere else Celery runs tasks eagerly in the test process (no broker needed).
Background work goes through the outbox (outbox.services.enqueue), published when the
transaction commits: in tests, inside `django_capture_on_commit_callbacks(execute=True)`.
Missing services skip the test locally and fail it under CI=true.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from hypothesis import settings as hypothesis_settings
from playwright.sync_api import Browser, Page, sync_playwright

from nardy_site import processes
from nardy_site.celery import app as celery_app
from nardy_site.redis_server import RedisServer, redis_server_binary, start_redis
from tests.support.celery_worker import Worker, database_url_for, point_app_at, start_worker
from tests.support.requirements import missing

# Hypothesis's per-example deadline is a timed assertion: on a busy two-core machine it
# fails correct code. Speed is measured by benchmarks/, never by tests.
hypothesis_settings.register_profile("nardy", deadline=None)
hypothesis_settings.load_profile("nardy")

CHROMIUM = os.environ.get("NARDY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--runslow``: run the tests marked slow (tests/engine/conftest.py skips them
    otherwise; NARDY_RUNSLOW=1 does the same). Declared here so that pytest accepts it
    whichever tests are selected."""
    parser.addoption("--runslow", action="store_true", default=False,
                     help="run tests marked slow (large samples)")


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared documents folder: NARDY_SHARED, else <repo>/../shared."""
    from django.conf import settings

    return Path(settings.SHARED_DIR)


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hashing() -> Iterator[None]:
    """Passwords are hashed with a fast hasher in every test: Django's PBKDF2 takes a third
    of a second a user here, and the factories and fixtures make thousands of users. The
    tests of signing in still check real hashes (of this hasher)."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts and ends in the default language.

    A request with another language (the test client, LocaleMiddleware) leaves it active
    on the thread, and lazy messages of a later test would then come out translated.
    """
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Each test starts with an empty cache: allauth's rate limits count logins,
    sign-ups and mails per address there, and one test's count must not limit the next."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _page_cache(request: pytest.FixtureRequest, settings: Any) -> None:
    """The events' fragments are cached in every test (tournaments.page_cache), so that a
    write that forgets to drop them shows as a stale page. Not beside a real worker: its
    writes happen in another process, which this process's in-memory cache does not
    hear (a deployment shares one Redis cache, NARDY_CACHE_URL)."""
    settings.NARDY_PAGE_CACHE = "celery_worker" not in request.fixturenames


@pytest.fixture(autouse=True)
def _celery_eager() -> Iterator[None]:
    """Run tasks in-process unless the test asks for `celery_worker`; each test starts
    with the outbox publishing (a broker failure in an earlier test pauses it)."""
    from outbox.services import resume_publishing

    previous = (celery_app.conf.broker_url, celery_app.conf.result_backend)
    celery_app.conf.task_always_eager = True
    resume_publishing()
    yield
    if (celery_app.conf.broker_url, celery_app.conf.result_backend) != previous:
        point_app_at(celery_app, previous[0], eager=True)
    celery_app.conf.task_always_eager = True
    resume_publishing()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    try:
        redis_server_binary()
    except FileNotFoundError:
        missing("redis-server")
    server = start_redis(processes.free_port(), tmp_path_factory.mktemp("redis"))
    yield server
    server.stop()


@pytest.fixture(scope="session")
def _celery_worker_process(
    redis_server: RedisServer,
    django_db_setup: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Worker]:
    database_url = database_url_for(connections["default"].settings_dict)
    point_app_at(celery_app, redis_server.url, eager=False)
    worker = start_worker(
        celery_app,
        redis_server.url,
        database_url,
        tmp_path_factory.mktemp("celery") / "worker.log",
    )
    yield worker
    worker.stop()


@pytest.fixture
def celery_worker(
    _celery_worker_process: Worker, redis_server: RedisServer, transactional_db: None
) -> Iterator[Worker]:
    """A running worker; this test's tasks go to it through Redis. At the end it is let
    finish what the test queued before the database is emptied."""
    point_app_at(celery_app, redis_server.url, eager=False)
    yield _celery_worker_process
    if celery_app.conf.broker_url == redis_server.url:
        _celery_worker_process.wait_idle(celery_app)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """A headless Chromium driven by Playwright (sync API)."""
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        missing("chromium")
    # Playwright's sync API runs an event loop in this thread; Django's ORM refuses
    # to run beside one unless told that this is safe (it is: tests are sequential).
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"),
            args=CHROMIUM_ARGS,
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own browser context (no cookies shared between tests).

    Playwright's string predicates (``wait_for_function``) are evaluated in the page,
    which the site's Content-Security-Policy forbids, so this context bypasses it; the
    ``strict_page`` fixture keeps the policy, to check that the site works under it."""
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def strict_page(browser: Browser) -> Iterator[Page]:
    """A page that enforces the site's Content-Security-Policy; ``strict_page.violations``
    collects every console report of the policy being broken."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(f"{page.url}: {message.text}")
        if "Content Security Policy" in message.text
        else None,
    )
    page.violations = violations  # type: ignore[attr-defined]
    yield page
    context.close()

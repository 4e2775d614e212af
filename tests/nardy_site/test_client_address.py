"""Behind a proxy, every per-address rule sees the visitor's address, not the proxy's:
allauth's sign-in limits, django-axes's lockouts, the API's throttles and the access log.
(Before, allauth counted every visitor as the proxy: one tournament morning's sign-ins
used up the whole site's limit.)"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from nardy_site.client_address import client_address
from tests.factories import UserFactory

REPO = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.2"  # the TLS proxy / load balancer every request comes through
ANN, BOB = "198.51.100.7", "203.0.113.9"
PASSWORD = "right horse battery"


def through_proxy(visitor: str, client_class: type = Client, **extra: Any) -> Any:
    """A browser at ``visitor``'s address, reaching the app through the proxy, which
    appends the address it saw to X-Forwarded-For."""
    forwarded = extra.pop("forged", None)
    header = f"{forwarded}, {visitor}" if forwarded else visitor
    return client_class(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=header, **extra)


@pytest.mark.parametrize(("meta", "proxies", "expected"), [
    ({"REMOTE_ADDR": ANN}, 0, ANN),
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": ANN}, 0, PROXY),  # not trusted: no proxy declared
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": ANN}, 1, ANN),
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"{BOB}, {ANN}"}, 1, ANN),  # BOB was forged
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"{BOB}, {ANN}, 10.0.0.1"}, 2, ANN),
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f" {ANN} ,"}, 1, ANN),
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": ANN}, 3, ANN),  # fewer entries than proxies
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "not an address"}, 1, PROXY),
    ({"REMOTE_ADDR": PROXY}, 1, PROXY),  # came to the app without the proxy
    ({"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "2001:db8::1"}, 1, "2001:db8::1"),
])
def test_the_client_is_the_entry_the_outermost_declared_proxy_wrote(
        meta: dict, proxies: int, expected: str) -> None:
    assert client_address(meta, proxies) == expected


pytestmark_db = pytest.mark.django_db


@pytest.fixture
def ann() -> Any:
    user = UserFactory(username="ann")
    user.set_password(PASSWORD)
    user.save()
    return user


def sign_in(client: Client, login: str, password: str) -> Any:
    return client.post("/accounts/login/", {"login": login, "password": password})


@pytestmark_db
@override_settings(PROXY_COUNT=1, ACCOUNT_RATE_LIMITS={**settings.ACCOUNT_RATE_LIMITS, "login": "3/m/ip"})
def test_allauths_sign_in_limit_counts_each_visitor_not_the_proxy(ann: Any) -> None:
    for _ in range(3):
        browser = through_proxy(ANN)
        assert sign_in(browser, "ann", PASSWORD).status_code == 302
    assert sign_in(through_proxy(ANN), "ann", PASSWORD).status_code == 429  # ANN's limit
    bob = UserFactory(username="bob")
    bob.set_password(PASSWORD)
    bob.save()
    other = through_proxy(BOB)
    assert sign_in(other, "bob", PASSWORD).status_code == 302  # the same proxy, another visitor
    assert "_auth_user_id" in other.session


@pytestmark_db
@override_settings(PROXY_COUNT=1)
def test_the_lockout_counts_each_visitor_not_the_proxy(ann: Any) -> None:
    for number in range(settings.AXES_FAILURE_LIMIT):
        sign_in(through_proxy(ANN, forged=f"192.0.2.{number}"), f"guess{number}", "guess")
    assert sign_in(through_proxy(ANN), "ann", PASSWORD).status_code == 429  # forging changed nothing
    assert sign_in(through_proxy(BOB), "ann", PASSWORD).status_code == 302


@pytestmark_db
@override_settings(PROXY_COUNT=1)
def test_the_api_throttles_count_each_visitor_not_the_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {"anon": "3/minute", "user": "8/minute", "search": "3/minute", "login": "3/minute"})
    ann = through_proxy(ANN, APIClient)
    assert [ann.get("/api/clubs/").status_code for _ in range(4)] == [200, 200, 200, 429]
    forging = through_proxy(ANN, APIClient, forged=BOB)
    assert forging.get("/api/clubs/").status_code == 429
    assert through_proxy(BOB, APIClient).get("/api/clubs/").status_code == 200


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_access_log_names_the_visitor(tmp_path: Path) -> None:
    """gunicorn with the project's configuration, behind one declared proxy: its access
    line gives the visitor's address (a request's META is gunicorn's environ)."""
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "nardy_site.settings", "NARDY_VAR_DIR": str(tmp_path),
           "NARDY_PROXY_COUNT": "1", "NARDY_BIND": f"127.0.0.1:{port}", "NARDY_WEB_WORKERS": "1",
           "NARDY_LOG_FORMAT": "text", "PYTHONPATH": str(REPO)}
    log = tmp_path / "gunicorn.log"
    with log.open("w") as sink:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:nardy_site.gunicorn", "nardy_site.wsgi"],
            cwd=REPO, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/static/nardy/site.css",
                                         headers={"X-Forwarded-For": f"{BOB}, {ANN}"})
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(request, timeout=5) as answer:
                    assert answer.status == 200
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.3)
        deadline = time.monotonic() + 10
        while "site.css" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)
    access = [line for line in log.read_text().splitlines() if "site.css" in line]
    assert access, log.read_text()
    assert ANN in access[0] and "127.0.0.1" not in access[0] and BOB not in access[0]

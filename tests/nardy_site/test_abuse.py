"""Abuse: sign-in lockouts, API throttles, Content-Security-Policy, safe CSV exports, and
production settings that pass Django's deployment checks."""

from __future__ import annotations

import csv
import io
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from common.api import throttled_sentence
from common.csv_export import safe_cell
from tests.factories import PlayerFactory, UserFactory
from tests.support.clients import error_of, page_client
from tests.tournaments.tournament_helpers import make_event

pytestmark = [pytest.mark.django_db]

REPO = Path(__file__).resolve().parents[2]
PASSWORD = "right horse battery"


@pytest.fixture
def user() -> Any:
    account = UserFactory(username="ann")
    account.set_password(PASSWORD)
    account.save()
    return account


def wrong_logins(send: Any, count: int) -> list[int]:
    return [send("not the password").status_code for _ in range(count)]


def sign_in(client: Client, login: str, password: str, **extra: Any) -> Any:
    return client.post("/accounts/login/", {"login": login, "password": password}, **extra)


def test_the_login_page_locks_out_after_too_many_wrong_passwords(user: Any) -> None:
    """The sign-in page: allauth's limit per account (5 in 5 minutes) and the lockout per
    address (django-axes): after the failures even the right password does not sign in."""
    client = Client()
    statuses = wrong_logins(lambda password: sign_in(client, "ann", password), 5)
    assert statuses == [200] * 5  # the form again, saying the password is wrong
    refused = sign_in(client, "ann", PASSWORD)
    assert refused.status_code in (200, 429)
    assert "Too many" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lockout_counts_per_address_not_per_username(user: Any) -> None:
    client = Client()
    for number in range(settings.AXES_FAILURE_LIMIT):
        sign_in(client, f"guess{number}", "guess")
    locked = sign_in(client, "ann", PASSWORD)
    assert locked.status_code == 429
    html = locked.content.decode()
    assert "site-header" in html and "locked" in html
    assert "_auth_user_id" not in client.session
    elsewhere = Client(REMOTE_ADDR="192.0.2.7")
    assert sign_in(elsewhere, "ann", PASSWORD).status_code == 302


def test_a_forged_forwarded_for_header_does_not_escape_the_lockout(user: Any) -> None:
    client = Client()
    for number in range(settings.AXES_FAILURE_LIMIT):
        sign_in(client, f"guess{number}", "guess", HTTP_X_FORWARDED_FOR=f"198.51.100.{number}")
    answer = sign_in(client, "ann", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.200")
    assert answer.status_code == 429


def test_the_api_token_endpoint_locks_out(user: Any) -> None:
    client = APIClient()

    def send(password: str) -> Any:
        return client.post("/api/token/", {"username": "ann", "password": password}, format="json")

    assert send(PASSWORD).status_code == 200 and "token" in send(PASSWORD).json()
    statuses = wrong_logins(send, settings.AXES_FAILURE_LIMIT)
    assert set(statuses[:-1]) == {401}  # wrong credentials
    locked = send(PASSWORD)
    assert locked.status_code == 429
    assert error_of(locked)["code"] == "locked_out"
    assert "locked" in error_of(locked)["message"]


def test_the_admin_login_locks_out(user: Any) -> None:
    user.is_staff = True
    user.save()
    client = Client()

    def send(password: str) -> Any:
        return client.post("/admin/login/?next=/admin/", {"username": "ann", "password": password})

    wrong_logins(send, settings.AXES_FAILURE_LIMIT)
    assert send(PASSWORD).status_code == 429


@pytest.fixture
def low_rates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"anon": "5/minute", "user": "8/minute", "search": "3/minute", "login": "3/minute"},
    )


@pytest.mark.usefixtures("low_rates")
def test_anonymous_and_signed_in_clients_are_throttled() -> None:
    anonymous = APIClient()
    statuses = [anonymous.get("/api/clubs/").status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    refused = anonymous.get("/api/clubs/")
    assert error_of(refused)["code"] == "throttled" and int(refused["Retry-After"]) > 0
    signed_in = APIClient()
    signed_in.force_authenticate(UserFactory())
    statuses = [signed_in.get("/api/clubs/").status_code for _ in range(9)]
    assert statuses == [200] * 8 + [429]


@pytest.mark.usefixtures("low_rates")
@pytest.mark.parametrize("language", ["en", "ru", "az"])
def test_the_throttle_sentence_is_all_in_the_readers_language(language: str) -> None:
    """DRF's own sentence came half translated ("Запрос был проигнорирован. Expected
    available in 60 seconds.")."""
    client = APIClient(HTTP_ACCEPT_LANGUAGE=language)
    for _ in range(5):
        client.get("/api/clubs/")
    refused = client.get("/api/clubs/")
    assert refused.status_code == 429
    wait = max(1, int(refused["Retry-After"]))
    with translation.override(language):
        expected = throttled_sentence(wait)
    assert error_of(refused)["message"] == expected
    assert "Expected available" not in expected


@pytest.mark.usefixtures("low_rates")
def test_searches_are_throttled_sooner() -> None:
    client = APIClient()
    client.force_authenticate(UserFactory())
    PlayerFactory(display_name="Ann")
    searches = [client.get("/api/players/", {"search": "an"}).status_code for _ in range(4)]
    assert searches == [200] * 3 + [429]
    assert client.get("/api/players/").status_code == 200  # browsing is not a search


def test_pages_carry_a_content_security_policy_without_inline_script() -> None:
    response = page_client().get("/")
    policy = response["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
    assert directives["script-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"] and directives["frame-ancestors"] == ["'none'"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert page_client().get("/api/docs/")["Content-Security-Policy"]


TEMPLATE_DIRS = [
    "templates",
    "clubs",
    "games",
    "tournaments",
    "chouette",
    "disputes",
    "leaderboard",
]


def test_no_template_has_an_inline_script_or_event_handler() -> None:
    offences = []
    for top in TEMPLATE_DIRS:
        for path in (REPO / top).rglob("*.html"):
            text = path.read_text()
            for tag in re.findall(r"<script\b[^>]*>", text):
                if "src=" not in tag:
                    offences.append(f"{path.relative_to(REPO)}: {tag}")
            for handler in re.findall(r"\son[a-z]+\s*=", text):
                offences.append(f"{path.relative_to(REPO)}: {handler.strip()}")
            if "javascript:" in text:
                offences.append(f"{path.relative_to(REPO)}: javascript: URL")
    assert offences == []


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("Ann", "Ann"),
        (-3, -3),
        ("", ""),
    ],
)
def test_csv_cells_cannot_start_a_formula(value: Any, written: Any) -> None:
    assert safe_cell(value) == written


def test_a_tournament_export_escapes_formula_names() -> None:
    event = make_event(4)
    entry = event.entries.select_related("player").first()
    entry.player.display_name = "=cmd|' /C calc'!A0"
    entry.player.save()
    response = page_client().get(f"/tournaments/{event.pk}/standings.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    cells = [cell for row in rows for cell in row]
    assert "'=cmd|' /C calc'!A0" in cells
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)


def test_production_settings_pass_the_deployment_checks(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "NARDY_HTTPS": "1",
        "NARDY_SECRET_KEY": secrets.token_urlsafe(50),
        "NARDY_ALLOWED_HOSTS": "nardy.example.org",
        "NARDY_CSRF_TRUSTED_ORIGINS": "https://nardy.example.org",
        "NARDY_VAR_DIR": str(tmp_path),
        "NARDY_DEBUG": "0",
        "DEBUG": "0",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout

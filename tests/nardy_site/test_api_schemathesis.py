"""Schemathesis against the API, in this process: the API answers what its OpenAPI schema
says, for an anonymous client, a player and a director.

Every check (server errors, status codes, content types, response schemas and headers,
schema-valid requests accepted, schema-violating ones rejected, authentication, links
between operations) and every phase (the schema's examples, coverage of its edges,
fuzzing, stateful sequences along the inferred links) runs against the demo data, served
by the live test server. The run is bounded (a few examples per operation and a time
budget per role: about two minutes in all on a busy two-core machine); its seed changes
with every run and is printed, so a failure reproduces:

    NARDY_SCHEMATHESIS_SEED=<seed> pytest tests/nardy_site/test_api_schemathesis.py

NARDY_RUNSLOW=1 runs more examples without the time budget. Schemathesis reads its
settings from schemathesis.toml at the top of the project (413 counts as a rejection of
invalid data).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from click.testing import CliRunner
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.cli import schemathesis as schemathesis_cli

pytestmark = [
    pytest.mark.django_db(transaction=True),
]

RUN_ALL = bool(os.environ.get("NARDY_RUNSLOW"))
USERS = {"anonymous": None, "player": "aram", "director": "director"}
# The time budget of each role (seconds): the schema's operations one by one, then
# stateful sequences along the links between them.
SECONDS = {"anonymous": (12, 8), "player": (16, 12), "director": (26, 20)}
PARTS = ("examples,coverage,fuzzing", "stateful")
EXAMPLES = 25 if RUN_ALL else 3


@pytest.fixture
def demo_api(live_server: Any, monkeypatch: pytest.MonkeyPatch, settings: Any) -> str:
    """The demo data behind the live server, throttles out of the way (the checks send
    thousands of requests in a minute; 429 is documented all the same)."""
    call_command("demo", verbosity=0)
    rates = {"anon": "1000000/minute", "user": "1000000/minute", "search": "1000000/minute",
             "login": "1000000/minute"}  # fmt: skip
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    return str(live_server.url)


def token_of(username: str | None) -> str | None:
    if username is None:
        return None
    user = get_user_model().objects.get(username=username)
    return Token.objects.get_or_create(user=user)[0].key


@pytest.mark.parametrize("role", list(USERS))
def test_the_api_answers_what_its_schema_says(demo_api: str, role: str) -> None:
    seed = int(os.environ.get("NARDY_SCHEMATHESIS_SEED") or random.randrange(2**31))
    print(f"Schemathesis as {role}: NARDY_SCHEMATHESIS_SEED={seed}")
    token = token_of(USERS[role])
    failures = []
    for phases, seconds in zip(PARTS, SECONDS[role], strict=True):
        arguments = [
            "run", f"{demo_api}/api/schema/",
            "--checks", "all",
            "--phases", phases,
            "--max-examples", str(EXAMPLES),
            "--seed", str(seed),
            "--workers", "1",
            "--warnings", "off",
            "--output-truncate", "false",
            "--request-timeout", "30",
        ]  # fmt: skip
        if not RUN_ALL:
            arguments += ["--max-time", str(seconds)]
        if token is not None:
            arguments += ["--header", f"Authorization: Token {token}"]
        result = CliRunner().invoke(schemathesis_cli, arguments, catch_exceptions=False)
        if result.exit_code != 0:
            failures.append(result.output[-15000:])
    assert not failures, (
        f"Schemathesis as {role} (NARDY_SCHEMATHESIS_SEED={seed}) found problems:\n"
        + "\n".join(failures)
    )

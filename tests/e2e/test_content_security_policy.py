"""The site works under its Content-Security-Policy: no page breaks it in a real browser,
and the behaviour that used to be inline (the js class, htmx, print buttons, the
dispute editor) still runs."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.e2e]

PAGES = ["/", "/clubs/", "/tournaments/", "/matches/", "/chouettes/", "/rankings/",
         "/disputes/", "/accounts/login/", "/api/docs/", "/api/redoc/"]  # fmt: skip


def sign_in(page: Any, base: str) -> None:
    page.goto(base + "/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill("director")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base + "/**")


def test_no_page_breaks_the_policy(live_server: Any, strict_page: Any) -> None:
    call_command("demo", verbosity=0)
    strict_page.goto(live_server.url + "/")
    assert strict_page.evaluate("document.documentElement.classList.contains('js')")
    assert strict_page.evaluate("typeof window.htmx") == "object"
    for path in PAGES:
        strict_page.goto(live_server.url + path)
        strict_page.wait_for_load_state("networkidle")
    sign_in(strict_page, live_server.url)
    strict_page.goto(live_server.url + "/disputes/new/")
    strict_page.wait_for_load_state("networkidle")
    assert strict_page.violations == []

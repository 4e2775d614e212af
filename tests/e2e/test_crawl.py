"""The site crawl: every page kind, phone and laptop widths, English and Russian.

On each page: no 5xx, the page no wider than the window (wide tables scroll in their own
box), no serious or critical axe-core violation, and on Russian pages no English words
left in the visible text (user-typed names and notes aside, see crawl.user_texts).

The default suite crawls every page kind once (as the role that sees the most, in
Russian, at 390 and 1,280 px); ``--runslow`` crawls every page as anonymous, player and
director, in English and Russian, and once more in each other language at 390 px.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.e2e import crawl

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

USERNAMES = {crawl.PLAYER: "aram", crawl.DIRECTOR: "director"}


def test_every_page_kind_is_crawled() -> None:
    """A new URL pattern is either crawled or listed as not a page, with the reason."""
    names = crawl.url_names()
    assert not set(crawl.NOT_PAGES) - names, "NOT_PAGES names URLs that no longer exist"
    assert not crawl.CRAWLED - names, "CRAWLED names URLs that no longer exist"
    missing = names - crawl.CRAWLED - set(crawl.NOT_PAGES)
    assert not missing, f"add these to the crawl (tests/e2e/crawl.py): {sorted(missing)}"


@pytest.fixture
def demo_site(live_server, browser):
    """The demo data behind the live server, and a way to open a browser as each role."""
    call_command("demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    crawl.add_states()
    contexts = []

    def open_as(role: str, language: str):
        # The page's Content-Security-Policy would refuse axe-core, injected as an inline
        # script; the crawl's own script only, the pages' policy is tested elsewhere.
        context = browser.new_context(bypass_csp=True)
        cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language,
                    "url": live_server.url}]
        if role != crawl.ANONYMOUS:
            client = Client()
            client.force_login(get_user_model().objects.get(username=USERNAMES[role]))
            cookies.append({"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
                            "value": client.cookies[settings.SESSION_COOKIE_NAME].value})
        context.add_cookies(cookies)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        return page

    yield live_server.url, open_as
    for context in contexts:
        context.close()


def _crawl(base: str, open_as, plan: list[tuple[str, str, list[crawl.Visit]]],
           **options) -> crawl.Problems:
    problems = crawl.Problems()
    strip = crawl.user_texts()
    for role, language, visits in plan:
        page = open_as(role, language)
        for visit in visits:
            where = f"{language} {role} {visit.kind} {visit.url[:80]}"
            if visit.around:
                visit.around(True)
            try:
                crawl.check(page, base + visit.url, where, problems, language=language,
                            strip=strip, status=visit.status, post_bytes=visit.post_bytes,
                            submit=visit.submit, **options)
            finally:
                if visit.around:
                    visit.around(False)
    return problems


def test_every_page_kind_once_in_russian(demo_site) -> None:
    base, open_as = demo_site
    visits = crawl.visits()
    assert {crawl.kind_name(v) for v in visits} == crawl.CRAWLED
    visits += crawl.error_visits()
    # Each kind once, as the role that sees the most of it.
    by_role: dict[str, list[crawl.Visit]] = {role: [] for role in crawl.ROLES}
    seen: set[str] = set()
    for visit in visits:
        if crawl.kind_name(visit) in seen:
            continue
        seen.add(crawl.kind_name(visit))
        role = next(r for r in (crawl.DIRECTOR, crawl.PLAYER, crawl.ANONYMOUS) if r in visit.roles)
        by_role[role].append(visit)
    plan = [(role, "ru", by_role[role]) for role in crawl.ROLES if by_role[role]]
    problems = _crawl(base, open_as, plan)
    assert not problems, problems.report()


@pytest.mark.slow
def test_every_page_as_everyone_in_english_and_russian(demo_site) -> None:
    base, open_as = demo_site
    visits = crawl.visits() + crawl.error_visits()
    plan = [
        (role, language, [v for v in visits if role in v.roles])
        for language in ("en", "ru") for role in crawl.ROLES
    ]
    problems = _crawl(base, open_as, plan)
    # The other languages: their words are longer or shorter, so the widths again.
    others = [lang for lang, _name in settings.LANGUAGES if lang not in ("en", "ru")]
    mine = [v for v in visits if crawl.DIRECTOR in v.roles]
    plan = [(crawl.DIRECTOR, language, mine) for language in others]
    problems.items += _crawl(base, open_as, plan, axe=False, viewports=(crawl.PHONE,)).items
    assert not problems, problems.report()

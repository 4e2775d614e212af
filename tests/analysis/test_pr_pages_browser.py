"""The standings' PR tiebreak and dual duel explanation, and a profile's PR milestones, in
a real browser at 390 px (and on a laptop): axe-clean, no English left in Russian."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from analysis import milestones
from tests.analysis.pr_events import pr_event
from tests.e2e import crawl

pytestmark = [pytest.mark.e2e]


def bob_match(event):  # type: ignore[no-untyped-def]
    """The first analysed match of Bob's, where his milestone came from."""
    return event.pairings.filter(match__analyses__isnull=False).order_by(
        "match__analyses__finished_at").values_list("match_id", flat=True).first()


def test_standings_explain_pr_scoring_and_the_profile_shows_milestones(
    live_server, browser, gnubg_matches, transactional_db, django_capture_on_commit_callbacks
) -> None:
    def thresholds(club):  # type: ignore[no-untyped-def]
        milestones.set_thresholds(club=club, values="50")  # every analysed player is under it

    event, _prs = pr_event(gnubg_matches, django_capture_on_commit_callbacks,
                           before_play=thresholds, dual_duel=True)
    bob = event.entries.get(player__display_name="Bob").player
    standings = reverse("tournaments:standings", args=[event.pk])
    profile = reverse("leaderboard:player", args=[bob.pk])
    names = ["Alice", "Bob", "Ann Lee", event.name, event.club.name]
    problems = crawl.Problems()
    for language in ("en", "ru"):
        context = browser.new_context(bypass_csp=True)  # axe-core is injected inline
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
        )
        page = context.new_page()
        page.set_default_timeout(20_000)
        for url in (standings, profile):
            crawl.check(page, live_server.url + url, f"{language} {url}", problems,
                        language=language, strip=names)
        if language == "en":
            page.set_viewport_size(crawl.PHONE)
            page.goto(live_server.url + standings)
            assert page.get_by_test_id("dual-duel").is_visible()
            tiebreaks = page.locator("ol.tiebreaks li")
            assert tiebreaks.first.inner_text().startswith("Dual duel points (DD)")
            assert "Average PR (PR)" in page.locator("ol.tiebreaks").inner_text()
            header = page.locator("table.standings thead").inner_text()
            assert "DD" in header and "PR" in header
            page.goto(live_server.url + profile)
            badge = page.get_by_test_id("pr-milestones")
            assert badge.is_visible() and "PR under 50.00" in badge.inner_text()
            assert reverse("analysis:match_analysis", args=[bob_match(event)]) in badge.inner_html()
        context.close()
    assert not problems, problems.report()

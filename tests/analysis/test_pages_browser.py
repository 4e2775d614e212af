"""The analysis on the match page and its own page, in a real browser: at 390 px and on a
laptop, axe-clean, in every language (no English left on the Russian page)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from analysis import replay
from games.transcript_view import replay_of
from tests.analysis.conftest import analyse, checked_transcript
from tests.e2e import crawl

pytestmark = [pytest.mark.e2e]


def test_the_analysis_fits_a_phone_and_reads_in_every_language(
    live_server, browser, gnubg_matches, transactional_db, django_capture_on_commit_callbacks
) -> None:
    transcript = checked_transcript(gnubg_matches / "m14-7pt.mat")
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    match = transcript.match
    names = [str(match.player1), str(match.player2), match.club.name, *analysis.file_players,
             transcript.file_name, transcript.uploaded_by.get_username()]  # fmt: skip
    _record, steps = replay_of(transcript.text, match.engine_block_rule)
    found = replay.decisions_by_step(analysis, steps)
    step = next(i for i, d in sorted(found.items()) if d["kind"] == "move" and d["alerts"])
    replay_url = reverse("games:transcript_replay", args=[match.pk, transcript.pk])
    pages = [
        reverse("games:match_detail", args=[match.pk]),
        reverse("analysis:match_analysis", args=[match.pk]),
        f"{replay_url}?step={step}",  # GNU Backgammon's best play and the chances chart
    ]
    problems = crawl.Problems()
    for language in ("en", "ru", "az", "tr"):
        context = browser.new_context(bypass_csp=True)  # axe-core is injected inline
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
        )
        page = context.new_page()
        page.set_default_timeout(20_000)
        for url in pages:
            crawl.check(page, live_server.url + url, f"{language} {url}", problems,
                        language=language, strip=names)  # fmt: skip
        if language == "en":
            page.goto(live_server.url + pages[1])
            rows = page.get_by_test_id("analysis-players").locator("tbody tr")
            assert rows.count() == 2
            assert page.get_by_test_id("pr").first.inner_text() == str(analysis.pr1)
            assert page.get_by_test_id("blunders").locator("li").count() > 0
            assert page.get_by_test_id("source-code").get_attribute("href") == "/source.tar.gz"
        context.close()
    assert not problems, problems.report()

"""The TV view on a club's big screen (issue 27 part 3): at 1280×720 and 1920×1080 the
whole view shows without scrolling (nobody scrolls a TV), no name wraps onto a second
line, the bracket is inside the screen, the type stays readable, and the browser reports
nothing: no Content-Security-Policy violation, no missing file."""

from __future__ import annotations

from typing import Any

import pytest

from clubs.models import Player
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = ["Aleksandr Konstantinopolsky", "Gulnara Abdurakhmanova", "Mehmet Karaosmanoğlu",
         "Ekaterina Vasilyevna Rozhdestvenskaya"]

LAYOUT_JS = """
() => {
  const root = document.documentElement;
  const lines = (el) => {  // the lines its text takes (a rect starting below the first line)
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    if (!rects.length) return 0;
    const first = Math.min(...rects.map((r) => r.top));
    const font = parseFloat(getComputedStyle(el).fontSize);
    return 1 + rects.filter((r) => r.top > first + 0.8 * font).length;
  };
  const wrapped = Array.from(document.querySelectorAll(
      '#tv .bracket-match .name, #tv .tv-table td, #tv .tv-results li'))
    .filter((el) => el.offsetParent !== null && lines(el) > 1)
    .map((el) => el.textContent.trim());
  const bracket = document.querySelector('#tv .bracket');
  return {
    height: root.scrollHeight, width: root.scrollWidth,
    innerHeight: window.innerHeight, innerWidth: window.innerWidth,
    rootFont: parseFloat(getComputedStyle(root).fontSize),
    bracketRight: bracket ? bracket.getBoundingClientRect().right : 0,
    bracketBottom: bracket ? bracket.getBoundingClientRect().bottom : 0,
    wrapped: wrapped,
  };
}
"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_tv_view_fits_the_big_screen(live_server: Any, browser: Any,
                                         size: tuple[int, int]) -> None:
    event = make_event(16, consolation="first_match_losers")
    for index, player in enumerate(Player.objects.filter(entries__tournament=event).order_by("pk")):
        player.display_name = player.name = f"{NAMES[index % len(NAMES)]} {index}"
        player.save()
    services.make_draw(tournament=event, actor=director_of(event))
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height})  # the CSP on
    page = context.new_page()
    reports: list[str] = []
    page.on("console", lambda message: reports.append(message.text)
            if message.type in ("error", "warning") else None)
    page.on("response", lambda response: reports.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    page.goto(f"{live_server.url}/tournaments/{event.pk}/tv/")
    page.locator("#tv .bracket").wait_for()
    page.wait_for_function("document.documentElement.style.fontSize !== ''")
    layout = page.evaluate(LAYOUT_JS)
    assert layout["height"] <= height and layout["width"] <= width, layout
    assert layout["bracketRight"] <= width and layout["bracketBottom"] <= height, layout
    assert layout["wrapped"] == [], layout["wrapped"]
    assert layout["rootFont"] >= (12 if height < 1000 else 16), layout  # readable across the room
    # the bracket's first round shows every match, names and all (ellipsis at worst)
    assert page.locator("#tv .bracket-round").first.locator(".bracket-match").count() == 8
    assert reports == []

    # A refresh (htmx, every 15 s) keeps the fit.
    page.evaluate("htmx.trigger(document.body, 'page-visible')")
    page.wait_for_timeout(500)
    assert page.evaluate(LAYOUT_JS)["height"] <= height
    context.close()

"""A Russian-speaking player's notifications on a 390 px phone: every one in Russian,
though the player never touched the language switcher, the club speaks English and the
phone's browser asks for English (the language their browser asked for at sign-up is
theirs); no English left, no doubled full stop after a name that ends with one."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.models import Profile
from disputes.models import Dispute
from disputes.services import rule_dispute
from games import services as games_services
from tests.e2e import crawl
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

EVENT = "Кубок Арбата"


def test_notifications_on_a_phone_in_russian_with_no_english(live_server, browser) -> None:
    aram = PlayerFactory(display_name="Aram P.", user=UserFactory(username="aram"))
    bella = PlayerFactory(display_name="Bella I.", user=UserFactory(username="bella"))
    Profile.objects.create(user=aram.user, signup_language="ru")  # as his sign-up stored it
    event = make_event(0, name=EVENT)
    director = director_of(event)
    for player in (aram, bella):
        services.add_entry(tournament=event, player=player, actor=director)
    services.make_draw(tournament=event, actor=director)  # "your match is ready"
    final = pairing(event, "main", 1, 1)
    first, second = (Decimal(0), Decimal(7)) if final.match.player1 == aram else (Decimal(7), Decimal(0))
    result = games_services.enter_final_score(match=final.match, by=bella.user, score1=first,
                                              score2=second)  # "confirm it or dispute it"
    games_services.dispute_result(result=result, by=aram.user, reason="Счёт был 7–5")
    rule_dispute(dispute=Dispute.objects.get(), by=director, ruling="upheld",
                 score1=second, score2=first, note="")  # checked, then ruled
    assert aram.user.notifications.count() >= 4

    # His phone: its browser asks for English; he signs in (no language cookie).
    context = browser.new_context(viewport=crawl.PHONE, locale="en-US", bypass_csp=True)
    client = Client()
    client.force_login(get_user_model().objects.get(username="aram"))
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": live_server.url,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems = crawl.Problems()
    names = ["Aram P.", "Bella I.", "aram", "bella", EVENT, event.club.name, "Счёт был 7–5"]
    try:
        crawl.check(page, f"{live_server.url}/notifications/", "notifications", problems,
                    viewports=(crawl.PHONE,), language="ru", strip=names)
        assert page.locator("html").get_attribute("lang") == "ru"
        shown = page.locator(".notification").all_inner_texts()
    finally:
        context.close()
    assert not problems, problems.report()
    assert len(shown) == aram.user.notifications.count()
    assert any("Aram P." in text and "Bella I." in text for text in shown)  # the score, named

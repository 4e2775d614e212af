"""The ladder pages: what each reader sees and may do, the forms as full pages and as
htmx partials, the chart, the audit trail and the new-ladder form."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from ladders import services
from ladders.models import Challenge, Ladder, LadderAct
from tests.factories import UserFactory
from tests.ladders.helpers import SimClock, make_club
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def _ladder(players: int = 4, **settings: Any) -> tuple[Any, Ladder]:
    club = make_club(players)
    ladder = services.create_ladder(club=club.club, by=club.director, name="Weekly", **settings)
    for player in club.players:
        services.join_ladder(ladder=ladder, player=player, by=club.director)
    return club, ladder


def test_a_player_sees_whom_they_may_challenge_and_challenges_from_the_page(sim_clock: SimClock) -> None:
    club, ladder = _ladder(5, reach=2)
    _a, b, c, d, e = club.players
    client = page_client(e.user)
    page = client.get(ladder.get_absolute_url()).content.decode()
    assert page.count('name="challenged"') == 2  # c and d, two places up
    assert f'name="challenged" value="{c.pk}"' in page
    assert f'name="challenged" value="{b.pk}"' not in page
    response = client.post(reverse("ladders:challenge", args=[ladder.pk]), {"challenged": c.pk}, **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="ladder"' in body and "<html" not in body  # the partial
    assert f"You challenged {c.display_name}." in body
    challenge = Challenge.objects.get()
    assert (challenge.challenger, challenge.challenged) == (e, c)
    refused = client.post(reverse("ladders:challenge", args=[ladder.pk]), {"challenged": d.pk}, **HTMX)
    assert refused.status_code == 400 and "open challenges" in refused.content.decode()
    mine = page_client(c.user).get(reverse("ladders:my_challenges")).content.decode()
    assert "Challenges to answer" in mine and e.display_name in mine


def test_anonymous_readers_see_the_ladder_but_no_buttons(sim_clock: SimClock) -> None:
    club, ladder = _ladder(3)
    page = page_client().get(ladder.get_absolute_url()).content.decode()
    for player in club.players:
        assert player.display_name in page
    assert 'name="challenged"' not in page and "Director" not in page
    answer = page_client().post(reverse("ladders:join", args=[ladder.pk]))
    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert page_client().get(reverse("ladders:log", args=[ladder.pk])).status_code == 302
    assert page_client(club.players[0].user).get(reverse("ladders:log", args=[ladder.pk])).status_code == 403
    club_page = page_client().get(reverse("clubs:club_detail", args=[club.club.slug])).content.decode()
    assert ladder.get_absolute_url() in club_page


def test_the_director_acts_from_the_page_and_the_audit_trail_shows_it(sim_clock: SimClock) -> None:
    club, ladder = _ladder(3)
    a, b, c = club.players
    director = page_client(club.director)
    page = director.get(ladder.get_absolute_url()).content.decode()
    assert "Director&#x27;s tools" in page or "Director's tools" in page
    director.post(reverse("ladders:reorder", args=[ladder.pk]), {"player": c.pk, "position": 1,
                                                                "reason": "champion"})
    director.post(reverse("ladders:pause", args=[ladder.pk]), {"player": a.pk, "paused": "on"})
    made = services.make_challenge(ladder=ladder, challenger=b, challenged=c, by=b.user)
    director.post(reverse("ladders:extend", args=[made.pk]), {"days": 2})
    bad = director.post(reverse("ladders:extend", args=[made.pk]), {"days": 999}, **HTMX)
    assert bad.status_code == 400
    director.post(reverse("ladders:void", args=[made.pk]), {"reason": "rain"})
    assert [rung.player for rung in ladder.rungs.order_by("position")] == [c, a, b]
    assert list(LadderAct.objects.filter(ladder=ladder).values_list("act", flat=True)[:5]) == [
        "voided", "extended", "challenged", "paused", "reordered"]
    log = director.get(reverse("ladders:log", args=[ladder.pk])).content.decode()
    assert "Challenge voided" in log and "champion" in log
    assert page_client(a.user).post(reverse("ladders:reorder", args=[ladder.pk]),
                                    {"player": a.pk, "position": 1}).status_code == 302
    assert ladder.rungs.get(player=c).position == 1  # the player's attempt changed nothing


def test_a_players_moves_are_a_chart(sim_clock: SimClock) -> None:
    club, ladder = _ladder(4)
    _a, _b, _c, d = club.players
    sim_clock.advance(days=3)
    services.reorder(ladder=ladder, player=d, position=1, by=club.director)
    sim_clock.advance(days=3)
    response = page_client().get(reverse("ladders:player", args=[ladder.pk, d.pk]))
    body = response.content.decode()
    start = body.index('<svg xmlns="http://www.w3.org/2000/svg"')
    svg = ElementTree.fromstring(body[start:body.index("</svg>", start) + 6])
    circles = svg.findall("{http://www.w3.org/2000/svg}circle")
    assert len(circles) == 2  # joined at 4, moved to 1
    ys = [float(circle.get("cy")) for circle in circles]
    assert ys[1] < ys[0]  # position 1 is drawn at the top
    assert "from 4 to 1" in body
    assert page_client().get(reverse("ladders:player", args=[ladder.pk, UserFactory().pk + 999])).status_code == 404


def test_a_director_opens_a_ladder_and_bad_settings_are_named(sim_clock: SimClock) -> None:
    club = make_club(1)
    director = page_client(club.director)
    url = reverse("ladders:ladder_new", args=[club.club.slug])
    form = {"name": "Spring", "variant": "nardy", "length": 5, "is_public": "on",
            "placement": "bottom", "reach": 3, "answer_days": 7, "inactive_days": 30,
            "max_open": 1, "rematch_days": 14, "handicap_step": 0}
    bad = director.post(url, {**form, "reach": 0}, HTTP_ACCEPT_LANGUAGE="ru")
    assert bad.status_code == 400 and not Ladder.objects.exists()
    ok = director.post(url, form)
    assert ok.status_code == 302 and Ladder.objects.get().variant == "nardy"
    assert page_client(club.players[0].user).get(url).status_code == 403


def test_the_tv_view_polls_and_shows_the_ladder(sim_clock: SimClock) -> None:
    club, ladder = _ladder(3)
    page = page_client().get(reverse("ladders:tv", args=[ladder.pk])).content.decode()
    assert 'hx-trigger="every 30s"' in page and club.players[2].display_name in page
    partial = page_client().get(reverse("ladders:tv", args=[ladder.pk]), **HTMX).content.decode()
    assert partial.startswith('<div id="tv"')


def test_the_ladder_page_in_russian(sim_clock: SimClock) -> None:
    club, ladder = _ladder(2)
    page = page_client(club.players[1].user).get(ladder.get_absolute_url(),
                                                 HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Места на лестнице" in page and "Вызвать" in page and "Открытые вызовы" in page


@pytest.mark.parametrize("language", ["en", "ru", "az", "tr"])
def test_the_rules_read_as_whole_sentences_in_every_language(
    sim_clock: SimClock, language: str
) -> None:
    """Each rule is one translated sentence with its own full stop: nothing is glued on
    after a translation, so no language ends up with two stops, or none."""
    import re

    from tests.e2e.crawl import messages_that_read_badly

    club, ladder = _ladder(3, reach=2, answer_days=5, inactive_days=20, handicap_step=150)
    services.make_challenge(ladder=ladder, challenger=club.players[2],
                            challenged=club.players[1], by=club.director)
    page = page_client(club.director).get(ladder.get_absolute_url(),
                                          HTTP_ACCEPT_LANGUAGE=language).content.decode()
    rules = re.search(r'<p class="ladder-rules"><small>(.*?)</small></p>', page, re.DOTALL)
    assert rules is not None
    text = rules.group(1)
    assert "2" in text and "5" in text and "20" in text and "150" in text
    assert messages_that_read_badly(text) == []
    sentences = [part for part in re.split(r"(?<=[.])\s+", text.strip()) if part]
    assert len(sentences) == 4 and all(part.endswith(".") for part in sentences), sentences
    assert ";" not in text
    visible = re.sub(r"<[^>]+>", " ", page)
    assert messages_that_read_badly(visible) == []

"""Who sees a player's PR (their choice) and the analysis depth (the club's directors)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from analysis.models import ClubAnalysisSettings, PlayerAnalysisPrivacy, PrVisibility
from analysis.services import depth_for
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory

pytestmark = [pytest.mark.django_db]


def test_a_player_keeps_their_pr_to_their_clubs(client) -> None:
    user = UserFactory()
    player = PlayerFactory(user=user)
    client.force_login(user)
    url = reverse("analysis:my_pr_privacy")
    assert client.get(url).status_code == 200
    client.post(url, {"visibility": "club"})
    assert PlayerAnalysisPrivacy.objects.get(player=player).pr_visibility == PrVisibility.CLUB
    assert client.post(url, {"visibility": "nobody"}).status_code == 200  # refused in place
    assert PlayerAnalysisPrivacy.objects.get(player=player).pr_visibility == PrVisibility.CLUB


def test_an_account_without_a_player_is_told_why_there_is_no_choice(client) -> None:
    """A director who plays in no club has no PR: the page says so (it answered 404)."""
    client.force_login(UserFactory())
    url = reverse("analysis:my_pr_privacy")
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200
    assert "не связана с игроком" in page.content.decode()
    assert client.post(url, {"visibility": "club"}).status_code == 200
    assert not PlayerAnalysisPrivacy.objects.exists()


def test_the_clubs_directors_choose_the_depth(client) -> None:
    director, stranger = UserFactory(), UserFactory()
    club = ClubFactory(directors=[director])
    match = MatchFactory(club=club)
    assert depth_for(match) == 0  # 0-ply unless asked
    url = reverse("analysis:club_depths", args=[club.slug])
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    client.force_login(director)
    page = client.get(reverse("clubs:club_detail", args=[club.slug])).content.decode()
    assert url in page  # linked from the club page, for its directors
    answer = client.post(url, {"club_plies": "2"})
    assert answer.status_code == 302
    assert ClubAnalysisSettings.objects.get(club=club).plies == 2
    assert depth_for(match) == 2
    assert client.post(url, {"club_plies": "7"}).status_code == 200  # no such depth
    assert ClubAnalysisSettings.objects.get(club=club).plies == 2

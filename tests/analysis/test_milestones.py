"""PR milestones (analysis.milestones) with real GNU Backgammon analyses of a shared
match: reached and not reached, never twice (a re-analysis at another depth), told to
the player in their language, shown on the profile as the player's PR privacy allows."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from analysis import milestones
from analysis.models import PlayerAnalysisPrivacy, PrMilestone, PrVisibility
from clubs.models import Membership, Profile
from notifications.messages import render_message
from notifications.models import Notification
from tests.analysis.conftest import analyse, checked_transcript
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def analysed(gnubg_matches, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    """m14 (Ann Lee, who played with noise, against Bob) analysed at 0-ply before the
    club had thresholds; Ann Lee's player has a login whose language is Russian."""
    transcript = checked_transcript(gnubg_matches / "m14-7pt.mat")
    match = transcript.match
    user = UserFactory()
    Profile.objects.create(user=user, preferred_language="ru")
    match.player1.user = user
    match.player1.save(update_fields=["user"])
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    assert analysis.pr1 is not None and analysis.pr2 is not None
    assert analysis.pr1 > analysis.pr2 + Decimal("0.2")  # the noisy player erred more
    assert not PrMilestone.objects.exists()  # no thresholds yet: nothing earned
    return transcript, analysis


def _thresholds(analysis):  # type: ignore[no-untyped-def]
    """One threshold above both players' PR, one between them (only Bob is under it)."""
    above = (analysis.pr1 + 1).quantize(Decimal(1))
    between = ((analysis.pr1 + analysis.pr2) / 2).quantize(Decimal("0.01"))
    return above, between


def test_reaching_and_not_reaching_a_threshold_told_once_in_the_players_language(
    analysed, django_capture_on_commit_callbacks
) -> None:
    transcript, analysis = analysed
    match = transcript.match
    above, between = _thresholds(analysis)
    assert milestones.set_thresholds(club=match.club, values=f"{between}, {above}") == [above, between]
    with django_capture_on_commit_callbacks(execute=True):
        milestones.award(analysis)
    earned = {(m.player_id, m.threshold) for m in PrMilestone.objects.all()}
    assert earned == {(match.player1_id, above), (match.player2_id, above),
                      (match.player2_id, between)}  # Ann Lee is not under the middle one
    ann = PrMilestone.objects.get(player=match.player1)
    assert (ann.match_id, ann.pr, ann.reached_at) == (match.pk, analysis.pr1, analysis.finished_at)
    (note,) = Notification.objects.filter(user=match.player1.user, message="pr_milestone")
    assert note.language == "ru"
    title, body = render_message("pr_milestone", note.params, "ru")
    assert str(above) in title and str(analysis.pr1) in body and "PR" in title
    assert title != render_message("pr_milestone", note.params, "en")[0]

    # Analysed again at another depth, and the same figures given again: nothing twice.
    with django_capture_on_commit_callbacks(execute=True):
        milestones.award(analysis)
    again = analyse(transcript, django_capture_on_commit_callbacks, 1)
    assert again.pk != analysis.pk and again.plies == 1
    for player_id, threshold in earned:
        assert PrMilestone.objects.filter(player_id=player_id, threshold=threshold).count() == 1
    ann.refresh_from_db()
    assert (ann.match_id, ann.pr, ann.reached_at) == (match.pk, analysis.pr1, analysis.finished_at)
    notes = Notification.objects.filter(user=match.player1.user, message="pr_milestone")
    assert notes.count() == PrMilestone.objects.filter(player=match.player1).count()


def test_a_private_prs_milestones_stay_inside_the_club(
    analysed, client, django_capture_on_commit_callbacks
) -> None:
    transcript, analysis = analysed
    match = transcript.match
    above, _between = _thresholds(analysis)
    milestones.set_thresholds(club=match.club, values=[str(above)])
    with django_capture_on_commit_callbacks(execute=True):
        milestones.award(analysis)
    profile = reverse("leaderboard:player", args=[match.player1_id])
    page = client.get(profile).content.decode()
    assert 'data-testid="pr-milestones"' in page and f"PR under {above}" in page
    assert reverse("analysis:match_analysis", args=[match.pk]) in page  # the match it came from

    PlayerAnalysisPrivacy.objects.create(player=match.player1, pr_visibility=PrVisibility.CLUB)
    for url in (profile, reverse("analysis:player_pr", args=[match.player1_id])):
        page = client.get(url).content.decode()
        assert 'data-testid="pr-milestones"' not in page and f"PR under {above}" not in page
    # Bob's stay public
    assert f"PR under {above}" in client.get(
        reverse("leaderboard:player", args=[match.player2_id])).content.decode()
    # a member of the club sees Ann Lee's
    member = UserFactory()
    Membership.objects.create(club=match.club, player=PlayerFactory(user=member))
    client.force_login(member)
    assert f"PR under {above}" in client.get(profile).content.decode()
    # so does Ann Lee, in no club (in Russian, her language)
    client.force_login(match.player1.user)
    page = client.get(profile).content.decode()
    assert 'data-testid="pr-milestones"' in page and f"PR ниже {above}" in page


def test_the_director_sets_thresholds_on_the_page_and_the_api(client) -> None:
    from tests.factories import ClubFactory

    director, outsider = UserFactory(), UserFactory()
    club = ClubFactory(directors=[director])
    url = reverse("analysis:club_depths", args=[club.slug])
    client.force_login(director)
    bad = client.post(url, {"club_plies": "0", "pr_milestones": "8, five, 3.5"})
    assert bad.status_code == 200
    assert "PR threshold 2 (“five”) is not a number" in bad.content.decode()
    assert milestones.thresholds_of(club.pk) == []  # nothing half-saved
    client.post(url, {"club_plies": "1", "pr_milestones": "3.5; 8, 5, 8"})
    assert milestones.thresholds_of(club.pk) == [Decimal(8), Decimal(5), Decimal("3.5")]
    assert "8.00, 5.00, 3.50" in client.get(url).content.decode()

    api = f"/api/club-analysis-settings/{club.slug}/"
    assert client.get(api, HTTP_ACCEPT="application/json").json() == {
        "club": club.slug, "plies": 1, "pr_milestones": ["8.00", "5.00", "3.50"]}
    outsider_token = Token.objects.create(user=outsider)
    refused = client.patch(api, {"pr_milestones": ["4"]}, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Token {outsider_token.key}")
    assert refused.status_code == 403 and "error" in refused.json()
    token = Token.objects.create(user=director)
    answer = client.patch(api, {"pr_milestones": ["4", "60"]}, content_type="application/json",
                          HTTP_AUTHORIZATION=f"Token {token.key}", HTTP_ACCEPT_LANGUAGE="ru")
    assert answer.status_code == 400
    assert "pr_milestones" in str(answer.json()["error"]["fields"])
    assert milestones.thresholds_of(club.pk) == [Decimal(8), Decimal(5), Decimal("3.5")]
    done = client.patch(api, {"pr_milestones": ["4.5", 6]}, content_type="application/json",
                        HTTP_AUTHORIZATION=f"Token {token.key}")
    assert done.status_code == 200 and done.json()["pr_milestones"] == ["6.00", "4.50"]
    assert client.get("/api/club-analysis-settings/no-such-club/",
                      HTTP_ACCEPT="application/json").status_code == 404


@pytest.mark.parametrize("given", ["1e999", "-1e999", "1e-999", "NaN", "Infinity", "50.001", "0", "x"])
def test_a_threshold_out_of_reach_or_not_a_number_is_refused_by_position(given: str) -> None:
    """Far beyond the bounds (1e999 cannot even be rounded to hundredths) is refused the
    same way as just beyond them: a field error naming the threshold's place."""
    with pytest.raises(milestones.MilestoneError) as refused:
        milestones.parse_thresholds(f"8, {given}")
    assert refused.value.code == "bad_milestone" and refused.value.params["position"] == 2
    assert refused.value.field == "pr_milestones"

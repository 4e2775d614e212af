"""The console's disputes, rulings that apply the ruled score, the activity log with undo,
and a player correcting their own entry until the opponent confirms."""

from __future__ import annotations

import re
import threading
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from disputes import services as dispute_services
from disputes.models import Dispute, DisputeStatus
from games import services as games_services
from games.models import ResultChange, ResultStatus
from games.services import ServiceError
from games.services.played_dates import day_bounds
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def disputed_final(django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    """A 2-player knockout whose match has a disputed result, checked by the engine."""
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    top, bottom = final.top.player.user, final.bottom.player.user
    result = games_services.enter_final_score(match=final.match, by=top, score1=Decimal(7),
                                              score2=Decimal(2))
    with django_capture_on_commit_callbacks(execute=True):
        games_services.dispute_result(result=result, by=bottom, reason="I won 7-2.")
    dispute = Dispute.objects.get()
    assert dispute.status == DisputeStatus.CHECKED
    return event, final, dispute


def test_upholding_a_disputed_result_applies_the_ruled_score_like_an_override(
        django_capture_on_commit_callbacks) -> None:
    event, final, dispute = disputed_final(django_capture_on_commit_callbacks)
    director = director_of(event)
    dispute_services.rule_dispute(dispute=dispute, by=director, ruling="upheld", note="Bottom won",
                                  score1=Decimal(2), score2=Decimal(7))
    dispute.refresh_from_db()
    final.refresh_from_db()
    final.match.refresh_from_db()
    assert dispute.status == "ruled" and dispute.claims["ruled"] == ["2", "7"]
    assert (final.match.score1, final.match.score2) == (Decimal(2), Decimal(7))
    assert final.state == "decided" and final.winner_id == final.bottom_id
    override = ResultChange.objects.get(match=final.match, action="overridden")
    assert f"dispute {dispute.pk}" in override.reason and "Bottom won" in override.reason
    assert final.match.results.get(status=ResultStatus.CONFIRMED).confirmed_by == director
    assert final.match.results.filter(status=ResultStatus.REJECTED).count() == 1
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    with pytest.raises(ServiceError) as caught:
        dispute_services.rule_dispute(dispute=dispute, by=director, ruling="upheld",
                                      score1=Decimal(7), score2=Decimal(2))
    assert caught.value.code == "dispute_closed"


def test_overturning_keeps_the_entered_result(django_capture_on_commit_callbacks) -> None:
    event, final, dispute = disputed_final(django_capture_on_commit_callbacks)
    dispute_services.rule_dispute(dispute=dispute, by=director_of(event), ruling="overturned")
    final.refresh_from_db()
    assert final.winner_id == final.top_id
    assert final.match.results.get(status=ResultStatus.CONFIRMED).score1 == Decimal(7)


@pytest.mark.parametrize(("ruling", "scores", "code"), [
    ("upheld", (None, None), "score_required"),
    ("upheld", (Decimal(2), None), "score_required"),
    ("upheld", (Decimal(900), Decimal(0)), None),  # the games service's own refusal
    ("replay", (None, None), "replay_not_for_result"),
])
def test_a_bad_ruling_saves_nothing(django_capture_on_commit_callbacks, ruling, scores, code) -> None:
    event, final, dispute = disputed_final(django_capture_on_commit_callbacks)
    with pytest.raises(ServiceError) as caught:
        dispute_services.rule_dispute(dispute=dispute, by=director_of(event), ruling=ruling,
                                      score1=scores[0], score2=scores[1])
    if code:
        assert caught.value.code == code
    dispute.refresh_from_db()
    assert dispute.status == DisputeStatus.CHECKED and "ruled" not in dispute.claims
    assert not final.match.results.filter(status=ResultStatus.CONFIRMED).exists()
    assert not ResultChange.objects.filter(action="overridden").exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_directors_ruling_at_once_one_wins_the_other_is_told(
        django_capture_on_commit_callbacks) -> None:
    event, final, dispute = disputed_final(django_capture_on_commit_callbacks)
    second = director_of(event).__class__.objects.create(username="second-director")
    event.club.directors.add(second)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def rule(user, score1, score2) -> None:
        try:
            barrier.wait(timeout=10)
            dispute_services.rule_dispute(dispute=dispute, by=user, ruling="upheld",
                                          score1=Decimal(score1), score2=Decimal(score2))
            outcomes.append("ok")
        except ServiceError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=rule, args=(director_of(event), 2, 7)),
               threading.Thread(target=rule, args=(second, 7, 3))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == ["dispute_closed", "ok"]
    assert final.match.results.filter(status=ResultStatus.CONFIRMED).count() == 1
    assert ResultChange.objects.filter(action="overridden").count() == 1
    dispute.refresh_from_db()
    assert dispute.events.filter(action="ruled").count() == 1


def test_the_console_shows_disputes_and_rules_from_there(client: Client,
                                                         django_capture_on_commit_callbacks) -> None:
    event, _final, dispute = disputed_final(django_capture_on_commit_callbacks)
    client.force_login(director_of(event))
    console = client.get(reverse("tournaments:console", args=[event.pk]))
    assert 'id="console-disputes"' in console.text and "I won 7-2." in console.text
    assert reverse("disputes:rule", args=[dispute.pk]) in console.text
    # the date played, within the event's days (the disputed result gave none: today)
    today, latest, earliest = day_bounds(event.club, event.starts_on)
    played_on = re.search(rf'<input[^>]*id="id_dispute{dispute.pk}_played_on"[^>]*>', console.text)
    assert played_on is not None
    for attribute in (f'value="{today.isoformat()}"', f'min="{earliest.isoformat()}"',
                      f'max="{latest.isoformat()}"'):
        assert attribute in played_on.group(0)
    answer = client.post(reverse("disputes:rule", args=[dispute.pk]), {
        "ruling": "upheld", "score1": "2", "score2": "7", "note": "seen on the transcript",
        "next": reverse("tournaments:console", args=[event.pk]),
    })
    assert answer.status_code == 302 and answer["Location"] == reverse("tournaments:console", args=[event.pk])
    dispute.refresh_from_db()
    assert dispute.status == "ruled"
    console = client.get(reverse("tournaments:console", args=[event.pk]))
    assert "Recently ruled" in console.text


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_the_activity_reads_as_sentences_and_undoes_what_is_safe(client: Client) -> None:
    event = make_event(4, forfeit_minutes=5)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    services.award_walkover(pairing=first, winner=first.top, actor=director, reason="no_show")
    client.force_login(director)
    page = client.get(reverse("tournaments:activity", args=[event.pk]))
    assert page.status_code == 200
    text = page.text
    assert f"{first.top.player.display_name} advanced by walkover: {first.bottom.player.display_name} " \
           "did not come to the table in time." in text
    assert "The knockout draw was made." in text
    assert "walkover" not in [line.strip() for line in text.splitlines()]  # never a bare code
    log = event.log.get(action="walkover")
    client.post(reverse("tournaments:activity_undo", args=[event.pk, log.pk]))
    first.refresh_from_db()
    assert first.state == "ready" and first.match is not None
    again = client.post(reverse("tournaments:activity_undo", args=[event.pk, log.pk]), follow=True)
    assert "This can no longer be undone." in again.text or "This walkover can no longer be undone." in again.text
    club = client.get(reverse("tournaments:club_activity", args=[event.club.slug]))
    assert club.status_code == 200 and event.name in club.text
    stranger = Client()
    stranger.force_login(director.__class__.objects.create(username="nobody"))
    assert stranger.get(reverse("tournaments:activity", args=[event.pk])).status_code == 403
    assert stranger.get(reverse("tournaments:club_activity", args=[event.club.slug])).status_code == 403


def test_results_appear_in_the_activity_with_who_did_it(client: Client) -> None:
    event = make_event(2, with_logins=True)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    final = pairing(event, "main", 1, 1)
    result = games_services.enter_final_score(match=final.match, by=final.top.player.user,
                                              score1=Decimal(7), score2=Decimal(1))
    games_services.confirm_result(result=result, by=final.bottom.player.user)
    client.force_login(director)
    text = client.get(reverse("tournaments:activity", args=[event.pk])).text
    assert f"<strong>{final.top.player.display_name}</strong> · The result 7–1 of" in text
    assert f"<strong>{final.bottom.player.display_name}</strong> · The result 7–1 of" in text
    assert "was confirmed." in text


def test_a_player_corrects_their_own_entry_until_the_opponent_confirms(client: Client) -> None:
    event = make_event(2, with_logins=True)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    top, bottom = final.top.player.user, final.bottom.player.user
    client.force_login(top)
    client.post(reverse("tournaments:my_match_score", args=[final.match.pk]), {"score1": "7", "score2": "5"})
    page = client.get(reverse("tournaments:my_matches"))
    assert "Correct my entry" in page.text
    client.post(reverse("tournaments:my_match_score", args=[final.match.pk]), {"score1": "7", "score2": "3"})
    proposed = final.match.results.get(status=ResultStatus.PROPOSED)
    assert (proposed.score1, proposed.score2) == (Decimal(7), Decimal(3))
    games_services.confirm_result(result=proposed, by=bottom)
    late = client.post(reverse("tournaments:my_match_score", args=[final.match.pk]),
                       {"score1": "7", "score2": "0"}, follow=True)
    assert "already has a confirmed result" in late.text
    assert final.match.results.get(status=ResultStatus.CONFIRMED).score2 == Decimal(3)

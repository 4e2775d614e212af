"""Webhooks: a club's endpoint receives signed events (results confirmed, rounds
published), retried with backoff, tested against a local receiver on loopback."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games import services as games_services
from tests.factories import UserFactory
from tests.support.fake_http import fake_server
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from webhooks import services as hooks
from webhooks import signing
from webhooks.models import Delivery

pytestmark = pytest.mark.django_db


def test_signatures_verify_and_refuse_tampering_and_old_posts() -> None:
    body = b'{"event":"result.confirmed"}'
    header = signing.sign("s3cret", body, timestamp=1_700_000_000)
    assert signing.verify("s3cret", body, header, now=1_700_000_010)
    assert not signing.verify("other", body, header, now=1_700_000_010)
    assert not signing.verify("s3cret", body + b" ", header, now=1_700_000_010)
    assert not signing.verify("s3cret", body, header, now=1_700_000_000 + 301)
    assert not signing.verify("s3cret", body, "garbage", now=1_700_000_000)
    digest = header.split("v1=", 1)[1]
    for stamp in ("²", "-1700000000", "1e9", ""):  # not a time: refused, not a crash
        assert not signing.verify("s3cret", body, f"t={stamp},v1={digest}", now=1_700_000_010)


def test_a_round_and_a_confirmed_result_are_posted_signed(django_capture_on_commit_callbacks) -> None:
    event = make_event(2, with_logins=True)
    director = director_of(event)
    with fake_server() as receiver:
        endpoint = hooks.create_endpoint(club=event.club, url=f"{receiver.url}/hook",
                                         events=["result.confirmed", "round.published"], by=director)
        with django_capture_on_commit_callbacks(execute=True):
            services.make_draw(tournament=event, actor=director)
        final = pairing(event, "main", 1, 1)
        with django_capture_on_commit_callbacks(execute=True):
            result = games_services.enter_final_score(match=final.match, by=final.top.player.user,
                                                      score1=Decimal(7), score2=Decimal(4))
        with django_capture_on_commit_callbacks(execute=True):
            games_services.confirm_result(result=result, by=final.bottom.player.user)
        events = [r.headers["X-Nardy-Event"] for r in receiver.requests]
        assert events == ["round.published", "result.confirmed"]
        for request in receiver.requests:
            assert request.path == "/hook"
            assert signing.verify(endpoint.secret, request.body, request.headers[signing.HEADER])
        round_post, result_post = (r.json() for r in receiver.requests)
        assert round_post["tournament"]["id"] == event.pk and round_post["round"] == 1
        assert round_post["pairings"][0]["top"]["name"] == final.top.player.display_name
        assert result_post["match"]["score1"] == "7" and result_post["match"]["score2"] == "4"
        assert result_post["match"]["winner"]["name"] == final.top.player.display_name
        assert result_post["tournament"]["round"] == 1 and result_post["club"] == event.club.slug
        assert "name" not in str(result_post["match"]["player1"].keys() - {"id", "name"})
    assert Delivery.objects.filter(state="delivered").count() == 2


def test_a_failed_post_is_tried_again_with_a_growing_wait(django_capture_on_commit_callbacks) -> None:
    event = make_event(2)
    director = director_of(event)
    with fake_server() as receiver:
        receiver.statuses = [500, 503]
        hooks.create_endpoint(club=event.club, url=receiver.url, events=["round.published"], by=director)
        with django_capture_on_commit_callbacks(execute=True):
            services.make_draw(tournament=event, actor=director)
        delivery = Delivery.objects.get()
        assert (delivery.state, delivery.attempts, delivery.last_status) == ("failed", 1, 500)
        first_wait = delivery.next_attempt_at - timezone.now()
        assert hooks.retry_due() == []  # not yet
        an_hour_later = timezone.now() + timedelta(hours=1)
        assert hooks.retry_due(now=an_hour_later) == [delivery.pk]  # the sweep queues it...
        hooks.deliver(delivery.pk, now=an_hour_later)  # ...and the worker posts it then
        delivery.refresh_from_db()
        assert (delivery.state, delivery.attempts, delivery.last_status) == ("failed", 2, 503)
        assert delivery.next_attempt_at - an_hour_later > first_wait  # the wait grew
        assert hooks.deliver(delivery.pk) == "failed"  # too early: nothing is posted
        assert hooks.deliver(delivery.pk, now=timezone.now() + timedelta(hours=3)) == "delivered"
        assert len(receiver.requests) == 3
        bodies = {r.body for r in receiver.requests}
        assert len(bodies) == 1  # the same event each time
    assert hooks.deliver(delivery.pk) == "delivered"  # done once: nothing is posted again


def test_a_dead_address_is_given_up_after_the_last_attempt(django_capture_on_commit_callbacks) -> None:
    event = make_event(2)
    director = director_of(event)
    hooks.create_endpoint(club=event.club, url="http://127.0.0.1:9/closed", events=["round.published"],
                          by=director)
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director)
    delivery = Delivery.objects.get()
    later = timezone.now()
    for _ in range(hooks.MAX_ATTEMPTS):
        later += timedelta(days=1)
        hooks.deliver(delivery.pk, now=later)
    delivery.refresh_from_db()
    assert delivery.state == "gave_up" and delivery.attempts == hooks.MAX_ATTEMPTS


@pytest.mark.parametrize(("url", "events", "code"), [
    ("ftp://example.org/x", ["round.published"], "bad_url"),
    ("not a url", ["round.published"], "bad_url"),
    ("https://example.org/x", [], "bad_events"),
    ("https://example.org/x", ["match.deleted"], "bad_events"),
])
def test_bad_endpoints_are_refused(url, events, code) -> None:
    event = make_event(0)
    with pytest.raises(hooks.WebhookError) as caught:
        hooks.create_endpoint(club=event.club, url=url, events=events, by=director_of(event))
    assert caught.value.code == code
    with pytest.raises(hooks.WebhookError) as caught:
        hooks.create_endpoint(club=event.club, url="https://example.org/x", events=["round.published"],
                              by=UserFactory())
    assert caught.value.code == "not_allowed"


def test_the_club_page_and_the_api(client: Client) -> None:
    event = make_event(0)
    director = director_of(event)
    client.force_login(director)
    url = reverse("webhooks:endpoints", args=[event.club.slug])
    client.post(url, {"url": "https://example.org/nardy", "events": ["result.confirmed"]})
    page = client.get(url)
    endpoint = event.club.webhook_endpoints.get()
    assert endpoint.secret in page.text and endpoint.events == ["result.confirmed"]
    bad = client.post(url, {"url": "javascript:alert(1)", "events": ["result.confirmed"]})
    assert bad.status_code == 400 and "http:// or https://" in bad.text
    stranger = Client()
    stranger.force_login(UserFactory())
    assert stranger.get(url).status_code == 403
    api = APIClient()
    api.force_authenticate(director)
    made = api.post("/api/webhooks/", {"club": event.club.slug, "url": "https://example.org/2"},
                    format="json")
    assert made.status_code == 201 and sorted(made.json()["events"]) == [
        "ladder.challenge", "ladder.result", "result.confirmed", "round.published"]
    assert api.delete(f"/api/webhooks/{made.json()['id']}/").status_code == 204
    outsider = APIClient()
    outsider.force_authenticate(UserFactory())
    refused = outsider.post("/api/webhooks/", {"club": event.club.slug, "url": "https://example.org/3"},
                            format="json")
    assert refused.status_code == 403

"""Notifications: who is told what, in the site and by email (and Telegram), once each,
in each person's language and by their preferences, never failing the request."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games import services as games_services
from notifications import services as notify
from notifications.messages import render
from notifications.models import Delivery, Notification
from tests.support.clients import error_of
from tests.support.fake_http import fake_server
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.services import checkin, registration

pytestmark = pytest.mark.django_db


def titles(user, language: str = "en") -> list[str]:
    """The titles of a person's notifications as a reader of ``language`` reads them."""
    return [render(n, language)[0] for n in Notification.objects.filter(user=user).order_by("pk")]


def text_of(notification, language: str = "en") -> str:
    return render(notification, language)[1]


def mails_to(address: str) -> list[str]:
    return [m.subject for m in mail.outbox if address in m.to]


def drawn(entrants: int = 4, **options):
    event = make_event(entrants, with_logins=True, **options)
    services.make_draw(tournament=event, actor=director_of(event))
    return event


def test_a_draw_tells_each_player_their_match_in_the_site_and_by_email(
        django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(4)
    first = pairing(event, "main", 1, 1)
    user = first.top.player.user
    assert titles(user) == [f"Semi-final: your match in {event.name} is ready"]
    note = Notification.objects.get(user=user)
    assert f"you play {first.bottom.player.display_name} at table {first.table}" in text_of(note)
    assert note.url == reverse("tournaments:my_matches")
    assert mails_to(user.email) == [f"Semi-final: your match in {event.name} is ready"]
    assert len(mail.outbox) == 4  # four players, one email each
    email = next(m for m in mail.outbox if user.email in m.to)
    assert f"http://127.0.0.1:8000{reverse('tournaments:my_matches')}" in email.body
    assert Delivery.objects.filter(state="sent", channel="email").count() == 4


def test_results_the_opponent_confirms_and_the_confirmation(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(2)
    final = pairing(event, "main", 1, 1)
    top, bottom = final.top.player.user, final.bottom.player.user
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        result = games_services.enter_final_score(match=final.match, by=top, score1=Decimal(7),
                                                  score2=Decimal(3))
    assert titles(bottom)[-1] == f"{final.top.player.display_name} entered a result for you to confirm"
    assert mails_to(top.email) == []  # who entered it is not told
    with django_capture_on_commit_callbacks(execute=True):
        games_services.confirm_result(result=result, by=bottom)
    score = f"{final.top.player.display_name} 7–3 {final.bottom.player.display_name}"
    assert titles(top)[-1] == f"Result confirmed: {score}"
    assert f"Result confirmed: {score}" not in titles(bottom)  # who confirmed knows it
    with django_capture_on_commit_callbacks(execute=True):
        games_services.override_result(match=final.match, by=director_of(event), score1=Decimal(3),
                                       score2=Decimal(7), reason="Wrong sheet")
    assert titles(bottom)[-1].startswith("A director set the result")
    assert text_of(Notification.objects.filter(user=bottom).order_by("pk").last()) == "Reason: Wrong sheet"


def test_never_twice(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(2)
    final = pairing(event, "main", 1, 1)
    before = (Notification.objects.count(), len(mail.outbox))
    assert notify.fan_out("pairing_published", [final.pk, False]) == []  # the same event again
    delivery = Delivery.objects.first()
    assert notify.deliver(delivery.pk) == "sent"  # a second delivery of a sent one
    assert (Notification.objects.count(), len(mail.outbox)) == before


def test_a_failing_notification_never_fails_the_request(django_capture_on_commit_callbacks,
                                                         monkeypatch) -> None:
    def broken(*args: object) -> list:
        raise RuntimeError("a bug in building the messages")

    monkeypatch.setitem(notify.EVENTS, "pairings_published", broken)  # one fan-out a draw
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(4)
    event.refresh_from_db()
    assert event.status == "running" and not Notification.objects.exists()


def test_preferences_mute_a_kind_by_email_but_the_site_still_shows_it(
        django_capture_on_commit_callbacks) -> None:
    event = make_event(2, with_logins=True)
    user = event.entries.first().player.user
    notify.update_preferences(user=user, email=True, telegram_chat_id="", muted=["pairing:email"])
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director_of(event))
    assert titles(user) == [f"Final: your match in {event.name} is ready"]
    assert mails_to(user.email) == []
    with pytest.raises(notify.PreferenceError):
        notify.update_preferences(user=user, email=True, telegram_chat_id="", muted=["nonsense:email"])
    # a chat id is ASCII digits with an optional minus: "²" and "٣" pass str.isdigit() alone
    for chat in ("²", "-٣", "--5", "-", "12a"):
        with pytest.raises(notify.PreferenceError):
            notify.update_preferences(user=user, email=True, telegram_chat_id=chat, muted=[])
    notify.update_preferences(user=user, email=True, telegram_chat_id="-1001234567890", muted=[])


def test_players_who_chose_no_language_read_in_their_club_s(django_capture_on_commit_callbacks) -> None:
    event = make_event(2, with_logins=True)
    type(event.club).objects.filter(pk=event.club_id).update(language="ru")
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director_of(event))
    note = Notification.objects.first()
    assert note.language == "ru"
    assert "Основная" in mail.outbox[0].body  # the flight's name, in Russian


def test_telegram_through_a_fake_bot_api_with_a_retry(django_capture_on_commit_callbacks,
                                                       settings) -> None:
    event = make_event(2, with_logins=True)
    user = event.entries.first().player.user
    notify.update_preferences(user=user, email=False, telegram_chat_id="4242", muted=[])
    with fake_server() as bot:
        settings.NARDY_TELEGRAM_BOT_TOKEN = "123:secret"
        settings.NARDY_TELEGRAM_API = bot.url
        bot.statuses = [502]  # the first call fails
        with django_capture_on_commit_callbacks(execute=True):
            services.make_draw(tournament=event, actor=director_of(event))
        delivery = Delivery.objects.get(channel="telegram")
        assert delivery.state == "failed" and "Telegram" in delivery.last_error
        with django_capture_on_commit_callbacks(execute=True):
            assert notify.retry_due(now=timezone.now() + timedelta(minutes=5)) == [delivery.pk]
        delivery.refresh_from_db()
        assert delivery.state == "sent" and delivery.attempts == 2
        assert [r.path for r in bot.requests] == ["/bot123:secret/sendMessage"] * 2
        sent = bot.requests[-1].json()
        assert sent["chat_id"] == "4242" and f"Final: your match in {event.name} is ready" in sent["text"]
    assert mails_to(user.email) == []


def test_registration_waiting_list_and_check_in_are_told(django_capture_on_commit_callbacks) -> None:
    from tests.factories import PlayerFactory, UserFactory

    event = make_event(0, capacity=1)
    director = director_of(event)
    services.set_status(tournament=event, status="registration", actor=director)
    first, second = (PlayerFactory(user=UserFactory()) for _ in range(2))
    with django_capture_on_commit_callbacks(execute=True):
        accepted = registration.register(tournament=event, player=first, by=first.user)
        registration.register(tournament=event, player=second, by=second.user)
    assert titles(first.user) == [f"You are registered for {event.name}"]
    assert titles(second.user) == []  # the waiting list itself is shown on the page
    with django_capture_on_commit_callbacks(execute=True):
        registration.withdraw(entry=accepted.entry, by=first.user)
    assert titles(second.user) == [f"A place freed up: you are in {event.name}"]
    type(event).objects.filter(pk=event.pk).update(check_in_opens_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        checkin.announce_check_in()
    assert titles(second.user)[-1] == f"Check-in for {event.name} is open"
    assert f"Check-in for {event.name} is open" not in titles(first.user)  # withdrawn


def test_a_forfeit_is_told_to_both_and_a_withdrawal_to_the_opponent(
        django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(4, forfeit_minutes=5)
    first, second = pairing(event, "main", 1, 1), pairing(event, "main", 1, 2)
    with django_capture_on_commit_callbacks(execute=True):
        services.award_walkover(pairing=first, winner=first.top, actor=director_of(event),
                                reason="no_show")
        registration.withdraw(entry=second.bottom, by=second.bottom.player.user)
    assert f"You won a match of {event.name} by walkover" in titles(first.top.player.user)
    assert titles(first.bottom.player.user)[-1] == f"You lost a match of {event.name} by walkover"
    assert f"You won a match of {event.name} by walkover" in titles(second.top.player.user)
    # the two winners meet in the final: both are told
    assert titles(first.top.player.user)[-1] == f"Final: your match in {event.name} is ready"
    assert f"You lost a match of {event.name} by walkover" not in titles(second.bottom.player.user)


def test_disputes_are_told_to_the_players_and_the_directors(django_capture_on_commit_callbacks) -> None:
    from disputes.models import Dispute
    from disputes.services import rule_dispute

    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(2)
    final = pairing(event, "main", 1, 1)
    top, bottom, director = final.top.player.user, final.bottom.player.user, director_of(event)
    with django_capture_on_commit_callbacks(execute=True):
        result = games_services.enter_final_score(match=final.match, by=top, score1=Decimal(7),
                                                  score2=Decimal(1))
    with django_capture_on_commit_callbacks(execute=True):
        games_services.dispute_result(result=result, by=bottom, reason="wrong")
    dispute = Dispute.objects.get()
    assert f"Dispute {dispute.pk} opened about a result" in titles(director)
    assert f"Dispute {dispute.pk} opened about a result" in titles(top)
    assert f"The engine has checked dispute {dispute.pk}" in titles(bottom)
    with django_capture_on_commit_callbacks(execute=True):
        rule_dispute(dispute=dispute, by=director, ruling="upheld", score1=Decimal(1), score2=Decimal(7))
    ruling = f"Ruling on dispute {dispute.pk}: complaint upheld: the play or result is corrected"
    assert ruling in titles(top) and ruling in titles(bottom)
    ruled = [n for n in Notification.objects.filter(user=bottom) if render(n, "en")[0] == ruling]
    assert text_of(ruled[0]).startswith("Official result: 1–7")


def test_the_navigation_counts_unread_and_the_list_marks_read(client: Client,
                                                              django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(2)
    user = pairing(event, "main", 1, 1).top.player.user
    client.force_login(user)
    home = client.get(reverse("tournaments:tournament_list"))
    assert 'id="unread-count"' in home.text and ">1</mark>" in home.text
    page = client.get(reverse("notifications:list"))
    note = Notification.objects.get(user=user)
    assert render(note)[0] in page.text
    opened = client.post(reverse("notifications:read", args=[note.pk]))
    assert opened.status_code == 302 and opened["Location"] == note.url
    assert notify.unread_count(user) == 0
    assert 'id="unread-count"' not in client.get(reverse("notifications:badge")).text
    other = Client()
    other.force_login(director_of(event))
    assert other.post(reverse("notifications:read", args=[note.pk])).status_code == 404


def test_the_preferences_page(client: Client) -> None:
    from tests.factories import UserFactory

    user = UserFactory()
    client.force_login(user)
    page = client.get(reverse("notifications:preferences"))
    assert page.status_code == 200 and 'name="wanted"' in page.text
    client.post(reverse("notifications:preferences"), {"email": "on", "wanted": ["pairing:email"]})
    preference = notify.preference_for(user)
    assert preference.email and "pairing:email" not in preference.muted
    assert "result:email" in preference.muted


def test_the_api(django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(2)
    user = pairing(event, "main", 1, 1).top.player.user
    api = APIClient()
    api.force_authenticate(user)
    listed = api.get("/api/notifications/").json()
    items = listed["results"] if isinstance(listed, dict) else listed
    assert [n["title"] for n in items] == [f"Final: your match in {event.name} is ready"]
    assert api.post(f"/api/notifications/{items[0]['id']}/read/").json() == {"unread": 0}
    saved = api.put("/api/notifications/preferences/", {"email": False, "muted": ["result:email"]},
                    format="json")
    assert saved.status_code == 200 and saved.json()["email"] is False
    bad = api.put("/api/notifications/preferences/", {"email": True, "muted": ["x:y"]}, format="json")
    assert bad.status_code == 409 and error_of(bad)["code"] == "bad_muted"


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_a_forfeit_taken_back_and_given_again_is_told_again(django_capture_on_commit_callbacks) -> None:
    from tournaments.play import walkovers

    with django_capture_on_commit_callbacks(execute=True):
        event = drawn(4, forfeit_minutes=5)
    final = pairing(event, "main", 1, 1)
    director = director_of(event)
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            services.award_walkover(pairing=pairing(event, "main", 1, 1), winner=final.top,
                                    actor=director, reason="no_show")
        with django_capture_on_commit_callbacks(execute=True):
            walkovers.undo_walkover(pairing=final, by=director)
    won = f"You won a match of {event.name} by walkover"
    assert titles(final.top.player.user).count(won) == 2
    assert titles(final.top.player.user).count(f"Semi-final: your match in {event.name} is ready") == 1


def test_the_language_comes_from_the_person_s_profile(django_capture_on_commit_callbacks) -> None:
    from clubs.models import Profile

    event = make_event(2, with_logins=True)
    for entry in event.entries.select_related("player__user"):
        Profile.objects.update_or_create(user=entry.player.user, defaults={"preferred_language": "ru"})
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director_of(event))
    assert set(Notification.objects.values_list("language", flat=True)) == {"ru"}
    assert all("Основная" in message.body for message in mail.outbox)

"""Every message in its reader's language: a person's language is the one they chose,
else the one their browser asked for when they signed up, else the language of the club
the message is about (for a message about no club, their first club's). Notifications
are stored as a message and its values and put into words for each reader."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from clubs.models import Profile
from clubs.profiles import ensure_player, language_for
from disputes.models import Dispute
from games import services as games_services
from notifications.messages import render, render_message
from notifications.models import Notification
from notifications.services import fan_out
from tests.accounts.conftest import mails_to
from tests.accounts.test_signup_login import sign_up
from tests.e2e.crawl import english_left
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.games.match_factories import MatchFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.services import checkin

pytestmark = pytest.mark.django_db

RUSSIAN_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7"}
EVENT = "Кубок Арбата"


def cyrillic(text: str) -> bool:
    return any("а" <= ch <= "я" for ch in text.lower())


def entered(event, player) -> None:
    services.add_entry(tournament=event, player=player, actor=director_of(event))


def test_a_russian_speaking_player_who_never_chose_reads_russian_everywhere(
        browser_client, django_capture_on_commit_callbacks) -> None:
    # Signing up from a Russian browser, never touching the switcher.
    sign_up(browser_client, email="sergei@example.org", username="sergei", **RUSSIAN_BROWSER)
    profile = Profile.objects.get(user__username="sergei")
    assert (profile.preferred_language, profile.signup_language) == ("", "ru")
    (verification,) = mails_to("sergei@example.org")
    assert cyrillic(verification.subject) and cyrillic(verification.body)
    # the site is named by its name, and no host is named outside the link
    assert "Нарды" in verification.body
    assert not [line for line in verification.body.splitlines()
                if "testserver" in line and "/accounts/" not in line]

    # An English-speaking club's event: the club's language does not decide for him.
    sergei = ensure_player(profile.user)
    sergei.display_name = "Сергей С."
    sergei.save()
    bella = PlayerFactory(display_name="Bella I.", user=UserFactory(username="bella"))
    event = make_event(0, name=EVENT)
    for player in (sergei, bella):
        entered(event, player)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        games_services.enter_final_score(match=final.match, by=bella.user, score1=Decimal(0),
                                         score2=Decimal(7))

    names = [EVENT, "Bella I.", "Сергей С."]
    to_sergei = mails_to("sergei@example.org")
    assert len(to_sergei) == 2
    for message in to_sergei:
        assert english_left(message.subject, names) == [], message.subject
        assert english_left(message.body.split("http")[0], names) == [], message.body
    to_bella = mails_to("bella@example.org")
    assert [m.subject for m in to_bella] == [f"Final: your match in {EVENT} is ready"]
    assert set(Notification.objects.filter(user=profile.user).values_list("language", flat=True)) == {"ru"}

    # His notifications page is Russian too, with no language cookie.
    client = Client()
    client.force_login(profile.user)
    page = client.get(reverse("notifications:list")).text
    assert '<html lang="ru"' in page
    for notification in Notification.objects.filter(user=profile.user):
        title, body = render(notification, "ru")
        assert title in page and body.replace("'", "&#x27;") in page
        assert render(notification, "en")[0] not in page
    assert "Bella I.." not in page


def test_a_batch_to_readers_of_several_languages(django_capture_on_commit_callbacks) -> None:
    event = make_event(0, name=EVENT, capacity=8)
    club = event.club
    type(club).objects.filter(pk=club.pk).update(language="az")
    readers = {
        "chose Turkish": ("tr", {"preferred_language": "tr", "signup_language": "ru"}),
        "a Russian browser at sign-up": ("ru", {"signup_language": "ru"}),
        "chose English": ("en", {"preferred_language": "en"}),
        "nothing: the club's language": ("az", {}),
    }
    users = {}
    for name, (_language, profile) in readers.items():
        user = UserFactory()
        if profile:
            Profile.objects.create(user=user, **profile)
        entered(event, PlayerFactory(display_name=name[:20], user=user))
        users[name] = user
    services.set_status(tournament=event, status="registration", actor=director_of(event))
    type(event).objects.filter(pk=event.pk).update(check_in_opens_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        checkin.announce_check_in()
    for name, (language, _profile) in readers.items():
        note = Notification.objects.get(user=users[name], message="check_in_open")
        assert note.language == language, name
        words = render_message("check_in_open", note.params, language)
        (email,) = mails_to(users[name].email)
        assert email.subject == words[0], name
        assert email.body.startswith(words[1]), name
    subjects = {m.subject for m in mail.outbox}
    assert len(subjects) == 4  # one wording per language, none the same
    assert f"Check-in for {EVENT} is open" in subjects


def test_a_person_s_language_by_the_rules() -> None:
    russian_club = ClubFactory(language="ru")
    turkish_club = ClubFactory(language="tr")
    person = UserFactory()
    assert language_for(person) == "en"  # no choice, no club: the site's
    MembershipFactory(club=turkish_club, player=ensure_player(person))
    MembershipFactory(club=russian_club, player=ensure_player(person))
    assert language_for(person) == "tr"  # about no club: their first club's
    assert language_for(person, russian_club) == "ru"  # about a club: that club's
    Profile.objects.create(user=person, signup_language="az")
    assert language_for(person, russian_club) == "az"  # their browser's at sign-up
    Profile.objects.filter(user=person).update(preferred_language="en")
    assert language_for(person, russian_club) == "en"  # their own choice first


def test_the_doubled_full_stop_is_gone() -> None:
    params = {"who": "Bella I.", "score": "Aram P. 0–3 Bella I."}
    for language in ("en", "ru", "az", "tr"):
        title, body = render_message("result_to_confirm", params, language)
        assert ".." not in title + body, (language, body)
    assert render_message("result_to_confirm", {"who": None, "score": "1–0"}, "en")[0] == (
        "A director entered a result for you to confirm")


def test_an_invitation_is_written_in_the_club_s_language_to_a_newcomer(
        django_capture_on_commit_callbacks) -> None:
    from clubs import invitations

    director = UserFactory()
    club = ClubFactory(name="Клуб на Арбате", slug="arbat", language="ru", directors=[director])
    with django_capture_on_commit_callbacks(execute=True):
        invitations.create_invitation(club=club, actor=director, kind="email",
                                      email="newcomer@example.org")
    (invitation,) = mails_to("newcomer@example.org")
    assert cyrillic(invitation.subject) and cyrillic(invitation.body)
    text = " ".join(word for word in invitation.body.split() if "/join/" not in word)
    assert english_left(text, [club.name, director.username]) == []


def test_a_match_with_a_player_not_yet_known_is_named_in_the_reader_s_language() -> None:
    """The dispute's match has one player still to be decided; the notification is made
    while English is active (whoever caused it read English) and read by a Russian."""
    club = ClubFactory(language="ru")
    reader = UserFactory()
    Profile.objects.create(user=reader, preferred_language="ru")
    known = PlayerFactory(display_name="Сергей С.", user=reader)
    match = MatchFactory(club=club, player1=known, player2=None)
    dispute = Dispute.objects.create(club=club, kind="result", match=match,
                                     submitted_by=UserFactory(), statement="Счёт не тот")
    with translation.override("en"):
        fan_out("dispute_opened", [dispute.pk])
    note = Notification.objects.get(user=reader, message="dispute_opened")
    title, body = render(note, "ru")
    assert cyrillic(body)
    assert english_left(f"{title} {body}", [known.display_name]) == [], body
    assert render(note, "en")[1].endswith("Сергей С. – to be decided")

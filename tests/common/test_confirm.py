"""Irreversible actions outside the tournament console ask once (common.confirm): posted
without ``confirmed=1`` the answer is the question on a page of its own, in the person's
language, whose button posts the same fields again confirmed; nothing is done before."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from chouette.models import ChouetteSession
from money.models import CalcuttaSale, EventPurse
from tests.factories import UserFactory
from tests.games.chouette_tables import make_table
from tests.support.clients import page_client
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments.models import Entry
from webhooks import services as hooks

pytestmark = pytest.mark.django_db


def hidden_fields(html: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def ask_then_confirm(client: Client, url: str, data: dict[str, str], question: str) -> None:
    asked = client.post(url, data)
    assert asked.status_code == 200, asked.status_code
    assert question in asked.text and 'name="confirmed" value="1"' in asked.text
    fields = hidden_fields(asked.text)
    assert {key: fields[key] for key in data} == data  # the same fields, posted again
    done = client.post(url, fields)
    assert done.status_code == 302


def test_removing_a_calcutta_sale_asks_once() -> None:
    event = make_event(4, entry_fee=Decimal(10))
    purse = EventPurse.objects.create(tournament=event, calcutta=True)
    entry = Entry.objects.filter(tournament=event).select_related("player").first()
    sale = CalcuttaSale.objects.create(purse=purse, entry=entry, buyer="Vera", price=Decimal(20))
    client = page_client(director_of(event))
    url = reverse("money:delete_sale", args=[event.pk, sale.pk])
    asked = client.post(url)
    assert CalcuttaSale.objects.filter(pk=sale.pk).exists()
    assert f"Remove the sale of {entry.player.display_name} to Vera?" in asked.text
    ask_then_confirm(client, url, {}, "to Vera?")
    assert not CalcuttaSale.objects.filter(pk=sale.pk).exists()


def test_removing_a_webhook_and_a_new_secret_ask_once() -> None:
    event = make_event(0)
    director = director_of(event)
    endpoint = hooks.create_endpoint(club=event.club, url="https://example.org/hook",
                                     events=["result.confirmed"], by=director)
    client = page_client(director)
    secret = endpoint.secret
    rotate = reverse("webhooks:action", args=[event.club.slug, endpoint.pk, "rotate"])
    ask_then_confirm(client, rotate, {}, "Make a new secret for https://example.org/hook?")
    endpoint.refresh_from_db()
    assert endpoint.secret != secret
    remove = reverse("webhooks:action", args=[event.club.slug, endpoint.pk, "delete"])
    client.post(remove)
    assert event.club.webhook_endpoints.filter(pk=endpoint.pk).exists()
    ask_then_confirm(client, remove, {}, "Remove the webhook to https://example.org/hook?")
    assert not event.club.webhook_endpoints.filter(pk=endpoint.pk).exists()
    stranger = page_client(UserFactory())
    assert stranger.post(remove, {"confirmed": "1"}).status_code in (403, 404)


def test_finishing_a_chouette_session_asks_once_without_javascript_and_not_twice_with_it() -> None:
    t = make_table(3)
    client = page_client(t.user_of(0))
    url = reverse("chouette:finish", args=[t.session.pk])
    table = client.get(t.session.get_absolute_url()).text
    assert """hx-vals='{"confirmed": "1"}'""" in table  # the button's own dialog is the one ask
    asked = client.post(url)
    assert "Finish this session? No more games can be recorded." in asked.text
    assert ChouetteSession.objects.get(pk=t.session.pk).status != "finished"
    client.post(url, {"confirmed": "1"})
    assert ChouetteSession.objects.get(pk=t.session.pk).status == "finished"


def test_the_question_is_asked_in_the_persons_language() -> None:
    t = make_table(3)
    client = page_client(t.user_of(0))
    client.cookies["django_language"] = "ru"
    asked = client.post(reverse("chouette:finish", args=[t.session.pk]),
                        headers={"Accept-Language": "ru"})
    assert "Вы уверены?" in asked.text and "Да, продолжить" in asked.text

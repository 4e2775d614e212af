"""The shared cache (NARDY_CACHE_URL, a Redis) being down breaks no page: sign-in with its
rate limits, the throttled API and the cached event fragments all answer as usual."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from nardy_site import processes
from nardy_site.env import shared_cache
from tests.factories import UserFactory
from tests.support.clients import api_client
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db


@pytest.fixture
def cache_down(settings):
    """The project's production cache set-up, pointed at a port where nothing listens."""
    dead = f"redis://127.0.0.1:{processes.free_port()}/1"
    caches = {"default": shared_cache(dead)}
    with override_settings(CACHES=caches, NARDY_PAGE_CACHE=True):
        assert cache.get("anything") is None  # the miss, not an exception
        yield


def test_the_settings_ask_django_redis_to_ignore_a_cache_outage(monkeypatch) -> None:
    import importlib

    from nardy_site import settings as module

    monkeypatch.setenv("NARDY_CACHE_URL", "redis://127.0.0.1:1/1")
    try:
        reloaded = importlib.reload(module)
        default = reloaded.CACHES["default"]
        assert default["BACKEND"] == "nardy_site.cache.OutageTolerantRedisCache"
        assert default["OPTIONS"]["IGNORE_EXCEPTIONS"] is True
        assert reloaded.NARDY_PAGE_CACHE is True
    finally:
        monkeypatch.delenv("NARDY_CACHE_URL")
        importlib.reload(module)


def test_sign_in_the_api_and_the_event_pages_work_while_the_cache_is_down(cache_down) -> None:
    user = UserFactory(username="ana")
    user.set_password("a long enough password")
    user.save()
    client = Client()
    assert client.get(reverse("account_login")).status_code == 200
    wrong = client.post(reverse("account_login"), {"login": "ana", "password": "wrong"})
    assert wrong.status_code == 200  # the form says the password is wrong
    right = client.post(reverse("account_login"), {"login": "ana", "password": "a long enough password"})
    assert right.status_code == 302

    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    assert api_client().get("/api/tournaments/").status_code == 200
    url = reverse("tournaments:bracket", args=[event.pk])
    assert Client().get(url).status_code == 200
    play(Pairing.objects.filter(tournament=event, state="ready").first().match, 1)
    page = Client().get(url, HTTP_HX_REQUEST="true")
    assert page.status_code == 200 and "winner" in page.content.decode()

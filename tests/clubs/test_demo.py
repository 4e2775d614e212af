"""The people side of `manage.py demo`: a director finds something to do."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse

from clubs import demo
from clubs.models import Club, JoinRequest
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db


def test_the_demo_has_one_pending_join_request_the_director_sees() -> None:
    demo.populate(io.StringIO())
    demo.populate(io.StringIO())  # safe to repeat: still one
    club = Club.objects.get(slug=demo.DEMO_CLUB_SLUG)
    (waiting,) = JoinRequest.objects.filter(club=club)
    assert waiting.status == JoinRequest.Status.PENDING
    director = club.directors.get(username=demo.DEMO_DIRECTOR[0])
    page = page_client(director).get(reverse("clubs:join_requests", args=[club.slug]))
    assert page.status_code == 200 and "Nadia Karimova" in page.text
    assert "I play long nardy on Thursdays" in page.text
    home = page_client(director).get(reverse("home")).text
    assert "nadia" in home.lower()
    waiting.status = JoinRequest.Status.DECLINED  # once answered, a new run asks no more
    waiting.save()
    demo.populate(io.StringIO())
    assert not JoinRequest.objects.filter(status=JoinRequest.Status.PENDING).exists()

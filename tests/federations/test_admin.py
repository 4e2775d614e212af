"""The admin site lists federations (with their affiliations inline) and affiliations."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.federations.support import federation, member

pytestmark = pytest.mark.django_db


def test_the_admin_site_shows_federations_and_affiliations(client):
    fed = federation(name="Caspian Federation")
    club = member(fed)
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", "x"))
    pages = [
        reverse("admin:federations_federation_changelist"),
        reverse("admin:federations_federation_change", args=[fed.pk]),
        reverse("admin:federations_federation_add"),
        reverse("admin:federations_affiliation_changelist") + "?status=active",
    ]
    for url in pages:
        assert client.get(url).status_code == 200, url
    assert club.name in client.get(pages[-1]).content.decode()
    assert club.name in client.get(pages[1]).content.decode()

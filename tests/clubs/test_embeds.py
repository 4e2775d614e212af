"""Embed pages (clubs.embeds, tournaments.embed_kinds): who may frame them, what they show,
private items never, the snippets on the club's settings page, and oEmbed."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from clubs import embeds
from clubs.embeds import OriginError, parse_origin, parse_origins
from tests.factories import ClubFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db
CLUB_SITE = "https://club.example.org"


def club_with_events():
    director = UserFactory()
    club = ClubFactory(directors=[director], embed_origins=[CLUB_SITE, "http://127.0.0.1:8123"])
    public = services.create_tournament(
        club=club, actor=director, name="Open Cup", starts_on=datetime.date(2027, 3, 29),
        variant="backgammon", format="knockout")
    private = services.create_tournament(
        club=club, actor=director, name="Secret Cup", starts_on=datetime.date(2027, 3, 30),
        variant="backgammon", format="knockout", is_public=False)
    return club, director, public, private


def frame_ancestors(response) -> list[str]:
    policy = response["Content-Security-Policy"]
    (directive,) = [d.strip() for d in policy.split(";") if d.strip().startswith("frame-ancestors")]
    return directive.split()[1:]


@pytest.mark.parametrize(("text", "origin"), [
    ("https://club.example.org", "https://club.example.org"),
    ("https://club.example.org/results/page.html", "https://club.example.org"),
    ("http://127.0.0.1:8123/", "http://127.0.0.1:8123"),
    ("HTTPS://Club.Example.org", "https://club.example.org"),
])
def test_a_site_is_kept_as_its_origin(text, origin) -> None:
    assert parse_origin(text) == origin


@pytest.mark.parametrize("text", ["club.example.org", "javascript:alert(1)", "https://",
                                  "https://a.org;script-src", "*", "https://*.example.org",
                                  "ftp://club.example.org", "https://user:pw@club.example.org",
                                  "https://club.example.org:99999", "'self'"])
def test_a_text_that_is_not_a_site_is_refused(text) -> None:
    with pytest.raises(OriginError):
        parse_origin(text)


def test_at_most_ten_sites() -> None:
    assert len(parse_origins(" ".join(f"https://s{n}.org" for n in range(10)))) == 10
    with pytest.raises(OriginError):
        parse_origins(" ".join(f"https://s{n}.org" for n in range(11)))


def test_only_the_clubs_sites_may_frame_its_embed_pages(client) -> None:
    club, _director, public, _private = club_with_events()
    response = client.get(embeds.embed_path(club, "bracket", public.pk))
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert frame_ancestors(response) == ["'self'", CLUB_SITE, "http://127.0.0.1:8123"]
    assert "Open Cup" in response.content.decode()
    # every other page keeps the site's refusal
    other = client.get(public.get_absolute_url())
    assert other["X-Frame-Options"] == "DENY" and frame_ancestors(other) == ["'none'"]


def test_a_club_that_lists_no_site_lets_no_other_site_frame_it(client) -> None:
    club, _director, public, _private = club_with_events()
    club.embed_origins = []
    club.save()
    response = client.get(embeds.embed_path(club, "standings", public.pk))
    assert response.status_code == 200 and frame_ancestors(response) == ["'self'"]


def test_private_items_never_embed(client) -> None:
    club, director, _public, private = club_with_events()
    client.force_login(director)  # not even for the club's own director
    for kind in ("bracket", "standings"):
        assert client.get(embeds.embed_path(club, kind, private.pk)).status_code == 404
    next_events = client.get(embeds.embed_path(club, "events")).content.decode()
    assert "Open Cup" in next_events and "Secret Cup" not in next_events


def test_an_event_of_another_club_or_an_unknown_kind_is_not_found(client) -> None:
    club, _director, public, _private = club_with_events()
    other = ClubFactory(embed_origins=[CLUB_SITE])
    assert client.get(embeds.embed_path(other, "bracket", public.pk)).status_code == 404
    assert client.get(f"/embed/{club.slug}/nothing/").status_code == 404
    assert client.get(f"/embed/{club.slug}/bracket/").status_code == 404  # needs an event
    assert client.get(f"/embed/{club.slug}/events/{public.pk}/").status_code == 404


def test_the_settings_page_lists_the_sites_and_gives_the_snippets(client) -> None:
    club, director, public, private = club_with_events()
    client.force_login(director)
    page = client.get(reverse("clubs:club_edit", args=[club.slug])).content.decode()
    assert CLUB_SITE in page
    assert f"/embed/{club.slug}/events/" in page and f"/embed/{club.slug}/bracket/{public.pk}/" in page
    assert f"/embed/{club.slug}/bracket/{private.pk}/" not in page
    assert "&lt;iframe" in page  # the snippet, shown as text to copy


def test_sites_are_saved_from_the_settings_page_and_bad_ones_refused(client) -> None:
    club, director, _public, _private = club_with_events()
    client.force_login(director)
    url = reverse("clubs:club_edit", args=[club.slug])
    form = {"name": club.name, "language": "en", "time_zone": "Europe/Istanbul"}
    response = client.post(url, {**form, "embed_origins": "not a site"})
    assert response.status_code == 200
    assert "is not a site" in response.content.decode()
    club.refresh_from_db()
    assert club.embed_origins == [CLUB_SITE, "http://127.0.0.1:8123"]  # nothing half-saved
    response = client.post(url, {**form, "embed_origins": "https://a.example.org/x\nhttps://b.example.org"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.embed_origins == ["https://a.example.org", "https://b.example.org"]
    assert club.time_zone == "Europe/Istanbul"


def test_the_settings_page_says_what_is_wrong_in_russian(client) -> None:
    club, director, _public, _private = club_with_events()
    client.force_login(director)
    response = client.post(reverse("clubs:club_edit", args=[club.slug]),
                           {"name": club.name, "language": "ru", "time_zone": "Europe/Moscow",
                            "embed_origins": "ftp://x"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert "не адрес сайта" in response.content.decode()


def test_oembed_gives_the_frame_of_a_public_item(client) -> None:
    club, _director, public, private = club_with_events()
    url = embeds.embed_url(club, "bracket", public.pk)
    response = client.get("/api/oembed/", {"url": url, "maxwidth": 500, "maxheight": 300})
    assert response.status_code == 200
    data = response.json()
    assert (data["type"], data["version"], data["width"], data["height"]) == ("rich", "1.0", 500, 300)
    assert f'src="{url}"' in data["html"] and "Open Cup" in data["title"]
    hidden = client.get("/api/oembed/", {"url": embeds.embed_url(club, "bracket", private.pk)})
    assert hidden.status_code == 404 and hidden.json()["error"]["code"] == "not_embeddable"
    in_russian = client.get("/api/oembed/", {"url": embeds.embed_url(club, "bracket", private.pk)},
                            HTTP_ACCEPT_LANGUAGE="ru")
    assert in_russian.json()["error"]["message"].startswith("По этому адресу нет публичной страницы")
    elsewhere = client.get("/api/oembed/", {"url": "https://example.com/whatever/"})
    assert elsewhere.status_code == 404
    xml = client.get("/api/oembed/", {"url": url, "format": "xml"})
    assert xml.status_code == 501 and xml.json()["error"]["code"] == "format_not_supported"
    bad = client.get("/api/oembed/", {"url": url, "maxwidth": 0})
    assert bad.status_code == 400 and "maxwidth" in bad.json()["error"]["fields"]

"""The people pages fit a 390 px phone: nothing wider than the screen but the tables,
which scroll in their own wrapper."""

from __future__ import annotations

import pytest

from clubs import importing, invitations
from clubs.models import Club, Profile
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


def test_people_pages_fit_a_phone(live_server, browser) -> None:
    director = UserFactory(username="td")
    club: Club = ClubFactory(name="Riverside Nardy Club of the Long River Valley",
                             directors=[director], description="x " * 200)
    for i in range(12):
        MembershipFactory(club=club, player=PlayerFactory(
            name=f"Long Surname-Hyphenated Number{i} Firstname", display_name=f"Player {i}",
            email=f"a-rather-long-address-{i}@example.org"))
    invitations.create_invitation(club=club, actor=director, kind="email",
                                  email="someone.with.a.long.name@example.org")
    stored, _ = importing.upload(club=club, actor=director,
                                 data=b"Name,Email\nAnna Smith,anna@example.org\n")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    base = live_server.url + f"/clubs/{club.slug}/"
    for path in ("", "players/", "invitations/", "join-requests/", "import/",
                 f"import/{stored.pk}/", "/me/clubs/", "/me/profile/", "/accounts/signup/"):
        url = live_server.url + path if path.startswith("/") else base + path
        page.goto(url)
        assert page.evaluate(WIDEST) <= 392, url

    # The language switcher saves the choice in the profile; it follows to another device.
    page.goto(live_server.url + "/")
    page.locator("details.language-menu summary").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Русский").click()
    assert page.locator("html").get_attribute("lang") == "ru"
    assert Profile.objects.get(user=director).preferred_language == "ru"
    context.close()
    other_device = browser.new_context(viewport={"width": 390, "height": 844})
    page = other_device.new_page()
    page.set_default_timeout(15_000)
    page.goto(live_server.url + "/accounts/login/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill("password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "ru"
    other_device.close()

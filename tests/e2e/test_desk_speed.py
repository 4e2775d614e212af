"""A new director reaches a published 16-player bracket in at most 25 clicks (issue 27,
part 1): sign up, start a club, import a 16-player CSV, create an event, register all,
check in all, draw. Every click, choice from a list and file chosen is counted (typing is
not); following the mailed link counts as one.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from playwright.sync_api import Locator, Page

from tests.e2e.crawl import AXE, AXE_JS
from tests.e2e.test_club_onboarding import PASSWORD, mail_link
from tournaments.models import Entry, Pairing, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

GOAL = 25
NAMES = ["Aram Hakobyan", "Bella Ivanova", "Cem Yilmaz", "Dina Aliyeva", "Eldar Mammadov",
         "Farida Nazarova", "Giorgi Beridze", "Hasmik Sargsyan", "Ilya Sokolov",
         "Jamila Karimova", "Kamal Huseynov", "Lena Orlova", "Murat Demir", "Nino Kapanadze",
         "Pavel Volkov", "Polina Smirnova"]



class Clicks:
    """Counts what a person does with the mouse (or a finger) on the way."""

    def __init__(self, page: Page) -> None:
        self.page, self.count, self.steps = page, 0, []

    def click(self, target: Locator, why: str) -> None:
        target.click()
        self._count(why)

    def choose(self, target: Locator, label: str, why: str) -> None:
        target.select_option(label=label)
        self._count(why)

    def upload(self, target: Locator, files: Any, why: str) -> None:
        target.set_input_files(files)
        self._count(why)

    def follow(self, url: str, why: str) -> None:
        self.page.goto(url)
        self._count(why)

    def _count(self, why: str) -> None:
        self.count += 1
        self.steps.append(why)


def test_a_new_director_publishes_a_16_player_bracket_in_at_most_25_clicks(
        live_server: Any, page: Page) -> None:
    base = live_server.url
    mail.outbox.clear()
    page.set_default_timeout(20_000)
    clicks = Clicks(page)

    page.goto(base + "/")
    clicks.click(page.locator("main [role=button]").nth(1), "start a club (sign up first)")
    page.get_by_label("Email").fill("dora@example.org")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    clicks.click(page.get_by_role("button", name="Sign up"), "sign up")
    page.get_by_role("heading", name="Check your email").wait_for()
    clicks.follow(mail_link("dora@example.org", "/accounts/confirm-email/"), "the mailed link")
    clicks.click(page.get_by_role("button", name="Confirm"), "confirm the address")
    page.wait_for_url(re.compile(r".*/clubs/new/$"))

    page.get_by_label("Club name").fill("Dora's Club")
    clicks.click(page.get_by_role("button", name="Start the club"), "start the club")
    page.get_by_role("heading", name="Dora's Club").wait_for()

    clicks.click(page.get_by_role("link", name="Import players").first, "import players")
    csv = "Name\n" + "".join(f"{name}\n" for name in NAMES)
    clicks.upload(page.get_by_label("CSV file"),
                  {"name": "players.csv", "mimeType": "text/csv", "buffer": csv.encode()},
                  "choose the file")
    clicks.click(page.get_by_role("button", name="Preview"), "preview")
    clicks.click(page.get_by_role("button", name="Import all"), "import")
    page.get_by_text("Imported: 16 new players").wait_for()

    clicks.click(page.get_by_role("link", name="New tournament").first, "new tournament")
    page.get_by_label("Name:", exact=True).fill("Dora's Open")
    page.get_by_label("Starts on").fill("2026-12-01")
    clicks.choose(page.get_by_label("Game"), "Short backgammon", "the game")
    clicks.choose(page.get_by_label("Format"), "Knockout", "the format")
    with page.expect_navigation():
        clicks.click(page.get_by_role("button", name="Create"), "create the event")
    page.wait_for_url(re.compile(r".*/tournaments/\d+/console/$"))
    tournament = Tournament.objects.get(name="Dora's Open")

    clicks.click(page.get_by_role("link", name="Entry desk"), "the entry desk")
    members = page.locator("#register-members-form")
    clicks.click(members.get_by_label("Select all"), "select all members")
    assert members.locator("input[name=player]:checked").count() == 17  # Dora and 16
    dora = members.get_by_label("dora", exact=True)
    clicks.click(dora, "leave the director out")
    clicks.click(members.get_by_role("button", name="Register the selected players"),
                 "register them")
    page.get_by_text("16 players registered.").wait_for()

    clicks.click(page.locator("#event-settings summary"), "the event's settings")
    page.get_by_label("Check-in opens").fill("2026-11-30T10:00")
    clicks.click(page.locator("#event-settings").get_by_role("button", name="Save"),
                 "save: check-in at the door")
    page.get_by_text("Saved.").wait_for()

    entrants = page.locator("#desk-entrants-form")
    clicks.click(entrants.get_by_label("Select all"), "select all entrants")
    assert page.locator("input[name=entry]:checked").count() == 16
    clicks.click(entrants.get_by_role("button", name="Check in the selected players"),
                 "check them in")
    page.get_by_text("16 players checked in.").wait_for()
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(AXE_JS) == []

    clicks.click(page.get_by_role("link", name="Console"), "the console")
    clicks.click(page.get_by_role("button", name="Make the draw"), "the draw's preview")
    page.get_by_role("heading", name="The draw, before it is published").wait_for()
    assert page.get_by_test_id("preview-matches").locator("li").count() == 8
    assert not Pairing.objects.filter(tournament=tournament).exists()  # nothing saved yet
    clicks.click(page.get_by_role("button", name="Publish the draw"), "publish it")
    page.get_by_text("The draw is made").wait_for()

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert Entry.objects.filter(tournament=tournament, checked_in_at__isnull=False).count() == 16
    assert Pairing.objects.filter(tournament=tournament, round=1).count() == 8
    bracket = page.context.new_page()
    bracket.goto(f"{base}/tournaments/{tournament.pk}/bracket/")
    assert bracket.locator(".bracket").count() >= 1
    assert clicks.count <= GOAL, f"{clicks.count} clicks: {clicks.steps}"

"""From nothing to a tournament, all in the browser (issue 14's "done"):

a newcomer signs up (the verification link read from the sent mail), starts a club,
adds two players and invites them (one by email, one by a join link), imports 30
players from a CSV file in which two are near-duplicates of those two (caught, linked,
not doubled), the invited people sign up and land on their existing records, and a
round robin is drawn and played to the end (the two of them enter and confirm their own
match).
"""

from __future__ import annotations

import re
import time

import pytest
from django.core import mail
from playwright.sync_api import Browser, Page

from clubs.models import Club, Player
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Club-night-2026!"
LINK = re.compile(r"https?://\S+")
IMPORTED = [  # 28 new names, then the two near-duplicates of the players added by hand
    "Aram Hakobyan", "Bella Ivanova", "Cem Yilmaz", "Dina Aliyeva", "Eldar Mammadov",
    "Farida Nazarova", "Giorgi Beridze", "Hasmik Sargsyan", "Ilya Sokolov", "Jamila Karimova",
    "Kamal Huseynov", "Lena Orlova", "Murat Demir", "Nino Kapanadze", "Pavel Volkov",
    "Polina Smirnova", "Rustam Aliev", "Sona Avetisyan", "Timur Rakhimov", "Ulviyya Guliyeva",
    "Vardan Grigoryan", "Yana Kuznetsova", "Zaur Ismayilov", "Ayse Kaya", "Boris Melnik",
    "Chen Wei", "Daria Kim", "Emil Hansen",
    "Lee Vera",  # Vera Lee, surname first
    "Олег Новак",  # Oleg Novak, in Cyrillic
]


def mail_link(address: str, contains: str, timeout: float = 10) -> str:
    """The link containing `contains` in the latest mail to `address` (locmem outbox)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for message in reversed(mail.outbox):
            if address in message.to:
                for url in LINK.findall(message.body):
                    if contains in url:
                        return url
        time.sleep(0.1)
    raise AssertionError(f"no mail to {address} with a link to {contains}")


def sign_up(page: Page, base: str, email: str, username: str) -> None:
    """Fill the sign-up form (already open), follow the mailed link, confirm."""
    page.get_by_label("Email").fill(email)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="Check your email").wait_for()
    page.goto(mail_link(email, "/accounts/confirm-email/"))
    page.get_by_role("button", name="Confirm").click()


def log_in_page(browser: Browser) -> Page:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_a_club_starts_invites_imports_and_runs_a_tournament(live_server, browser, page) -> None:
    base = live_server.url
    mail.outbox.clear()

    # A newcomer signs up; the link in the mail logs her in.
    page.goto(base + "/")
    page.get_by_role("navigation").get_by_role("link", name="Sign up").click()
    sign_up(page, base, "nina@example.org", "nina")
    page.wait_for_url(base + "/")
    page.get_by_role("heading", name="Your home").wait_for()

    # She starts a club (from her account menu).
    page.get_by_role("button", name="Your account: nina").click()
    assert page.get_by_role("button", name="Log out nina").is_visible()
    page.get_by_role("navigation").get_by_role("link", name="My clubs").click()
    page.get_by_role("button", name="Start a club").click()
    page.get_by_label("Club name").fill("Riverside Nardy")
    page.get_by_label("About the club").fill("Short backgammon and long nardy every week.")
    page.get_by_label("Venue").fill("Cafe Lido, 5 River Street")
    page.get_by_label("Schedule").fill("Tuesdays from 19:00")
    # the club shows full names to the public (the default is a first name and initial)
    page.get_by_label("Names shown to the public").select_option(label="Full name")
    page.get_by_role("button", name="Start the club").click()
    page.get_by_role("heading", name="Riverside Nardy").wait_for()
    assert page.get_by_text("Tuesdays from 19:00").is_visible()
    club = Club.objects.get(name="Riverside Nardy")

    # Two players the club knows, added by hand.
    page.get_by_role("link", name="Players and roles").click()
    for name in ("Vera Lee", "Oleg Novak"):
        page.get_by_label("Legal name").fill(name)
        page.get_by_role("button", name="Add the player").click()
        page.get_by_text(f"{name} is a player of the club.").wait_for()
    vera_record = Player.objects.get(name="Vera Lee")
    oleg_record = Player.objects.get(name="Oleg Novak")

    # Vera is invited by email, Oleg by a join link (with its QR code).
    page.get_by_role("link", name="Invite", exact=True).click()
    page.get_by_label("Email").fill("vera@example.org")
    page.locator("select[name=player]").first.select_option(label="Vera Lee")
    page.get_by_role("button", name="Send the invitation").click()
    page.get_by_text("The invitation is on its way to vera@example.org.").wait_for()
    link_form = page.locator("form", has=page.get_by_role("button", name="Make a join link"))
    link_form.locator("select[name=player]").select_option(label="Oleg Novak")
    page.get_by_role("button", name="Make a join link").click()
    oleg_link = page.get_by_label("Join link").input_value()
    assert "/join/" in oleg_link
    assert page.locator("figure.qr svg").is_visible()

    # 30 players from a spreadsheet: two of them are the players above, spelt otherwise.
    page.goto(base + club.get_absolute_url())
    page.get_by_role("link", name="Import players").first.click()
    csv = "Name,Email,Rating\n" + "".join(
        f"{name},{'' if i >= 28 else f'p{i}@example.org'},{1400 + i * 10}\n"
        for i, name in enumerate(IMPORTED))
    page.get_by_label("CSV file").set_input_files(
        {"name": "players.csv", "mimeType": "text/csv", "buffer": csv.encode("utf-8-sig")})
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("heading", name="Import preview").wait_for()
    assert "28 new, 0 linked, 2 to choose, 0 refused." in page.locator("#import-counts").inner_text()
    choose = page.locator("tr[data-action=choose]")
    assert choose.count() == 2
    assert "Vera Lee" in choose.nth(0).inner_text() and "another word order" in choose.nth(0).inner_text()
    assert "Oleg Novak" in choose.nth(1).inner_text() and "another alphabet" in choose.nth(1).inner_text()
    page.get_by_role("button", name="Import all").click()
    page.get_by_text("Imported: 28 new players, 2 linked").wait_for()
    assert club.members.count() == 31  # nina, Vera, Oleg and 28 new ones: no twins
    assert not Player.objects.filter(name__in=["Lee Vera", "Олег Новак"]).exists()

    # Vera follows the emailed link, signs up and lands on her record.
    vera = log_in_page(browser)
    vera.goto(mail_link("vera@example.org", "/join/"))
    vera.get_by_role("heading", name="Join Riverside Nardy").wait_for()
    vera.get_by_role("button", name="Create an account").click()
    sign_up(vera, base, "vera@example.org", "vera")
    vera.get_by_role("button", name="Accept the invitation").click()
    vera.get_by_text("You play there as Vera Lee.").wait_for()
    vera_record.refresh_from_db()
    assert vera_record.user.username == "vera"

    # Oleg opens the join link, signs up and lands on his record.
    oleg = log_in_page(browser)
    oleg.goto(oleg_link)
    oleg.get_by_role("button", name="Create an account").click()
    sign_up(oleg, base, "oleg@example.org", "oleg")
    oleg.get_by_role("button", name="Accept the invitation").click()
    oleg.get_by_text("You play there as Oleg Novak.").wait_for()
    oleg_record.refresh_from_db()
    assert oleg_record.user.username == "oleg"
    assert Player.objects.filter(user__username__in=["vera", "oleg"]).count() == 2
    assert club.members.count() == 31

    # A round robin: Nina draws it; Vera and Oleg play each other and enter the result.
    page.goto(base + club.get_absolute_url())
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name:", exact=True).fill("Riverside Cup")
    page.get_by_label("Starts on").fill("2026-12-01")
    page.get_by_label("Game").select_option(label="Short backgammon")
    page.get_by_label("Format").select_option(label="Round robin")
    page.get_by_label("Round-robin and Swiss match length").fill("1")
    with page.expect_navigation():
        page.get_by_role("button", name="Create").click()
    page.wait_for_url(re.compile(r".*/tournaments/\d+/console/$"))
    tournament = Tournament.objects.get(name="Riverside Cup")
    for search, shown in (("Vera", "Vera Lee"), ("Cem", "Cem Yilmaz"),
                          ("Bella", "Bella Ivanova"), ("Oleg", "Oleg Novak")):
        page.get_by_label("Search players by name").fill(search)
        page.get_by_role("button", name=f"Enter {shown}").click()
        page.get_by_text(f"{shown} entered.").wait_for()
    page.get_by_role("button", name="Make the draw").click()
    page.get_by_role("button", name="Publish the draw").click()
    page.get_by_text("The draw is made").wait_for()
    with page.expect_navigation():
        page.get_by_role("button", name="Start every round").click()

    vera.goto(base + "/my-matches/")
    ours = vera.locator("form", has=vera.get_by_label("Score of Oleg Novak"))
    ours.get_by_label("Score of Vera Lee").fill("1")
    ours.get_by_label("Score of Oleg Novak").fill("0")
    ours.get_by_role("button", name="Enter result").click()
    vera.get_by_text("Waiting for your opponent to confirm").first.wait_for()
    oleg.goto(base + "/")
    oleg.get_by_role("heading", name="Results waiting for your answer").wait_for()
    oleg.goto(base + "/my-matches/")
    oleg.get_by_role("button", name="Confirm").first.click()
    oleg.get_by_text("Result confirmed.", exact=True).wait_for()
    ours = Pairing.objects.get(tournament=tournament, top__player__name__in=["Vera Lee", "Oleg Novak"],
                               bottom__player__name__in=["Vera Lee", "Oleg Novak"])
    assert ours.winner.player.name == "Vera Lee"

    # Nina enters the other five results from the console and finishes the event.
    for _ in range(5):
        page.goto(f"{base}/tournaments/{tournament.pk}/console/")
        row = page.locator("table.console-results tbody tr").filter(
            has=page.get_by_label("Reason")).first
        row.get_by_label("Score of player 1").fill("1")
        row.get_by_label("Score of player 2").fill("0")
        row.get_by_label("Reason").fill("Result sheet")
        with page.expect_response(lambda r: "/console/results/" in r.url):
            row.get_by_role("button", name="Enter").click()
    assert not tournament.pairings.exclude(state="decided").exists()
    tournament.refresh_from_db()
    if tournament.status != Tournament.Status.FINISHED:  # the last result may finish it
        page.goto(f"{base}/tournaments/{tournament.pk}/console/")
        page.once("dialog", lambda dialog: dialog.accept())  # it asks once
        with page.expect_response(lambda r: "/console/status/" in r.url):
            page.get_by_role("button", name="Finish the tournament").click()
    page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    assert page.get_by_text("Vera Lee").first.is_visible()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED

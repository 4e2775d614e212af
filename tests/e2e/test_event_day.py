"""A whole event day through the real pieces: Redis, a Celery worker process (its own,
sending email to a folder this test reads), the app on a local port and a browser.

26 players register themselves for a 24-place knockout (the last two go on the waiting
list); one withdraws before the draw (the first on the list moves up); check-in opens
(the beat's sweep, run by the worker); two entrants never check in and are dropped at
the draw; the director enters the other waiting player late (seeded last); round 1 is
played, one result is disputed and the director rules from the console; a winner of
round 1 withdraws (their round-2 match becomes a walkover). Every participant gets the
notifications the day gave them, in the site and by email, each once.

With NARDY_SCREENSHOTS=1 the screenshots are written to docs/screenshots/ (the README
shows them); otherwise to a temporary folder.
"""

from __future__ import annotations

import email
import os
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django.utils import timezone

from clubs.models import Membership
from disputes.models import Dispute
from games import services as games_services
from games.models import ResultStatus
from nardy_site import processes
from nardy_site.celery import app as celery_app
from nardy_site.redis_server import RedisServer, start_redis
from notifications.messages import render
from notifications.models import Delivery, Notification
from tests.factories import ClubFactory, PlayerFactory, UserFactory
from tests.support.browser import sign_in
from tests.support.celery_worker import Worker, database_url_for, point_app_at, start_worker
from tournaments import services
from tournaments.models import Entry, Pairing, Registration, Tournament
from tournaments.services import checkin, registration

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
EVENT = "Riverside Autumn Open"
PHONE = {"width": 390, "height": 844}



@pytest.fixture
def mail_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "mail"
    folder.mkdir()
    return folder


@pytest.fixture
def worker(tmp_path: Path, mail_dir: Path, transactional_db: None) -> Iterator[Worker]:
    """A worker of this test's own, on its own Redis, writing emails into ``mail_dir``."""
    try:
        redis: RedisServer = start_redis(processes.free_port(), tmp_path / "redis")
    except FileNotFoundError:
        pytest.skip("no redis-server")
    saved = {name: os.environ.get(name) for name in ("EMAIL_BACKEND", "NARDY_EMAIL_FILE_PATH")}
    os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.filebased.EmailBackend"
    os.environ["NARDY_EMAIL_FILE_PATH"] = str(mail_dir)
    try:
        point_app_at(celery_app, redis.url, eager=False)
        started = start_worker(celery_app, redis.url, database_url_for(connections["default"].settings_dict),
                               tmp_path / "worker.log")
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    yield started
    started.stop()
    redis.stop()


@pytest.fixture
def shots(tmp_path: Path) -> Callable[[Any, str], None]:
    folder = ROOT / "docs" / "screenshots" if os.environ.get("NARDY_SCREENSHOTS") else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)

    def shoot(page: Any, name: str, part: Any = None) -> None:
        target = folder / f"{name}.png"
        if part is not None:
            part.screenshot(path=str(target))
        else:
            page.screenshot(path=str(target), full_page=True)

    return shoot


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def settled() -> None:
    """Wait until the worker has sent everything and nothing new appears for a while."""
    last = -1
    quiet_since = time.monotonic()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        count = Notification.objects.count() + Delivery.objects.count()
        busy = Delivery.objects.exclude(state=Delivery.State.SENT).exists()
        if count != last or busy:
            last, quiet_since = count, time.monotonic()
        elif time.monotonic() - quiet_since > 2.5:
            return
        time.sleep(0.25)
    raise AssertionError("notifications did not settle")


def browser_as(browser: Any, base: str, user: Any, viewport: dict | None = None) -> Any:
    """A browser page signed in as ``user`` (a session made by Django's test client)."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    sign_in(context, base, user)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def emails_by_recipient(folder: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.log")):
        for chunk in path.read_text().split("-" * 79):
            if not chunk.strip():
                continue
            message = email.message_from_string(chunk.strip())
            subject = str(email.header.make_header(email.header.decode_header(message["Subject"])))
            subject = re.sub(r"\r?\n(?=[ \t])", "", subject)  # a long subject is folded (RFC 5322)
            for address in message["To"].split(","):
                found.setdefault(address.strip(), []).append(subject)
    return found


def test_a_whole_event_day(worker: Worker, live_server: Any, browser: Any, mail_dir: Path,
                           shots: Callable[[Any, str], None]) -> None:
    base = live_server.url
    director = UserFactory(username="director", email="director@example.org")
    club = ClubFactory(name="Riverside", directors=[director])
    tournament = services.create_tournament(
        club=club, actor=director, name=EVENT, starts_on=timezone.localdate(), variant="backgammon",
        format=Tournament.Format.KNOCKOUT, capacity=24, late_entry_rule="seeded_last",
        registration_deadline=timezone.now() + timedelta(days=1), entry_fee="10.00",
        time_controls=[{"from_round": 1, "text": "2 min per point + 12 s delay"},
                       {"from_round": 3, "text": "2 min per point + 12 s delay", "clocks_required": True}],
        match_lengths={"main": [3, 5, 7], "consolation": [3, 3, 3], "last_chance": [1, 1, 1],
                       "group": [3], "swiss": [3]},
    )
    services.set_status(tournament=tournament, status="registration", actor=director)
    people = []
    for number in range(1, 27):
        user = UserFactory(username=f"p{number:02d}", email=f"p{number:02d}@example.org")
        player = PlayerFactory(name=f"Player {number:02d}", display_name=f"P{number:02d}", user=user)
        Membership.objects.create(club=club, player=player)
        people.append(player)
    by_name = {p.display_name: p for p in people}

    # 1. Self-registration from the tournament page (P01), the rest from their phones/API.
    page = browser_as(browser, base, by_name["P01"].user)
    page.goto(f"{base}/tournaments/{tournament.pk}/")
    page.get_by_role("button", name="Register").click()
    page.get_by_text("You are registered.").first.wait_for()
    shots(page, "01-registration")
    for player in people[1:24]:
        registration.register(tournament=tournament, player=player, by=player.user)
    # the event is full: P25 joins the waiting list from the home page on a phone
    phone = browser_as(browser, base, by_name["P25"].user, PHONE)
    phone.goto(f"{base}/tournaments/{tournament.pk}/")
    phone.get_by_role("button", name="Join the waiting list").click()
    phone.get_by_text("You are number 1 on the waiting list.").first.wait_for()
    shots(phone, "02-waiting-list-phone")
    registration.register(tournament=tournament, player=by_name["P26"], by=by_name["P26"].user)
    assert Registration.objects.filter(tournament=tournament, status="waitlisted").count() == 2

    # 2. P03 withdraws before the draw: P25 moves up at once.
    registration.withdraw(entry=Entry.objects.get(tournament=tournament, player=by_name["P03"]),
                          by=by_name["P03"].user)
    assert Registration.objects.get(tournament=tournament, player=by_name["P25"]).status == "accepted"

    # 3. Check-in opens; the beat's sweep (run by the worker) tells the entrants.
    Tournament.objects.filter(pk=tournament.pk).update(
        check_in_opens_at=timezone.now() - timedelta(minutes=1),
        check_in_closes_at=timezone.now() + timedelta(hours=1))
    from nardy_site.tasks import sweep

    sweep.delay()
    wait_for(lambda: Tournament.objects.get(pk=tournament.pk).check_in_announced_at is not None,
             "the check-in announcement")
    phone = browser_as(browser, base, by_name["P01"].user, PHONE)
    phone.goto(f"{base}/tournaments/{tournament.pk}/")
    phone.get_by_role("button", name="Check in").click()
    phone.get_by_text("You are checked in.").first.wait_for()
    shots(phone, "03-check-in-phone")
    desk = browser_as(browser, base, director)
    desk.goto(f"{base}/tournaments/{tournament.pk}/desk/")
    p02 = Entry.objects.get(tournament=tournament, player=by_name["P02"])
    desk.locator(f"#desk-entry-{p02.pk} .check-in-tick").click()
    desk.get_by_text("P02 is checked in.").first.wait_for()
    shots(desk, "04-entry-desk", desk.locator("#desk-entries"))
    no_shows = {"P23", "P24"}
    for entry in Entry.objects.filter(tournament=tournament, withdrawn=False, checked_in_at=None):
        if entry.player.display_name not in no_shows:
            checkin.check_in(entry=entry, by=entry.player.user)

    # 4. The director makes the draw from the console: the two no-shows are dropped.
    desk.goto(f"{base}/tournaments/{tournament.pk}/console/")
    desk.get_by_role("button", name="Make the draw").click()
    desk.get_by_role("button", name="Publish the draw").click()
    desk.get_by_text("The draw is made").first.wait_for()
    dropped = Entry.objects.filter(tournament=tournament, withdrawal="no_show")
    assert {e.player.display_name for e in dropped} == no_shows
    assert Entry.objects.filter(tournament=tournament, position__isnull=False).count() == 22

    # 5. A late entry (P26, still on the waiting list), seeded last, from the desk.
    desk.goto(f"{base}/tournaments/{tournament.pk}/desk/")
    desk.locator("#late-entry select[name=player]").select_option(label="P26")
    desk.locator("#late-entry").get_by_role("button", name="Enter").click()
    desk.get_by_text("P26 entered late.").first.wait_for()
    late = Entry.objects.get(tournament=tournament, player=by_name["P26"])
    assert late.late and late.seed == 23
    late_match = Pairing.objects.get(tournament=tournament, flight="main", round=1, bottom=late) \
        if Pairing.objects.filter(tournament=tournament, bottom=late).exists() \
        else Pairing.objects.get(tournament=tournament, flight="main", round=1, top=late)
    assert late_match.state == "ready"
    desk.goto(f"{base}/tournaments/{tournament.pk}/bracket/")
    shots(desk, "05-bracket-after-the-draw")
    desk.goto(f"{base}/tournaments/{tournament.pk}/score-sheets/")
    shots(desk, "06-score-sheet", desk.locator(".score-sheet").first)

    # 6. Round 1: results entered and confirmed; one disputed, ruled by the director.
    first_round = list(Pairing.objects.filter(tournament=tournament, flight="main", round=1,
                                              state="ready").select_related("match", "top__player",
                                                                            "bottom__player"))
    assert len(first_round) == 7
    disputed = first_round[0]
    for pairing in first_round:
        match, top, bottom = pairing.match, pairing.top.player.user, pairing.bottom.player.user
        result = games_services.enter_final_score(match=match, by=top, score1=Decimal(3), score2=Decimal(1))
        if pairing is disputed:
            games_services.dispute_result(result=result, by=bottom, reason="I won 3-1, not P.")
        else:
            games_services.confirm_result(result=result, by=bottom)
    wait_for(lambda: Dispute.objects.filter(status="checked").exists(), "the engine's check")
    desk.goto(f"{base}/tournaments/{tournament.pk}/console/")
    section = desk.locator("#console-disputes")
    section.get_by_text("I won 3-1, not P.").first.wait_for()
    shots(desk, "07-console-dispute", section)
    form = section.locator("form.console-ruling")
    form.locator("select[name=ruling]").select_option("upheld")
    form.locator("input[name=score1]").fill("1")
    form.locator("input[name=score2]").fill("3")
    form.locator("[name=note]").fill("The score sheet, signed by both, says 1-3.")
    form.get_by_role("button", name="Rule").click()
    desk.get_by_text("Ruling recorded").first.wait_for()
    disputed.refresh_from_db()
    assert disputed.winner_id == disputed.bottom_id
    assert disputed.match.results.get(status=ResultStatus.CONFIRMED).override_reason.startswith(
        "Ruling on dispute")

    # 7. A winner of round 1 withdraws from their phone: the round-2 match is a walkover.
    leaver = Pairing.objects.get(pk=first_round[1].pk).winner
    phone = browser_as(browser, base, leaver.player.user, PHONE)
    phone.goto(f"{base}/tournaments/{tournament.pk}/")
    phone.get_by_role("button", name="Withdraw (your remaining matches become walkovers)").click()
    phone.get_by_text("You have withdrawn.").first.wait_for()
    walkover = Pairing.objects.get(tournament=tournament, flight="main", round=2, walkover="withdrawn")
    beneficiary = walkover.winner
    desk.goto(f"{base}/tournaments/{tournament.pk}/bracket/")
    desk.get_by_text("walkover: opponent withdrew").first.wait_for()
    shots(desk, "08-bracket-walkover")
    desk.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    desk.get_by_text(f"{leaver.player.display_name} withdrew while the event was under way.").first.wait_for()
    shots(desk, "09-standings-withdrawal")
    desk.goto(f"{base}/tournaments/{tournament.pk}/tv/")
    shots(desk, "10-tv")
    desk.goto(f"{base}/tournaments/{tournament.pk}/activity/")
    shots(desk, "11-activity", desk.locator("ol.activity"))

    # 8. Everybody has been told what concerns them, once, in the site and by email.
    settled()
    phone = browser_as(browser, base, beneficiary.player.user, PHONE)
    phone.goto(f"{base}/notifications/")
    phone.get_by_text(f"You won a match of {EVENT} by walkover").first.wait_for()
    shots(phone, "12-notifications-phone")

    def shown(notifications: Any) -> list[str]:  # titles as an English reader reads them
        return [render(n, "en")[0] for n in notifications]

    def titles(player: Any) -> Counter:
        return Counter(shown(Notification.objects.filter(user=player.user)))

    registered = f"You are registered for {EVENT}"
    promoted = f"A place freed up: you are in {EVENT}"
    check_in_open = f"Check-in for {EVENT} is open"
    ready = f": your match in {EVENT} is ready"  # after the round's name
    for number in range(1, 25):
        assert titles(by_name[f"P{number:02d}"])[registered] == 1, number
    for name in ("P25", "P26"):
        assert titles(by_name[name])[promoted] == 1 and titles(by_name[name])[registered] == 0
    told_check_in = {n for n in by_name if titles(by_name[n])[check_in_open]}
    assert told_check_in == set(by_name) - {"P03", "P26"}  # the withdrawn and the still waiting
    for name in ("P03", "P23", "P24"):  # withdrew or never came: nothing after that
        assert set(titles(by_name[name])) <= {registered, check_in_open}
    # every match that got both players was announced to both of them, once per pair of
    # players (a late entry changed one round-2 pairing: announced again, as a change)
    announced = Pairing.objects.filter(tournament=tournament).exclude(announced_for="")
    for pairing in announced.select_related("top__player", "bottom__player"):
        pair = pairing.announced_for
        for side in (pairing.top, pairing.bottom):
            user = side.player.user
            assert Notification.objects.filter(
                user=user, key=f"pairing:{pairing.pk}:{pair}:{user.pk}").count() == 1
    assert any(title.endswith(f": your pairing in {EVENT} changed")
               for title in shown(Notification.objects.all()))
    assert sum(count for title, count in titles(late.player).items() if title.endswith(ready)) >= 1
    # results: the opponent was asked to confirm; the enterer heard of the confirmation
    for pairing in first_round:
        top, bottom = pairing.top.player, pairing.bottom.player
        assert sum(1 for t in titles(bottom) if t.startswith(f"{top.display_name} entered a result")) == 1
        if pairing is disputed:
            continue
        assert sum(1 for t in titles(top) if t.startswith("Result confirmed:")) == 1
    dispute = Dispute.objects.get()
    for player in (disputed.top.player, disputed.bottom.player):
        assert titles(player)[f"Ruling on dispute {dispute.pk}: complaint upheld: the play or result is corrected"] == 1
        assert titles(player)[f"The engine has checked dispute {dispute.pk}"] == 1
        assert sum(1 for t in titles(player) if t.startswith("A director set the result")) == 1
    assert titles(disputed.top.player)[f"Dispute {dispute.pk} opened about a result"] == 1
    assert shown(Notification.objects.filter(user=director)).count(
        f"Dispute {dispute.pk} opened about a result") == 1
    assert titles(beneficiary.player)[f"You won a match of {EVENT} by walkover"] == 1
    assert not any("walkover" in t for t in titles(leaver.player))  # who withdrew knows it

    # every notification went out by email, once, to its person, with the same words
    mailed = emails_by_recipient(mail_dir)
    users = [director, *(p.user for p in people)]
    for user in users:
        site = sorted(shown(Notification.objects.filter(user=user)))
        assert sorted(mailed.get(user.email, [])) == site, user.username
    assert sum(len(v) for v in mailed.values()) == Notification.objects.count()
    assert not Delivery.objects.exclude(state="sent").exists()


def test_a_big_draw_tells_every_player_once_in_the_site_and_by_email(
        worker: Worker, mail_dir: Path) -> None:
    """A 128-player knockout drawn: one fan-out for the whole draw, done by the worker,
    gives each of the 128 players their match in the site and by email (sent in a
    batch), each once; the draw's request queued one piece of work, not one a pairing."""
    from django.contrib.auth import get_user_model

    from clubs.models import Player
    from outbox.models import Message

    director = UserFactory(username="bigdirector")
    club = ClubFactory(directors=[director])
    tournament = services.create_tournament(
        club=club, actor=director, name="Big Draw Open", starts_on=timezone.localdate(),
        variant="backgammon", format=Tournament.Format.KNOCKOUT, seeding="random", random_seed=5)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"big{i:03d}", email=f"big{i:03d}@example.org") for i in range(128))
    players = Player.objects.bulk_create(
        Player(name=f"Big Player {i:03d}", display_name=f"Big{i:03d}", user=user)
        for i, user in enumerate(users))
    Entry.objects.bulk_create(Entry(tournament=tournament, player=player) for player in players)
    queued = Message.objects.count()
    services.make_draw(tournament=tournament, actor=director)
    assert Message.objects.count() - queued == 1  # one announcement for the whole draw
    ready = f"Round of 128: your match in {tournament.name} is ready"  # 7 rounds to the final
    wait_for(lambda: Notification.objects.filter(user__in=users).count() == 128,
             "every player's notice in the site")
    settled()
    for user in users:
        [notice] = Notification.objects.filter(user=user)
        assert render(notice)[0] == ready
    mailed = emails_by_recipient(mail_dir)
    assert {user.email: mailed.get(user.email) for user in users} == {user.email: [ready] for user in users}
    assert not Delivery.objects.exclude(state=Delivery.State.SENT).exists()

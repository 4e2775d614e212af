"""A Russian club's forms on a 390 px phone, in a real browser (issue 24, part 4): the
event form keeps its dates and saves, the Divisions help is shown whole, the console's
ruling form has visible labels and rules, the CSV import reads the site's own «Эл. почта»
and lists the headings it understands, and signing up from an invitation fills in the
invited email. Every heading met on the way starts with a capital letter."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

from clubs import invitations
from disputes.models import Dispute, DisputeStatus
from games import services as games_services
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
HEADINGS = ("() => [...document.querySelectorAll('h1, h2, h3, legend, summary')]"
            ".map(e => e.innerText.trim()).filter(t => t)")


def ru(text: str, context: str | None = None) -> str:
    with translation.override("ru"):
        return pgettext(context, text) if context else gettext(text)



def russian_phone(browser, live_server):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, locale="ru-RU", bypass_csp=True)
    context.add_cookies([{"name": "django_language", "value": "ru", "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def log_in(page, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(live_server.url + "/accounts/login/")
    page.locator("input[name=login]").fill(username)
    page.locator("input[name=password]").fill("password")
    page.locator("form:has(input[name=login]) button[type=submit]").click()
    page.wait_for_url(live_server.url + "/")


def assert_headings_capitalised(page) -> None:  # type: ignore[no-untyped-def]
    for text in page.evaluate(HEADINGS):
        first = next((ch for ch in text if ch.isalpha() or ch.isdigit()), "")
        assert not first.isalpha() or first.isupper(), f"{page.url}: {text!r}"


def test_a_russian_club_s_forms_work_on_a_phone(live_server, browser,
                                                django_capture_on_commit_callbacks) -> None:
    # A knockout of two with a disputed result, checked by the engine.
    event = make_event(2, with_logins=True)
    director = director_of(event)
    director.username = "td"
    director.save()
    services.make_draw(tournament=event, actor=director)
    final = pairing(event, "main", 1, 1)
    result = games_services.enter_final_score(match=final.match, by=final.top.player.user,
                                              score1=Decimal(7), score2=Decimal(2))
    with django_capture_on_commit_callbacks(execute=True):
        games_services.dispute_result(result=result, by=final.bottom.player.user,
                                      reason="Я выиграл 7-2.")
    dispute = Dispute.objects.get()
    assert dispute.status == DisputeStatus.CHECKED
    # A second event of the director, not drawn yet, with dates and a check-in.
    other = make_event(0, director=director, name="Кубок Арбата",
                       starts_on=datetime.date(2026, 11, 28), ends_on=datetime.date(2026, 11, 29))
    Tournament.objects.filter(pk=other.pk).update(
        check_in_opens_at=datetime.datetime(2026, 11, 28, 9, 30, tzinfo=datetime.UTC))

    context, page = russian_phone(browser, live_server)
    log_in(page, live_server, "td")

    # 1. Edit the event from the console: the dates are shown, the form is valid and saves.
    page.goto(f"{live_server.url}/tournaments/{other.pk}/console/")
    assert page.locator("html").get_attribute("lang") == "ru"
    form = page.locator("form[action$='/console/settings/']")
    page.locator("details:has(form[action$='/console/settings/']) > summary").click()
    for name, day in (("starts_on", "2026-11-28"), ("ends_on", "2026-11-29")):
        date_input = form.locator(f"input[name={name}]")
        assert date_input.get_attribute("type") == "date"
        assert date_input.input_value() == day
    assert form.evaluate("f => f.checkValidity()")
    form.locator("button[type=submit]").click()
    page.get_by_text(ru("Saved.")).first.wait_for()
    other.refresh_from_db()
    assert other.starts_on == datetime.date(2026, 11, 28)
    assert other.ends_on == datetime.date(2026, 11, 29)
    assert_headings_capitalised(page)

    # 2. The desk's settings: the check-in time is shown, the Divisions help is whole.
    page.goto(f"{live_server.url}/tournaments/{other.pk}/desk/")
    settings_form = page.locator("form:has(input[name=check_in_opens_at])")
    page.locator("details:has(input[name=check_in_opens_at]) > summary").click()
    opens = settings_form.locator("input[name=check_in_opens_at]")
    assert opens.get_attribute("type") == "datetime-local"
    assert opens.input_value().startswith("2026-11-28T")
    assert settings_form.evaluate("f => f.checkValidity()")
    help_text = page.locator("#id_divisions_text_helptext").inner_text()
    with translation.override("ru"):
        from tournaments.forms.day import EventSettingsForm

        whole = str(EventSettingsForm.base_fields["divisions_text"].help_text)
    assert "<N" in help_text and help_text.strip() == whole
    assert_headings_capitalised(page)

    # 3. The console's ruling form: every field by its visible label; the ruling is recorded.
    page.goto(f"{live_server.url}/tournaments/{event.pk}/console/")
    ruling = page.locator("form.console-ruling")
    ruling.get_by_label(ru("Ruling"), exact=True).select_option("upheld")
    ruling.get_by_label(ru("Ruled score of player 1")).fill("2")
    ruling.get_by_label(ru("Ruled score of player 2")).fill("7")
    ruling.get_by_label(ru("Note to the players")).fill("Протокол подписан обоими: 2-7.")
    ruling.get_by_role("button", name=ru("Rule")).click()
    page.get_by_text(ru("Ruling recorded; both players see it on this page.")).first.wait_for()
    dispute.refresh_from_db()
    assert dispute.status == "ruled" and dispute.claims["ruled"] == ["2", "7"]
    assert_headings_capitalised(page)

    # 4. The CSV import: the page lists the headings it understands; «Эл. почта» is one.
    page.goto(f"{live_server.url}/clubs/{other.club.slug}/import/")
    headings = page.locator("#import-headings").inner_text()
    assert "эл. почта" in headings.casefold() and "e-poçt" in headings and "e-posta" in headings
    page.locator("input[type=file]").set_input_files(files=[{
        "name": "игроки.csv", "mimeType": "text/csv",
        "buffer": "Имя;Эл. почта\nСергей Смирнов;sergey@example.org\n".encode("cp1251")}])
    page.get_by_role("button", name=ru("Preview")).click()
    page.locator("#import-counts").wait_for()
    assert ru("Columns not used:") not in page.locator("#import-counts").inner_text()
    assert page.locator("td", has_text="sergey@example.org").count() == 1
    assert_headings_capitalised(page)
    context.close()

    # 5. A player invited by email signs up: the form has the invited address.
    _, token = invitations.create_invitation(club=other.club, actor=director, kind="email",
                                             email="tatiana@example.org")
    context, page = russian_phone(browser, live_server)
    page.goto(f"{live_server.url}/join/{token}/")
    page.get_by_role("button", name=ru("Create an account")).click()
    page.wait_for_url(re.compile(r".*/accounts/signup/.*"))
    assert page.locator("input[name=email]").input_value() == "tatiana@example.org"
    assert_headings_capitalised(page)
    context.close()

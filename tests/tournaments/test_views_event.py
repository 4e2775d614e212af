"""Pages and API of registration, the entry desk and the day's tools."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing
from tournaments import services
from tournaments.models import Entry, Pairing, Registration, Tournament

pytestmark = pytest.mark.django_db


def open_event(entrants: int = 0, **options) -> Tournament:
    event = make_event(entrants, **options)
    return services.set_status(tournament=event, status="registration", actor=director_of(event))


def signed_in(client: Client, name: str = "Ana"):
    user = UserFactory()
    player = PlayerFactory(display_name=name, user=user)
    client.force_login(user)
    return user, player


def test_a_visitor_is_asked_to_log_in_and_a_player_registers_from_the_page(client: Client) -> None:
    event = open_event(capacity=8)
    page = client.get(event.get_absolute_url())
    assert "Log in to register." in page.text and "0 of 8 places taken" in page.text
    _, player = signed_in(client)
    page = client.get(event.get_absolute_url())
    assert 'id="register-button"' in page.text
    answer = client.post(reverse("tournaments:register", args=[event.pk]),
                         {"next": event.get_absolute_url()}, follow=True)
    assert "You are registered." in answer.text and "You are entered." in answer.text
    assert Entry.objects.filter(tournament=event, player=player, withdrawn=False).exists()
    again = client.post(reverse("tournaments:register", args=[event.pk]), follow=True)
    assert "Ana is already registered." in again.text
    assert Registration.objects.filter(tournament=event).count() == 1


def test_a_login_without_a_player_gets_one_when_registering(client: Client) -> None:
    event = open_event()
    user = UserFactory(username="newcomer")
    client.force_login(user)
    client.post(reverse("tournaments:register", args=[event.pk]))
    assert Entry.objects.get(tournament=event).player.user == user


def test_the_home_page_lists_open_events_and_registers_in_one_click(client: Client) -> None:
    event = open_event()
    _, player = signed_in(client)
    home = client.get(reverse("home"))
    assert "Open for registration" in home.text and event.name in home.text
    client.post(reverse("tournaments:register", args=[event.pk]), {"next": reverse("home")})
    home = client.get(reverse("home"))
    assert "entered" in home.text
    assert Entry.objects.filter(tournament=event, player=player).exists()


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_waiting_list_position_is_shown_and_leaving_it_works(client: Client) -> None:
    event = open_event(capacity=1)
    other = PlayerFactory(user=UserFactory())
    from tournaments.services import registration

    registration.register(tournament=event, player=other, by=other.user)
    signed_in(client)
    client.post(reverse("tournaments:register", args=[event.pk]))
    page = client.get(event.get_absolute_url())
    assert "You are number 1 on the waiting list." in page.text
    client.post(reverse("tournaments:leave", args=[event.pk]))
    assert Registration.objects.filter(status="cancelled").count() == 1


def test_check_in_from_the_phone_only_inside_the_window(client: Client) -> None:
    event = open_event(check_in_opens_at=timezone.now() + timedelta(hours=1))
    _, player = signed_in(client)
    client.post(reverse("tournaments:register", args=[event.pk]))
    early = client.post(reverse("tournaments:check_in", args=[event.pk]), follow=True)
    assert "Check-in has not opened yet." in early.text
    Tournament.objects.filter(pk=event.pk).update(check_in_opens_at=timezone.now() - timedelta(minutes=5))
    page = client.get(event.get_absolute_url())
    assert 'id="check-in-button"' in page.text
    done = client.post(reverse("tournaments:check_in", args=[event.pk]), follow=True)
    assert "You are checked in." in done.text
    assert Entry.objects.get(player=player).checked_in_at is not None


def test_the_desk_is_for_directors_only(client: Client) -> None:
    event = open_event()
    signed_in(client)
    assert client.get(reverse("tournaments:desk", args=[event.pk])).status_code == 403


def test_the_desk_approves_ticks_records_fees_and_withdraws(client: Client) -> None:
    event = open_event(approval_required=True, entry_fee="5.00",
                       check_in_opens_at=timezone.now() - timedelta(minutes=1))
    from tournaments.services import registration

    waiting = PlayerFactory(display_name="Boris", user=UserFactory())
    pending = registration.register(tournament=event, player=waiting, by=waiting.user)
    client.force_login(director_of(event))
    desk = client.get(reverse("tournaments:desk", args=[event.pk]))
    assert "Waiting for your approval" in desk.text and "Boris" in desk.text
    client.post(reverse("tournaments:desk_decide", args=[event.pk, pending.pk]), {"decision": "accept"})
    entry = Entry.objects.get(tournament=event, player=waiting)
    partial = client.post(reverse("tournaments:desk_entry", args=[event.pk, entry.pk, "check-in"]),
                          {"present": "1"}, headers={"HX-Request": "true"})
    assert "<html" not in partial.text and "Boris is checked in." in partial.text
    client.post(reverse("tournaments:desk_entry", args=[event.pk, entry.pk, "fee"]), {"paid": "1"})
    entry.refresh_from_db()
    assert entry.checked_in_at is not None and entry.fee_paid
    client.post(reverse("tournaments:desk_entry", args=[event.pk, entry.pk, "withdraw"]),
                {"reason": "director", "confirmed": "1"})
    entry.refresh_from_db()
    assert entry.withdrawn and entry.withdrawal == "director"
    client.post(reverse("tournaments:desk_entry", args=[event.pk, entry.pk, "undo-withdrawal"]))
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_desk_settings_refuse_bad_values_and_save_nothing(client: Client) -> None:
    event = open_event()
    client.force_login(director_of(event))
    url = reverse("tournaments:desk_settings", args=[event.pk])
    base = {"late_entry_rule": "none", "late_entry_penalty": "0"}
    bad_capacity = client.post(url, {**base, "capacity": "0"})
    assert bad_capacity.status_code == 400 and "greater than or equal to 1" in bad_capacity.text
    past = (timezone.localtime() - timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    answer = client.post(url, {**base, "capacity": "24", "registration_deadline": past}, follow=True)
    assert "The registration deadline must be in the future." in answer.text
    event.refresh_from_db()
    assert event.capacity is None and event.registration_deadline is None
    future = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    client.post(url, {**base, "capacity": "24", "registration_deadline": future,
                      "divisions_text": "open: Open; nov: Novice *",
                      "time_controls_text": "1: 2 min per point + 12 s delay +15"})
    event.refresh_from_db()
    assert event.capacity == 24 and [d["code"] for d in event.divisions] == ["open", "nov"]
    assert event.time_controls[0]["forfeit_minutes"] == 15


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_late_entry_and_the_day_tools_from_the_desk(client: Client) -> None:
    event = make_event(6, late_entry_rule="seeded_last", forfeit_minutes=10)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    client.force_login(director)
    desk = client.get(reverse("tournaments:desk", args=[event.pk]))
    assert "Matches to play" in desk.text and "Late entry" in desk.text
    client.post(reverse("tournaments:desk_late_entry", args=[event.pk]), {"new_name": "Late Larry"})
    late = Entry.objects.get(tournament=event, player__name="Late Larry")
    assert late.late and late.position is not None
    ready = Pairing.objects.filter(tournament=event, state="ready").first()
    client.post(reverse("tournaments:desk_pairing", args=[event.pk, ready.pk, "table"]), {"table": "B7"})
    client.post(reverse("tournaments:desk_pairing", args=[event.pk, ready.pk, "present"]),
                {"entry": str(ready.top_id)})
    client.post(reverse("tournaments:desk_pairing", args=[event.pk, ready.pk, "no-forfeit"]))
    ready.refresh_from_db()
    assert ready.table == "B7" and ready.top_present_at is not None and ready.forfeit_at is None


def test_bracket_and_standings_explain_a_withdrawal(client: Client) -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    from tournaments.services import registration

    registration.withdraw(entry=first.bottom, by=director)
    bracket = client.get(reverse("tournaments:bracket", args=[event.pk]))
    assert "walkover: opponent withdrew" in bracket.text
    standings = client.get(reverse("tournaments:standings", args=[event.pk]))
    # a knockout's rounds have names, not numbers: the walkover given names it
    assert f"{first.bottom.player.display_name} withdrew while the event was under way." in standings.text
    assert "after round" not in standings.text
    # the walkover named by its round: round 1 of four players is a semi-final
    assert f"Main · Semi-final to {first.top.player.display_name}" in standings.text


def test_the_api_registers_once_and_answers_errors_with_a_code() -> None:
    event = open_event(capacity=1)
    api = APIClient()
    user = UserFactory()
    PlayerFactory(user=user)
    api.force_authenticate(user)
    first = api.post("/api/registrations/", {"tournament": event.pk}, format="json")
    assert first.status_code == 201 and first.json()["status"] == "accepted"
    again = api.post("/api/registrations/", {"tournament": event.pk}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "already_registered"
    mine = api.get("/api/registrations/").json()
    assert [r["id"] for r in (mine["results"] if isinstance(mine, dict) else mine)] == [first.json()["id"]]
    entry_id = first.json()["entry"]
    outside = api.post(f"/api/desk/{entry_id}/check-in/", {}, format="json")
    assert outside.status_code == 409 and outside.json()["error"]["code"] == "check_in_not_required"
    fee = api.post(f"/api/desk/{entry_id}/fee/", {"paid": True}, format="json")
    assert fee.status_code == 403
    director = APIClient()
    director.force_authenticate(director_of(event))
    bad = director.patch(f"/api/tournaments/{event.pk}/", {"capacity": 0}, format="json")
    assert bad.status_code == 409
    withdraw = api.post(f"/api/desk/{entry_id}/withdraw/", {}, format="json")
    assert withdraw.status_code == 200 and withdraw.json()["withdrawn"] is True


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_the_api_day_actions_on_a_pairing() -> None:
    event = make_event(2, forfeit_minutes=10, with_logins=True)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    match = pairing(event, "main", 1, 1)
    api = APIClient()
    api.force_authenticate(match.top.player.user)
    here = api.post(f"/api/pairings/{match.pk}/present/", {}, format="json")
    assert here.status_code == 200
    assert api.post(f"/api/pairings/{match.pk}/table/", {"table": "9"}, format="json").status_code == 403
    boss = APIClient()
    boss.force_authenticate(director)
    extended = boss.post(f"/api/pairings/{match.pk}/forfeit-time/", {"minutes": 20}, format="json")
    assert extended.status_code == 200 and extended.json()["forfeit_at"] is not None
    too_long = boss.post(f"/api/pairings/{match.pk}/forfeit-time/", {"minutes": 999}, format="json")
    assert too_long.status_code == 400
    match.refresh_from_db()
    assert match.top_present_at is not None


def test_the_desk_keeps_pairs_apart_and_shows_what_the_draw_could_not(client: Client) -> None:
    event = make_event(2)
    director = director_of(event)
    client.force_login(director)
    a, b = Entry.objects.filter(tournament=event).order_by("pk")
    url = reverse("tournaments:desk_apart", args=[event.pk])
    same = client.post(url, {"first": a.player_id, "second": a.player_id}, follow=True)
    assert "Choose two different entrants." in same.text
    client.post(url, {"first": a.player_id, "second": b.player_id})
    event.refresh_from_db()
    assert event.avoided_pairs == [[a.player_id, b.player_id]]
    services.make_draw(tournament=event, actor=director)
    desk = client.get(reverse("tournaments:desk", args=[event.pk]))
    assert 'id="unavoidable"' in desk.text
    assert f"{a.player.display_name} – {b.player.display_name}" in desk.text


def test_score_sheets_carry_table_time_control_and_a_qr_code_of_the_result_page(client: Client) -> None:
    event = make_event(4, time_controls=[{"from_round": 1, "text": "2 min per point + 12 s delay",
                                          "clocks_required": True}])
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    page = client.get(reverse("tournaments:score_sheets", args=[event.pk]))
    assert page.status_code == 200
    assert page.text.count('class="score-sheet"') == 2
    assert "2 min per point + 12 s delay" in page.text and "Clocks required" in page.text
    assert f"Table {first.table}" in page.text and "<svg" in page.text
    assert f"http://testserver{first.match.get_absolute_url()}" in page.text
    import segno

    expected = segno.make(f"http://testserver{first.match.get_absolute_url()}", error="m")
    assert expected.svg_inline(scale=2, border=2, dark="#000") in page.text  # the code of that page
    round_one = client.get(reverse("tournaments:score_sheets", args=[event.pk]), {"round": "1"})
    assert round_one.text.count('class="score-sheet"') == 2
    sheet = client.get(reverse("tournaments:draw_sheet", args=[event.pk]))
    assert sheet.text.count("<svg") >= 2 and "Score sheets" in sheet.text
    printed = client.get(reverse("tournaments:bracket_print", args=[event.pk]))
    assert printed.status_code == 200 and printed.text.count("<svg") >= 2


def test_the_tv_view_polls_and_shows_tables_results_and_the_bracket(client: Client) -> None:
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    from tests.tournaments.tournament_helpers import play

    play(first.match, 1)
    page = client.get(reverse("tournaments:tv", args=[event.pk]))
    assert page.status_code == 200 and 'class="tv"' in page.text
    assert 'hx-trigger="every 15s, page-visible from:body"' in page.text and "Now playing" in page.text
    assert "Latest results" in page.text and first.top.player.display_name in page.text
    partial = client.get(reverse("tournaments:tv", args=[event.pk]), headers={"HX-Request": "true"})
    assert "<html" not in partial.text and 'id="tv"' in partial.text
    swiss = make_event(4, format="swiss")
    services.make_draw(tournament=swiss, actor=director_of(swiss))
    ready = swiss.pairings.filter(state="ready").select_related("match").first()
    play(ready.match, 1)
    table = client.get(reverse("tournaments:tv", args=[swiss.pk]))
    assert "Standings" in table.text and 'class="tv-table"' in table.text


def test_a_score_sheet_starts_from_the_matchs_spot(client: Client) -> None:
    """A match that starts from a score (a handicap) says so on its sheet, in each
    player's column (top and bottom as the sheet has them); the others do not."""
    event = make_event(4)
    services.make_draw(tournament=event, actor=director_of(event))
    first = pairing(event, "main", 1, 1)
    match = first.match
    top_is_player1 = first.top.player_id == match.player1_id
    match.start_score1 = 2
    match.save(update_fields=["start_score1"])
    page = client.get(reverse("tournaments:score_sheets", args=[event.pk])).text
    spot = "2–0" if top_is_player1 else "0–2"
    assert page.count('data-testid="start-score"') == 1
    assert f"handicap: starts {spot}" in page
    row = "<td>2</td><td>0</td>" if top_is_player1 else "<td>0</td><td>2</td>"
    assert f'<tr class="sheet-start"><td>Handicap</td>{row}' in page

"""Registration, the waiting list, check-in, withdrawals and late entries (services)."""

from __future__ import annotations

import datetime
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, Pairing, Registration, Tournament, Walkover, Withdrawal
from tournaments.play import walkovers
from tournaments.services import checkin, day, registration

pytestmark = pytest.mark.django_db


def open_event(entrants: int = 0, **options) -> Tournament:
    event = make_event(entrants, **options)
    return services.set_status(tournament=event, status="registration", actor=director_of(event))


def player_with_login(name: str = "Ana"):
    user = UserFactory()
    return PlayerFactory(display_name=name, user=user), user


def sign_up(event: Tournament, name: str = "Ana", **kwargs) -> Registration:
    player, user = player_with_login(name)
    return registration.register(tournament=event, player=player, by=user, **kwargs)


def code_of(call) -> str:
    with pytest.raises(TournamentError) as caught:
        call()
    return caught.value.code


def test_a_player_registers_and_is_entered_at_once() -> None:
    event = open_event()
    signed = sign_up(event)
    assert signed.status == Registration.Status.ACCEPTED
    assert signed.entry is not None and not signed.entry.withdrawn
    assert event.log.filter(action="registered").exists()


def test_registering_twice_is_refused_and_nothing_is_added() -> None:
    event = open_event()
    player, user = player_with_login()
    registration.register(tournament=event, player=player, by=user)
    assert code_of(lambda: registration.register(tournament=event, player=player, by=user)) == \
        "already_registered"
    assert Registration.objects.count() == 1 and Entry.objects.filter(tournament=event).count() == 1


def test_a_player_registers_only_themselves() -> None:
    event = open_event()
    player, _ = player_with_login()
    stranger = UserFactory()
    assert code_of(lambda: registration.register(tournament=event, player=player, by=stranger)) == \
        "not_allowed"
    assert not Registration.objects.exists()


def test_registration_closed_before_opening_and_after_the_deadline() -> None:
    event = make_event(0)
    assert code_of(lambda: sign_up(event)) == "registration_closed"
    event = open_event()
    Tournament.objects.filter(pk=event.pk).update(registration_deadline=timezone.now() - timedelta(minutes=1))
    event.refresh_from_db()
    assert code_of(lambda: sign_up(event)) == "registration_deadline_passed"
    assert not Registration.objects.exists()


def test_a_deadline_in_the_past_and_a_capacity_below_one_are_refused() -> None:
    event = open_event()
    director = director_of(event)
    assert code_of(lambda: services.update_tournament(
        tournament=event, actor=director, registration_deadline=timezone.now() - timedelta(hours=1)
    )) == "deadline_in_past"
    for capacity in (0, -3):
        assert code_of(lambda capacity=capacity: services.update_tournament(
            tournament=event, actor=director, capacity=capacity)) == "bad_capacity"
    event.refresh_from_db()
    assert event.registration_deadline is None and event.capacity is None


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_a_full_event_keeps_a_waiting_list_that_moves_up_on_withdrawal() -> None:
    event = open_event(capacity=2)
    first, second = sign_up(event, "A"), sign_up(event, "B")
    third, fourth = sign_up(event, "C"), sign_up(event, "D")
    assert [r.status for r in (first, second, third, fourth)] == ["accepted", "accepted",
                                                                   "waitlisted", "waitlisted"]
    registration.withdraw(entry=first.entry, by=first.player.user)
    third.refresh_from_db(), fourth.refresh_from_db(), first.refresh_from_db()
    assert first.status == "cancelled"
    assert third.status == "accepted" and third.entry is not None
    assert fourth.status == "waitlisted"
    assert event.log.filter(action="promoted").count() == 1


def test_more_places_promote_the_waiting_list() -> None:
    event = open_event(capacity=1)
    sign_up(event, "A")
    waiting = sign_up(event, "B")
    services.update_tournament(tournament=event, actor=director_of(event), capacity=2)
    waiting.refresh_from_db()
    assert waiting.status == "accepted"


def test_approval_required_then_accept_reject_and_full() -> None:
    event = open_event(approval_required=True, capacity=1)
    director = director_of(event)
    first, second, third = sign_up(event, "A"), sign_up(event, "B"), sign_up(event, "C")
    assert {first.status, second.status, third.status} == {"pending"}
    registration.decide_registration(registration=first, accept=True, by=director)
    registration.decide_registration(registration=second, accept=True, by=director)  # full
    registration.decide_registration(registration=third, accept=False, by=director)
    for item in (first, second, third):
        item.refresh_from_db()
    assert (first.status, second.status, third.status) == ("accepted", "waitlisted", "rejected")
    assert code_of(lambda: registration.decide_registration(registration=third, accept=True,
                                                              by=director)) == "registration_decided"
    assert code_of(lambda: registration.register(tournament=event, player=third.player,
                                                 by=third.player.user)) == "registration_rejected"
    third.refresh_from_db()
    assert third.status == "rejected"


def test_a_rejected_player_cannot_register_again_by_themselves() -> None:
    event = open_event(approval_required=True)
    signed = sign_up(event)
    registration.decide_registration(registration=signed, accept=False, by=director_of(event))
    assert code_of(lambda: registration.register(tournament=event, player=signed.player,
                                                 by=signed.player.user)) == "registration_rejected"


def test_divisions_and_fees_are_recorded_per_entry() -> None:
    event = open_event(divisions=[{"code": "open", "name": "Open"},
                                  {"code": "nov", "name": "Novice", "self_declared": True}],
                       entry_fee="10.00")
    signed = sign_up(event, division="nov")
    assert signed.entry.division == "nov"
    assert code_of(lambda: sign_up(event, "B", division="pro")) == "unknown_division"
    entry = registration.set_fee_paid(entry=signed.entry, paid=True, by=director_of(event))
    assert entry.fee_paid is True
    assert code_of(lambda: registration.set_fee_paid(entry=signed.entry, paid=False,
                                                     by=signed.player.user)) == "not_allowed"


def test_check_in_inside_the_window_only_and_no_shows_dropped_at_the_draw() -> None:
    now = timezone.now()
    event = open_event(check_in_opens_at=now + timedelta(hours=1))
    signed = [sign_up(event, name) for name in "ABCDEF"]
    player = signed[0]
    assert code_of(lambda: checkin.check_in(entry=player.entry, by=player.player.user)) == \
        "check_in_not_open"
    Tournament.objects.filter(pk=event.pk).update(check_in_opens_at=now - timedelta(hours=1),
                                                  check_in_closes_at=now + timedelta(hours=1))
    for item in signed[:3]:
        checkin.check_in(entry=item.entry, by=item.player.user)
    checkin.check_in(entry=signed[3].entry, by=director_of(event))  # the director ticks one
    Tournament.objects.filter(pk=event.pk).update(check_in_closes_at=now - timedelta(minutes=1))
    assert code_of(lambda: checkin.check_in(entry=signed[4].entry, by=signed[4].player.user)) == \
        "check_in_closed"
    services.make_draw(tournament=event, actor=director_of(event))
    dropped = Entry.objects.filter(tournament=event, withdrawn=True)
    assert {e.player_id for e in dropped} == {signed[4].player_id, signed[5].player_id}
    assert {e.withdrawal for e in dropped} == {Withdrawal.NO_SHOW}
    assert Entry.objects.filter(tournament=event, position__isnull=False).count() == 4


def test_withdrawal_after_the_draw_turns_the_remaining_match_into_a_walkover() -> None:
    event = make_event(8)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    play(pairing(event, "main", 1, 1).match, 1)
    winner = pairing(event, "main", 1, 1).top
    registration.withdraw(entry=winner, by=director)
    semi = pairing(event, "main", 2, 1)
    assert semi.state == "waiting"  # the other side is not known yet
    play(pairing(event, "main", 1, 2).match, 2)
    semi = pairing(event, "main", 2, 1)
    assert semi.state == "decided" and semi.walkover == Walkover.WITHDRAWN
    assert semi.winner == semi.bottom and semi.match is None
    winner.refresh_from_db()
    assert winner.withdrawn_after_round == 1
    # the final waits for the other semi-final; the walkover winner is in it
    final = pairing(event, "main", 3, 1)
    assert final.top == semi.bottom


def test_withdrawal_with_a_ready_match_is_a_walkover_at_once_and_announced() -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    registration.withdraw(entry=first.bottom, by=director)
    first.refresh_from_db()
    assert first.state == "decided" and first.winner_id == first.top_id
    assert event.log.filter(action="walkover", after__reason="withdrawn").exists()
    code = code_of(lambda: registration.withdraw(entry=first.bottom, by=director))
    assert code == "already_withdrawn"


def test_late_entry_seeded_last_takes_the_lowest_bye() -> None:
    event = make_event(6, late_entry_rule="seeded_last")  # 8-draw: byes for seeds 1 and 2
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    late = walkovers.late_entry(tournament=event, player=PlayerFactory(display_name="Late"),
                                by=director)
    assert late.seed == 7 and late.late
    first_round = Pairing.objects.filter(tournament=event, flight="main", round=1)
    assert first_round.filter(state="bye").count() == 1
    match_of_late = first_round.get(bottom=late) if first_round.filter(bottom=late).exists() \
        else first_round.get(top=late)
    assert match_of_late.state == "ready" and match_of_late.match is not None
    opponent = match_of_late.top if match_of_late.bottom == late else match_of_late.bottom
    assert opponent.seed == 2  # seed 7 meets seed 2 in an 8-draw (1–8, 5–4, 3–6, 7–2)
    # a second late entry takes the last bye, a third finds none
    walkovers.late_entry(tournament=event, player=PlayerFactory(), by=director)
    assert code_of(lambda: walkovers.late_entry(tournament=event, player=PlayerFactory(),
                                                by=director)) == "no_open_place"


def test_late_entry_into_the_consolation_gives_the_main_match_as_a_walkover() -> None:
    event = make_event(6, late_entry_rule="consolation", consolation="first_match_losers")
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    late = walkovers.late_entry(tournament=event, player=PlayerFactory(display_name="Late"),
                                by=director)
    main = Pairing.objects.get(tournament=event, flight="main", round=1, walkover=Walkover.LATE)
    assert late.pk in (main.top_id, main.bottom_id) and main.winner_id != late.pk
    consolation = Pairing.objects.filter(tournament=event, flight="consolation", round=1)
    assert consolation.filter(top=late).exists() or consolation.filter(bottom=late).exists()


def test_late_entries_follow_the_rule_of_the_event() -> None:
    event = make_event(4)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    assert code_of(lambda: walkovers.late_entry(tournament=event, player=PlayerFactory(),
                                                by=director)) == "late_entries_closed"
    swiss = make_event(4, format="swiss", late_entry_rule="penalty", late_entry_penalty=3)
    services.make_draw(tournament=swiss, actor=director_of(swiss))
    late = walkovers.late_entry(tournament=swiss, player=PlayerFactory(), by=director_of(swiss))
    assert late.penalty_points == 3 and late.seed == 5


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_a_forfeit_after_the_draw_and_its_undo() -> None:
    event = make_event(4, forfeit_minutes=10)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    assert first.forfeit_at is not None and first.table == "1"
    assert pairing(event, "main", 1, 2).table == "2"
    day.mark_present(pairing=first, entry=first.top, by=director)
    assert day.forfeit_due(now=timezone.now()) == []  # not yet
    decided = day.forfeit_due(now=timezone.now() + timedelta(minutes=11))
    assert first.pk in decided
    first.refresh_from_db()
    assert first.state == "decided" and first.walkover == Walkover.NO_SHOW
    assert first.winner_id == first.top_id
    # the other match: nobody came, so the director decides (the clock stops)
    second = pairing(event, "main", 1, 2)
    assert second.state == "ready" and second.forfeit_at is None
    walkovers.undo_walkover(pairing=first, by=director)
    first.refresh_from_db()
    assert first.state == "ready" and first.winner is None and first.match is not None
    assert first.forfeit_at is not None


@pytest.mark.postgres  # row locks on pairings with nullable joins (FOR UPDATE OF)
def test_the_director_extends_the_time_or_turns_the_forfeit_off() -> None:
    event = make_event(2, forfeit_minutes=5)
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    day.extend_forfeit(pairing=first, minutes=30, by=director)
    first.refresh_from_db()
    assert first.forfeit_at > timezone.now() + timedelta(minutes=29)
    assert code_of(lambda: day.extend_forfeit(pairing=first, minutes=0, by=director)) == "bad_minutes"
    day.extend_forfeit(pairing=first, minutes=None, by=director)
    first.refresh_from_db()
    assert first.forfeit_at is None


def test_time_controls_are_recorded_on_the_matches_of_each_round() -> None:
    event = make_event(4, time_controls=[
        {"from_round": 1, "text": "2 min per point + 12 s delay"},
        {"from_round": 2, "text": "clocks", "clocks_required": True},
    ])
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    first = pairing(event, "main", 1, 1)
    assert first.match.time_control == "2 min per point + 12 s delay"
    assert not first.match.clocks_required
    play(first.match, 1)
    play(pairing(event, "main", 1, 2).match, 1)
    final = pairing(event, "main", 2, 1)
    assert final.match.time_control == "clocks" and final.match.clocks_required


def test_check_in_opening_is_announced_once() -> None:
    event = open_event(check_in_opens_at=timezone.now() - timedelta(minutes=1))
    assert checkin.announce_check_in() == [event.pk]
    assert checkin.announce_check_in() == []


def test_a_start_date_far_ahead_does_not_matter_for_registration() -> None:
    event = open_event(starts_on=datetime.date(2030, 1, 1))
    assert sign_up(event).status == "accepted"


def test_the_draw_keeps_club_mates_and_named_pairs_apart_and_says_what_it_could_not() -> None:
    from clubs.models import Club, Membership

    event = make_event(8, seeding="manual")
    director = director_of(event)
    entries = list(Entry.objects.filter(tournament=event).select_related("player").order_by("pk"))
    services.set_seeds(tournament=event, seeds={e.pk: i for i, e in enumerate(entries, 1)},
                       actor=director)
    # manual seeds never move: seeds 1 and 8 share a club and must meet; it is said
    other = Club.objects.create(name="Harbour", slug="harbour")
    for entry in (entries[0], entries[7]):
        Membership.objects.create(club=other, player=entry.player)
    services.make_draw(tournament=event, actor=director)
    line = event.log.get(action="draw_avoidance")
    assert line.after["unavoidable"] == [[entries[0].player_id, entries[7].player_id]]

    rated = make_event(8, seeding="rating")  # unrated players: seeds by name, 1 meets 8
    named = list(Entry.objects.filter(tournament=rated).order_by("player__name"))
    services.update_tournament(tournament=rated, actor=director_of(rated),
                               avoided_pairs=[[named[0].player_id, named[7].player_id]])
    services.make_draw(tournament=rated, actor=director_of(rated))
    for p in Pairing.objects.filter(tournament=rated, flight="main", round=1):
        assert {p.top_id, p.bottom_id} != {named[0].pk, named[7].pk}
    assert rated.log.get(action="draw_avoidance").after == {"moved": 2, "unavoidable": []}


def test_bad_avoided_pairs_are_refused() -> None:
    event = make_event(2)
    with pytest.raises(TournamentError) as caught:
        services.update_tournament(tournament=event, actor=director_of(event), avoided_pairs=[[1, 1]])
    assert caught.value.code == "bad_avoided_pairs"

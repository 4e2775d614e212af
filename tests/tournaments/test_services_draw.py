"""The draw as a preview, then published, then taken back (issue 27, part 1):
``tournaments.services.draw``."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.utils import timezone

from games.models import Match
from notifications.models import Notification
from outbox.models import Message
from tests.factories import PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, play
from tournaments import page_cache, services
from tournaments.errors import ActionError, TournamentError
from tournaments.models import Entry, Pairing, Tournament, TournamentLog, Walkover
from tournaments.play.walkovers import late_entry
from tournaments.services.draw import published

pytestmark = pytest.mark.django_db

FORMATS: dict[str, dict[str, Any]] = {
    "knockout": {"format": "knockout", "seeding": "random", "consolation": "first_match_losers"},
    "round_robin": {"format": "round_robin", "seeding": "random"},
    "swiss": {"format": "swiss", "seeding": "random"},
    "groups": {"format": "groups_knockout", "seeding": "random", "group_count": 3},
}


def state_of(tournament: Tournament) -> dict[str, Any]:
    """Everything a draw writes or asks for, as plain values."""
    tournament.refresh_from_db()
    return {
        "event": Tournament.objects.filter(pk=tournament.pk).values().get(),
        "events": Tournament.objects.count(),
        "entries": list(Entry.objects.filter(player__entries__tournament=tournament)
                        .order_by("pk").values()),
        "pairings": Pairing.objects.count(),
        "log": TournamentLog.objects.count(),
        "outbox": Message.objects.count(),
        "notifications": Notification.objects.count(),
    }


@pytest.mark.parametrize("kind", list(FORMATS))
def test_the_preview_saves_and_announces_nothing_and_shows_the_draw_then_published(
        kind: str, django_capture_on_commit_callbacks: Any, settings: Any) -> None:
    settings.NARDY_PAGE_CACHE = True
    event = make_event(11, with_logins=True, **FORMATS[kind])
    director = director_of(event)
    page_cache.fragment(event, "probe", lambda: "kept")  # a version of the event's pages
    version = cache.get(page_cache._version_key(event.pk))
    before = state_of(event)

    with django_capture_on_commit_callbacks() as hooks:
        preview = services.preview_draw(tournament=event, actor=director)

    assert hooks == []  # nothing is published when the request commits
    assert state_of(event) == before
    assert cache.get(page_cache._version_key(event.pk)) == version
    matches = preview.events[0].matches
    assert any(m.top and m.bottom for m in matches)  # the first round's matches, with names
    if kind == "knockout":
        byes = sorted(m.top_seed or m.bottom_seed or 0 for m in matches if m.bye and m.flight == "main")
        assert byes == [1, 2, 3, 4, 5]  # 11 entrants in a draw of 16: the top five seeds

    services.make_draw(tournament=event, actor=director, random_seed=preview.random_seed)

    assert published(event) == list(preview.events)
    assert Message.objects.filter(task="notifications.fan_out").exists()  # announced now


def test_a_preview_of_an_event_with_its_own_seed_is_the_draw_made_without_passing_it() -> None:
    event = make_event(9, **FORMATS["knockout"], random_seed=12345)
    preview = services.preview_draw(tournament=event, actor=director_of(event))
    services.make_draw(tournament=event, actor=director_of(event))
    assert preview.random_seed == 12345
    assert published(event) == list(preview.events)


def test_two_previews_with_new_seeds_differ_and_each_is_what_its_seed_publishes() -> None:
    event = make_event(16, **FORMATS["knockout"])
    first = services.preview_draw(tournament=event, actor=director_of(event), random_seed=1)
    second = services.preview_draw(tournament=event, actor=director_of(event), random_seed=2)
    assert first.events != second.events
    services.make_draw(tournament=event, actor=director_of(event), random_seed=2)
    assert published(event) == list(second.events)


def test_the_preview_names_the_no_shows_and_the_divisions_without_saving_them() -> None:
    divisions = [{"code": "open", "name": "Open"}, {"code": "nov", "name": "Novice"}]
    event = make_event(10, divisions=divisions, check_in_opens_at=timezone.now() - timedelta(hours=1),
                       **FORMATS["knockout"])
    entries = list(event.entries.order_by("pk"))
    for index, entry in enumerate(entries):
        entry.division = "open" if index < 6 else "nov"
        entry.checked_in_at = None if index in (0, 9) else timezone.now()
    Entry.objects.bulk_update(entries, ["division", "checked_in_at"])
    before = state_of(event)

    preview = services.preview_draw(tournament=event, actor=director_of(event))

    assert state_of(event) == before
    assert preview.dropped == ("E1", "E10")
    assert [(e.division, e.name) for e in preview.events] == [
        ("open", "Test Open — Open"), ("nov", "Test Open — Novice")]
    services.make_draw(tournament=event, actor=director_of(event), random_seed=preview.random_seed)
    assert published(event) == list(preview.events)


def test_a_preview_is_refused_as_the_draw_would_be_and_only_to_the_clubs_directors() -> None:
    event = make_event(1)
    with pytest.raises(TournamentError) as refused:
        services.preview_draw(tournament=event, actor=director_of(event))
    assert refused.value.code == "too_few_entrants"
    with pytest.raises(ActionError) as outsider:
        services.preview_draw(tournament=make_event(4), actor=UserFactory())
    assert outsider.value.code == "not_allowed"


def open_event(entrants: int, **options: Any) -> Tournament:
    event = make_event(entrants, **options)
    services.set_status(tournament=event, status="registration", actor=director_of(event))
    return event


def pre_draw_state(event: Tournament) -> dict[str, Any]:
    event.refresh_from_db()
    fields = ("status", "current_round", "draw_size", "random_seed", "swiss_rounds")
    return {
        "event": {name: getattr(event, name) for name in fields},
        "entries": list(Entry.objects.filter(pk__in=[e.pk for e in event.entries.all()] or [0])
                        .order_by("pk").values("pk", "tournament", "seed", "position", "group",
                                               "withdrawn", "withdrawal")),
    }


@pytest.mark.parametrize("kind", list(FORMATS))
def test_undo_puts_the_event_back_as_it_was_before_the_draw_and_tells_those_told(
        kind: str, django_capture_on_commit_callbacks: Any) -> None:
    event = open_event(8, with_logins=True, check_in_opens_at=timezone.now() - timedelta(hours=1),
                       **FORMATS[kind])
    entries = list(event.entries.order_by("pk"))
    for index, entry in enumerate(entries):
        entry.checked_in_at = None if index == 7 else timezone.now()
        entry.seed = index + 1
    Entry.objects.bulk_update(entries, ["checked_in_at", "seed"])
    director = director_of(event)
    before = pre_draw_state(event)
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director)
    told = set(Notification.objects.filter(message="pairing_ready").values_list("user_id", flat=True))
    assert Entry.objects.get(pk=entries[7].pk).withdrawn  # dropped at the draw
    match_ids = list(Pairing.objects.filter(tournament=event).exclude(match=None).values_list("match", flat=True))
    assert match_ids and told

    with django_capture_on_commit_callbacks(execute=True):
        services.undo_draw(tournament=event, by=director)

    after = pre_draw_state(event)
    assert after["entries"] == before["entries"]
    assert after["event"] == {**before["event"], "random_seed": after["event"]["random_seed"]}
    assert not Pairing.objects.filter(tournament=event).exists()
    assert not Match.objects.filter(pk__in=match_ids).exists()
    withdrawn = Notification.objects.filter(message="draw_withdrawn")
    assert {n.user_id for n in withdrawn} == told and told
    assert TournamentLog.objects.filter(tournament=event, action="draw_undone").exists()
    # and the event can be drawn again, announcing the new draw
    with django_capture_on_commit_callbacks(execute=True):
        services.make_draw(tournament=event, actor=director)
    assert Pairing.objects.filter(tournament=event).exists()
    assert Notification.objects.filter(message="pairing_ready").count() == 2 * len(told)


def test_undo_merges_the_divisions_back() -> None:
    divisions = [{"code": "open", "name": "Open"}, {"code": "nov", "name": "Novice"}]
    event = open_event(8, divisions=divisions, **FORMATS["knockout"])
    entries = list(event.entries.order_by("pk"))
    for index, entry in enumerate(entries):
        entry.division = "open" if index < 4 else "nov"
        entry.seed = index + 1
    Entry.objects.bulk_update(entries, ["division", "seed"])
    before = pre_draw_state(event)
    services.make_draw(tournament=event, actor=director_of(event))
    assert event.division_events.count() == 2

    services.undo_draw(tournament=event, by=director_of(event))

    assert not event.division_events.exists()
    assert pre_draw_state(event)["entries"] == before["entries"]
    assert Tournament.objects.get(pk=event.pk).status == "registration"


def first_ready(event: Tournament) -> Pairing:
    return Pairing.objects.filter(tournament=event, state="ready").select_related("match").first()


@pytest.mark.parametrize("what", ["result", "walkover", "next_round", "late_entry"])
def test_undo_is_refused_once_anything_is_played_and_nothing_changes(what: str) -> None:
    kind = "round_robin" if what == "next_round" else "knockout"
    late = {"late_entry_rule": "seeded_last"} if what == "late_entry" else {}
    event = make_event(7 if late else 8, **FORMATS[kind], **late)  # 7: a bye's place is open
    director = director_of(event)
    services.make_draw(tournament=event, actor=director)
    if what == "result":
        play(first_ready(event).match)
    elif what == "walkover":
        pairing = first_ready(event)
        services.award_walkover(pairing=pairing, winner=pairing.top, actor=director,
                                reason=Walkover.ABSENT)
    elif what == "next_round":  # every round of the round robin opened at once
        services.next_stage(tournament=event, actor=director, through=99)
    else:
        late_entry(tournament=event, player=PlayerFactory(), by=director)
    pairings = Pairing.objects.filter(tournament=event).count()

    with pytest.raises(ActionError) as refused:
        services.undo_draw(tournament=event, by=director)

    assert refused.value.code == ("draw_moved_on" if what in ("next_round", "late_entry") else "draw_in_play")
    assert Pairing.objects.filter(tournament=event).count() == pairings
    assert Tournament.objects.get(pk=event.pk).status == "running"


def test_undo_only_by_the_clubs_directors_and_only_of_a_draw() -> None:
    event = make_event(4)
    with pytest.raises(ActionError) as nothing:
        services.undo_draw(tournament=event, by=director_of(event))
    assert nothing.value.code == "no_draw_to_undo"
    services.make_draw(tournament=event, actor=director_of(event))
    with pytest.raises(ActionError) as outsider:
        services.undo_draw(tournament=event, by=UserFactory())
    assert outsider.value.code == "not_allowed"


def test_the_preview_leaves_an_outer_transaction_as_it_was() -> None:
    event = make_event(6, **FORMATS["round_robin"])
    with transaction.atomic():
        services.preview_draw(tournament=event, actor=director_of(event))
        assert not Pairing.objects.filter(tournament=event).exists()
        assert connection.in_atomic_block
    assert Tournament.objects.get(pk=event.pk).status != "running"

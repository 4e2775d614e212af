"""A rating list rebuilt from nothing takes the fast path (arrays, a compiled replay, one
binary COPY, on PostgreSQL the table's indexes built after the rows); it must write the
very rows the row-by-row replay writes, which are those the incremental updates keep.

Also the pieces it stands on: rows written as arrays read back as written, a table's
indexes come back as the migrations made them (and stay when the write fails), and a
read in keyset pages gives the rows of one query, whatever the page size.
"""

from __future__ import annotations

import datetime
import io
import random

import numpy as np
import pytest
from django.core.management import call_command
from django.db import connection, transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import common.keyset
import leaderboard.services.first_build
import leaderboard.services.ratings
from clubs.models import Player
from common.bulk import insert_arrays, insert_rows
from common.deferred_indexes import indexes_built_after
from common.keyset import keyset_pages
from games.models import Match
from leaderboard.models import PlayerRating, RatingChange
from leaderboard.services.ratings import rebuild_all_ratings, rebuild_ratings, record_match
from tests.factories import ClubFactory, PlayerFactory
from tests.tournaments.leaderboard_support import at, played, snapshot

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def rows_in_order_written() -> list[tuple]:
    """Every rating row with all its columns, in the order of its key (of insertion)."""
    return list(RatingChange.objects.order_by("pk").values_list(
        "player_id", "opponent_id", "variant", "match_id", "won", "length", "before", "after",
        "delta", "experience", "at"))


def ratings_stored() -> list[tuple]:
    return list(PlayerRating.objects.order_by("variant", "player_id").values_list(
        "player_id", "variant", "rating", "experience", "matches"))


def forget_the_lists() -> None:
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()


def federation_of(seed: int, count: int, *, variants: tuple[str, ...] = ("backgammon",)) -> list[Match]:
    """Matches of several lengths and game types, played at minutes that tie, entered in
    another order than played, some corrected afterwards (another winner)."""
    rng = random.Random(seed)
    club = ClubFactory()
    players = PlayerFactory.create_batch(7)
    matches = []
    for _ in range(count):
        winner, loser = rng.sample(players, 2)
        matches.append(played(club, winner, loser, minute=rng.randrange(40),
                              length=rng.choice([1, 3, 5, 7, 11]), variant=rng.choice(variants)))
    for match in rng.sample(matches, len(matches)):
        record_match(match=match)
    for match in rng.sample(matches, min(3, len(matches))):
        match.winner = match.player2 if match.winner == match.player1 else match.player1
        match.score1, match.score2 = match.score2, match.score1
        match.save()
        record_match(match=match)
    return matches


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), count=st.integers(1, 30))
def test_from_empty_equals_the_row_by_row_replay_equals_the_incremental_lists(seed, count):
    with transaction.atomic():
        matches = federation_of(seed, count, variants=("backgammon", "nardy"))
        incremental = snapshot()
        assert rebuild_all_ratings(rescore=False)  # nothing to change
        assert snapshot() == incremental

        forget_the_lists()
        rebuild_all_ratings(rescore=False)  # the fast path: nothing stored
        fast = rows_in_order_written(), ratings_stored()
        assert snapshot() == incremental

        forget_the_lists()
        first = min(matches, key=lambda m: (m.played_at, m.pk))
        for variant in ("backgammon", "nardy"):  # from a point on: the row-by-row replay
            rebuild_ratings(variant=variant, since=(first.played_at, 0), rescore=False)
        slow = rows_in_order_written(), ratings_stored()
        assert fast == slow  # the same rows, columns and order of insertion
        assert snapshot() == incremental
        transaction.set_rollback(True)


def test_a_rebuild_reads_and_writes_in_pages_and_gets_the_same_lists(monkeypatch):
    """Pages of three rows, writes every two: page boundaries fall inside matches and
    between a page read and the rows written after it."""
    federation_of(7, 25)
    expected = snapshot()
    RatingChange.objects.filter(pk__in=RatingChange.objects.order_by("at", "match_id")
                                .values_list("pk", flat=True)[3:9]).update(after=0.0, delta=0.0)
    monkeypatch.setattr(common.keyset, "PAGE", 3)
    monkeypatch.setattr(leaderboard.services.ratings, "CHUNK", 2)
    assert rebuild_ratings(variant="backgammon", rescore=False) == 25
    assert snapshot() == expected
    forget_the_lists()
    rebuild_ratings(variant="backgammon", rescore=False)
    assert snapshot() == expected


def test_the_commands_full_recompute_builds_the_lists_from_nothing():
    federation_of(3, 12, variants=("backgammon", "nardy"))
    expected = snapshot()
    forget_the_lists()
    call_command("recompute_ratings", stdout=io.StringIO())
    assert snapshot() == expected


def _indexes() -> dict[str, str]:
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            constraints = connection.introspection.get_constraints(cursor, RatingChange._meta.db_table)
            return {name: repr(sorted(info.items())) for name, info in constraints.items()}
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename = %s",
                       [RatingChange._meta.db_table])
        found = dict(cursor.fetchall())
        cursor.execute("SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                       "WHERE conrelid = %s::regclass", [RatingChange._meta.db_table])
        found.update({f"constraint {name}": definition for name, definition in cursor.fetchall()})
        return found


def test_the_tables_indexes_are_built_again_as_the_migrations_made_them():
    before = _indexes()
    assert "rating_change_order" in before and "one_change_per_player_match" in before
    with transaction.atomic(), indexes_built_after(RatingChange) as dropped:
        if connection.vendor == "postgresql":
            assert "rating_change_order" in dropped
            assert "one_change_per_player_match" in dropped  # a unique constraint's index
            assert set(_indexes()) < set(before)
    assert _indexes() == before


def test_an_index_a_foreign_key_relies_on_stays():
    if connection.vendor != "postgresql":
        pytest.skip("the indexes are built again on PostgreSQL only")
    with connection.cursor() as cursor:  # rolled back with the test
        cursor.execute("CREATE TABLE rating_change_reference (player_id bigint, match_id bigint, "
                       "FOREIGN KEY (player_id, match_id) REFERENCES leaderboard_ratingchange "
                       "(player_id, match_id))")
    before = _indexes()
    with transaction.atomic(), indexes_built_after(RatingChange) as dropped:
        assert "rating_change_order" in dropped
        assert "one_change_per_player_match" not in dropped
    assert _indexes() == before


def test_a_first_build_that_fails_leaves_the_indexes_and_writes_nothing(monkeypatch):
    federation_of(5, 10)
    expected = snapshot()
    before = _indexes()
    forget_the_lists()

    write_rows = leaderboard.services.first_build._write_rows

    def broken(*args, **kwargs):  # the rows are written, then the disk is full
        write_rows(*args, **kwargs)
        assert RatingChange.objects.exists()
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(leaderboard.services.first_build, "_write_rows", broken)
    with pytest.raises(RuntimeError):
        rebuild_all_ratings(rescore=False)
    assert _indexes() == before
    assert not RatingChange.objects.exists()
    monkeypatch.undo()
    rebuild_all_ratings(rescore=False)
    assert snapshot() == expected


def test_rows_written_as_arrays_read_back_as_written():
    club = ClubFactory()
    players = PlayerFactory.create_batch(3)
    match = played(club, players[0], players[1], minute=1)
    rng = np.random.default_rng(4)
    ratings = rng.normal(1500, 300, 6)
    ratings[0] = 1500.0000000000002  # the last bit counts
    moments = [at(0) + datetime.timedelta(microseconds=int(m)) for m in rng.integers(0, 10**12, 6)]
    values = {"player": [p.pk for p in players] * 2, "opponent": [players[1].pk] * 6,
              "match": [match.pk] * 6, "won": [True, False] * 3, "length": [1, 3, 5, 7, 9, 32767],
              "before": ratings, "after": -ratings, "delta": ratings / 3,
              "experience": [0, 1, 2, 3, 4, 2**31 - 1]}
    names = [*values, "variant", "at"]
    fields = [RatingChange._meta.get_field(name) for name in names]
    columns = [np.array(value) for value in values.values()]
    columns += ["nardy", np.array([m.replace(tzinfo=None) for m in moments], dtype="datetime64[us]")]
    # one stored row per (player, match): the rows are written and read back one by one
    for row in range(6):
        with transaction.atomic():
            insert_arrays(RatingChange, fields, [c if isinstance(c, str) else c[row:row + 1] for c in columns])
            by_arrays = RatingChange.objects.values_list(*names).get()
            transaction.set_rollback(True)
        with transaction.atomic():
            insert_rows(RatingChange, fields, [tuple(
                c if isinstance(c, str) else moments[row] if name == "at" else c[row].item()
                for name, c in zip(names, columns, strict=True))])
            by_rows = RatingChange.objects.values_list(*names).get()
            transaction.set_rollback(True)
        assert by_arrays == by_rows
        assert by_arrays[names.index("before")] == ratings[row]
        assert by_arrays[names.index("at")] == moments[row]


def test_a_read_in_keyset_pages_gives_the_rows_of_one_query():
    for name in ["b", "a", "b", "c", "a", "b", "a"]:  # ties in the first column of the key
        PlayerFactory(display_name=name)
    ordered = Player.objects.order_by("display_name", "pk").values_list("display_name", "pk")
    everything = list(ordered)
    for size in (1, 2, 3, 7, 50):
        pages = list(keyset_pages(ordered, ("display_name", "pk"), lambda row: row, size))
        assert [row for page in pages for row in page] == everything
        assert all(0 < len(page) <= size for page in pages)

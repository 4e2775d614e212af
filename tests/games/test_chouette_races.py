"""Several phones at one chouette table: the second writer waits for the first (row lock
on PostgreSQL, the write lock on SQLite), then sees its work and is refused or adapts."""

from __future__ import annotations

import pytest

from chouette import core, services
from chouette.models import ChouetteSession
from tests.games.chouette_tables import make_table, member
from tests.postgres.test_row_locks import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def team_wins(t) -> core.GameRecord:
    return core.GameRecord(t.lineup(), (), core.BoardResult(core.Side.TEAM))


def test_two_phones_undoing_the_same_game_undo_it_once() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    for _ in range(2):
        services.record_chouette_game(session=t.session, record=team_wins(t), by=t.director)
    second = race(
        lambda: services.undo_last_chouette_game(session=t.session, by=t.director, number=2),
        lambda: services.undo_last_chouette_game(session=t.session, by=t.user_of(1), number=2),
    )
    assert isinstance(second.error, core.ChouetteError), second.error
    assert second.error.params == {"number": 2, "last": 1}
    assert t.session.ledger_entries.values("game_number").distinct().count() == 1


def test_two_arrivals_at_the_last_seat_one_sits_down_the_other_splits_the_table() -> None:
    t = make_table(5, names=("Ann", "Ben", "Cal", "Dee", "Eve"), split_when_full=True)
    zed, yan = member(t.club, "Zed"), member(t.club, "Yan")
    second = race(
        lambda: services.join_chouette(session=t.session, player=zed, by=t.director),
        lambda: services.join_chouette(session=t.session, player=yan, by=t.director),
    )
    assert second.error is None, second.error
    assert second.outcome.new_table is not None
    new_table = ChouetteSession.objects.get(split_from=t.session)
    opening = list(
        new_table.participants.order_by("opening_seat").values_list(
            "player__display_name", flat=True
        )
    )
    assert opening == ["Eve", "Zed", "Yan"]  # seven: the last two in line go with Yan
    assert t.lineup().line == tuple(p.pk for p in t.players[:4])


def test_two_phones_correcting_the_same_game_keep_the_later_one() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    lineup = t.lineup()  # game 1: Ann box, Ben captain, Cal
    services.record_chouette_game(session=t.session, record=team_wins(t), by=t.director)
    gammon = core.GameRecord(
        lineup,
        (core.Double(core.Side.TEAM, ((lineup.captain, core.Answer.TAKE),)),),
        core.BoardResult(core.Side.TEAM, core.ResultKind.GAMMON),
    )
    single = core.GameRecord(lineup, (), core.BoardResult(core.Side.TEAM))
    second = race(
        lambda: services.correct_chouette_game(
            session=t.session, number=1, record=gammon, by=t.director
        ),
        lambda: services.correct_chouette_game(
            session=t.session, number=1, record=single, by=t.user_of(2)
        ),
    )
    assert second.error is None, second.error
    points = dict(t.session.ledger_entries.values_list("player__display_name", "points"))
    assert points == {"Ann": -2, "Ben": 1, "Cal": 1}  # the second correction, applied whole

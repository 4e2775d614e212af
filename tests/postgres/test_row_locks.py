"""Two people acting at once are served one after the other, by the database's locks.

Each test holds a write open in this thread while a second thread (its own connection)
tries the same action, checks that the second waits, then commits: the second must
see the first's work and refuse with a clear error. On PostgreSQL the wait is the row
lock of ``select_for_update``; on SQLite it is the write lock of an IMMEDIATE
transaction. Either way the outcome must be the same.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, transaction

from chouette import core
from chouette import services as chouette_services
from chouette.messages import describe
from chouette.models import ChouetteEvent, ChouetteLedgerEntry
from chouette.selectors.sessions import names_of
from games.models import MatchResult, ResultChange, ResultStatus
from games.services import ServiceError, confirm_result, enter_final_score
from tests.factories import UserFactory
from tests.games.chouette_tables import make_table
from tests.games.match_factories import MatchFactory, match_with_logins

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

WAIT = 0.5  # seconds the second writer must stay blocked


class SecondWriter(threading.Thread):
    """Runs ``action`` in its own thread and database connection; keeps what happened."""

    def __init__(self, action: Callable[[], object]) -> None:
        super().__init__(daemon=True)
        self.action = action
        self.outcome: object = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.outcome = self.action()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            self.error = error
        finally:
            connection.close()


def race(first: Callable[[], object], second: Callable[[], object]) -> SecondWriter:
    """``first`` inside an open transaction; ``second`` must wait for it to commit."""
    with transaction.atomic():
        first()
        writer = SecondWriter(second)
        writer.start()
        time.sleep(WAIT)
        assert writer.is_alive(), f"the second writer did not wait: {writer.error!r}"
    writer.join(timeout=60)
    assert not writer.is_alive()
    return writer


def test_a_second_confirmation_waits_for_the_first_and_is_refused() -> None:
    match, user1, user2 = match_with_logins()
    director = UserFactory()
    match.club.directors.add(director)
    result = enter_final_score(match=match, by=user1, score1=Decimal(7), score2=Decimal(3))
    stale = MatchResult.objects.get(pk=result.pk)

    second = race(
        lambda: confirm_result(result=result, by=user2),
        lambda: confirm_result(result=stale, by=director),
    )
    assert isinstance(second.error, ServiceError), second.error
    assert second.error.code == "already_confirmed"
    assert str(second.error) == "This result has already been confirmed."
    official = MatchResult.objects.get(match=match, status=ResultStatus.CONFIRMED)
    assert official.confirmed_by == user2
    assert ResultChange.objects.filter(match=match, action="confirmed").count() == 1


def test_the_database_allows_one_confirmed_result_per_match_only() -> None:
    """The partial unique constraint: any number of other results, one confirmed."""
    match = MatchFactory()
    other = MatchFactory(club=match.club)
    for status in (ResultStatus.REJECTED, ResultStatus.REJECTED, ResultStatus.OVERRIDDEN):
        MatchResult.objects.create(match=match, score1=7, score2=1, status=status)
    MatchResult.objects.create(match=match, score1=7, score2=2, status=ResultStatus.CONFIRMED)
    MatchResult.objects.create(match=other, score1=7, score2=2, status=ResultStatus.CONFIRMED)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchResult.objects.create(match=match, score1=7, score2=3, status=ResultStatus.CONFIRMED)
    # A confirmed row cannot be made by an update either.
    rejected = MatchResult.objects.filter(match=match, status=ResultStatus.REJECTED).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchResult.objects.filter(pk=rejected.pk).update(status=ResultStatus.CONFIRMED)
    assert MatchResult.objects.filter(match=match, status=ResultStatus.CONFIRMED).count() == 1


def test_two_phones_saving_the_same_chouette_game_save_it_once() -> None:
    t = make_table(3, names=("Ann", "Ben", "Cal"))
    lineup = t.lineup()  # both phones show the line-up of game 1
    record = core.GameRecord(
        lineup=lineup, doubles=(), result=core.BoardResult(core.Side.TEAM, core.ResultKind.SINGLE)
    )

    second = race(
        lambda: chouette_services.record_chouette_game(
            session=t.session, record=record, by=t.director
        ),
        lambda: chouette_services.record_chouette_game(
            session=t.session, record=record, by=t.user_of(1)
        ),
    )
    # The out-of-date screen is refused with the line-up it should have shown.
    assert isinstance(second.error, core.ChouetteError), second.error
    assert second.error.code == "lineup_mismatch"
    shown = describe(second.error, names_of(t.session))
    assert "expected box Ben and team Cal, Ann, got box Ann and team Ben, Cal" in shown
    assert list(t.session.events.values_list("seq", "kind")) == [(0, "game")]
    assert ChouetteEvent.objects.count() == 1
    assert ChouetteLedgerEntry.objects.filter(session=t.session).count() == 3

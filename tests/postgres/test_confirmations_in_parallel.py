"""Two confirmations of two events at once do not queue behind each other.

A confirmation locks its match and its event's row; the rating list (one per game type,
so site-wide) is locked only by the short transaction that follows the commit
(``leaderboard.services.due``). Here one confirmation is held open inside its
transaction, after every receiver of ``result_confirmed`` has run, while a confirmation
in another event runs to its end, ratings included, with a lock timeout: before, the
second waited for the rating list's row until the first committed.

On PostgreSQL only: SQLite has one write lock for the whole database.
"""

from __future__ import annotations

import threading
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection

from games.models import Match, MatchResult, ResultStatus
from games.services import confirm_result, enter_final_score
from games.signals import result_confirmed
from leaderboard.models import RatingChange
from leaderboard.services.ratings import rebuild_ratings
from tests.tournaments.leaderboard_support import snapshot
from tests.tournaments.test_budgets import director_of, field
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def proposed_in_a_new_event() -> tuple[MatchResult, Any]:
    """A 4-player knockout's first match, 3-1 entered by its first player: (result, opponent)."""
    tournament = field(4, Tournament.Format.KNOCKOUT)
    services.make_draw(tournament=tournament, actor=director_of(tournament))
    pairing = Pairing.objects.select_related("match__player1__user", "match__player2__user").get(
        tournament=tournament, flight="main", round=1, number=1)
    match = pairing.match
    result = enter_final_score(match=match, by=match.player1.user, score1=Decimal(3), score2=Decimal(1))
    return result, match.player2.user


def test_a_confirmation_does_not_wait_for_another_event_s_confirmation() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("SQLite serializes every write: the row locks are PostgreSQL's")
    first, first_opponent = proposed_in_a_new_event()
    second, second_opponent = proposed_in_a_new_event()
    inside, release = threading.Event(), threading.Event()
    holder: dict[str, Any] = {}

    def hold(sender: Any, match: Match, **kwargs: Any) -> None:
        # connected last: every receiver's work is done, the transaction still open
        if match.pk == first.match_id:
            inside.set()
            release.wait(timeout=120)

    def confirm_first() -> None:
        try:
            holder["result"] = confirm_result(result=first, by=first_opponent)
        except BaseException as error:  # noqa: BLE001 - handed to the test
            holder["error"] = error
        finally:
            connection.close()

    result_confirmed.connect(hold, dispatch_uid="test.hold_the_first_confirmation")
    thread = threading.Thread(target=confirm_first, daemon=True)
    try:
        thread.start()
        assert inside.wait(timeout=120), holder.get("error")
        with connection.cursor() as cursor:  # waiting on a lock fails instead of hanging
            cursor.execute("SET lock_timeout = '10s'")
        confirm_result(result=second, by=second_opponent)
        # done, ratings included, while the first is still inside its transaction
        assert thread.is_alive() and not release.is_set()
        assert RatingChange.objects.filter(match_id=second.match_id).count() == 2
        assert not RatingChange.objects.filter(match_id=first.match_id).exists()
    finally:
        release.set()
        thread.join(timeout=120)
        result_confirmed.disconnect(dispatch_uid="test.hold_the_first_confirmation")
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert "error" not in holder, holder.get("error")
    assert MatchResult.objects.get(pk=first.pk).status == ResultStatus.CONFIRMED
    assert RatingChange.objects.filter(match_id=first.match_id).count() == 2
    assert not Match.objects.filter(ratings_due=True).exists()
    rated = snapshot()
    rebuild_ratings(variant="backgammon")
    assert snapshot() == rated  # the two rated one after the other, as a rebuild rates them

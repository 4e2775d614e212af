"""A confirmation that is its own transaction (a request, a task) commits the result
first; the rating lists follow in a short transaction of their own right after it, in
the same request, so the next request of the same client reads the new ratings, and no
confirmation holds the site-wide rating list's row while another waits. A process that
dies in between leaves the match ``ratings_due``; the periodic sweep catches it up,
exactly as a full rebuild would rate it, and never twice.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from decimal import Decimal
from typing import Any

import pytest
from celery import Task
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import Match, MatchResult, ResultStatus
from games.services import confirm_result, enter_final_score, override_result
from games.signals import result_confirmed
from leaderboard.models import PlayerRating, RatingChange
from leaderboard.services import due
from leaderboard.services.ratings import rebuild_ratings
from nardy_site.tasks import sweep
from tests.factories import ClubFactory
from tests.games.match_factories import MatchFactory, player_with_login
from tests.support.celery_worker import BASE_DIR, database_url_for, service_env
from tests.tournaments.leaderboard_support import snapshot
from tests.tournaments.test_budgets import director_of, field
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

# Confirms a result in a process of its own, killed (SIGKILL) once the ratings' rows are
# written and before their transaction commits: the result's own transaction committed.
CONFIRM_THEN_DIE = """
import os, signal, sys
import django
django.setup()
from django.contrib.auth import get_user_model
from games.models import MatchResult
from games.services import confirm_result
from leaderboard.services import ratings

write = ratings.record
def write_then_die(*args, **kwargs):
    write(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGKILL)
ratings.record = write_then_die
confirm_result(result=MatchResult.objects.get(pk=int(sys.argv[1])),
               by=get_user_model().objects.get(pk=int(sys.argv[2])))
"""


def proposed(club: Any, first: tuple[Any, Any], second: tuple[Any, Any]) -> MatchResult:
    """A 5-point match of two players with logins; the first enters 5-2 (own transaction)."""
    match = MatchFactory(club=club, length=5, player1=first[1], player2=second[1])
    return enter_final_score(match=match, by=first[0], score1=Decimal(5), score2=Decimal(2))


def confirm_in_a_process_that_dies(result: MatchResult, by: Any, redis_url: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", CONFIRM_THEN_DIE, str(result.pk), str(by.pk)],
        env=service_env(redis_url, database_url_for(connection.settings_dict)),
        cwd=BASE_DIR, capture_output=True, timeout=300, check=False)  # it is killed
    assert run.returncode == -signal.SIGKILL, run.stderr.decode()[-3000:]


def as_rebuilt() -> tuple[list[tuple], list[tuple]]:
    """The lists as a full rebuild from the matches makes them (it writes what differs)."""
    rebuild_ratings(variant="backgammon")
    return snapshot()


def test_the_ratings_follow_the_commit_in_the_same_call_and_clear_the_mark() -> None:
    ana, boris = player_with_login(), player_with_login()
    result = proposed(ClubFactory(), ana, boris)
    seen: list[tuple[bool, bool, bool]] = []

    def inside(sender: Any, match: Match, after_commit: bool = False, **kwargs: Any) -> None:
        # the last receiver, still inside the confirmation's transaction
        seen.append((after_commit, transaction.get_autocommit(),
                     RatingChange.objects.filter(match=match).exists()))

    result_confirmed.connect(inside, dispatch_uid="test.inside_the_confirmation")
    try:
        confirm_result(result=result, by=boris[0])
    finally:
        result_confirmed.disconnect(dispatch_uid="test.inside_the_confirmation")
    # told to leave the ratings to the commit, and no rating row was written before it
    assert seen == [(True, False, False)]
    # read right after the call (the client's next request): rated, nothing left due
    match = Match.objects.get(pk=result.match_id)
    assert not match.ratings_due
    ratings = dict(PlayerRating.objects.values_list("player_id", "rating"))
    assert ratings[ana[1].pk] > 1500 > ratings[boris[1].pk]
    assert RatingChange.objects.filter(match=match).count() == 2
    assert snapshot() == as_rebuilt()


def test_inside_a_larger_transaction_the_ratings_are_part_of_it() -> None:
    ana, boris = player_with_login(), player_with_login()
    result = proposed(ClubFactory(), ana, boris)
    with transaction.atomic():
        confirm_result(result=result, by=boris[0])
        # rated inside the caller's transaction, nothing marked for later
        assert RatingChange.objects.filter(match_id=result.match_id).count() == 2
        assert not Match.objects.get(pk=result.match_id).ratings_due
        transaction.set_rollback(True)
    assert not RatingChange.objects.exists()  # and rolled back with it
    assert MatchResult.objects.get(pk=result.pk).status == ResultStatus.PROPOSED


def test_a_crash_between_the_commit_and_the_ratings_is_caught_up_once_by_the_sweep(
        redis_server: Any) -> None:
    ana, boris, chen = player_with_login(), player_with_login(), player_with_login()
    club = ClubFactory()
    first = proposed(club, ana, boris)
    confirm_in_a_process_that_dies(first, boris[0], redis_server.url)

    # the result is official; its ratings are not (their transaction died), and are due
    assert MatchResult.objects.get(pk=first.pk).status == ResultStatus.CONFIRMED
    assert Match.objects.get(pk=first.match_id).ratings_due
    assert not RatingChange.objects.exists() and not PlayerRating.objects.exists()

    # meanwhile a later match of Boris is confirmed and rated as usual, without the first
    later = proposed(club, chen, boris)
    confirm_result(result=later, by=boris[0])
    assert RatingChange.objects.filter(match_id=later.match_id).count() == 2

    sweep()  # the periodic sweep: the first match is rated in its place, before the later
    assert not Match.objects.filter(ratings_due=True).exists()
    caught_up = snapshot()
    assert [row[3] for row in caught_up[1]] == [first.match_id] * 2 + [later.match_id] * 2
    assert caught_up == as_rebuilt()

    # nothing is rated twice: another sweep, or the request's own step late, finds nothing due
    assert due.catch_up() == 0 and not due.rate_due_match(first.match_id)
    assert snapshot() == caught_up


# The queries of a confirmation as a request makes it (its own transaction): the knockout's
# winner advanced and announced, its notices queued and published, and the ratings'
# transaction after the commit; the same for a small and a big field. (In a test's
# transaction, tests/tournaments/test_budgets.py, the ratings are part of it.)
CONFIRM_ON_ITS_OWN_QUERIES = 40


def _confirmation_on_its_own(size: int, monkeypatch: pytest.MonkeyPatch) -> int:
    tournament = field(size, Tournament.Format.KNOCKOUT, clock_rule="per_point")
    services.make_draw(tournament=tournament, actor=director_of(tournament))
    first, second = (Pairing.objects.select_related("match__player1__user", "match__player2__user")
                     .get(tournament=tournament, flight="main", round=1, number=number) for number in (1, 2))
    override_result(match=first.match, by=director_of(tournament), score1=Decimal(3),
                    score2=Decimal(0), reason="budget")
    match = second.match
    result = enter_final_score(match=match, by=match.player1.user, score1=Decimal(3), score2=Decimal(1))
    with monkeypatch.context() as patch, CaptureQueriesContext(connection) as queries:
        # published to the broker as in production; not run here (tests run tasks eagerly)
        patch.setattr(Task, "apply_async", lambda *args, **kwargs: None)
        confirm_result(result=result, by=match.player2.user)
    assert RatingChange.objects.filter(match=match).count() == 2  # rated before it returned
    assert not Match.objects.filter(ratings_due=True).exists()
    return len(queries)


def test_a_confirmation_on_its_own_costs_the_same_few_queries_for_16_and_1024_players(
        monkeypatch: pytest.MonkeyPatch) -> None:
    small, large = _confirmation_on_its_own(16, monkeypatch), _confirmation_on_its_own(1024, monkeypatch)
    assert small == large <= CONFIRM_ON_ITS_OWN_QUERIES

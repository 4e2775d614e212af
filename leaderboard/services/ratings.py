"""Writes of the rating lists: the FIBS formula of ``leaderboard.core.ratings`` over the ORM.

Ratings are a pure function of the ordered list of rated matches of one game type. The
order key is ``(played_at, match id)``: ratings follow the date each match was played
(``Match.played_at``, set when its first result became official; a correction keeps
it). A rated match is one with ``rated`` set, a length of at least one point, two
players, a winner and a confirmed result. ``RatingChange.at`` is the match's key time.

* ``record_match`` (called when a result is confirmed, overridden or corrected): a new
  match played after both players' latest rated match is appended (two rows and two
  ratings written); anything else (a back-dated result, a correction, a match that is no
  longer rated) replays from that match on, and only the later matches of the players it
  reaches: its two players, then whoever played one of them afterwards, and so on.
* ``rebuild_ratings``: the whole list (or the list from a point of the order on),
  read from the matches in one ordered pass and compared with the stored rows, so
  only what differs is written. ``rebuild_all_ratings`` (``manage.py recompute_ratings``)
  rebuilds every list in one transaction. A whole list with no row stored anywhere (a
  first build) is written by ``first_build``: replayed over arrays, compiled, and
  written as arrays, every list from empty together.

Every path feeds the same ``core.ratings.rate`` (the first build a compiled copy of its
source) the same numbers in the same order, so an incremental history and ``manage.py
recompute_ratings`` give identical floats. Events
whose entrants' starting ratings changed are scored again (``tournament_points``).
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import groupby

from django.db import connection, transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from common.bulk import insert_rows, update_rows
from common.keyset import keyset_rows
from games.models import Match, MatchResult, MatchStatus, ResultStatus, Variant
from leaderboard.core.ratings import START_RATING, rate
from leaderboard.models import PlayerRating, RatingChange, RatingList
from leaderboard.services.first_build import WRITTEN, build_from_empty
from leaderboard.services.rated_matches import (
    EpochMicroseconds,
    OrderKey,
    RatedRow,
    moment,
    rated_matches,
    rated_rows,
)
from tournaments import page_cache

State = tuple[float, int]  # rating, experience
NEW: State = (START_RATING, 0)
CHUNK = 20_000
STORED = ("pk", "at", "match_id", "player_id", "opponent_id", "won", "length", "before", "after",
          "delta", "experience")


def _from(queryset: QuerySet, since: OrderKey | None, at: str, match: str) -> QuerySet:
    if since is None:
        return queryset
    return queryset.filter(Q(**{f"{at}__gt": since[0]}) | Q(**{at: since[0], f"{match}__gte": since[1]}))


def _lock(variant: str) -> RatingList:
    """The variant's rating list, locked until the transaction ends (made first if none)."""
    found = RatingList.objects.select_for_update().filter(variant=variant).first()
    if found is not None:  # one query, as it nearly always is
        return found
    RatingList.objects.get_or_create(variant=variant)
    return RatingList.objects.select_for_update().get(variant=variant)


def _fill_played_at(matches: QuerySet[Match]) -> None:
    """Matches made official without the results flow (an archive from before the field,
    a test) are taken as played when their first result was confirmed, else when they
    finished."""
    official = MatchResult.objects.filter(
        match=OuterRef("pk"), status__in=[ResultStatus.CONFIRMED, ResultStatus.OVERRIDDEN],
        confirmed_at__isnull=False,
    ).order_by("confirmed_at").values("confirmed_at")[:1]
    unfilled = matches.filter(played_at__isnull=True, winner__isnull=False)
    players = [pk for row in unfilled.values_list("player1_id", "player2_id") for pk in row]
    if players:
        unfilled.update(played_at=Coalesce(Subquery(official), "finished_at", "created_at"))
        page_cache.touch_players(players)  # the day played shows in their own lists


# --- the replay --------------------------------------------------------------------------


@dataclass
class _Replay:
    """One ordered pass over a list from ``since``: new rows compared with stored ones."""

    variant: str
    since: OrderKey | None
    dirty: set[int] | None  # players whose later matches are replayed; None: everybody
    states: dict[int, State] = field(default_factory=dict)
    inserts: list[tuple] = field(default_factory=list)
    updates: list[RatingChange] = field(default_factory=list)
    deletes: list[int] = field(default_factory=list)
    replayed: int = 0
    changed: set[int] = field(default_factory=set)  # players whose stored rows changed
    counts: Counter[int] = field(default_factory=Counter)  # rated matches replayed, a player
    # no row of the list is stored anywhere (a first build): nothing can have moved
    fresh: bool = False
    first_change: datetime.datetime | None = None
    # On PostgreSQL rows are written while the list is read (a million rows are not held):
    # the stored rows are read a page at a time, each page the rows after the last one
    # read, where no write of a match already replayed lands. SQLite's lists (`make run`)
    # are written at the end.
    stream_writes: bool = field(default_factory=lambda: connection.vendor == "postgresql")

    def touches(self, row: RatedRow) -> bool:
        return self.dirty is None or row.winner_id in self.dirty or row.loser_id in self.dirty

    def state_before(self, player: int, stored: dict[int, tuple] | None, key: OrderKey) -> State:
        if player in self.states:
            return self.states[player]
        if self.since is None:
            return NEW
        if stored and player in stored:  # the stored row of this match knew it
            old = stored[player]
            return (old[7], old[10] - old[6])
        last = (RatingChange.objects.filter(player_id=player, variant=self.variant)
                .filter(Q(at__lt=key[0]) | Q(at=key[0], match_id__lt=key[1]))
                .order_by("-at", "-match_id").values_list("after", "experience").first())
        return NEW if last is None else (last[0], last[1])

    def step(self, key: OrderKey, row: RatedRow | None, stored: dict[int, tuple] | None) -> None:
        """The match at ``key``: as it is now (``row``) and as stored (by player)."""
        if row is None:  # no longer rated (or moved): its rows go, its players are reached
            for player, old in (stored or {}).items():
                if self.since is not None:
                    self.states.setdefault(player, (old[7], old[10] - old[6]))
                self.deletes.append(old[0])
                self._changed(player, key[0])
                if self.dirty is not None:
                    self.dirty.add(player)
            return
        if not self.touches(row):
            return
        winner = self.state_before(row.winner_id, stored, key)
        loser = self.state_before(row.loser_id, stored, key)
        gain, loss = rate(winner[0], winner[1], loser[0], loser[1], row.length)
        self.replayed += 1
        self.counts[row.winner_id] += 1
        self.counts[row.loser_id] += 1
        for player, opponent, before, delta, won in (
            (row.winner_id, row.loser_id, winner, gain, True),
            (row.loser_id, row.winner_id, loser, loss, False),
        ):
            after = (before[0] + delta, before[1] + row.length)
            self.states[player] = after
            if self.dirty is not None:
                self.dirty.add(player)
            new = (opponent, won, row.length, before[0], after[0], delta, after[1])
            old = stored.get(player) if stored else None
            if old is None:
                self.inserts.append((player, opponent, self.variant, row.match_id, won, row.length,
                                     before[0], after[0], delta, after[1], row.at))
                self._changed(player, row.at)
            elif old[4:] != new or old[1] != row.at:
                self.updates.append(RatingChange(
                    pk=old[0], opponent_id=opponent, won=won, length=row.length, before=before[0],
                    after=after[0], delta=delta, experience=after[1], at=row.at))
                self._changed(player, min(row.at, old[1]))
        for player in set(stored or ()) - {row.winner_id, row.loser_id}:
            self.deletes.append(stored[player][0])  # a player no longer in this match
            self._changed(player, key[0])
        if self.stream_writes and len(self.inserts) + len(self.updates) >= CHUNK:
            self.write()

    def _changed(self, player: int, at: datetime.datetime) -> None:
        self.changed.add(player)
        if self.first_change is None or at < self.first_change:
            self.first_change = at

    def write(self) -> None:
        if self.deletes:
            RatingChange.objects.filter(pk__in=self.deletes).delete()
            self.deletes = []
        if self.updates:
            update_rows(RatingChange, self.updates,
                        ["opponent", "won", "length", "before", "after", "delta", "experience", "at"])
            self.updates = []
        if self.inserts:
            # a row of the same player and match may be stored under another key (the
            # match was moved in the order): it goes first (its own turn comes later)
            pairs = {(row[3], row[0]) for row in self.inserts}
            moved = [] if self.fresh else [
                pk for pk, match_id, player_id in RatingChange.objects.filter(
                    match_id__in={match_id for match_id, _ in pairs}
                ).values_list("pk", "match_id", "player_id") if (match_id, player_id) in pairs]
            if moved:
                RatingChange.objects.filter(pk__in=moved).delete()
            fields = [RatingChange._meta.get_field(name) for name in WRITTEN]
            insert_rows(RatingChange, fields, self.inserts)
            self.inserts = []


def _stored(variant: str, since: OrderKey | None) -> Iterator[tuple[OrderKey, dict[int, tuple]]]:
    """The stored rows from ``since`` on, a match's at a time (by player), page by page: a
    page is read after the rows of the matches before it were written, so it is asked
    for the rows after the last one read, which no write of an earlier match reaches."""
    rows = _from(RatingChange.objects.filter(variant=variant), since, "at", "match_id")
    ordered = keyset_rows(
        rows.order_by("at", "match_id", "player_id").annotate(micro=EpochMicroseconds("at"))
        .values_list("pk", "micro", *STORED[2:]),
        ("at", "match_id", "player_id"), lambda row: (moment(row[1]), row[2], row[3]))
    for (micro, match_id), group in groupby(ordered, key=lambda row: (row[1], row[2])):
        at = moment(micro)
        yield (at, match_id), {row[3]: (row[0], at, *row[2:]) for row in group}


def _merged(
    matches: Iterator[RatedRow], stored: Iterator[tuple[OrderKey, dict[int, tuple]]]
) -> Iterator[tuple[OrderKey, RatedRow | None, dict[int, tuple] | None]]:
    """The two ordered streams side by side: (key, the match now, its stored rows)."""
    row, old = next(matches, None), next(stored, None)
    while row is not None or old is not None:
        if old is None or (row is not None and row.key < old[0]):
            yield row.key, row, None  # type: ignore[union-attr]
            row = next(matches, None)
        elif row is None or old[0] < row.key:
            yield old[0], None, old[1]
            old = next(stored, None)
        else:
            yield row.key, row, old[1]
            row, old = next(matches, None), next(stored, None)


def _from_stored(stored: Iterator[tuple[OrderKey, dict[int, tuple]]], skip: int,
                 extra: RatedRow | None) -> Iterator[tuple[OrderKey, RatedRow | None, dict[int, tuple] | None]]:
    """The stored list as matches (every match but ``skip`` is as stored), with ``extra``
    (the match being recorded) put in its place."""
    def as_row(key: OrderKey, by_player: dict[int, tuple]) -> RatedRow:
        winner = next(row for row in by_player.values() if row[5])
        return RatedRow(key[1], key[0], winner[3], winner[4], winner[6])

    pending = extra
    for key, by_player in stored:
        if pending is not None and pending.key < key:
            yield pending.key, pending, None
            pending = None
        if key[1] == skip:
            same = pending is not None and pending.key == key
            yield key, pending if same else None, by_player
            if same:
                pending = None
            continue
        yield key, as_row(key, by_player), by_player
    if pending is not None:
        yield pending.key, pending, None


def _finish(replay: _Replay, players: Iterable[int] | None) -> None:
    """Write what is left, then the touched players' ratings and rated-match counts."""
    replay.write()
    variant = replay.variant
    if players is None and replay.since is None:  # every rated match was replayed
        counts: dict[int, int] = replay.counts
    else:
        counts_of = RatingChange.objects.filter(variant=variant)
        if players is not None:
            players = set(players)
            counts_of = counts_of.filter(player_id__in=players)
        counts = dict(counts_of.values_list("player_id").annotate(count=Count("pk")).order_by())
    touched = set(replay.states) if players is None else players
    rows = [PlayerRating(player_id=player, variant=variant, rating=replay.states[player][0],
                         experience=replay.states[player][1], matches=counts[player])
            for player in touched if counts.get(player) and player in replay.states]
    PlayerRating.objects.bulk_create(
        rows, batch_size=2000, update_conflicts=True, unique_fields=["player", "variant"],
        update_fields=["rating", "experience", "matches", "updated_at"],
    )
    gone = PlayerRating.objects.filter(variant=variant)
    if players is not None:
        gone = gone.filter(player_id__in=[p for p in players if not counts.get(p)])
    else:
        gone = gone.exclude(player_id__in=list(counts)) if len(counts) < 30_000 else gone.filter(
            ~Exists(RatingChange.objects.filter(variant=variant, player=OuterRef("player"))))
    gone.delete()


# --- entry points ------------------------------------------------------------------------


@transaction.atomic
def record_match(*, match: Match) -> dict[str, int]:
    """Bring the rating lists up to date after ``match``'s result became official or changed.

    Returns the number of matches replayed per game type (1 when it was appended)."""
    return record(match)


def record(match: Match, *, as_read: bool = False) -> dict[str, int]:
    """``record_match``'s work, in the caller's transaction. ``as_read``: ``match`` was
    just read from the database, annotated with ``has_confirmed`` (``due.rate_due_match``):
    whether it is rated is seen on it instead of read again."""
    if match.played_at is None:
        _fill_played_at(Match.objects.filter(pk=match.pk))
        match.refresh_from_db(fields=["played_at"])
    replayed: dict[str, int] = {}
    _lock(match.variant)
    stored = _stored_rows(match)
    others = sorted(set(stored) - {match.variant})
    if others:  # rows in another game's list (the match's game was changed): locked too, read again
        for variant in others:
            _lock(variant)
        stored = _stored_rows(match)
    for variant in sorted({match.variant, *stored}):
        old = stored.get(variant, {})
        row = _rated_row(match, variant, as_read)
        if not old and row is None:
            continue
        players = {row.winner_id, row.loser_id} if row else set()
        current = _current_if_latest(variant, row) if not old and row is not None else None
        if current is not None and row is not None:
            _append(variant, row, current, fresh=not stored)
            _rescore(variant, row.at, players)
            replayed[variant] = 1
            continue
        keys = [key for key in (row.key if row else None,
                                (next(iter(old.values()))[1], match.pk) if old else None) if key]
        since = min(keys)
        replay = _Replay(variant, since, set(players) | set(old))
        for key, now, by_player in _from_stored(_stored(variant, since), match.pk, row):
            replay.step(key, now, by_player)
        _finish(replay, replay.dirty)
        _rescore(variant, since[0], replay.dirty)
        replayed[variant] = replay.replayed
    return replayed


def _stored_rows(match: Match) -> dict[str, dict[int, tuple]]:
    """The match's stored rating rows (``STORED``) by game type and player, in one read."""
    stored: dict[str, dict[int, tuple]] = defaultdict(dict)
    for variant, *row in RatingChange.objects.filter(match=match).values_list("variant", *STORED):
        stored[variant][row[3]] = tuple(row)
    return stored


def _rated_row(match: Match, variant: str, as_read: bool) -> RatedRow | None:
    """The match as the ``variant`` list rates it now (None: not rated there)."""
    if not as_read:
        return next(rated_rows(rated_matches(variant).filter(pk=match.pk)), None)
    # ``rated_matches``'s conditions, on the row just read
    players = (match.player1_id, match.player2_id)
    if (match.variant != variant or not match.rated or match.length < 1
            or match.status != MatchStatus.FINISHED or None in players
            or match.winner_id not in players or match.played_at is None
            or not match.has_confirmed):  # type: ignore[attr-defined]
        return None
    loser = players[1] if match.winner_id == players[0] else players[0]
    return RatedRow(match.pk, match.played_at, match.winner_id, loser, match.length)  # type: ignore[arg-type]


def _current_if_latest(variant: str, row: RatedRow) -> dict[int, PlayerRating] | None:
    """The two players' current ratings (by player) when ``row`` comes after every rated
    match of both, else None: one read. A player without a current rating has no rated
    match of this game (every write of the list keeps the two together)."""
    later = RatingChange.objects.filter(variant=variant, player_id=OuterRef("player_id")).filter(
        Q(at__gt=row.at) | Q(at=row.at, match_id__gt=row.match_id))
    current = {rating.player_id: rating for rating in PlayerRating.objects.filter(
        variant=variant, player_id__in=[row.winner_id, row.loser_id]).annotate(later=Exists(later))}
    return None if any(rating.later for rating in current.values()) else current  # type: ignore[attr-defined]


def _append(variant: str, row: RatedRow, current: dict[int, PlayerRating], *, fresh: bool) -> None:
    """The players' latest match: their current ratings move (two rows, two ratings).
    ``fresh``: no row of the match is stored in any list (none can have moved)."""
    players = [row.winner_id, row.loser_id]
    replay = _Replay(variant, row.key, set(players))
    # a player without a current rating has no rated match of this game yet
    replay.states = {player: (current[player].rating, current[player].experience)
                     if player in current else NEW for player in players}
    replay.stream_writes = False
    replay.fresh = fresh
    replay.step(row.key, row, None)
    replay.write()
    PlayerRating.objects.bulk_create(
        [PlayerRating(player_id=player, variant=variant, rating=replay.states[player][0],
                      experience=replay.states[player][1],
                      matches=(current[player].matches if player in current else 0) + 1)
         for player in players],
        update_conflicts=True, unique_fields=["player", "variant"],
        update_fields=["rating", "experience", "matches", "updated_at"],
    )


@transaction.atomic
def rebuild_ratings(*, variant: str, since: OrderKey | None = None, rescore: bool = True) -> int:
    """Rebuild ``variant``'s list from the match at ``since`` on (everything when None):
    one ordered pass over the matches, writing only the rows that differ, then the events
    of the players whose rows changed are scored again (not with ``rescore=False``).
    Returns the number of rated matches replayed."""
    return _rebuild([variant], since, rescore)[variant]


@transaction.atomic
def rebuild_all_ratings(*, rescore: bool = True) -> dict[str, int]:
    """Every game type's list rebuilt, as ``rebuild_ratings`` does each, in one
    transaction: the lists with no row stored are written together (one build of the
    table's indexes). Returns the rated matches replayed by game type."""
    return _rebuild(list(Variant.values), None, rescore)


def _rebuild(variants: list[str], since: OrderKey | None, rescore: bool) -> dict[str, int]:
    lists = {variant: _lock(variant) for variant in sorted(variants)}  # record_match's order
    for variant in variants:
        _fill_played_at(Match.objects.filter(variant=variant))
    fresh = [variant for variant in variants if _nothing_stored(variant)]
    # no row stored anywhere: every row is new, replayed over arrays, written as arrays
    built = build_from_empty(fresh) if fresh and since is None else {}
    replayed = {}
    for variant in variants:
        if variant in built:
            done = built[variant]
            replayed[variant], changed, first_change = done.replayed, done.players, done.first
        else:
            replay = _Replay(variant, since, None)
            replay.fresh = variant in fresh
            matches = rated_rows(_from(rated_matches(variant), since, "played_at", "pk"))
            for key, now, stored in _merged(matches, _stored(variant, since)):
                replay.step(key, now, stored)
            _finish(replay, None if since is None else set(replay.states))
            replayed[variant], changed, first_change = replay.replayed, replay.changed, replay.first_change
        lists[variant].rebuilt_at = timezone.now()
        lists[variant].save(update_fields=["rebuilt_at"])
        if rescore and changed:  # the events of the players whose history moved
            _rescore(variant, first_change, changed)
    page_cache.touch_site()  # the leaders on the home page
    return replayed


def _nothing_stored(variant: str) -> bool:
    """No rating row of ``variant`` is stored, nor a row of another game's list for one of
    its matches (a match whose game was changed): every row the rebuild writes is new."""
    return not (RatingChange.objects.filter(variant=variant).exists()
                or RatingChange.objects.exclude(variant=variant).filter(match__variant=variant).exists())


def _rescore(variant: str, at: datetime.datetime | None, players: set[int] | None) -> None:
    """Events whose entrants' starting ratings may have changed are scored again: those
    of ``players`` (everyone's when None) on or after the day of ``at``."""
    from leaderboard.services.tournament_points import rescore_events_now

    rescore_events_now(variant=variant, since=None if at is None else timezone.localdate(at),
                   players=players)

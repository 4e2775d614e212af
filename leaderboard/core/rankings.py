"""GP-style ranking points and season rankings: tournaments.md §7.

The project's own formula in the spirit of the GammonPoints registry (which does not
publish its formula); label it "GP-style points" in the app, never "GammonPoints".
Points depend on the strength of field (from the entrants' ratings at the start of the
event and their number) and the place alone. All arithmetic is exact (``decimal`` and
``fractions``), rounded half-up as §7.2 says, so totals never depend on event order.
"""

from __future__ import annotations

import datetime
import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

from tournaments.draws.progress import PlaceGroup
from tournaments.errors import RankingError
from tournaments.seasons import Season

PlayerId = Hashable
MINIMUM_FIELD = 8
UNRATED = 1500
_EXACT = Context(prec=40)
_FOUR_PLACES = Decimal("0.0001")
_TWO_PLACES = Decimal("0.01")
_WEIGHT_MIN, _WEIGHT_MAX = Decimal("0.5"), Decimal("2.0")
_WEIGHT_MIN_4, _WEIGHT_MAX_4 = Decimal("0.5000"), Decimal("2.0000")


@dataclass(frozen=True, slots=True)
class RankingEntrant:
    player: PlayerId
    name: str
    rating: float | None = None  # club rating for the event's game type at its start


@dataclass(frozen=True, slots=True)
class EventResult:
    """An event as the rankings see it: who entered and where they finished."""

    event: Hashable
    club: Hashable
    variant: str
    date: datetime.date
    entrants: tuple[RankingEntrant, ...]
    places: tuple[PlaceGroup, ...]  # from the bracket, the standings, or entered by hand


@dataclass(frozen=True)
class EventPoints:
    event: Hashable
    strength_of_field: Decimal
    paid_places: int
    points: Mapping[PlayerId, Decimal]  # every entrant, 0 for unpaid places
    no_points_reason: str | None = None  # a code, e.g. "field_too_small"


def player_weight(rating: float | None) -> Decimal:
    """clamp(10^((r - 1500)/2000), 0.5, 2.0), rounded half-up to 4 decimals (§7.2.2)."""
    r = UNRATED if rating is None else rating
    # Fast path in floats; the float is within ~1e-15 of the true value, so it rounds the
    # same way unless it lies next to a rounding boundary, where the exact path decides.
    scaled = 10.0 ** ((r - UNRATED) / 2000.0) * 10000.0
    if 5000.0 + 1e-6 < scaled < 20000.0 - 1e-6 and abs(scaled % 1.0 - 0.5) > 1e-6:
        return Decimal(math.floor(scaled + 0.5)).scaleb(-4)
    if scaled < 5000.0 - 1e-6:
        return _WEIGHT_MIN_4
    if scaled > 20000.0 + 1e-6:
        return _WEIGHT_MAX_4
    return _exact_weight(r)


def _exact_weight(rating: float) -> Decimal:
    exponent = _EXACT.divide(_EXACT.subtract(Decimal(rating), UNRATED), 2000)
    weight = _EXACT.power(Decimal(10), exponent)
    weight = min(max(weight, _WEIGHT_MIN), _WEIGHT_MAX)
    return weight.quantize(_FOUR_PLACES, rounding=ROUND_HALF_UP)


def strength_of_field(ratings: Iterable[float | None]) -> Decimal:
    """The sum of the player weights, rounded half-up to 2 decimals (§7.2.3)."""
    return sum((player_weight(r) for r in ratings), Decimal(0)).quantize(_TWO_PLACES, ROUND_HALF_UP)


def paid_places(entrants: int) -> int:
    """M = max(2, ceil(N / 4)) (§7.2.4)."""
    return max(2, math.ceil(entrants / 4))


def place_value(first: int, last: int, paid: int) -> Fraction:
    """Mean of 1/p over places first..last, counting 0 beyond ``paid`` (§7.2.5)."""
    total = sum((Fraction(1, p) for p in range(first, min(last, paid) + 1)), Fraction(0))
    return total / (last - first + 1)


def _half_up(value: Fraction) -> Decimal:
    hundredths = math.floor(value * 100 + Fraction(1, 2))
    return (Decimal(hundredths) / 100).quantize(_TWO_PLACES)


def check_places(event: EventResult, *, through: int = 0) -> None:
    """Raise RankingError unless the place table fits the field (§7.2.7).

    Places run from 1 without gaps, a group of k players covers k places, nobody is
    placed twice or without being entered, and places 1..``through`` are all given.
    """
    entrants = [entrant.player for entrant in event.entrants]
    if len(set(entrants)) != len(entrants):
        raise RankingError("duplicate_entrant", "A player is entered more than once in this event.")
    entered, seen, expected = set(entrants), set(), 1
    for group in sorted(event.places, key=lambda g: g.first):
        for player in group.players:
            if player not in entered:
                raise RankingError(
                    "place_for_non_entrant",
                    f"{player} has a place but is not entered in the event.",
                    {"player": player},
                )
            if player in seen:
                raise RankingError(
                    "placed_twice", f"{player} has more than one place.", {"player": player}
                )
            seen.add(player)
        if group.first != expected or group.last - group.first + 1 != len(group.players):
            raise RankingError(
                "places_do_not_fit",
                f"Places must run on from {expected} with one place per player; the table "
                f"gives places {group.first}–{group.last} to {len(group.players)} player(s).",
                {"expected": expected, "first": group.first, "last": group.last},
            )
        expected = group.last + 1
    if expected <= through:
        raise RankingError(
            "places_incomplete",
            f"Places 1 to {through} earn points; say who finished in places "
            f"{expected} to {through}.",
            {"from": expected, "to": through},
        )


def event_points(
    event: EventResult, *, minimum_field: int = MINIMUM_FIELD, strict: bool = False
) -> EventPoints:
    """GP-style points for every entrant of ``event`` (§7.2).

    A field below ``minimum_field`` awards nobody anything (a reason is given); with
    ``strict`` it raises RankingError instead, for a form that should refuse it.
    """
    count = len(event.entrants)
    paid = paid_places(count)
    sof = strength_of_field(entrant.rating for entrant in event.entrants)
    points = {entrant.player: Decimal("0.00") for entrant in event.entrants}
    if count < minimum_field:
        check_places(event)
        if strict:
            raise RankingError(
                "field_too_small",
                f"Ranking points need at least {minimum_field} entrants; this event has {count}.",
                {"minimum": minimum_field, "entrants": count},
            )
        return EventPoints(event.event, sof, paid, points, "field_too_small")
    check_places(event, through=paid)
    exact_sof = Fraction(sof)
    for group in event.places:
        if group.first > paid:
            continue
        share = _half_up(exact_sof * place_value(group.first, group.last, paid))
        for player in group.players:
            points[player] = share
    return EventPoints(event.event, sof, paid, points)


@dataclass(frozen=True, slots=True)
class RankingRow:
    rank: int
    player: PlayerId
    name: str
    points: Decimal
    events: int  # events counted in which the player earned points


def season_ranking(
    events: Iterable[EventResult],
    season: Season,
    *,
    club: Hashable | None = None,
    variant: str | None = None,
    scored: Mapping[Hashable, EventPoints] | None = None,
) -> list[RankingRow]:
    """The season's ranking: one club's events, or every club's (``club=None``), §7.4.

    Only players with points are listed. Ranks are standard competition ranking
    (1, 2, 2, 4), alphabetical within a shared rank. ``scored`` may hold points already
    worked out per event id, to build several rankings from one pass.
    """
    totals: dict[PlayerId, Decimal] = defaultdict(Decimal)
    counted: dict[PlayerId, int] = defaultdict(int)
    names: dict[PlayerId, str] = {}
    for event in events:
        if event.date not in season or (club is not None and event.club != club):
            continue
        if variant is not None and event.variant != variant:
            continue
        awarded = scored[event.event] if scored is not None else event_points(event)
        for entrant in event.entrants:
            earned = awarded.points[entrant.player]
            if earned:
                totals[entrant.player] += earned
                counted[entrant.player] += 1
                names[entrant.player] = entrant.name
    return rank_totals(totals, names, counted)


def rank_totals(
    totals: Mapping[PlayerId, Decimal],
    names: Mapping[PlayerId, str],
    counted: Mapping[PlayerId, int] | None = None,
) -> list[RankingRow]:
    ordered = sorted(totals, key=lambda p: (-totals[p], names[p].casefold(), names[p], str(p)))
    rows: list[RankingRow] = []
    for index, player in enumerate(ordered):
        rank = rows[-1].rank if rows and rows[-1].points == totals[player] else index + 1
        events = (counted or {}).get(player, 0)
        rows.append(RankingRow(rank, player, names[player], totals[player], events))
    return rows


def score_events(events: Sequence[EventResult]) -> dict[Hashable, EventPoints]:
    """Points for each event, keyed by event id (for ``season_ranking(scored=...)``)."""
    return {event.event: event_points(event) for event in events}

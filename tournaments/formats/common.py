"""Shared behaviour of the two kinds of format: brackets and tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser

from tournaments.draws.knockout import KnockoutDraw
from tournaments.draws.progress import BracketState, PlaceGroup, flight_places
from tournaments.draws.swiss import check_swiss_settings
from tournaments.errors import DrawError
from tournaments.formats.base import EventFormat
from tournaments.models import (
    BracketConflict,
    Entry,
    Flight,
    LateEntryRule,
    Pairing,
    Tournament,
)
from tournaments.play.knockout import (
    KNOCKOUT_FLIGHTS,
    correct_knockout_result,
    make_knockout_draw,
    record_knockout_result,
)
from tournaments.play.round_robin import finish_table, record_table_result
from tournaments.play.swiss import swiss_over
from tournaments.play.walkovers import place_in_bye, require_a_round_left, take_table_bye
from tournaments.standings import ROUND_ROBIN_ORDER, SWISS_ORDER

SEEDING = ("seeding", "seeded_top", "random_seed")


class BracketFormat(EventFormat):
    """A fixed bracket drawn at once; each confirmed result moves players along it."""

    bracket = True

    def bracket_from_positions(
        self, tournament: Tournament, positions: Sequence[int | None]
    ) -> KnockoutDraw:
        raise NotImplementedError

    def bracket_places(self, state: BracketState) -> tuple[PlaceGroup, ...]:
        return flight_places(state)

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        make_knockout_draw(tournament=tournament, actor=actor)

    def place_late_entry(self, *, tournament: Tournament, entry: Entry, rule: str) -> None:
        """The open place of the lowest seed with a round-1 bye; under the consolation
        rule, the bye's match is a walkover and the entrant plays on in the consolation."""
        place_in_bye(tournament, entry, consolation=rule == LateEntryRule.CONSOLATION)

    def record_result(
        self, *, pairing: Pairing, winner: Entry, actor: AbstractBaseUser | None = None
    ) -> BracketConflict | None:
        return bracket_result(pairing, winner, actor)


def bracket_result(pairing: Pairing, winner: Entry, actor: Any) -> BracketConflict | None:
    """A first result advances the winner; a correction may need the director."""
    if pairing.state == Pairing.State.READY:
        record_knockout_result(pairing, winner)
    elif pairing.state == Pairing.State.DECIDED and pairing.winner_id != winner.pk:
        return correct_knockout_result(pairing, winner, actor=actor)
    return None


class TableFormat(EventFormat):
    """Rounds of pairings; standings by wins and the event's tiebreaks."""

    default_tiebreaks = ROUND_ROBIN_ORDER

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        super().check_settings(tournament, entrants)
        places = tournament.playoff_places or 0
        if "playoff_places" in self.settings and entrants is not None and places > entrants:
            raise DrawError(
                "too_many_playoff_places",
                f"Play-offs can decide places 1 to {entrants} at most (the number of "
                f"entrants), not 1 to {places}.",
                {"places": places, "entrants": entrants}, field="playoff_places",
            )

    def record_result(
        self, *, pairing: Pairing, winner: Entry, actor: AbstractBaseUser | None = None
    ) -> BracketConflict | None:
        if pairing.flight in KNOCKOUT_FLIGHTS:
            return bracket_result(pairing, winner, actor)
        record_table_result(pairing, winner)
        self.finish_if_over(pairing.tournament)
        return None

    def place_late_entry(self, *, tournament: Tournament, entry: Entry, rule: str) -> None:
        """Round robin and groups: the free place (the byes still to play) of the smallest
        group with an odd number of players."""
        take_table_bye(tournament, entry)

    def table_over(self, tournament: Tournament) -> bool:
        return False

    def finish_if_over(self, tournament: Tournament) -> None:
        """Finish a running event whose table is over without a new result (a withdrawal)."""
        if tournament.status == Tournament.Status.RUNNING and self.table_over(tournament):
            self.finish(tournament)

    def finish(self, tournament: Tournament) -> None:
        finish_table(tournament)


class SwissRoundsFormat(TableFormat):
    """A fixed number of rounds, each paired from the standings so far (Swiss, Monrad):
    what differs is only how a round is paired (``make_round``). Late entrants join the
    next round, ranked by the standings; one must be left to pair them in."""

    settings = (*SEEDING, "swiss_rounds", "tiebreaks", "playoff_places")
    # both join the next round; penalty: penalty points off the match wins
    late_entry_rules = ("none", "seeded_last", "penalty")
    table_flight = Flight.SWISS
    partial = "tournaments/_crosstable.html"
    default_tiebreaks = SWISS_ORDER
    played_in_rounds = True
    # pairs the next round and starts it; returns its number
    make_round: Callable[..., int]

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        super().check_settings(tournament, entrants)
        rounds = tournament.swiss_rounds
        if entrants is None:
            if rounds is not None and rounds < 1:
                check_swiss_settings(2, rounds)
            return
        check_swiss_settings(entrants, rounds)

    def pairs_with_repeats(self, tournament: Tournament) -> bool:
        return True

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        type(self).make_round(tournament=tournament, actor=actor)

    def next_stage(self, *, tournament: Tournament, actor: AbstractBaseUser | None,
                   stage: str = "round", through: int | None = None,
                   allow_repeats: bool = False) -> dict[str, Any]:
        return {"round": type(self).make_round(tournament=tournament, actor=actor,
                                               allow_repeats=allow_repeats)}

    def place_late_entry(self, *, tournament: Tournament, entry: Entry, rule: str) -> None:
        require_a_round_left(tournament, tournament.swiss_rounds)
        entry.save()

    def table_over(self, tournament: Tournament) -> bool:
        return swiss_over(tournament)

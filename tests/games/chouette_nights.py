"""Whole chouette nights as scripts, replayed by the core, page and API tests alike.

A script is a list of steps on named tables ("T1", and "T2" once T1 has split). Players
are names; the page and API tests map them to Player primary keys. After every game the
script says what each player won or lost and who sits where for that table's next game,
so each replay checks the same figures.

* ``WORKED_EXAMPLE``: docs/chouette.md §9, five players, five games.
* ``SIX_PLAYER_NIGHT``: six players with a box partner (half shares), a seventh who
  splits the table, a late arrival during a game, two departures and the merge back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chouette.core import ChouetteSettings


@dataclass(frozen=True)
class Cube:
    """One cube turn: the side that doubled and each answer, as ``{player: answer}``."""

    by: str  # "box" or "team"
    answers: dict[str, str]


@dataclass(frozen=True)
class Seats:
    box: str
    captain: str
    crew: tuple[str, ...]
    partner: str | None = None


@dataclass(frozen=True)
class Game:
    table: str
    cubes: tuple[Cube, ...]
    winner: str | None  # "box", "team", or None when every bet was dropped
    kind: str  # single, gammon, backgammon
    points: dict[str, int]  # every seated player's amount
    next_seats: Seats  # the table's line-up for its next game


@dataclass(frozen=True)
class Join:
    table: str
    player: str
    during_game: bool = False
    # a full table that splits: the new table's name and its first line-up
    split_into: str | None = None
    new_table_seats: Seats | None = None
    seats_after: Seats | None = None  # this table's next line-up after the arrival


@dataclass(frozen=True)
class Leave:
    table: str
    player: str
    seats_after: Seats | None = None


@dataclass(frozen=True)
class MergeTables:
    into: str
    other: str
    seats_after: Seats


Step = Game | Join | Leave | MergeTables


@dataclass(frozen=True)
class Night:
    settings: dict[str, object]  # TableRules / ChouetteSettings keywords
    opening_line: tuple[str, ...]
    steps: tuple[Step, ...]
    first_seats: Seats
    totals: dict[str, int]  # every player's total for the night (all tables)
    table_totals: dict[str, dict[str, int]] = field(default_factory=dict)

    def core_settings(self) -> ChouetteSettings:
        return ChouetteSettings(**self.settings)  # type: ignore[arg-type]

    @property
    def players(self) -> tuple[str, ...]:
        names = list(self.opening_line)
        for step in self.steps:
            if isinstance(step, Join) and step.player not in names:
                names.append(step.player)
        return tuple(names)


ANN, BEN, CAL, DEE, EVE, FAY, GUS, HAL = "Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"

WORKED_EXAMPLE = Night(
    settings={},  # multiple cubes, Jacoby on, live-cube consulting: the defaults
    opening_line=(ANN, BEN, CAL, DEE, EVE),  # from the rolls 6, 5, 4, 3, 2
    first_seats=Seats(ANN, BEN, (CAL, DEE, EVE)),
    steps=(
        Game(
            "T1",
            (),
            "team",
            "gammon",
            {ANN: -4, BEN: 1, CAL: 1, DEE: 1, EVE: 1},
            Seats(BEN, CAL, (DEE, EVE, ANN)),
        ),
        Game(
            "T1",
            (Cube("box", {CAL: "take", DEE: "drop", EVE: "take", ANN: "drop"}),),
            "box",
            "gammon",
            {ANN: -1, BEN: 10, CAL: -4, DEE: -1, EVE: -4},
            Seats(BEN, DEE, (EVE, ANN, CAL)),
        ),
        Game(
            "T1",
            (
                Cube("team", {DEE: "take"}),
                Cube("team", {EVE: "take"}),
                Cube("box", {DEE: "take"}),
            ),
            "team",
            "single",
            {ANN: 1, BEN: -8, CAL: 1, DEE: 4, EVE: 2},
            Seats(DEE, EVE, (ANN, CAL, BEN)),
        ),
        Game(
            "T1",
            (Cube("box", {EVE: "drop", ANN: "take", CAL: "take", BEN: "drop"}),),
            "team",
            "single",
            {ANN: 2, BEN: -1, CAL: 2, DEE: -2, EVE: -1},
            Seats(ANN, CAL, (BEN, EVE, DEE)),
        ),
        Game(
            "T1",
            (Cube("team", {CAL: "take"}),),
            "box",
            "gammon",
            {ANN: 7, BEN: -1, CAL: -4, DEE: -1, EVE: -1},
            Seats(ANN, BEN, (EVE, DEE, CAL)),
        ),
    ),
    totals={ANN: 5, BEN: 1, CAL: -4, DEE: 1, EVE: -3},
)

# Six players, a box partner with a half share (the odd point stays with the box), at
# most six at the table, which splits when a seventh arrives.
SIX_PLAYER_NIGHT = Night(
    settings={"max_players": 6, "box_partner": True, "partner_share": 50, "split_when_full": True},
    opening_line=(ANN, BEN, CAL, DEE, EVE, FAY),
    # Six present: the player after the captain (Cal) joins the box.
    first_seats=Seats(ANN, BEN, (DEE, EVE, FAY), partner=CAL),
    steps=(
        # 1. No cube; the box wins a single: 4 points to the box side, shared 2 and 2.
        Game(
            "T1",
            (),
            "box",
            "single",
            {ANN: 2, CAL: 2, BEN: -1, DEE: -1, EVE: -1, FAY: -1},
            Seats(ANN, DEE, (EVE, FAY, BEN), partner=CAL),
        ),
        # 2. The box doubles all: Dee and Fay take, Eve and Ben drop; the team wins a
        # gammon (the turned cubes count it): the box side pays 4 + 4 - 1 - 1 = 6, 3 each.
        # Ann lost the box: Dee is box, the partner Cal captain, Eve the new partner.
        Game(
            "T1",
            (Cube("box", {DEE: "take", EVE: "drop", FAY: "take", BEN: "drop"}),),
            "team",
            "gammon",
            {ANN: -3, CAL: -3, DEE: 4, EVE: -1, FAY: 4, BEN: -1},
            Seats(DEE, CAL, (FAY, BEN, ANN), partner=EVE),
        ),
        # 3. Cal doubles, the box takes; the box wins a single: 2 + 1 + 1 + 1 = 5 to the
        # box side: Eve 2, Dee 3 (the odd point stays with the box). Cal to the end.
        Game(
            "T1",
            (Cube("team", {CAL: "take"}),),
            "box",
            "single",
            {DEE: 3, EVE: 2, CAL: -2, FAY: -1, BEN: -1, ANN: -1},
            Seats(DEE, FAY, (BEN, ANN, CAL), partner=EVE),
        ),
        # Gus makes seven: the table splits, the last two in line go with him.
        Join(
            "T1",
            GUS,
            split_into="T2",
            new_table_seats=Seats(ANN, CAL, (GUS,)),
            seats_after=Seats(DEE, FAY, (BEN,), partner=EVE),
        ),
        # 4. Four left, the partnership holds; the team wins a single: the box side pays 2.
        # Dee loses the box: Fay is box, Eve captain; four players, so no new partner.
        Game(
            "T1",
            (),
            "team",
            "single",
            {DEE: -1, EVE: -1, FAY: 1, BEN: 1},
            Seats(FAY, EVE, (BEN, DEE)),
        ),
        # Hal arrives while T2's first game is being played: he waits for its end.
        Join("T2", HAL, during_game=True, seats_after=Seats(ANN, CAL, (GUS,))),
        # T2, game 1: the box wins a gammon, no cube turned (Jacoby: single).
        Game(
            "T2",
            (),
            "box",
            "gammon",
            {ANN: 2, CAL: -1, GUS: -1},
            Seats(ANN, GUS, (CAL, HAL)),
        ),
        Leave("T1", BEN, seats_after=Seats(FAY, EVE, (DEE,))),
        Leave("T2", HAL, seats_after=Seats(ANN, GUS, (CAL,))),
        # Six again: T2 sits down behind T1's line; six present, so Dee joins the box.
        MergeTables("T1", "T2", Seats(FAY, EVE, (ANN, GUS, CAL), partner=DEE)),
        # 5. Captain Eve doubles, the box drops (Eve +1, and she has won the box); Ann
        # plays on as acting captain and the box wins the rest: 3 - 1 = 2, shared 1 and 1.
        # Fay to the end, her partner Dee captain; six present, so Ann joins the box.
        Game(
            "T1",
            (Cube("team", {EVE: "drop"}),),
            "box",
            "single",
            {FAY: 1, DEE: 1, EVE: 1, ANN: -1, GUS: -1, CAL: -1},
            Seats(EVE, DEE, (GUS, CAL, FAY), partner=ANN),
        ),
    ),
    totals={ANN: -1, BEN: -2, CAL: -5, DEE: 6, EVE: 0, FAY: 4, GUS: -2, HAL: 0},
)

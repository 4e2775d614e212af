"""Plain values of a chouette: table settings, the line-up, cube turns and game records.

Everything here is a frozen dataclass or an enum; nothing imports Django. Players are
identified by whatever hashable id the caller uses (a primary key or a name).
See docs/chouette.md for the rules these values describe.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TypeAlias

from chouette.core.errors import ChouetteError
from engine import outcomes
from engine.nardy.rules import BLOCK_RULES

PlayerId: TypeAlias = Hashable

MIN_PLAYERS = 3
BOX_PARTNER_FROM = 6  # chouette.md §8: a box partner with six or more players
SPLIT_FROM = 6  # a split gives two tables of at least three


class Variant(StrEnum):
    BACKGAMMON = "backgammon"
    NARDY = "nardy"  # long nardy, spelled as the engine and the matches spell it

    @property
    def engine_name(self) -> str:
        """The variant's name in engine.outcomes: the same spelling ("backgammon" or "nardy")."""
        return self.value


class CubeMode(StrEnum):
    MULTIPLE = "multiple"  # one cube per team member (chouette.md §3, the default)
    SINGLE = "single"  # one team cube (chouette.md §7)


class Consulting(StrEnum):
    LIVE_CUBE = "live_cube"
    FULL = "full"
    NONE = "none"


class RotationRule(StrEnum):
    CAPTAIN_BET = "captain_bet"  # chouette.md §5, the default
    FINAL_CAPTAIN = "final_captain"  # §5 ruling: the final captain's result only


class Side(StrEnum):
    BOX = "box"
    TEAM = "team"

    @property
    def other(self) -> Side:
        return Side.TEAM if self is Side.BOX else Side.BOX


class Role(StrEnum):
    BOX = "box"
    PARTNER = "partner"  # the box's partner (§8): no board, no cube, a share of the box's result
    CAPTAIN = "captain"
    CREW = "crew"


class ResultKind(StrEnum):
    """How the board game ended: single, gammon or backgammon in short backgammon;
    oin, mars or koks in long nardy (rules-long-nardy.md §9; koks only with the option)."""

    SINGLE = "single"
    GAMMON = "gammon"
    BACKGAMMON = "backgammon"
    OIN = "oin"
    MARS = "mars"
    KOKS = "koks"

    @property
    def variant(self) -> Variant:
        """The variant this result belongs to."""
        return Variant.NARDY if self in _NARDY_RESULTS else Variant.BACKGAMMON

    @property
    def multiplier(self) -> int:
        # The engine's 1, 2, 3 (single, gammon, backgammon; oin, mars, koks).
        return outcomes.multiplier(self.value, self.variant.engine_name)


_NARDY_RESULTS = frozenset({ResultKind.OIN, ResultKind.MARS, ResultKind.KOKS})


def results_of(variant: Variant, koks: bool = False) -> tuple[ResultKind, ...]:
    """The results a game of ``variant`` can end with, in order of value."""
    if variant is Variant.NARDY:
        kinds = (ResultKind.OIN, ResultKind.MARS)
        return (*kinds, ResultKind.KOKS) if koks else kinds
    return (ResultKind.SINGLE, ResultKind.GAMMON, ResultKind.BACKGAMMON)


def check_result_kind(settings: ChouetteSettings, kind: ResultKind) -> None:
    """A result of the session's variant, and koks only when the table counts it."""
    if kind.variant is not settings.variant:
        raise ChouetteError(
            "result_not_in_variant", kind=kind.value, variant=settings.variant.value
        )
    if kind is ResultKind.KOKS and not settings.koks:
        raise ChouetteError("koks_not_allowed")


class Answer(StrEnum):
    """The whole answer to one double, beaver and raccoon included (rules-backgammon §8)."""

    TAKE = "take"  # cube x2, the taker owns it
    DROP = "drop"  # the bet ends; the doubler wins the value before the double
    BEAVER = "beaver"  # taken and beavered, doubler plays on: x4, the taker owns it
    BEAVER_PASSED = "beaver_passed"  # the doubler passed the beaver: the taker wins 2v
    RACCOON = "raccoon"  # beaver, raccoon, accepted: x8, the beaverer owns it
    RACCOON_PASSED = "raccoon_passed"  # the beaverer passed the raccoon: the doubler wins 4v

    @property
    def is_beaver(self) -> bool:
        return self is not Answer.TAKE and self is not Answer.DROP

    @property
    def is_raccoon(self) -> bool:
        return self in (Answer.RACCOON, Answer.RACCOON_PASSED)

    @property
    def accepted(self) -> bool:
        """True when the doubled side stays in (the box 'takes' this cube)."""
        return self is not Answer.DROP


@dataclass(frozen=True)
class ChouetteSettings:
    """A table's rules. Both variants are offered: a game ends single, gammon or
    backgammon in short backgammon, oin or mars (koks with ``koks``) in long nardy, and
    every bet is settled the same way per cube (chouette.md §4).

    A chouette is always played with cubes, in long nardy too: the project's long-nardy
    default is no cube (rules-long-nardy.md §9, games.models.Match.cube_enabled), but a
    chouette's bets are the cubes, so the cube rules of rules-backgammon §8 apply in
    both variants. Jacoby works per bet in both: a mars or koks counts only on a turned
    cube, like a gammon or backgammon.
    """

    variant: Variant = Variant.BACKGAMMON
    stake_per_point: Decimal = Decimal(1)
    cube_mode: CubeMode = CubeMode.MULTIPLE
    jacoby: bool = True
    beavers: bool = False
    raccoons: bool = False
    consulting: Consulting = Consulting.LIVE_CUBE
    max_automatic_doubles: int = 1
    max_players: int = 6
    initial_cubes_rule: bool = False
    box_must_take_captain: bool = False
    rotation: RotationRule = RotationRule.CAPTAIN_BET
    koks: bool = False  # long nardy only: koks scores 3 (rules-long-nardy §9, off by default)
    # Long nardy only: the six-point block rule the games are played under (rules-long-nardy
    # §7; the engine's names ahead/home/off, "" for none). It does not change the
    # settlement; it is the table's regulation of play, shown with its rules.
    block_rule: str = ""
    # §8 box partner: with BOX_PARTNER_FROM or more players present, the player after the
    # captain joins the box; the box keeps the cube decisions and the partner takes
    # ``partner_share`` per cent of the box's result each game (see settlement.py).
    box_partner: bool = False
    partner_share: int = 50
    # A newcomer at a full table splits it in two instead of being refused (rotation.py).
    split_when_full: bool = False

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "variant", Variant(self.variant))
        except ValueError:
            raise ChouetteError("variant_not_supported", variant=self.variant) from None
        if self.koks and self.variant is not Variant.NARDY:
            raise ChouetteError("koks_needs_nardy", variant=self.variant.value)
        if self.block_rule and self.variant is not Variant.NARDY:
            raise ChouetteError("block_rule_needs_nardy", variant=self.variant.value)
        if self.block_rule and self.block_rule not in BLOCK_RULES:
            raise ChouetteError(
                "block_rule_unknown", value=self.block_rule, choices=", ".join(BLOCK_RULES)
            )
        # str() first so that a float such as 0.1 becomes Decimal("0.1"), not its binary value
        object.__setattr__(self, "stake_per_point", Decimal(str(self.stake_per_point)))
        if self.stake_per_point <= 0:
            raise ChouetteError("stake_not_positive", stake=self.stake_per_point)
        if self.max_players < MIN_PLAYERS:
            raise ChouetteError("max_players_out_of_range", value=self.max_players)
        if self.max_automatic_doubles < 0:
            raise ChouetteError("automatic_doubles_negative", value=self.max_automatic_doubles)
        if self.raccoons and not self.beavers:
            raise ChouetteError("raccoons_need_beavers")
        if self.beavers and self.cube_mode is CubeMode.SINGLE:
            raise ChouetteError("beavers_need_multiple_cubes")
        if not 1 <= self.partner_share <= 99:
            raise ChouetteError("partner_share_out_of_range", value=self.partner_share)
        if self.box_partner and self.max_players < BOX_PARTNER_FROM:
            raise ChouetteError("partner_needs_six", limit=self.max_players, count=BOX_PARTNER_FROM)
        if self.split_when_full and self.max_players + 1 < SPLIT_FROM:
            raise ChouetteError(
                "split_needs_more_players", limit=self.max_players, count=SPLIT_FROM - 1
            )


@dataclass(frozen=True)
class LineUp:
    """Who sits where for one game: the box, then the team in line order, captain first.

    ``partner`` is the box's partner (§8), or None. The partner is not in ``team`` and has
    no cube; ``line`` is the rotation order without the partner, ``seats`` everybody.
    """

    box: PlayerId
    team: tuple[PlayerId, ...]
    partner: PlayerId | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "team", tuple(self.team))
        if not self.team:
            raise ChouetteError("too_few_players", count=len(self.seats))
        check_line(self.seats)

    @property
    def captain(self) -> PlayerId:
        return self.team[0]

    @property
    def crew(self) -> tuple[PlayerId, ...]:
        return self.team[1:]

    @property
    def line(self) -> tuple[PlayerId, ...]:
        """The rotation order: box, captain, crew (the partner stands beside the box)."""
        return (self.box, *self.team)

    @property
    def seats(self) -> tuple[PlayerId, ...]:
        """Everybody at the table as shown: box, partner, captain, crew."""
        if self.partner is None:
            return self.line
        return (self.box, self.partner, *self.team)

    @property
    def box_side(self) -> tuple[PlayerId, ...]:
        return (self.box,) if self.partner is None else (self.box, self.partner)

    def role_of(self, player: PlayerId) -> Role:
        if player == self.box:
            return Role.BOX
        if self.partner is not None and player == self.partner:
            return Role.PARTNER
        if player == self.captain:
            return Role.CAPTAIN
        if player in self.crew:
            return Role.CREW
        raise ChouetteError("player_not_in_game", player=player)

    @classmethod
    def from_line(cls, line: Sequence[PlayerId], partner: PlayerId | None = None) -> LineUp:
        """Box first, then captain, then the crew; the partner beside the box."""
        check_line(tuple(line) + (() if partner is None else (partner,)))
        return cls(box=line[0], team=tuple(line[1:]), partner=partner)

    @classmethod
    def from_seats(cls, seats: Sequence[tuple[PlayerId, Role]]) -> LineUp:
        """Build from (player, role) rows as a form sends them, crew in the given order."""
        boxes = [player for player, role in seats if role is Role.BOX]
        captains = [player for player, role in seats if role is Role.CAPTAIN]
        partners = [player for player, role in seats if role is Role.PARTNER]
        if len(boxes) > 1:
            raise ChouetteError("two_boxes", players=tuple(boxes))
        if not boxes:
            raise ChouetteError("no_box")
        if len(captains) > 1:
            raise ChouetteError("two_captains", players=tuple(captains))
        if not captains:
            raise ChouetteError("no_captain")
        if len(partners) > 1:
            raise ChouetteError("two_partners", players=tuple(partners))
        crew = tuple(player for player, role in seats if role is Role.CREW)
        partner = partners[0] if partners else None
        return cls(box=boxes[0], team=(captains[0], *crew), partner=partner)


def check_distinct(players: Sequence[PlayerId]) -> None:
    """Nobody twice: the first repeated player is named."""
    seen: set[PlayerId] = set()
    for player in players:
        if player in seen:
            raise ChouetteError("duplicate_player", player=player)
        seen.add(player)


def check_line(line: tuple[PlayerId, ...]) -> None:
    check_distinct(line)
    if len(line) < MIN_PLAYERS:
        raise ChouetteError("too_few_players", count=len(line))


@dataclass(frozen=True)
class Double:
    """One side's cube turn: the cubes turned at the same moment and the answer to each.

    ``by`` is the side that doubled. With one cube per member, ``answers`` names the
    members whose cubes were turned (by the box, or by those members themselves) and the
    answer given on each. With one team cube, a team double has a single answer keyed
    by the acting captain (the box answers once); a box double has one answer for every
    member with a live bet.
    """

    by: Side
    answers: tuple[tuple[PlayerId, Answer], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "answers", tuple(tuple(pair) for pair in self.answers))
        if not self.answers:
            raise ChouetteError("empty_double")
        seen: set[PlayerId] = set()
        for member, _ in self.answers:
            if member in seen:
                raise ChouetteError("duplicate_cube", player=member)
            seen.add(member)


@dataclass(frozen=True)
class BoardResult:
    """How the board game ended; it settles every bet still live at that moment."""

    winner: Side
    kind: ResultKind = ResultKind.SINGLE


@dataclass(frozen=True)
class GameRecord:
    """One game as the table reports it.

    ``result`` is None only when every bet ended by a drop. ``declared_cubes`` is an
    optional cross-check for forms that also ask for each cube's final value.
    """

    lineup: LineUp
    doubles: tuple[Double, ...] = ()
    result: BoardResult | None = None
    automatic_doubles: int = 0
    declared_cubes: tuple[tuple[PlayerId, int], ...] = ()
    # An optional cross-check of the amounts the table wrote down, one per seated player:
    # they must sum to zero and match the settlement (settlement.py).
    declared_points: tuple[tuple[PlayerId, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubles", tuple(self.doubles))
        object.__setattr__(self, "declared_cubes", tuple(self.declared_cubes))
        object.__setattr__(self, "declared_points", tuple(self.declared_points))


@dataclass(frozen=True)
class Join:
    """A player arrives and joins the line behind everybody (chouette.md §2.3).

    Between games they are in the line at once. ``during_game``: they arrived while a
    game was being played, so they wait and join after that game's rotation (the FIBS
    rule, §2.3 and CH10), behind the players it moved to the end.
    """

    player: PlayerId
    during_game: bool = False


@dataclass(frozen=True)
class Leave:
    """A player leaves between games; the line closes up (chouette.md §2.4)."""

    player: PlayerId


@dataclass(frozen=True)
class Split:
    """A newcomer at a full table (``split_when_full``): ``movers``, the last players of
    the line, leave with the newcomer to open a second table (rotation.split_movers)."""

    player: PlayerId
    movers: tuple[PlayerId, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "movers", tuple(self.movers))


@dataclass(frozen=True)
class Merge:
    """The players of another table sit down here, behind everybody, in their order."""

    players: tuple[PlayerId, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))


SessionEvent: TypeAlias = GameRecord | Join | Leave | Split | Merge


def is_power_of_two(value: int) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and value >= 1
        and value & (value - 1) == 0
    )


def check_cube_value(value: int) -> None:
    """For forms that let people type a cube value."""
    if not is_power_of_two(value):
        raise ChouetteError("cube_not_power_of_two", value=value)

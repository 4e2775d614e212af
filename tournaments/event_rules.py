"""The rules around the draw, as plain functions: registration, divisions, check-in,
time controls per round. No Django here; the services apply them with the ORM.

Every refusal is a ``RegistrationError`` with a stable code and an English sentence (the
Django layer translates by code, see ``tournaments.messages.ERROR_MESSAGES``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from common.bounds import parse_int
from tournaments.errors import TournamentError

MAX_DIVISIONS = 8
MAX_TIME_CONTROLS = 12
MAX_TIME_CONTROL_TEXT = 80
UNRATED = 1500.0  # an unrated player counts as a new player (tournaments.md §6)


class RegistrationError(TournamentError):
    """A registration, check-in or withdrawal that cannot be done as asked."""


# --- registration ----------------------------------------------------------------------


class Placement(str, Enum):
    """Where a new registration goes."""

    ENTERED = "entered"
    PENDING = "pending"  # the director approves it first
    WAITLISTED = "waitlisted"


def check_registration_open(*, status: str, deadline: datetime | None, now: datetime) -> None:
    """Registration is open while the event is in the registration stage, before any deadline."""
    if status != "registration":
        raise RegistrationError("registration_closed", "Registration for this event is not open.")
    if deadline is not None and now >= deadline:
        raise RegistrationError("registration_deadline_passed",
                                "The registration deadline has passed.", {"deadline": deadline})


def placement(*, capacity: int | None, entered: int, approval_required: bool) -> Placement:
    """A new registration waits for approval, takes a place, or joins the waiting list."""
    if approval_required:
        return Placement.PENDING
    return Placement.ENTERED if has_room(capacity=capacity, entered=entered) else Placement.WAITLISTED


def has_room(*, capacity: int | None, entered: int) -> bool:
    return capacity is None or entered < capacity


def places_to_fill(*, capacity: int | None, entered: int, waiting: int) -> int:
    """How many people of the waiting list move up now."""
    if capacity is None:
        return waiting
    return max(0, min(waiting, capacity - entered))


def check_capacity(capacity: Any) -> None:
    if capacity is None:
        return
    if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
        raise RegistrationError("bad_capacity", "The number of places is a whole number from 1.",
                                {"capacity": capacity})


def check_deadline(deadline: datetime | None, now: datetime) -> None:
    """A deadline being set must lie ahead."""
    if deadline is not None and deadline <= now:
        raise RegistrationError("deadline_in_past", "The registration deadline must be in the future.",
                                {"deadline": deadline})


# --- divisions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Division:
    """A flight of players by strength (Open, Intermediate, Novice, ...).

    ``max_rating``: players rated above it may not enter (None: no limit). With
    ``self_declared`` the player's own choice is taken as it is (for unrated fields).
    """

    code: str
    name: str
    max_rating: float | None = None
    self_declared: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "max_rating": self.max_rating,
                "self_declared": self.self_declared}


def parse_divisions(raw: Any) -> list[Division]:
    """The event's divisions from their stored form (a list of dicts), validated."""
    if raw in (None, ""):
        return []
    if not isinstance(raw, list) or len(raw) > MAX_DIVISIONS:
        raise RegistrationError("bad_divisions", f"Give at most {MAX_DIVISIONS} divisions.")
    divisions: list[Division] = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise RegistrationError("bad_divisions", "Each division has a code and a name.")
        code, name = str(item.get("code", "")).strip(), str(item.get("name", "")).strip()
        if not code or len(code) > 20 or not code.replace("_", "").replace("-", "").isalnum():
            raise RegistrationError("bad_divisions", "A division code is 1 to 20 letters or digits.",
                                    {"code": code})
        if not name or len(name) > 60:
            raise RegistrationError("bad_divisions", "A division name is 1 to 60 characters.",
                                    {"code": code})
        limit = item.get("max_rating")
        if limit is not None:
            if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 0 < limit < 4000:
                raise RegistrationError("bad_divisions", "A rating limit is a number from 1 to 3999.",
                                        {"code": code})
            limit = float(limit)
        divisions.append(Division(code, name, limit, bool(item.get("self_declared", False))))
    if len({d.code for d in divisions}) != len(divisions):
        raise RegistrationError("bad_divisions", "Each division code is used once.")
    return divisions


def divisions_from_text(text: str) -> list[dict[str, Any]]:
    """The console's one-line form: ``open: Open; inter: Intermediate <1650; nov: Novice *``.

    ``<N`` sets a rating limit, ``*`` marks a self-declared division.
    """
    result: list[dict[str, Any]] = []
    for part in (p.strip() for p in text.replace("\n", ";").split(";")):
        if not part:
            continue
        code, _, rest = part.partition(":")
        rest = rest.strip() or code.strip()
        self_declared = rest.endswith("*")
        rest = rest.rstrip("*").strip()
        limit: float | None = None
        if "<" in rest:
            rest, _, number = rest.partition("<")
            try:
                limit = float(number.strip())
            except ValueError as error:
                raise RegistrationError("bad_divisions", "A rating limit is a number, as in <1650.",
                                        {"code": code.strip()}) from error
        result.append({"code": code.strip().lower(), "name": rest.strip(), "max_rating": limit,
                       "self_declared": self_declared})
    parse_divisions(result)
    return result


def divisions_to_text(raw: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for item in raw or ():
        text = f"{item['code']}: {item['name']}"
        if item.get("max_rating") is not None:
            text += f" <{item['max_rating']:g}"
        if item.get("self_declared"):
            text += " *"
        parts.append(text)
    return "; ".join(parts)


def eligible(division: Division, rating: float | None) -> bool:
    """May a player of this rating (None: unrated) enter this division?"""
    if division.self_declared or division.max_rating is None:
        return True
    return (UNRATED if rating is None else rating) <= division.max_rating


def choose_division(divisions: Iterable[Division], code: str, rating: float | None) -> str:
    """The division code a registration gets; '' when the event has no divisions."""
    divisions = list(divisions)
    if not divisions:
        return ""
    if not code:
        allowed = [d for d in divisions if eligible(d, rating)]
        if len(allowed) == 1:
            return allowed[0].code
        raise RegistrationError("division_required", "Choose a division.")
    found = next((d for d in divisions if d.code == code), None)
    if found is None:
        raise RegistrationError("unknown_division", "There is no such division in this event.",
                                {"division": code})
    if not eligible(found, rating):
        raise RegistrationError(
            "division_rating_limit",
            f"The {found.name} division is for players rated up to {found.max_rating:g}.",
            {"division": found.name, "limit": f"{found.max_rating:g}"},
        )
    return found.code


# --- check-in ----------------------------------------------------------------------------


class CheckIn(str, Enum):
    NOT_REQUIRED = "not_required"
    NOT_OPEN = "not_open"
    OPEN = "open"
    CLOSED = "closed"


def check_in_state(opens: datetime | None, closes: datetime | None, now: datetime) -> CheckIn:
    """Check-in is required when it has an opening time; it closes at ``closes`` (or the draw)."""
    if opens is None:
        return CheckIn.NOT_REQUIRED
    if now < opens:
        return CheckIn.NOT_OPEN
    if closes is not None and now >= closes:
        return CheckIn.CLOSED
    return CheckIn.OPEN


def check_check_in_window(opens: datetime | None, closes: datetime | None) -> None:
    if closes is not None and opens is None:
        raise RegistrationError("check_in_window", "Give the time check-in opens too.")
    if opens is not None and closes is not None and closes <= opens:
        raise RegistrationError("check_in_window", "Check-in must close after it opens.")


# --- pairs kept apart ----------------------------------------------------------------------

MAX_AVOIDED_PAIRS = 50


def parse_avoided_pairs(raw: Any) -> list[tuple[int, int]]:
    """Director-set pairs of players (ids) kept apart in round 1, e.g. family members."""
    if raw in (None, ""):
        return []
    if not isinstance(raw, list) or len(raw) > MAX_AVOIDED_PAIRS:
        raise RegistrationError("bad_avoided_pairs", f"Give at most {MAX_AVOIDED_PAIRS} pairs.")
    pairs = []
    for item in raw:
        if (not isinstance(item, (list, tuple)) or len(item) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in item)
                or item[0] == item[1]):
            raise RegistrationError("bad_avoided_pairs", "Each pair names two different players.")
        pairs.append((int(item[0]), int(item[1])))
    return pairs


# --- time controls -------------------------------------------------------------------------


@dataclass(frozen=True)
class TimeControl:
    """From ``from_round`` on (until the next one): the clock setting and whether clocks
    are required (e.g. "2 min per point + 12 s delay", clocks from the quarter-finals)."""

    from_round: int
    text: str
    clocks_required: bool = False
    forfeit_minutes: int | None = None


def parse_time_controls(raw: Any) -> list[TimeControl]:
    if raw in (None, ""):
        return []
    if not isinstance(raw, list) or len(raw) > MAX_TIME_CONTROLS:
        raise RegistrationError("bad_time_controls", f"Give at most {MAX_TIME_CONTROLS} time controls.")
    controls = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise RegistrationError("bad_time_controls", "Each time control starts at a round.")
        start = item.get("from_round")
        if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= 99:
            raise RegistrationError("bad_time_controls", "A time control starts at a round from 1 to 99.")
        text = str(item.get("text", "")).strip()
        if len(text) > MAX_TIME_CONTROL_TEXT:
            raise RegistrationError("bad_time_controls",
                                    f"A time control is at most {MAX_TIME_CONTROL_TEXT} characters.")
        minutes = item.get("forfeit_minutes")
        if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int)
                                    or not 1 <= minutes <= 240):
            raise RegistrationError("bad_time_controls", "Forfeit times run from 1 to 240 minutes.")
        controls.append(TimeControl(start, text, bool(item.get("clocks_required", False)), minutes))
    if len({c.from_round for c in controls}) != len(controls):
        raise RegistrationError("bad_time_controls", "Each round starts at most one time control.")
    return sorted(controls, key=lambda c: c.from_round)


def time_control_for(controls: Sequence[TimeControl], round_number: int) -> TimeControl | None:
    """The time control in force in a round: the last one starting at or before it."""
    found = None
    for control in sorted(controls, key=lambda c: c.from_round):
        if control.from_round <= round_number:
            found = control
    return found


def forfeit_minutes_for(controls: Sequence[TimeControl], round_number: int,
                        default: int | None) -> int | None:
    control = time_control_for(controls, round_number)
    if control is not None and control.forfeit_minutes is not None:
        return control.forfeit_minutes
    return default


def time_controls_from_text(text: str, clock_words: Iterable[str] = ()) -> list[dict[str, Any]]:
    """The console's one-line form: ``1: 2 min/point + 12 s delay; 4: same, clocks; 5: ... +10``.

    ``N: text`` from round N; ``clocks`` anywhere in the text marks clocks required (or one
    of ``clock_words``: the word in the director's language); ``+M`` at the end sets that
    round's forfeit time (minutes).
    """
    words = ["clock", *(word.strip().lower() for word in clock_words if word.strip())]
    result: list[dict[str, Any]] = []
    for part in (p.strip() for p in text.replace("\n", ";").split(";")):
        if not part:
            continue
        start, colon, rest = part.partition(":")
        if not colon or parse_int(start, 1, 999) is None:
            raise RegistrationError("bad_time_controls", "Write each time control as ROUND: text.")
        rest = rest.strip()
        minutes: int | None = None
        head, plus, tail = rest.rpartition("+")
        if plus and parse_int(tail, 0, 999) is not None and " " not in tail.strip():
            minutes, rest = int(tail.strip()), head.strip()
        result.append({"from_round": int(start), "text": rest,
                       "clocks_required": any(word in rest.lower() for word in words),
                       "forfeit_minutes": minutes})
    parse_time_controls(result)
    return result


def time_controls_to_text(raw: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for item in raw or ():
        text = f"{item['from_round']}: {item.get('text', '')}"
        if item.get("forfeit_minutes"):
            text += f" +{item['forfeit_minutes']}"
        parts.append(text)
    return "; ".join(parts)


# --- match clocks --------------------------------------------------------------------------


class ClockRule(str, Enum):
    """How the site works out each match's clock: not at all (the time controls' text is
    all there is), from the match length, or one fixed bank per player."""

    NONE = "none"
    PER_POINT = "per_point"
    BANK = "bank"


DEFAULT_MINUTES_PER_POINT = 2
DEFAULT_DELAY_SECONDS = 12


@dataclass(frozen=True, slots=True)
class MatchClock:
    """Each player's time for the match and the delay before each move's time runs."""

    bank_seconds: int
    delay_seconds: int


def check_clock_rule(rule: str, *, minutes_per_point: int | None, delay_seconds: int | None,
                     bank_minutes: int | None) -> None:
    """A rule the site can compute from: a known kind, and a bank for the fixed bank."""
    try:
        kind = ClockRule(rule)
    except ValueError:
        raise RegistrationError("bad_clock_rule", "Choose a clock rule: none, per_point or bank.") from None
    if kind is ClockRule.PER_POINT and not minutes_per_point:
        raise RegistrationError("clock_needs_minutes", "Give the minutes per point of the match length.")
    if kind is ClockRule.BANK and not bank_minutes:
        raise RegistrationError("clock_needs_bank", "Give each player's fixed bank in minutes.")
    if delay_seconds is None and kind is not ClockRule.NONE:
        raise RegistrationError("clock_needs_delay", "Give the delay per move in seconds (0 for none).")


def match_clock(rule: str, *, length: int, minutes_per_point: int | None,
                delay_seconds: int | None, bank_minutes: int | None) -> MatchClock | None:
    """The clock of one match, or None when the rule computes none (no rule; a per-point
    rule and an unlimited session, which has no length to count from).

    >>> match_clock("per_point", length=7, minutes_per_point=2, delay_seconds=12, bank_minutes=None)
    MatchClock(bank_seconds=840, delay_seconds=12)
    """
    kind = ClockRule(rule)
    delay = delay_seconds or 0
    if kind is ClockRule.PER_POINT and minutes_per_point and length > 0:
        return MatchClock(bank_seconds=60 * minutes_per_point * length, delay_seconds=delay)
    if kind is ClockRule.BANK and bank_minutes:
        return MatchClock(bank_seconds=60 * bank_minutes, delay_seconds=delay)
    return None


def lowest_free_table(used: Iterable[str]) -> str:
    """The smallest table number not in use (tables are numbered 1, 2, ...)."""
    return FreeTables(used).lowest()


class FreeTables:
    """The tables in use, handing out the smallest free number again and again in
    constant time a table (a draw of 512 matches takes 512 tables one after another)."""

    def __init__(self, used: Iterable[str] = ()) -> None:
        self._taken: set[int] = set()
        self._lowest = 1
        for table in used:
            self.take(table)

    def take(self, table: str) -> None:
        number = parse_int(str(table), 1, 10**9)
        if number is not None:
            self._taken.add(number)

    def lowest(self) -> str:
        while self._lowest in self._taken:  # tables only get taken: the lowest only grows
            self._lowest += 1
        return str(self._lowest)

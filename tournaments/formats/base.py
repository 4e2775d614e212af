"""The base of every event format: what the registry (``tournaments.format_registry``) asks of one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.choices import Flight, Format, LateEntryRule
from tournaments.errors import ActionError, DrawError
from tournaments.event_rules import RegistrationError

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser

    from tournaments.models import BracketConflict, Entry, Pairing, Tournament


# Flights played round by round to a table, whose last round is no final.
TABLE_FLIGHTS = (Flight.GROUP, Flight.SWISS, Flight.PLAYOFF)


# A knockout round by the players it holds, up to the largest draw (MAX_ENTRANTS):
# one sentence each, so a language says "1/8 финала" where English says "Round of 16".
ROUNDS_OF = {
    2: gettext_lazy("Final"),
    4: gettext_lazy("Semi-final"),
    8: gettext_lazy("Quarter-final"),
    16: gettext_lazy("Round of 16"),
    32: gettext_lazy("Round of 32"),
    64: gettext_lazy("Round of 64"),
    128: gettext_lazy("Round of 128"),
    256: gettext_lazy("Round of 256"),
    512: gettext_lazy("Round of 512"),
    1024: gettext_lazy("Round of 1024"),
}


def numbered_round(number: int) -> str:
    return _("Round %(number)s") % {"number": number}


def knockout_round_title(number: int, rounds: int, matches: int | None = None) -> str:
    """Round ``number`` of a knockout flight of ``rounds`` rounds, named by the players it
    holds when every round from it to the final halves the field (round 1 of a 12-player
    draw in 16 places is the Round of 16, byes and all); a round that does not (a
    progressive consolation's feed rounds: ``matches`` says how many places it has) is
    "Round n"."""
    from_end = rounds - number
    if from_end < 0 or number < 1:
        return numbered_round(number)
    places = 2 ** from_end
    if matches is not None and matches != places:
        return numbered_round(number)
    title = ROUNDS_OF.get(2 * places)
    return str(title) if title is not None else numbered_round(number)


class EventFormat:
    key: ClassVar[str]
    settings: ClassVar[tuple[str, ...]] = ()
    minimum_entrants: ClassVar[int] = 2
    bracket: ClassVar[bool] = False  # the bracket page shows its draw
    table_flight: ClassVar[str | None] = None  # the crosstable/standings flight, if any
    partial: ClassVar[str] = "tournaments/_bracket.html"
    bracket_partial: ClassVar[str] = "tournaments/_bracket.html"  # the bracket page's draw
    table_partial: ClassVar[str] = "tournaments/_crosstable.html"  # the crosstable page's
    default_tiebreaks: ClassVar[tuple[str, ...] | None] = None
    played_in_rounds: ClassVar[bool] = False  # the director starts or pairs each round
    late_entry_rules: ClassVar[tuple[str, ...]] = ("none",)
    help_texts: ClassVar[dict[str, Any]] = {}  # a setting's help text in this format's words
    playoffs_by_group: ClassVar[bool] = False  # play-offs are per group (the standings page)

    @property
    def label(self) -> str:
        return str(Format(self.key).label)

    # --- settings ------------------------------------------------------------------------

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        """Raise DrawError (code + sentence) for settings that cannot make an event.

        ``entrants`` is the number of players entered when the draw is about to be made;
        None while the event is only being set up (checks that need it are skipped).
        """
        self.check_late_entry_rule(tournament)
        if entrants is not None and entrants < self.minimum_entrants:
            raise DrawError(
                "too_few_entrants",
                f"A {self.label.lower()} needs at least {self.minimum_entrants} entrants; this "
                f"one has {entrants}.",
                {"minimum": self.minimum_entrants, "entrants": entrants},
            )

    def check_late_entry_rule(self, tournament: Tournament) -> None:
        """The event's late-entry rule is one this format applies (``late_entry_rules``);
        the penalty rule needs match wins among the standings' criteria (the penalty
        points are taken off them)."""
        rule = tournament.late_entry_rule
        if rule not in self.late_entry_rules:
            allowed = ", ".join(str(LateEntryRule(key).label) for key in self.late_entry_rules
                                if key in LateEntryRule.values)
            name = str(LateEntryRule(rule).label) if rule in LateEntryRule.values else str(rule)
            raise DrawError(
                "late_entry_rule_not_in_format",
                f"Late entries: the format {self.label} cannot apply the rule “{name}”; "
                f"choose one of: {allowed}.",
                {"field": "late_entry_rule", "rule": name, "format": self.label,
                 "allowed": allowed},
            )
        if rule == LateEntryRule.PENALTY and "wins" not in (tournament.tiebreaks or ["wins"]):
            raise DrawError(
                "late_entry_penalty_needs_wins",
                "Late entries with penalty points need match wins among the tiebreaks: "
                "the penalty points are taken off them.",
                {"field": "late_entry_rule"},
            )

    # --- pages ---------------------------------------------------------------------------

    def flight_title(self, flight: str) -> str:
        return str(Flight(flight).label)

    def round_title(self, flight: str, number: int, rounds: int,
                    matches: int | None = None) -> str:
        """A round of ``flight`` (``rounds`` of them; ``matches`` places in this round,
        byes included, when known) as every page, sheet and message names it: a bracket's
        rounds by the players they hold ("Final", "Semi-final", "Quarter-final", "Round of
        16"), a table's rounds (round robin, Swiss, play-offs) as "Round n"."""
        if flight in TABLE_FLIGHTS:
            return numbered_round(number)
        return knockout_round_title(number, rounds, matches)

    def stage_title(self, flight: str, number: int, rounds: int,
                    matches: int | None = None) -> str:
        """The flight and the round: "Main · Final", "Consolation · Semi-final"."""
        return f"{self.flight_title(flight)} · {self.round_title(flight, number, rounds, matches)}"

    def pairs_with_repeats(self, tournament: Tournament) -> bool:
        """Rounds are paired from the results, so the director may pair the next one
        allowing repeats when none can be paired without (the console offers it)."""
        return False

    def starts_every_round(self, tournament: Tournament) -> bool:
        """Every round is drawn at once, so the director may start them all at once."""
        return False

    # --- play --------------------------------------------------------------------------

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        raise NotImplementedError

    def next_stage(
        self, *, tournament: Tournament, actor: AbstractBaseUser | None, stage: str = "round",
        through: int | None = None, allow_repeats: bool = False,
    ) -> dict[str, Any]:
        raise ActionError("no_rounds", "This format has no rounds to start by hand: results "
                          "move the draw along.")

    def record_result(
        self, *, pairing: Pairing, winner: Entry, actor: AbstractBaseUser | None = None
    ) -> BracketConflict | None:
        raise NotImplementedError

    def place_late_entry(self, *, tournament: Tournament, entry: Entry, rule: str) -> None:
        """Place (and save) a player entered after the draw under ``rule``, one of
        ``late_entry_rules`` (``tournaments.play.walkovers.late_entry`` has checked
        the rest); a format that takes none refuses."""
        raise RegistrationError(
            "late_entry_not_possible",
            "A late entry under this rule is not possible in this format.",
            {"rule": rule, "format": self.key},
        )

    def finish_if_over(self, tournament: Tournament) -> None:
        """Finish a running event that is over without a new result (after a withdrawal);
        a bracket finishes with its last result, so by default nothing to do."""

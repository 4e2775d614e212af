"""Tournaments, their entries, draw pairings, late-correction conflicts and log."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from common.time_zones import validate_time_zone
from games.choices import (  # one list of games for matches, events and ratings
    DEFAULT_BLOCK_RULE,
    BlockRule,
    Variant,
)
from games.models import Match
from tournaments.choices import ClockRuleChoice, Flight, Format, GroupFormat, LateEntryRule
from tournaments.event_rules import DEFAULT_DELAY_SECONDS, DEFAULT_MINUTES_PER_POINT
from tournaments.event_settings import bounds_of
from tournaments.format_registry import format_of
from tournaments.page_cache import SCHEDULE_FIELDS, RowTouchingQuerySet, TouchingQuerySet

# Match lengths per flight: [rounds before the semi-finals, semi-finals, final] for the
# knockout flights, one length for round robins and Swiss rounds (tournaments.md §1).
DEFAULT_MATCH_LENGTHS: dict[str, list[int]] = {
    Flight.MAIN: [7, 9, 11],
    Flight.CONSOLATION: [5, 7, 7],
    Flight.LAST_CHANCE: [3, 5, 5],
    Flight.GROUP: [7],
    Flight.SWISS: [7],
    Flight.LOSERS: [7, 9, 9],
    Flight.GRAND_FINAL: [11],
    Flight.PLAYOFF: [3],  # tournaments.md §3.3.5: a 3-point match by default
}
DEFAULT_TIEBREAKS = ["wins", "head_to_head", "points_difference", "points_scored"]


def default_match_lengths() -> dict[str, list[int]]:
    return {str(flight): list(lengths) for flight, lengths in DEFAULT_MATCH_LENGTHS.items()}


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


def default_rules() -> dict[str, object]:
    return {"crawford": True}


class TournamentQuerySet(RowTouchingQuerySet, models.QuerySet):
    """Bulk updates drop the cached pages of the events they change (tournaments.page_cache)."""


class Tournament(models.Model):
    """One event of a club: its format, options, entry list and status."""

    Format = Format  # the format keys (tournaments.choices)

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", pgettext_lazy("tournament status", "Running")
        FINISHED = "finished", pgettext_lazy("tournament status", "Finished")

    class Seeding(models.TextChoices):
        RATING = "rating", _("By rating")
        PARTIAL = "partial", _("Top seeds by rating, the rest drawn")
        RANDOM = "random", _("Random draw")
        MANUAL = "manual", _("Seeds set by the director")

    class Consolation(models.TextChoices):
        NONE = "none", _("No consolation flight")
        FIRST_MATCH_LOSERS = "first_match_losers", _("Losers of their first match (after a bye too)")
        ROUND_ONE_LOSERS = "round_one_losers", _("Round-1 losers only")
        PROGRESSIVE = "progressive", _("Progressive consolation")

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("club")
    )
    name = models.CharField(_("name"), max_length=120)
    starts_on = models.DateField(_("starts on"))
    start_time = models.TimeField(_("start time"), null=True, blank=True,
                                  help_text=_("Local time in the event's time zone."))
    time_zone = models.CharField(_("time zone"), max_length=64, validators=[validate_time_zone], blank=True,
                                 help_text=_("Empty: the club's time zone."))
    ends_on = models.DateField(_("ends on"), null=True, blank=True)
    variant = models.CharField(pgettext_lazy("game type", "game"), max_length=20, choices=Variant.choices)
    format = models.CharField(_("format"), max_length=20, choices=Format.choices)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    is_public = models.BooleanField(_("public"), default=True)
    rules = models.JSONField(_("match rules"), default=default_rules, blank=True)
    rules_text = models.TextField(_("rules in force"), blank=True)
    match_lengths = models.JSONField(_("match lengths"), default=default_match_lengths)
    seeding = models.CharField(
        _("seeding"), max_length=20, choices=Seeding.choices, default=Seeding.RATING
    )
    seeded_top = models.PositiveSmallIntegerField(_("seeded players (partial)"), default=4)
    consolation = models.CharField(
        _("consolation"), max_length=20, choices=Consolation.choices, default=Consolation.NONE
    )
    last_chance = models.BooleanField(_("last-chance flight"), default=False)
    cycles = models.PositiveSmallIntegerField(_("round-robin cycles"), default=1)
    group_count = models.PositiveSmallIntegerField(_("groups"), default=2)
    qualifiers_per_group = models.PositiveSmallIntegerField(_("qualifiers per group"), default=2)
    # Groups then a knockout: how each group is played (tournaments.formats.groups_knockout).
    group_format = models.CharField(
        _("format of the groups"), max_length=20, choices=GroupFormat.choices,
        default=GroupFormat.ROUND_ROBIN,
        help_text=_("Round robin: everyone in a group meets everyone. Swiss: each group plays "
                    "the Swiss rounds set below (empty: enough rounds for its size), paired "
                    "within the group."))
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), null=True, blank=True)
    grand_final_reset = models.BooleanField(
        _("reset match if the losers' bracket champion wins the grand final"), default=True
    )
    losses_limit = models.PositiveSmallIntegerField(_("losses that put a player out"), default=2)
    round_limit = models.PositiveSmallIntegerField(_("round limit"), null=True, blank=True)
    tiebreaks = models.JSONField(_("tiebreak order"), default=default_tiebreaks)
    # Dual duel (tournaments.standings.DuelPoints): a point for the match and one for the
    # better PR in it, the standings' primary score; round robin and Swiss.
    dual_duel = models.BooleanField(
        _("dual duel points"), default=False,
        help_text=_("Each match gives one point to its winner and one to the player with the "
                    "better PR (GNU Backgammon's analysis) in it; the standings rank by these "
                    "points first, then by the tiebreaks."))
    # Play-offs (tournaments.play.playoffs): players the tiebreaks leave tied on one of
    # places 1..playoff_places play for it after the last round; 0: they share the place.
    playoff_places = models.PositiveSmallIntegerField(
        _("places decided by a play-off"), default=0,
        help_text=_("Players still tied after the tiebreaks on one of the first this many "
                    "places play matches for it after the last round; 0: they share the place."))
    draw_size = models.PositiveSmallIntegerField(_("draw size"), null=True, blank=True)
    random_seed = models.BigIntegerField(_("random seed"), null=True, blank=True)
    current_round = models.PositiveSmallIntegerField(_("current round"), default=0)
    # Registration (tournaments.services.registration): players register themselves while
    # the status is "registration" and before the deadline; a capacity keeps a waiting list.
    registration_deadline = models.DateTimeField(_("registration deadline"), null=True, blank=True)
    approval_required = models.BooleanField(_("directors approve registrations"), default=False)
    capacity = models.PositiveSmallIntegerField(_("places"), null=True, blank=True)
    entry_fee = models.DecimalField(_("entry fee"), max_digits=8, decimal_places=2, null=True,
                                    blank=True)
    divisions = models.JSONField(_("divisions"), default=list, blank=True)
    # An event with divisions is split at its draw into one child tournament per division
    # (tournaments.play.divisions): ``parent`` is the event, ``division`` the code.
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="division_events",
        verbose_name=_("event (of this division)"),
    )
    division = models.CharField(_("division"), max_length=20, blank=True)
    late_entry_rule = models.CharField(_("late entries"), max_length=12,
                                       choices=LateEntryRule.choices, default=LateEntryRule.NONE)
    late_entry_penalty = models.PositiveSmallIntegerField(_("penalty points of a late entry"),
                                                          default=0)
    # Check-in (tournaments.services.checkin) and forfeits of absent players after the draw.
    check_in_opens_at = models.DateTimeField(_("check-in opens"), null=True, blank=True)
    check_in_closes_at = models.DateTimeField(_("check-in closes"), null=True, blank=True)
    check_in_announced_at = models.DateTimeField(_("check-in announced"), null=True, blank=True)
    forfeit_minutes = models.PositiveSmallIntegerField(_("minutes before an absent player forfeits"),
                                                       null=True, blank=True)
    time_controls = models.JSONField(_("time controls"), default=list, blank=True)
    # The clock the site works out for each match (event_rules.match_clock); the time
    # controls' text above stays as written.
    clock_rule = models.CharField(_("clock rule"), max_length=10, choices=ClockRuleChoice.choices,
                                  default=ClockRuleChoice.NONE)
    clock_minutes_per_point = models.PositiveSmallIntegerField(
        _("clock minutes per point"), default=DEFAULT_MINUTES_PER_POINT)
    clock_delay_seconds = models.PositiveSmallIntegerField(
        _("delay per move (seconds)"), default=DEFAULT_DELAY_SECONDS)
    clock_bank_minutes = models.PositiveSmallIntegerField(_("fixed bank (minutes)"), null=True,
                                                          blank=True)
    # First-round pairings the draw avoids when the seeding allows (tournaments.draws.avoidance).
    avoid_same_club = models.BooleanField(_("keep players of the same club apart in round 1"),
                                          default=True)
    avoided_pairs = models.JSONField(_("pairs kept apart in round 1"), default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-starts_on", "name", "pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        indexes = [
            # The events not finished yet, by status and day: taking entries, running,
            # coming up (the home page, a director's console). Years of finished events
            # stay out of it, so those lists never read them.
            models.Index(fields=["status", "starts_on"], name="tournament_not_finished",
                         condition=~models.Q(status="finished")),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True) | models.Q(ends_on__gte=models.F("starts_on")),
                name="tournament_ends_after_start",
            ),
            models.CheckConstraint(
                condition=models.Q(cycles__gte=bounds_of("cycles")[0])
                & models.Q(cycles__lte=bounds_of("cycles")[1]),
                name="tournament_cycles_range",
            ),
            models.UniqueConstraint(
                fields=["parent", "division"], condition=models.Q(parent__isnull=False),
                name="one_event_per_division",
            ),
            models.CheckConstraint(
                condition=models.Q(capacity__isnull=True) | models.Q(capacity__gte=1),
                name="tournament_capacity_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(check_in_opens_at__isnull=True)
                | models.Q(check_in_closes_at__isnull=True)
                | models.Q(check_in_closes_at__gt=models.F("check_in_opens_at")),
                name="tournament_check_in_window",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:tournament_detail", kwargs={"pk": self.pk})

    @property
    def zone_name(self) -> str:
        """The event's time zone: its own, else its club's."""
        return self.time_zone or self.club.time_zone

    @property
    def pairs_with_repeats(self) -> bool:
        """The director may pair the next round allowing repeats (its format says)."""
        return self.event_format.pairs_with_repeats(self)

    @property
    def starts_every_round(self) -> bool:
        """The director may start every round at once (its format says)."""
        return self.event_format.starts_every_round(self)

    @property
    def event_format(self):  # type: ignore[no-untyped-def]
        """The registered format (``tournaments.format_registry``): its draw, settings and pages."""
        return format_of(self.format)

    @property
    def is_knockout(self) -> bool:
        return self.event_format.bracket

    @property
    def block_rule(self) -> str:
        """Long nardy's six-point block rule of the event's matches ("" in backgammon)."""
        if self.variant != Variant.NARDY:
            return ""
        rules = self.rules if isinstance(self.rules, dict) else {}
        return rules.get("block_rule") or DEFAULT_BLOCK_RULE

    def get_block_rule_display(self) -> str:
        value = self.block_rule
        return str(BlockRule(value).label) if value in BlockRule.values else value

    def length_for(self, flight: str, round_number: int, rounds_in_flight: int) -> int:
        """The match length of a round: early rounds, semi-finals, final (§1)."""
        lengths = self.match_lengths.get(flight) or DEFAULT_MATCH_LENGTHS[Flight(flight)]
        if len(lengths) == 1 or flight in (Flight.GROUP, Flight.SWISS, Flight.GRAND_FINAL,
                                           Flight.PLAYOFF):
            return int(lengths[0])
        from_end = rounds_in_flight - round_number  # 0 = final, 1 = semi-finals
        index = {0: 2, 1: 1}.get(from_end, 0)
        return int(lengths[min(index, len(lengths) - 1)])


class Withdrawal(models.TextChoices):
    """Why an entrant left the event."""

    WITHDREW = "withdrew", _("withdrew")
    NO_SHOW = "no_show", _("did not check in")
    DIRECTOR = "director", _("withdrawn by the director")


# What the players' own lists ("my matches", tournaments.page_cache.for_player) show of an
# entry: the sides of a pairing (its player, the seed). Its other fields show in no list.
ENTRY_SHOWN_TO_PLAYERS = frozenset({"tournament", "player", "seed"})
# A pairing's fields whose change reaches every entrant's list: where it is (its round's
# title counts the places of its flight's rounds) and who plays it. Its other fields (a
# table, a state, a winner) show in its two players' lists only.
PAIRING_FRAME_FIELDS = frozenset({"tournament", "flight", "group", "round", "number", "top",
                                  "bottom", "match"})


class EntryQuerySet(TouchingQuerySet, models.QuerySet):
    """Bulk writes drop the cached pages of their events (tournaments.page_cache)."""

    frame_fields = ENTRY_SHOWN_TO_PLAYERS


class PairingQuerySet(TouchingQuerySet, models.QuerySet):
    """Bulk writes drop the cached pages of their events (tournaments.page_cache)."""

    schedule_fields = SCHEDULE_FIELDS
    frame_fields = PAIRING_FRAME_FIELDS
    seated = ("match__player1_id", "match__player2_id")

    def seated_players(self, objs: list[Pairing]) -> list[int]:
        return seated_players(objs)


class EventRowQuerySet(TouchingQuerySet, models.QuerySet):
    """For the conflicts and the log (the console shows them): bulk writes drop the
    cached pages of their events (tournaments.page_cache)."""

    tables_show_them = False


class Entry(models.Model):
    """A player entered in a tournament, with their seed and, later, their place.

    ``rating_at_start`` is the club rating for the event's game at the draw (None:
    unrated); ``place_first``..``place_last`` is the finishing place range (ties share it).
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="entries", verbose_name=_("player")
    )
    seed = models.PositiveSmallIntegerField(_("seed"), null=True, blank=True)
    position = models.PositiveSmallIntegerField(_("bracket position"), null=True, blank=True)
    last_chance_seed = models.PositiveSmallIntegerField(_("last-chance seed"), null=True, blank=True)
    group = models.PositiveSmallIntegerField(_("group"), null=True, blank=True)
    rating_at_start = models.FloatField(_("rating at start"), null=True, blank=True)
    place_first = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    place_last = models.PositiveSmallIntegerField(_("place (to)"), null=True, blank=True)
    withdrawn = models.BooleanField(pgettext_lazy("entrant", "withdrawn"), default=False)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)
    withdrawal = models.CharField(_("why withdrawn"), max_length=10, choices=Withdrawal.choices,
                                  blank=True)
    withdrawn_after_round = models.PositiveSmallIntegerField(_("withdrawn after round"), null=True,
                                                             blank=True)
    division = models.CharField(_("division"), max_length=20, blank=True)
    fee_paid = models.BooleanField(_("entry fee paid"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    late = models.BooleanField(_("late entry"), default=False)
    penalty_points = models.PositiveSmallIntegerField(_("penalty points"), default=0)
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "seed", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_entry_per_player"),
            models.UniqueConstraint(
                fields=["tournament", "seed"], condition=models.Q(seed__isnull=False),
                name="unique_entry_seed",
            ),
            models.UniqueConstraint(
                fields=["tournament", "position"], condition=models.Q(position__isnull=False),
                name="unique_entry_position",
            ),
            models.CheckConstraint(
                condition=models.Q(place_first__isnull=True)
                | models.Q(place_last__gte=models.F("place_first")),
                name="entry_place_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.tournament})"

    def get_club(self) -> Club:
        return self.tournament.club


class Walkover(models.TextChoices):
    """Why a pairing was decided without being played."""

    ABSENT = "absent", _("opponent absent")
    WITHDRAWN = "withdrawn", _("opponent withdrew")
    NO_SHOW = "no_show", _("opponent did not come to the table in time")
    LATE = "late", _("late entry: plays the consolation only")


class Pairing(models.Model):
    """One slot of a draw: who meets whom in which flight and round, and its match.

    Knockout pairings exist for the whole bracket from the draw; their sides fill in as
    results are confirmed. ``winner`` is who the bracket advances: it follows the
    confirmed result unless a correction came too late (then a BracketConflict).
    """

    class State(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        READY = "ready", _("Ready")
        DECIDED = "decided", _("Decided")
        BYE = "bye", _("Bye")
        EMPTY = "empty", _("Empty")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("tournament")
    )
    flight = models.CharField(_("flight"), max_length=20, choices=Flight.choices)
    group = models.PositiveSmallIntegerField(_("group"), default=0)
    round = models.PositiveSmallIntegerField(_("round"))
    number = models.PositiveSmallIntegerField(_("match number"))
    top = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("top")
    )
    bottom = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("bottom"),
    )
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("advances"),
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.WAITING)
    match = models.OneToOneField(
        "games.Match", on_delete=models.PROTECT, null=True, blank=True,
        related_name="pairing", verbose_name=_("match"),
    )
    # The day's tools and forfeits (tournaments.services.day, .checkin).
    table = models.CharField(_("table"), max_length=20, blank=True)
    ready_at = models.DateTimeField(_("ready since"), null=True, blank=True)
    forfeit_at = models.DateTimeField(_("an absent player forfeits at"), null=True, blank=True)
    top_present_at = models.DateTimeField(_("top player present"), null=True, blank=True)
    bottom_present_at = models.DateTimeField(_("bottom player present"), null=True, blank=True)
    walkover = models.CharField(_("walkover because"), max_length=10, choices=Walkover.choices,
                                blank=True)
    # "top:bottom" entry ids when the players were last announced (a change is re-announced).
    announced_for = models.CharField(_("announced for"), max_length=30, blank=True)

    objects = PairingQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "flight", "group", "round", "number"]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "flight", "group", "round", "number"], name="unique_pairing_slot"
            ),
            models.CheckConstraint(
                condition=models.Q(top__isnull=True) | ~models.Q(top=models.F("bottom")),
                name="pairing_two_different_entrants",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} {self.flight} R{self.round} M{self.number}"

    @property
    def flight_title(self) -> str:
        """The flight as the event's format names it (double elimination's Winners' bracket)."""
        return self.tournament.event_format.flight_title(self.flight)

    @property
    def round_title(self) -> str:
        """The round as the event's format names it: "Final", "Semi-final", "Round of 16",
        "Losers' final", "Round 3" (``EventFormat.round_title``). Needs the number of rounds
        of the flight and of places in this round: set as ``flight_rounds`` and
        ``round_places`` by the selectors that read many pairings
        (``with_flight_rounds``, below), else read here."""
        return self.tournament.event_format.round_title(self.flight, self.round,
                                                        *self.round_shape())

    def rounds_in_flight(self) -> int:
        """How many rounds this pairing's flight has (of its group)."""
        return self.round_shape()[0]

    def round_shape(self) -> tuple[int, int]:
        """How many rounds this pairing's flight (of its group) has, and how many places
        (byes included) its round has: ``flight_rounds`` and ``round_places`` when a
        selector has set them, else read in one query (and kept)."""
        rounds = self.__dict__.get("flight_rounds")
        places = self.__dict__.get("round_places")
        if rounds is None or places is None:
            shape = Pairing.objects.filter(
                tournament_id=self.tournament_id, flight=self.flight, group=self.group,
            ).aggregate(last=models.Max("round"),
                        places=models.Count("pk", filter=models.Q(round=self.round)))
            rounds = shape["last"] or self.round
            places = shape["places"] or 1
            self.flight_rounds, self.round_places = rounds, places
        return rounds, places

    @property
    def stage_title(self) -> str:
        """The flight and the round: "Consolation · Final", "Winners' bracket · Round of 16";
        a round whose name says its flight alone ("Losers' final")."""
        return self.tournament.event_format.stage_title(self.flight, self.round,
                                                        *self.round_shape())

    def get_club(self) -> Club:
        return self.tournament.club


def set_round_shapes(pairings: list[Pairing],
                     places: Mapping[tuple[int, str, int | None, int], int]) -> None:
    """Each pairing's ``flight_rounds`` and ``round_places`` (``Pairing.round_shape``) from
    the places of every round of their flights: (tournament, flight, group, round) → count."""
    shape = round_shapes(places)
    for pairing in pairings:
        pairing.flight_rounds, pairing.round_places = shape(
            pairing.tournament_id, pairing.flight, pairing.group, pairing.round)


def round_shapes(places: Mapping[tuple[int, str, int | None, int], int]
                 ) -> Callable[[int, str, int | None, int], tuple[int, int]]:
    """``Pairing.round_shape`` of any round of these flights, from the places of each of
    their rounds: (tournament, flight, group, round) → (flight's rounds, round's places)."""
    last: dict[tuple[int, str, int | None], int] = defaultdict(int)
    for (tournament_id, flight, group, number) in places:
        key = (tournament_id, flight, group)
        last[key] = max(last[key], number)

    def shape(tournament_id: int, flight: str, group: int | None, number: int) -> tuple[int, int]:
        key = (tournament_id, flight, group)
        return last.get(key, number), places.get((*key, number), 1)

    return shape


def seated_players(pairings: Iterable[Pairing]) -> list[int]:
    """The players of these pairings' matches: of the matches read with them, the others
    in one query."""
    pairings = [pairing for pairing in pairings if pairing.match_id is not None]
    loaded = [p.match for p in pairings if Pairing.match.is_cached(p)]  # type: ignore[attr-defined]
    unread = [p.match_id for p in pairings if not Pairing.match.is_cached(p)]  # type: ignore[attr-defined]
    players = [pk for match in loaded for pk in (match.player1_id, match.player2_id)]
    if unread:
        players += [pk for row in Match.objects.filter(pk__in=unread)
                    .values_list("player1_id", "player2_id") for pk in row]  # fmt: skip
    return players


def with_flight_rounds(pairings: list[Pairing]) -> list[Pairing]:
    """Each pairing's number of rounds in its flight and of places in its round (what
    ``Pairing.round_title`` needs), for pairings of any events: one query."""
    tournaments = {pairing.tournament_id for pairing in pairings}
    rows = (Pairing.objects.filter(tournament_id__in=tournaments).order_by()
            .values_list("tournament_id", "flight", "group", "round")
            .annotate(places=models.Count("pk")))
    set_round_shapes(pairings, {(pk, flight, group, number): places
                                for pk, flight, group, number, places in rows})
    return pairings


class BracketConflict(models.Model):
    """A corrected result whose effect reaches a match already under way: the director decides."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the director")
        KEPT = "kept", _("Bracket kept as played")
        APPLIED = "applied", _("Correction applied to the bracket")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="conflicts", verbose_name=_("tournament")
    )
    pairing = models.ForeignKey(
        Pairing, on_delete=models.CASCADE, related_name="conflicts", verbose_name=_("corrected pairing")
    )
    previous_winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", verbose_name=_("winner before")
    )
    new_winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="+", verbose_name=_("winner after")
    )
    affected = models.JSONField(_("matches affected"), default=list)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("resolved by"),
    )
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = EventRowQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("bracket conflict")
        verbose_name_plural = _("bracket conflicts")
        constraints = [
            models.UniqueConstraint(
                fields=["pairing"], condition=models.Q(status="open"), name="one_open_conflict_per_pairing"
            ),
        ]

    def get_club(self) -> Club:
        return self.tournament.club


class TournamentLog(models.Model):
    """Every change the director's side makes: who, when, what before and after."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="log", verbose_name=_("tournament")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("by"),
    )
    action = models.CharField(_("action"), max_length=40)
    before = models.JSONField(_("before"), default=dict, blank=True)
    after = models.JSONField(_("after"), default=dict, blank=True)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    objects = EventRowQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("tournament log entry")
        verbose_name_plural = _("tournament log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action}"


class Registration(models.Model):
    """A player's request to play: waiting for approval, on the waiting list, or decided.

    An accepted registration has its ``entry`` (the player is then an entrant like any
    other); a full event puts new registrations on the waiting list, promoted in order
    when a place frees up (tournaments.services.registration).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for approval")
        WAITLISTED = "waitlisted", _("on the waiting list")
        ACCEPTED = "accepted", _("accepted")
        REJECTED = "rejected", _("not accepted")
        CANCELLED = "cancelled", _("cancelled")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("player")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.PENDING)
    division = models.CharField(_("division"), max_length=20, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    entry = models.OneToOneField(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="registration",
        verbose_name=_("entry"),
    )
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("registered by"),
    )
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    waitlisted_at = models.DateTimeField(_("on the waiting list since"), null=True, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("decided by"),
    )

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"],
                                    name="one_registration_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} → {self.tournament} ({self.status})"

    def get_club(self) -> Club:
        return self.tournament.club

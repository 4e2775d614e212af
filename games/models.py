"""Matches and what is recorded about them: games, results, the audit trail, transcripts.

Chouettes and disputes live in their own apps beside these. Writes go through
``games.services``; the models hold the data, the constraints and small read helpers.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from engine.match import RECORDED_CUBE_LIMIT, MatchRules
from engine.nardy.rules import NardyRules
from games.choices import (  # re-exported: other apps import them from here
    DEFAULT_BLOCK_RULE,
    BlockRule,
    CubeOwner,
    GameResult,
    MatchStatus,
    ResultStatus,
    Seat,
    TranscriptStatus,
    Variant,
)

SCORE_FIELD = {"max_digits": 7, "decimal_places": 1}  # half points come from nardy draws
# Games of one match or session: a 99-point match has fewer than 200 (a game is worth a
# point, or half of one when drawn); a session stops taking games here.
MAX_GAME_NUMBER = 999

__all__ = [
    "BlockRule",
    "Game",
    "GameResult",
    "Match",
    "MatchResult",
    "MatchStatus",
    "MatchTranscript",
    "ResultChange",
    "ResultStatus",
    "TranscriptStatus",
    "Variant",
]


TO_BE_DECIDED = _("to be decided")


def match_name(first: str | None, second: str | None) -> str:
    """A match named by its players in the current language; one not yet known (a later
    round's match) is «to be decided»."""
    return f"{first or TO_BE_DECIDED} – {second or TO_BE_DECIDED}"


class Match(models.Model):
    """A match to ``length`` points (0: an unlimited money session) between two players.

    ``player1`` is the left column of a transcript. The score fields are uncapped (a
    7-point match can end 9-4); ``displayed_score`` caps them. The rules in force are
    fields; ``rules()`` gives them to the engine.
    """

    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="matches", verbose_name=_("club")
    )
    variant = models.CharField(
        _("variant"), max_length=12, choices=Variant.choices, default=Variant.BACKGAMMON
    )
    length = models.PositiveSmallIntegerField(
        _("length"), default=7, help_text=_("Points needed to win; 0 for an unlimited session.")
    )
    player1 = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches_as_player1",
        verbose_name=_("player 1"),
    )
    player2 = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches_as_player2",
        verbose_name=_("player 2"),
    )
    crawford = models.BooleanField(_("Crawford rule"), default=True)
    holland = models.BooleanField(_("Holland rule"), default=False)
    jacoby = models.BooleanField(_("Jacoby rule"), default=False)
    beavers = models.BooleanField(_("beavers"), default=False)
    # None until saved: then the variant's default (the cube is off in long nardy).
    cube_enabled = models.BooleanField(_("cube in use"), null=True, blank=True, default=None)
    koks = models.BooleanField(_("koks"), default=False)
    equalisation = models.BooleanField(
        _("equalisation (last roll)"),
        default=False,
        help_text=_("Long nardy: the second player gets a last roll to draw the game."),
    )
    draw_points = models.DecimalField(
        _("points for a draw"), max_digits=2, decimal_places=1, default=Decimal("0.5")
    )
    # Long nardy's six-point block regulation; "" in backgammon, which has none. Empty
    # until saved: then the main rule for long nardy (see ``apply_variant_defaults``).
    block_rule = models.CharField(
        _("six-point block rule"),
        max_length=8,
        choices=BlockRule.choices,
        blank=True,
        default="",
        help_text=_("Long nardy only."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=MatchStatus.choices, default=MatchStatus.READY
    )
    # A handicap's score spot (a ladder's challenge): the points each player starts with.
    # The running score below begins there; every final score is at least it.
    start_score1 = models.PositiveSmallIntegerField(
        _("starting score of player 1"),
        default=0,
        help_text=_("Points player 1 starts the match with (a handicap); usually 0."),
    )
    start_score2 = models.PositiveSmallIntegerField(
        _("starting score of player 2"),
        default=0,
        help_text=_("Points player 2 starts the match with (a handicap); usually 0."),
    )
    score1 = models.DecimalField(_("score of player 1"), default=Decimal(0), **SCORE_FIELD)
    score2 = models.DecimalField(_("score of player 2"), default=Decimal(0), **SCORE_FIELD)
    winner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches_won",
        verbose_name=_("winner"),
    )
    rated = models.BooleanField(_("rated"), default=True)
    # False for a match of a private event: then only its club sees it (clubs.permissions).
    is_public = models.BooleanField(_("public"), default=True)
    # The time control in force (a tournament sets it per round), printed on score sheets.
    time_control = models.CharField(_("time control"), max_length=80, blank=True)
    clocks_required = models.BooleanField(_("clocks required"), default=False)
    # The clock the event's rule gives this match (each player's time and the delay per
    # move), empty when the event computes none.
    clock_seconds = models.PositiveIntegerField(_("clock per player (seconds)"), null=True, blank=True)
    clock_delay_seconds = models.PositiveSmallIntegerField(_("delay per move (seconds)"), null=True,
                                                           blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # When the match was played: ratings take matches in this order. Set when its first
    # result becomes official: the day its result says it was played
    # (``MatchResult.played_on``, ``games.services.played_dates``), else the time of that
    # confirmation; a correction keeps it unless it gives a day of its own.
    played_at = models.DateTimeField(_("played at"), null=True, blank=True)
    # The rating lists have not yet followed this match's latest official result: it
    # became official in a transaction of its own, and the ratings follow in one of
    # theirs right after it commits (``leaderboard.services.due``); a match left due by
    # a crash in between is caught up by the periodic sweep.
    ratings_due = models.BooleanField(_("ratings due"), default=False)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        indexes = [
            # the matches under way, newest first (the home page)
            models.Index(fields=["status", "-id"], name="match_by_status"),
            # the rating lists' order: one ordered pass over a game type's rated matches
            models.Index(fields=["variant", "played_at", "id"], name="match_rating_order",
                         condition=Q(rated=True, winner__isnull=False)),
            # the few matches whose ratings are due (the sweep's catch-up)
            models.Index(fields=["played_at", "id"], name="match_ratings_due",
                         condition=Q(ratings_due=True)),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(length=0) | Q(jacoby=False, beavers=False),
                name="match_money_options_only_in_sessions",
            ),
            models.CheckConstraint(
                condition=Q(player1__isnull=True)
                | Q(player2__isnull=True)
                | ~Q(player1=F("player2")),
                name="match_two_different_players",
            ),
            models.CheckConstraint(
                condition=Q(start_score1=0, start_score2=0)
                | (Q(length__gt=F("start_score1")) & Q(length__gt=F("start_score2"))),
                name="match_start_score_below_length",
            ),
            models.CheckConstraint(
                condition=Q(draw_points__in=[Decimal("0.5"), Decimal(1)]),
                name="match_draw_points_half_or_one",
            ),
            models.CheckConstraint(
                condition=Q(variant=Variant.NARDY, block_rule__in=BlockRule.values)
                | (~Q(variant=Variant.NARDY) & Q(block_rule="")),
                name="match_block_rule_only_in_nardy",
            ),
        ]

    def __str__(self) -> str:
        return match_name(*self.sides())

    def sides(self) -> list[str | None]:
        """The players' names, ``None`` for one not yet known: how a match is stored where
        it is put into words later, in a reader's language (``match_name``)."""
        return [p.display_name if p else None for p in (self.player1, self.player2)]

    def apply_variant_defaults(self) -> None:
        """Fill in what was left to the variant: the cube (off in long nardy) and the
        block rule (the main rule in long nardy). Done by ``save``; callers that create
        rows in bulk call it themselves."""
        if self.cube_enabled is None:
            self.cube_enabled = self.variant != Variant.NARDY
        if self.variant == Variant.NARDY and not self.block_rule:
            self.block_rule = DEFAULT_BLOCK_RULE

    def save(self, *args: object, **kwargs: object) -> None:
        self.apply_variant_defaults()
        if self._state.adding and not (self.score1 or self.score2):
            # a new match's running score begins at its starting score (a handicap)
            self.score1, self.score2 = Decimal(self.start_score1), Decimal(self.start_score2)
        if self.status in (MatchStatus.WAITING, MatchStatus.READY):
            known = self.player1_id is not None and self.player2_id is not None
            self.status = MatchStatus.READY if known else MatchStatus.WAITING
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    def get_absolute_url(self) -> str:
        return reverse("games:match_detail", kwargs={"pk": self.pk})

    def get_club(self) -> Club:
        return self.club

    @property
    def cube_in_use(self) -> bool:
        if self.cube_enabled is None:
            return self.variant != Variant.NARDY
        return self.cube_enabled

    def rules(self) -> MatchRules:
        """The rules in force, as the engine's MatchRules.

        The cube of a recorded match stops at ``RECORDED_CUBE_LIMIT`` (64; see
        ``engine.match.final_score``), which keeps every score finite and checkable.
        """
        return MatchRules(
            length=self.length,
            variant=self.variant,
            crawford=self.crawford,
            holland=self.holland,
            jacoby=self.jacoby,
            beavers=self.beavers,
            cube=self.cube_in_use,
            koks=self.koks,
            last_roll=self.equalisation,
            draw_points=0.5 if self.draw_points == Decimal("0.5") else 1,
            cube_limit=RECORDED_CUBE_LIMIT if self.cube_in_use else None,
        )

    def variant_rules(self) -> NardyRules | None:
        """The regulation of play the engine judges moves by: long nardy's NardyRules
        (block rule, koks, last roll); None for backgammon, which has no options."""
        if self.variant != Variant.NARDY:
            return None
        return NardyRules(
            block_rule=self.block_rule or DEFAULT_BLOCK_RULE,
            koks=self.koks,
            last_roll=self.equalisation,
        )

    @property
    def engine_block_rule(self) -> str | None:
        """The block rule to pass to the engine's replay (None: backgammon)."""
        rules = self.variant_rules()
        return rules.block_rule if rules is not None else None

    def start_score(self) -> tuple[int, int]:
        """The score the match starts at (player 1, player 2): (0, 0) without a handicap."""
        return (self.start_score1, self.start_score2)

    def start_score_of(self, player: Player | None) -> int:
        """The points ``player`` starts the match with (0 for anyone not in it)."""
        seat = self.seat_of(player)
        return self.start_score()[seat - 1] if seat else 0

    @property
    def has_start_score(self) -> bool:
        return bool(self.start_score1 or self.start_score2)

    @property
    def players(self) -> tuple[Player | None, Player | None]:
        return (self.player1, self.player2)

    @property
    def latest_result_id(self) -> int:
        """The newest result's id (0: none), as a page shows it to the score forms: a
        score sent from that page is refused when the match has another one by then
        (``propose_result``'s ``seen_result``). Reads prefetched results when there are."""
        return max((result.pk for result in self.results.all()), default=0)

    def seat_of(self, player: Player | None) -> int | None:
        """1 or 2 for a player of this match, else None."""
        if player is None:
            return None
        if player.pk == self.player1_id:
            return 1
        if player.pk == self.player2_id:
            return 2
        return None

    def player_in_seat(self, seat: int) -> Player | None:
        return self.player1 if seat == 1 else self.player2

    @property
    def is_session(self) -> bool:
        return self.length == 0

    @property
    def displayed_score(self) -> tuple[Decimal, Decimal]:
        """The score as shown: capped at the match length."""
        if self.is_session:
            return (self.score1, self.score2)
        cap = Decimal(self.length)
        return (min(self.score1, cap), min(self.score2, cap))


class Game(models.Model):
    """One game of a match, as entered. ``points`` and ``crawford`` come from the engine."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="games", verbose_name=_("match")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    winner = models.PositiveSmallIntegerField(
        _("winner"), choices=Seat.choices, null=True, blank=True
    )
    result = models.CharField(_("result"), max_length=12, choices=GameResult.choices)
    cube = models.PositiveIntegerField(_("cube value"), default=1)
    cube_owner = models.PositiveSmallIntegerField(
        _("cube owner"),
        choices=CubeOwner.choices,
        default=0,
    )
    doubles = models.JSONField(
        _("cube actions"),
        null=True,
        blank=True,
        help_text=_('[{"player": 1, "value": 2, "response": "take"}, ...]'),
    )
    crawford = models.BooleanField(_("Crawford game"), default=False)
    points = models.DecimalField(_("points"), **SCORE_FIELD)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="unique_game_number"),
            models.CheckConstraint(condition=Q(cube__gte=1), name="game_cube_at_least_one"),
        ]

    def __str__(self) -> str:
        return f"{self.match} · {_('game')} {self.number}"

    def get_club(self) -> Club:
        return self.match.club


class MatchResult(models.Model):
    """A result put forward for a match; the one ``confirmed`` row is the official one.

    A director's override or correction turns the previous confirmed row into
    ``overridden`` and adds a new confirmed row carrying ``override_reason``.
    """

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="results", verbose_name=_("match")
    )
    score1 = models.DecimalField(_("score of player 1"), **SCORE_FIELD)
    score2 = models.DecimalField(_("score of player 2"), **SCORE_FIELD)
    games = models.JSONField(_("games"), default=list, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=ResultStatus.choices, default=ResultStatus.PROPOSED
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    # The day the match was played, as whoever entered the result said (in the club's
    # time zone); empty: the day it became official. Gives the match its ``played_at``.
    played_on = models.DateField(_("date played"), null=True, blank=True)
    override_reason = models.TextField(_("reason for the override"), blank=True)
    # The checked transcript this result was read from ("checked by the engine"), if any.
    transcript = models.ForeignKey(
        "MatchTranscript", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("read from the transcript"),
    )

    class Meta:
        ordering = ["match", "-entered_at", "-pk"]
        verbose_name = _("match result")
        verbose_name_plural = _("match results")
        indexes = [
            # the latest confirmed results (the home page, a club's page)
            models.Index(fields=["-confirmed_at", "-id"], name="result_latest_confirmed",
                         condition=Q(status="confirmed")),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status="confirmed"),
                name="one_confirmed_result_per_match",
            ),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status="proposed"),
                name="one_proposed_result_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.score1}–{self.score2} ({self.get_status_display()})"

    def get_club(self) -> Club:
        return self.match.club

    @property
    def winner_seat(self) -> int | None:
        if self.score1 == self.score2:
            return None
        return 1 if self.score1 > self.score2 else 2


class ResultChange(models.Model):
    """The audit trail: every write to a match's games or results, with before and after."""

    class Action(models.TextChoices):
        GAME_ENTERED = "game_entered", _("game entered")
        GAME_REMOVED = "game_removed", _("game removed")
        SCORE_ENTERED = "score_entered", _("final score entered")
        PROPOSED = "proposed", _("result proposed")
        CONFIRMED = "confirmed", _("result confirmed")
        DISPUTED = "disputed", _("result disputed")
        REJECTED = "rejected", _("result rejected")
        OVERRIDDEN = "overridden", _("result overridden")
        REPAIRED = "repaired", _("impossible stored score repaired")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="changes", verbose_name=_("match")
    )
    result = models.ForeignKey(
        MatchResult,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("result"),
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("actor"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)

    class Meta:
        ordering = ["match", "at", "pk"]
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")

    def __str__(self) -> str:
        return f"{self.match}: {self.get_action_display()}"


class MatchTranscript(models.Model):
    """An uploaded `.mat` or JSON match record, saved first and checked in the worker."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="transcripts", verbose_name=_("match")
    )
    file_name = models.CharField(_("file name"), max_length=200, blank=True)
    text = models.TextField(_("text"))
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("uploaded by"),
    )
    uploaded_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=TranscriptStatus.choices,
        default=TranscriptStatus.PENDING,
    )
    verdict = models.JSONField(_("verdict"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    agrees_with_result = models.BooleanField(_("agrees with the result"), null=True, blank=True)
    disagreements = models.JSONField(_("disagreements"), default=list, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    # Which column of the file is the uploader's (1 left, 2 right), when they said so: the
    # file's names are matched with the players' names and online handles first.
    uploader_column = models.PositiveSmallIntegerField(
        _("the uploader's column"), null=True, blank=True, choices=[(1, _("left")), (2, _("right"))]
    )
    queued_at = models.DateTimeField(_("queued at"), null=True, blank=True)
    checked_at = models.DateTimeField(_("checked at"), null=True, blank=True)

    class Meta:
        ordering = ["-uploaded_at", "-pk"]
        verbose_name = _("match transcript")
        verbose_name_plural = _("match transcripts")

    def __str__(self) -> str:
        return self.file_name or f"{_('transcript')} {self.pk}"

    def get_club(self) -> Club:
        return self.match.club

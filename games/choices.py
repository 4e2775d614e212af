"""The choices of the games models (variant, seats, statuses, game results)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Variant(models.TextChoices):
    BACKGAMMON = "backgammon", _("Short backgammon")
    NARDY = "nardy", _("Long nardy")


class BlockRule(models.TextChoices):
    """The six-point block regulations of long nardy (rules-long-nardy.md section 7).

    The values are the engine's names (``engine.nardy.rules.BLOCK_RULES``); a test keeps
    the two lists equal. A backgammon match has none (stored as "").
    """

    AHEAD = "ahead", _("main rule (an opponent checker ahead of the block)")
    HOME = "home", _("home rule (an opponent checker in its home)")
    OFF = "off", _("no block rule")


DEFAULT_BLOCK_RULE = BlockRule.AHEAD


class Seat(models.IntegerChoices):
    """A player's seat in a match, as stored (the engine counts 0 and 1)."""

    PLAYER1 = 1, _("player 1")
    PLAYER2 = 2, _("player 2")


class CubeOwner(models.IntegerChoices):
    """Who owns the cube: nobody (centred) or the player in a seat."""

    CENTRED = 0, _("centred")
    PLAYER1 = Seat.PLAYER1.value, _("player 1")
    PLAYER2 = Seat.PLAYER2.value, _("player 2")


class MatchStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for players")
    READY = "ready", _("Ready to play")
    PLAYING = "playing", _("Playing")
    FINISHED = "finished", pgettext_lazy("match status", "Finished")


class GameResult(models.TextChoices):
    SINGLE = "single", _("single")
    GAMMON = "gammon", _("gammon")
    BACKGAMMON = "backgammon", _("backgammon")
    OIN = "oin", _("oin")
    MARS = "mars", _("mars")
    KOKS = "koks", _("koks")
    DRAW = "draw", _("draw")
    DROP = "drop", _("dropped double")
    RESIGN = "resign", _("resignation")


class ResultStatus(models.TextChoices):
    PROPOSED = "proposed", _("proposed")
    CONFIRMED = "confirmed", _("confirmed")
    DISPUTED = "disputed", _("disputed")
    REJECTED = "rejected", _("rejected")
    OVERRIDDEN = "overridden", _("overridden")


class TranscriptStatus(models.TextChoices):
    PENDING = "pending", _("waiting to be checked")
    CHECKING = "checking", _("being checked")
    CHECKED = "checked", _("checked")
    FAILED = "failed", _("could not be checked")

"""People: clubs, players and their memberships.

The bottom of the Django apps: games and tournaments point at these models, they point
at nothing of theirs. The tables kept the names they had in the ``tournaments`` app.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.time_zones import validate_time_zone


class Role(models.TextChoices):
    """What an account may do in a club, from the most to the least.

    owner: everything a director does, and hands the club over; director: runs events,
    manages players, invitations and roles; scorer: enters and overrides results;
    member: plays (their player belongs to the club).
    """

    OWNER = "owner", _("Owner")
    DIRECTOR = "director", _("Director")
    SCORER = "scorer", _("Scorer")
    MEMBER = "member", _("Member")


class NameStyle(models.TextChoices):
    """How a club shows the names of the players it adds or imports to the public (the
    forms are clubs.names.public_form's; its members see full names)."""

    FIRST_INITIAL = "first_initial", _("First name and initial")
    FULL = "full", _("Full name")
    INITIALS = "initials", _("Initials")


class ShownAs(models.TextChoices):
    """How a player chose to be shown to the public: as their clubs say (the most private
    of their clubs' styles), one of the styles, or the display name they wrote."""

    CLUBS = "", _("As my clubs choose")
    FIRST_INITIAL = "first_initial", _("First name and initial")
    FULL = "full", _("Full name")
    INITIALS = "initials", _("Initials")
    NICKNAME = "nickname", _("The display name as written")


class Club(models.Model):
    """A club: its directors run its events, its members play in them."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    description = models.TextField(_("about"), blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    schedule = models.CharField(_("schedule"), max_length=200, blank=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    # The club's language: its pages' language for visitors who chose none, and the
    # language of its messages to people who chose none (clubs.profiles.language_for).
    language = models.CharField(
        _("language"), max_length=8, default=settings.LANGUAGE_CODE,
        help_text=_("The language of the club's pages for visitors who have not chosen one, "
                    "and of its messages to players who have not chosen one."),
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, validators=[validate_time_zone], default=settings.TIME_ZONE,
        help_text=_("Where the club plays: its events' times are in this zone unless an event "
                    "names another."),
    )
    # Sites that may show the club's public bracket, standings and events in a frame
    # (clubs.embeds): origins such as https://club.example.org, one per line.
    embed_origins = models.JSONField(_("sites that may embed the club's pages"), default=list,
                                     blank=True)
    public_names = models.CharField(
        _("names shown to the public"), max_length=16, choices=NameStyle.choices,
        default=NameStyle.FIRST_INITIAL,
        help_text=_("How the players the club adds or imports are named on public pages; "
                    "members of the club see full names. A player may choose otherwise, and "
                    "for a player of two clubs the more private style counts."),
    )
    # Roles of accounts (Role below): the owner is always one of the directors too.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="owned_clubs",
        verbose_name=_("owner"),
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="directed_clubs",
        blank=True,
        verbose_name=_("directors"),
    )
    scorers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="scored_clubs",
        blank=True,
        verbose_name=_("scorers"),
    )
    members = models.ManyToManyField(
        "Player",
        through="Membership",
        related_name="clubs",
        blank=True,
        verbose_name=_("members"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_club"  # the table kept its name when the model moved here
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club_detail", kwargs={"slug": self.slug})


class Player(models.Model):
    """A person who plays. May have a login (user) or not (a guest).

    `name` is the legal name, seen by the player's clubs (their members and directors) and
    admins (and everybody when `name_is_public`); `display_name` is what public pages and
    the API show, so a player can stay private: made from the legal name in the style of
    `shown_as` (by default the most private of the player's clubs'), or as written. An inactive player is kept with their history but not offered for
    new events.
    """

    HANDLES = ("fibs", "dailygammon", "galaxy", "gridgammon", "studio")

    name = models.CharField(_("legal name"), max_length=120)
    display_name = models.CharField(_("display name"), max_length=60)
    name_is_public = models.BooleanField(_("legal name shown publicly"), default=False)
    # How display_name is made: from the legal name in a style (the clubs' or the
    # player's), or as somebody wrote it (clubs.public_names keeps it up to date).
    shown_as = models.CharField(_("shown to the public as"), max_length=16,
                                choices=ShownAs.choices, default=ShownAs.CLUBS, blank=True)
    email = models.EmailField(
        _("email"), blank=True,
        help_text=_("Where invitations go; seen by the club's directors only."),
    )
    city = models.CharField(_("city"), max_length=80, blank=True)
    country = models.CharField(_("country"), max_length=80, blank=True)
    fibs = models.CharField(_("FIBS"), max_length=40, blank=True)
    dailygammon = models.CharField(_("DailyGammon"), max_length=40, blank=True)
    galaxy = models.CharField(_("Backgammon Galaxy"), max_length=40, blank=True)
    gridgammon = models.CharField(_("GridGammon"), max_length=40, blank=True)
    studio = models.CharField(_("Backgammon Studio"), max_length=40, blank=True)
    declared_rating = models.DecimalField(
        _("rating brought in"), max_digits=7, decimal_places=2, null=True, blank=True,
        help_text=_("A rating from elsewhere (an import, another site); not this site's rating."),
    )
    is_active = models.BooleanField(_("active"), default=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("login"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_player"
        ordering = ["display_name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name


class Membership(models.Model):
    """A player's membership of a club."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("player")
    )
    joined_on = models.DateField(_("joined on"), default=timezone.localdate)

    class Meta:
        db_table = "tournaments_membership"
        ordering = ["club", "player"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="unique_club_membership"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.club}"


# --- Accounts and people ------------------------------------------------------------------


class Profile(models.Model):
    """An account's own settings; the person's public details are on their Player."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile",
        verbose_name=_("account"),
    )
    preferred_language = models.CharField(
        _("preferred language"), max_length=8, blank=True,
        help_text=_("Pages after you log in, and the emails you get."),
    )
    # The language the browser asked for when the account was made (not a choice: it
    # comes after the person's own choice and before their club's language).
    signup_language = models.CharField(_("language at sign-up"), max_length=8, blank=True)
    time_zone = models.CharField(
        _("time zone"), max_length=64, validators=[validate_time_zone], blank=True,
        help_text=_("Times are shown in it. Empty: your club's time zone."),
    )
    # The secret part of the address of the person's calendar feeds (clubs.calendar):
    # whoever has it sees what the person sees, so it can be replaced at any time.
    calendar_token = models.CharField(max_length=43, unique=True, null=True, blank=True,
                                      editable=False)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return str(self.user)


class Invitation(models.Model):
    """An invitation to join a club: by email, or a join link / QR code to pass around.

    Only a hash of the token is stored: the link in the email or on the QR code is the
    only copy. `player` is the club's existing record of the invited person, whom the
    account that accepts becomes (a claim keeps all its history).
    """

    class Kind(models.TextChoices):
        EMAIL = "email", _("Email")
        LINK = "link", _("Join link")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("club")
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    email = models.EmailField(_("email"), blank=True)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="invitations",
        verbose_name=_("player record"),
    )
    max_uses = models.PositiveIntegerField(
        _("uses allowed"), null=True, blank=True, help_text=_("Empty: any number."),
    )
    uses = models.PositiveIntegerField(_("uses"), default=0)
    expires_at = models.DateTimeField(_("expires at"))
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.club}: {self.email or self.get_kind_display()}"

    def get_club(self) -> Club:
        return self.club


class InvitationUse(models.Model):
    """An account accepted an invitation and became this player (the audit of a claim)."""

    invitation = models.ForeignKey(
        Invitation, on_delete=models.CASCADE, related_name="acceptances",
        verbose_name=_("invitation"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
        verbose_name=_("account"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("player")
    )
    claimed = models.BooleanField(_("claimed an existing record"), default=False)
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["invitation", "user"], name="one_use_per_account"),
        ]


class JoinRequest(models.Model):
    """A person asks to join a club; a director approves (linking a record) or declines."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        APPROVED = "approved", _("Approved")
        DECLINED = "declined", _("Declined")
        WITHDRAWN = "withdrawn", pgettext_lazy("join request status", "Withdrawn")

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="join_requests", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests",
        verbose_name=_("account"),
    )
    message = models.CharField(_("message"), max_length=500, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("player"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("join request")
        verbose_name_plural = _("join requests")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"], condition=models.Q(status="pending"),
                name="one_pending_join_request",
            ),
        ]

    def get_club(self) -> Club:
        return self.club


class DistinctPlayers(models.Model):
    """Two players with similar names whom a director confirmed are different people."""

    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    marked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="distinct_pair_once"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="distinct_pair_ordered"
            ),
        ]


class PlayerLog(models.Model):
    """The audit of changes to the player registry: merges, claims, edits, deactivation."""

    class Action(models.TextChoices):
        CREATED = "created", _("Added")
        EDITED = "edited", _("Edited")
        DEACTIVATED = "deactivated", _("Deactivated")
        REACTIVATED = "reactivated", _("Reactivated")
        MERGED = "merged", _("Merged a duplicate into this player")
        CLAIMED = "claimed", _("Claimed by an account")
        DELETED = "deleted", _("Deleted")
        IMPORTED = "imported", _("Imported")

    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="log",
        verbose_name=_("player"),
    )
    club = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("club"),
    )
    action = models.CharField(_("action"), max_length=12, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    details = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("player log entry")
        verbose_name_plural = _("player log")


class PlayerImport(models.Model):
    """An uploaded CSV of players: previewed first, applied all at once (or not at all)."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="player_imports", verbose_name=_("club")
    )
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    data = models.BinaryField(_("file"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+",
        verbose_name=_("uploaded by"),
    )
    created_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)
    applied_at = models.DateTimeField(_("applied at"), null=True, blank=True)
    summary = models.JSONField(_("summary"), default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("player import")
        verbose_name_plural = _("player imports")

    def get_club(self) -> Club:
        return self.club

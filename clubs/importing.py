"""Importing a club's players from a CSV file: a preview that says, line by line, what
will be created, linked or refused and why; then everything at once or nothing.

The uploaded file is kept (PlayerImport) so that applying reads the same file the
preview showed; the plan is made again when applying, inside the transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from clubs.csv_players import ImportFileError, PlayerLine, Problem, read_players_csv
from clubs.errors import PlayerImportError
from clubs.import_headings import accepted_headings, role_words
from clubs.models import Club, Invitation, Player, PlayerImport, PlayerLog, Role, ShownAs
from clubs.names import name_key, similarity
from clubs.permissions import can_manage_club
from clubs.public_names import join_club
from clubs.registry import SimilarIndex, SimilarPlayer
from clubs.selectors import NameViewer

CREATE, LINK, CHOOSE, REFUSE = "create", "link", "choose", "refuse"
NEW = "new"  # the decision for a "choose" line: a new player rather than a similar one


@dataclass
class LinePlan:
    source: PlayerLine
    action: str
    player: Player | None = None  # the player linked to (link)
    similar: list[SimilarPlayer] = field(default_factory=list)  # the candidates (choose)
    why: list[tuple[str, dict]] = field(default_factory=list)  # (code, params)

    @property
    def line(self) -> int:
        return self.source.line


@dataclass
class ImportPlan:
    encoding: str
    columns: list[str]
    ignored_columns: list[str]
    lines: list[LinePlan]

    def count(self, action: str) -> int:
        return sum(1 for line in self.lines if line.action == action)

    @property
    def refused(self) -> list[LinePlan]:
        return [line for line in self.lines if line.action == REFUSE]


def _file_error(error: ImportFileError) -> PlayerImportError:
    params = {"line": error.line, "column": error.column or "", "value": error.value}
    return PlayerImportError(error.code, f"The file cannot be read ({error.code}).", params)


def plan_import(club: Club, data: bytes, viewer: NameViewer) -> ImportPlan:
    """What importing `data` into `club` would do, line by line (nothing is saved).
    Similar players are found by the names `viewer` (the director) may see."""
    try:
        read = read_players_csv(data, accepted_headings(), role_words())
    except ImportFileError as error:
        raise _file_error(error) from error
    if not read.lines:
        raise PlayerImportError("no_lines", "The file has no players.", {})
    index = SimilarIndex.for_club(club, viewer)
    by_email: dict[str, Player] = {}
    for player in index.players:
        if player.email:
            by_email.setdefault(player.email.casefold(), player)
    seen_emails: dict[str, int] = {}
    seen_names: list[tuple[int, object]] = []
    plans = []
    for source in read.lines:
        plan = _plan_line(source, index, by_email, seen_emails, seen_names)
        if plan.action != REFUSE and source.role != Role.MEMBER and (
                plan.player is None or plan.player.user_id is None):
            plan.why.append(("role_needs_account", {"role": source.role}))
        plans.append(plan)
        if plan.action != REFUSE:
            if source.email:
                seen_emails[source.email.casefold()] = source.line
            seen_names.append((source.line, name_key(source.name)))
    return ImportPlan(read.encoding, read.columns, read.ignored_columns, plans)


def _plan_line(source: PlayerLine, index: SimilarIndex, by_email: dict[str, Player],
               seen_emails: dict[str, int], seen_names: list) -> LinePlan:
    if source.problems:
        return LinePlan(source, REFUSE, why=[_problem(p) for p in source.problems])
    email = source.email.casefold()
    if email and email in seen_emails:
        return LinePlan(source, REFUSE, why=[("email_twice_in_file", {"line": seen_emails[email]})])
    key = name_key(source.name)
    for line, other in seen_names:
        match = similarity(key, other)
        if match is not None and match.reasons == ("same_name",):
            return LinePlan(source, REFUSE, why=[("name_twice_in_file", {"line": line})])
    if email and email in by_email:
        player = by_email[email]
        in_club = player.pk in index.club_ids
        return LinePlan(source, LINK, player=player,
                        why=[("same_email_in_club" if in_club else "same_email", {})])
    similar = index.similar(source.name)
    same = [s for s in similar if s.in_club and s.reasons == ("same_name",)]
    if len(same) == 1 and not (email and same[0].player.email
                               and same[0].player.email.casefold() != email):
        return LinePlan(source, LINK, player=same[0].player, why=[("already_in_club", {})])
    if similar:
        return LinePlan(source, CHOOSE, similar=similar, why=[("similar_names", {})])
    return LinePlan(source, CREATE)


def _problem(problem: Problem) -> tuple[str, dict]:
    return problem.code, {"column": problem.column or "", "value": problem.value}


@transaction.atomic
def upload(*, club: Club, actor: AbstractBaseUser, data: bytes,
           filename: str = "") -> tuple[PlayerImport, ImportPlan]:
    """Keep the file and return the preview of its import (nothing else is saved)."""
    if not can_manage_club(actor, club):
        raise PlayerImportError("not_a_director", "Only the club's directors import players.")
    plan = plan_import(club, data, NameViewer(actor))
    stored = PlayerImport.objects.create(club=club, data=data, filename=filename[:200],
                                         created_by=actor)
    return stored, plan


@transaction.atomic
def apply_import(*, player_import: PlayerImport, actor: AbstractBaseUser,
                 choices: dict[int, str] | None = None, invite: bool = False,
                 base_url: str = "") -> dict[str, int]:
    """Do what the preview said, all at once: every line or none.

    `choices` answers the lines with similar players: line -> a candidate's id (link to
    them) or "new"; a line left unanswered links to its first candidate. With `invite`,
    each created or linked player with an email and no account gets an email invitation.
    """
    player_import = PlayerImport.objects.select_for_update().get(pk=player_import.pk)
    club = player_import.club
    if not can_manage_club(actor, club):
        raise PlayerImportError("not_a_director", "Only the club's directors import players.")
    if player_import.applied_at is not None:
        raise PlayerImportError("already_applied", "This file has already been imported.", {})
    plan = plan_import(club, bytes(player_import.data), NameViewer(actor))
    if plan.refused:
        raise PlayerImportError("lines_refused", "Some lines cannot be imported.",
                                {"lines": ", ".join(str(line.line) for line in plan.refused)})
    choices = choices or {}
    counts = {CREATE: 0, LINK: 0, "roles": 0, "invited": 0}
    to_invite: list[Player] = []
    for line in plan.lines:
        player = line.player
        if line.action == CHOOSE:
            choice = str(choices.get(line.line, line.similar[0].player.pk))
            if choice == NEW:
                player = None
            else:
                player = next((s.player for s in line.similar if str(s.player.pk) == choice), None)
                if player is None:
                    raise PlayerImportError("bad_choice", "The choice for a line is not one of "
                                            "its similar players.", {"line": line.line})
        source = line.source
        if player is None:
            player = Player(
                name=source.name, display_name=(source.display_name or source.name)[:60],
                shown_as=ShownAs.NICKNAME if source.display_name else ShownAs.CLUBS,
                email=source.email, declared_rating=source.rating, **source.handles)
            player.full_clean()
            player.save()
            counts[CREATE] += 1
        else:
            player = Player.objects.select_for_update().get(pk=player.pk)
            _fill_gaps(player, source)
            counts[LINK] += 1
        join_club(club=club, player=player)
        PlayerLog.objects.create(player=player, club=club, action=PlayerLog.Action.IMPORTED,
                                 by=actor, details={"import": player_import.pk, "line": line.line})
        if source.role != Role.MEMBER and player.user_id is not None:
            (club.directors if source.role == Role.DIRECTOR else club.scorers).add(player.user)
            counts["roles"] += 1
        if invite and player.email and player.user_id is None:
            to_invite.append(player)
    for player in to_invite:
        from clubs.invitations import create_invitation

        create_invitation(club=club, actor=actor, kind=Invitation.Kind.EMAIL,
                          email=player.email, player=player, base_url=base_url)
        counts["invited"] += 1
    player_import.applied_at = timezone.now()
    player_import.summary = counts
    player_import.save(update_fields=["applied_at", "summary"])
    return counts


def _fill_gaps(player: Player, source: PlayerLine) -> None:
    """A linked player keeps what it has; the file fills only what is missing."""
    changed = False
    for field_name, value in (("email", source.email), *source.handles.items()):
        if value and not getattr(player, field_name):
            setattr(player, field_name, value)
            changed = True
    if source.rating is not None and player.declared_rating is None:
        player.declared_rating = Decimal(source.rating)
        changed = True
    if changed:
        player.full_clean()
        player.save()

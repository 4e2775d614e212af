"""PR milestones: thresholds a club sets (say 8, 5 and 3.5); a player earns one the first
time an analysed match of theirs in the club has a PR under it.

The rule is the single match, not a rolling average: a milestone names the match it came
from, and one good match is what players celebrate. Each (player, club, threshold) is
earned once (a database constraint): a re-analysis of the match at another depth, or a
later match under the same threshold, adds nothing. Thresholds set later count from the
next finished analysis on (earlier matches are not searched again).

A milestone is shown where the player's PR is: to everyone, or only inside the club when
the player keeps their PR to their clubs (``analysis.selectors.pr_visible``).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from analysis.models import (
    AnalysisKind,
    AnalysisStatus,
    ClubAnalysisSettings,
    MatchAnalysis,
    PrMilestone,
)
from analysis.signals import pr_milestone_reached
from common.errors import DomainError

LOWEST, HIGHEST = Decimal("0.1"), Decimal(50)  # a PR under 0.1 is out of reach; 50 is a beginner
MOST = 10  # thresholds a club may set


class MilestoneError(DomainError):
    translated = True


def parse_thresholds(values: object) -> list[Decimal]:
    """The thresholds as given (a list of numbers, or a text "8, 5, 3.5"), checked: each
    from 0.1 to 50 with at most two decimals, at most 10; returned once each, highest
    first. A bad one is named in the error, with where it is in the list."""
    if isinstance(values, str):
        items: list[object] = [part.strip() for part in values.replace(";", ",").split(",")]
        items = [item for item in items if item != ""]
    elif isinstance(values, list | tuple):
        items = list(values)
    else:
        raise MilestoneError("bad_milestones", _("Give the PR thresholds as a list of numbers."),
                             field="pr_milestones")
    found: set[Decimal] = set()
    for position, item in enumerate(items, start=1):
        try:
            number = Decimal(str(item).replace(",", "."))
        except (InvalidOperation, ValueError):
            number = None
        # the bounds before the quantizing: 1e999 has no place of hundredths to round to
        if (number is None or isinstance(item, bool) or not number.is_finite()
                or not LOWEST <= number <= HIGHEST or number != number.quantize(Decimal("0.01"))):
            raise MilestoneError(
                "bad_milestone",
                _("PR threshold %(position)s (“%(value)s”) is not a number from 0.1 to 50 "
                  "with at most two decimals.") % {"position": position, "value": str(item)[:20]},
                {"position": position}, field="pr_milestones",
            )
        found.add(number.quantize(Decimal("0.01")))
    if len(found) > MOST:
        raise MilestoneError(
            "too_many_milestones",
            _("A club can set at most %(most)s PR thresholds.") % {"most": MOST},
            field="pr_milestones",
        )
    return sorted(found, reverse=True)


def thresholds_of(club_id: int) -> list[Decimal]:
    setting = ClubAnalysisSettings.objects.filter(club_id=club_id).first()
    return [Decimal(value) for value in (setting.pr_milestones if setting else [])]


@transaction.atomic
def set_thresholds(*, club, values: object) -> list[Decimal]:  # type: ignore[no-untyped-def]
    """The club's PR thresholds (checked as ``parse_thresholds`` says; empty: none)."""
    thresholds = parse_thresholds(values)
    ClubAnalysisSettings.objects.update_or_create(
        club=club, defaults={"pr_milestones": [str(value) for value in thresholds]}
    )
    return thresholds


def award(analysis: MatchAnalysis) -> list[PrMilestone]:
    """The milestones a finished GNU Backgammon analysis earns its players (each once)."""
    if analysis.kind != AnalysisKind.GNUBG or analysis.status != AnalysisStatus.DONE:
        return []
    match = analysis.match
    thresholds = thresholds_of(match.club_id)
    earned = []
    for player_id, pr in ((match.player1_id, analysis.pr1), (match.player2_id, analysis.pr2)):
        if player_id is None or pr is None:
            continue
        have = set(PrMilestone.objects.filter(player_id=player_id, club_id=match.club_id)
                   .values_list("threshold", flat=True))
        for threshold in thresholds:
            if pr < threshold and threshold not in have:
                milestone = _earn(player_id, match, threshold, pr, analysis)
                if milestone is not None:
                    earned.append(milestone)
    return earned


def _earn(player_id, match, threshold, pr, analysis) -> PrMilestone | None:  # type: ignore[no-untyped-def]
    try:
        with transaction.atomic():  # two workers at once: the constraint keeps one
            milestone = PrMilestone.objects.create(
                player_id=player_id, club_id=match.club_id, threshold=threshold, match=match,
                pr=pr, reached_at=analysis.finished_at,
            )
    except IntegrityError:
        return None
    pr_milestone_reached.send(sender=PrMilestone, milestone=milestone)
    return milestone

"""Every write to a ladder: one function per action, each atomic, each with its act in the
audit trail. The ladder's row is locked first, so two writes to one ladder never
interleave and positions stay a permutation of 1..n (also a database constraint)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction

from clubs.models import Club, Membership, Player
from clubs.permissions import AnyUser, can_manage_club, is_player_self
from games.models import Match, MatchStatus
from ladders import clock, rules, signals
from ladders.choices import Act, ChallengeStatus, MoveReason, Placement
from ladders.models import BOUNDS, Challenge, Ladder, LadderAct, Move, Rung
from ladders.queries import current_order, has_open, open_counts, recent_opponents
from ladders.rules import LadderError
from tournaments import rating_lookup

SETTINGS = ("name", "variant", "length", "is_public", "placement", "reach", "answer_days",
            "inactive_days", "max_open", "rematch_days", "handicap_step")


def _record(ladder: Ladder, actor: AnyUser | None, act: str, at: Any, **details: Any) -> None:
    user = actor if actor is not None and getattr(actor, "is_authenticated", False) else None
    LadderAct.objects.create(ladder=ladder, actor=user, act=act, details=details, at=at)


def _require_director(user: AnyUser | None, club: Club) -> None:
    if not can_manage_club(user, club):
        raise LadderError("not_director", "Only a director of the club may do this.")


def _require_self_or_director(user: AnyUser | None, ladder: Ladder, player: Player) -> None:
    if not (is_player_self(user, player) or can_manage_club(user, ladder.club)):
        raise LadderError("not_allowed", "Only the player or a director of the club may do this.")


def _locked(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().select_related("club").get(pk=ladder.pk)


def _save_order(ladder: Ladder, old: list[int], new: list[int], *, at: Any,
                reasons: dict[int, str], challenge: Challenge | None = None) -> None:
    """Write ``new`` over ``old`` and keep the history: removed rows go, new rows come,
    moved rows change in two passes (the unique position holds in between)."""
    before = {player: index + 1 for index, player in enumerate(old)}
    after = {player: index + 1 for index, player in enumerate(new)}
    moves = []
    for player in set(old) - set(new):
        Rung.objects.filter(ladder=ladder, player_id=player).delete()
        moves.append(Move(ladder=ladder, player_id=player, position=None, previous=before[player],
                          reason=reasons.get(player, MoveReason.LEFT), challenge=challenge, at=at))
    moved = [p for p in new if p in before and before[p] != after[p]]
    for player in moved:
        Rung.objects.filter(ladder=ladder, player_id=player).update(position=-after[player])
    for player in moved:
        Rung.objects.filter(ladder=ladder, player_id=player).update(position=after[player])
        default = MoveReason.LIFTED if after[player] < before[player] else MoveReason.PUSHED
        moves.append(Move(ladder=ladder, player_id=player, position=after[player],
                          previous=before[player], reason=reasons.get(player, default),
                          challenge=challenge, at=at))
    for player in [p for p in new if p not in before]:
        Rung.objects.create(ladder=ladder, player_id=player, position=after[player],
                            joined_at=at, last_active_at=at)
        moves.append(Move(ladder=ladder, player_id=player, position=after[player], previous=None,
                          reason=MoveReason.JOINED, at=at))
    Move.objects.bulk_create(moves)


def check_settings(fields: dict[str, Any]) -> None:
    """Each number within its bounds (``models.BOUNDS``), else a LadderError naming it."""
    for name, value in fields.items():
        if name in BOUNDS:
            low, high = BOUNDS[name]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise LadderError("out_of_bounds", "Choose a number from %(low)s to %(high)s.",
                                  {"low": low, "high": high, "field": name})


@transaction.atomic
def create_ladder(*, club: Club, by: AnyUser, **fields: Any) -> Ladder:
    """A director of the club opens a ladder."""
    _require_director(by, club)
    unknown = set(fields) - set(SETTINGS)
    if unknown:
        raise LadderError("bad_setting", "Unknown settings: " + ", ".join(sorted(unknown)))
    check_settings(fields)
    if Ladder.objects.filter(club=club, name=fields.get("name", "")).exists():
        raise LadderError("name_taken", "The club already has a ladder of this name.",
                          {"field": "name"})
    ladder = Ladder.objects.create(club=club, **fields)
    _record(ladder, by, Act.CREATED, clock.now(), settings={
        k: getattr(ladder, k) for k in SETTINGS})
    return ladder


def _ratings(ladder: Ladder, players: list[int], at: Any) -> dict[int, float]:
    return rating_lookup.ratings_at(players, ladder.variant, at.date())


@transaction.atomic
def join_ladder(*, ladder: Ladder, player: Player, by: AnyUser) -> Rung:
    """A club member joins: at the bottom, or by rating when the ladder places so."""
    _require_self_or_director(by, ladder, player)
    ladder = _locked(ladder)
    if not Membership.objects.filter(club=ladder.club, player=player).exists():
        raise LadderError("not_a_member", "Only members of the club play on its ladder.",
                          {"field": "player"})
    now = clock.now()
    old = current_order(ladder)
    rating = None
    known: dict[int, float] = {}
    if ladder.placement == Placement.RATING:
        known = _ratings(ladder, [*old, player.pk], now)
        rating = known.get(player.pk)
    new = rules.join(old, player.pk, rating, known)
    _save_order(ladder, old, new, at=now, reasons={})
    _record(ladder, by, Act.JOINED, now, player=player.pk, position=new.index(player.pk) + 1)
    return Rung.objects.get(ladder=ladder, player=player)


@transaction.atomic
def leave_ladder(*, ladder: Ladder, player: Player, by: AnyUser) -> None:
    """A player leaves (or a director takes them off); everyone below moves up one."""
    _require_self_or_director(by, ladder, player)
    ladder = _locked(ladder)
    if has_open(ladder, player.pk):
        raise LadderError("has_open_challenges", "This player has open challenges: void them first.",
                          {"field": "player"})
    old = current_order(ladder)
    new = rules.leave(old, player.pk)
    now = clock.now()
    _save_order(ladder, old, new, at=now, reasons={player.pk: MoveReason.LEFT})
    _record(ladder, by, Act.LEFT, now, player=player.pk, position=old.index(player.pk) + 1)


@transaction.atomic
def make_challenge(*, ladder: Ladder, challenger: Player, challenged: Player,
                   by: AnyUser) -> Challenge:
    """``challenger`` challenges a player above; their match is created at once, with the
    handicap when the ladder gives one, to be played by the deadline."""
    _require_self_or_director(by, ladder, challenger)
    ladder = _locked(ladder)
    now = clock.now()
    order = current_order(ladder)
    paused = frozenset(ladder.rungs.filter(paused=True).values_list("player_id", flat=True))
    rules.check_challenge(order, challenger.pk, challenged.pk, ladder.rules(),
                          open_counts=open_counts(ladder), paused=paused,
                          recent_opponents=recent_opponents(ladder, challenger.pk, now))
    spot = rules.NO_HANDICAP
    if ladder.handicap_step:
        ratings = _ratings(ladder, [challenger.pk, challenged.pk], now)
        spot = rules.handicap(challenger.pk, ratings.get(challenger.pk), challenged.pk,
                              ratings.get(challenged.pk), length=ladder.length,
                              step=ladder.handicap_step)
    # The spot is the match's starting score: the lower-rated player starts ahead.
    match = Match.objects.create(
        club=ladder.club, variant=ladder.variant, length=ladder.length, player1=challenger,
        player2=challenged, is_public=ladder.is_public, status=MatchStatus.READY,
        start_score1=spot.points if spot.to == challenger.pk else 0,
        start_score2=spot.points if spot.to == challenged.pk else 0)
    challenge = Challenge.objects.create(
        ladder=ladder, challenger=challenger, challenged=challenged, match=match,
        created_at=now, deadline=now + timedelta(days=ladder.answer_days),
        handicap_to_id=spot.to, handicap_points=spot.points)
    ladder.rungs.filter(player_id__in=[challenger.pk, challenged.pk]).update(last_active_at=now)
    _record(ladder, by, Act.CHALLENGED, now, challenge=challenge.pk, challenger=challenger.pk,
            challenged=challenged.pk, handicap=spot.points, handicap_to=spot.to)
    signals.challenge_made.send(sender=Challenge, challenge=challenge)
    return challenge


def _decide(challenge: Challenge, *, winner_id: int, status: str, by: AnyUser | None,
            now: Any) -> None:
    ladder = challenge.ladder
    old = current_order(ladder)
    new = rules.after_result(old, challenge.challenger_id, challenge.challenged_id, winner_id)
    _save_order(ladder, old, new, at=now, reasons={challenge.challenger_id: MoveReason.CLIMBED},
                challenge=challenge)
    challenge.status = status
    challenge.winner_id = winner_id
    challenge.decided_at = now
    challenge.save(update_fields=["status", "winner", "decided_at"])
    ladder.rungs.filter(player_id__in=[challenge.challenger_id, challenge.challenged_id]).update(
        last_active_at=now)
    _record(ladder, by, Act.PLAYED if status == ChallengeStatus.PLAYED else Act.FORFEITED, now,
            challenge=challenge.pk, winner=winner_id, order_before=old, order_after=new)
    signals.challenge_decided.send(sender=Challenge, challenge=challenge)


def on_result_confirmed(match: Match, previous_winner: Player | None = None,
                        **kwargs: Any) -> None:
    """Receiver of ``games.signals.result_confirmed``, inside the result's transaction: the
    challenge of this match is played, and the ladder moves. A correction after the ladder
    moved does not move it again (later challenges built on it): it is in the audit trail
    for the director, who reorders if need be."""
    # asked of every confirmed match: the challenge's ids only (most matches have none)
    found = Challenge.objects.filter(match_id=match.pk).values_list("pk", "ladder_id").first()
    if found is None or match.winner_id is None:
        return
    ladder = Ladder.objects.select_for_update().select_related("club").get(pk=found[1])
    challenge = Challenge.objects.select_related("ladder").get(pk=found[0])
    now = clock.now()
    if challenge.status == ChallengeStatus.OPEN:
        _decide(challenge, winner_id=match.winner_id, status=ChallengeStatus.PLAYED, by=None,
                now=now)
    elif challenge.status == ChallengeStatus.PLAYED and challenge.winner_id != match.winner_id:
        _record(ladder, None, Act.CORRECTED, now, challenge=challenge.pk,
                winner=match.winner_id, previous_winner=challenge.winner_id)
        challenge.winner_id = match.winner_id
        challenge.save(update_fields=["winner"])


def _lock_challenge(challenge: Challenge) -> tuple[Ladder, Challenge]:
    ladder = _locked(challenge.ladder)
    return ladder, Challenge.objects.select_related("ladder__club", "match").get(pk=challenge.pk)


def _started(match: Match | None) -> bool:
    if match is None:
        return False
    return (match.status in (MatchStatus.PLAYING, MatchStatus.FINISHED)
            or match.games.exists() or match.results.exists())


def _discard_match(challenge: Challenge) -> None:
    match = challenge.match
    if match is not None and not _started(match):
        challenge.match = None
        challenge.save(update_fields=["match"])
        match.delete()


@transaction.atomic
def void_challenge(*, challenge: Challenge, by: AnyUser, reason: str = "") -> Challenge:
    """The director cancels an open challenge: nobody moves; an unstarted match goes."""
    _require_director(by, challenge.ladder.club)
    ladder, challenge = _lock_challenge(challenge)
    if not challenge.is_open:
        raise LadderError("challenge_closed", "This challenge is no longer open.")
    now = clock.now()
    _discard_match(challenge)
    challenge.status = ChallengeStatus.VOIDED
    challenge.decided_at = now
    challenge.note = reason[:200]
    challenge.save(update_fields=["status", "decided_at", "note"])
    _record(ladder, by, Act.VOIDED, now, challenge=challenge.pk, reason=reason[:200])
    signals.challenge_decided.send(sender=Challenge, challenge=challenge)
    return challenge


@transaction.atomic
def extend_challenge(*, challenge: Challenge, by: AnyUser, days: int) -> Challenge:
    """The director gives an open challenge more days."""
    _require_director(by, challenge.ladder.club)
    if not isinstance(days, int) or not 1 <= days <= rules.MAX_EXTENSION_DAYS:
        raise LadderError("bad_extension", "Extend by 1 to %(most)s days.",
                          {"most": rules.MAX_EXTENSION_DAYS, "field": "days"})
    ladder, challenge = _lock_challenge(challenge)
    if not challenge.is_open:
        raise LadderError("challenge_closed", "This challenge is no longer open.")
    before = challenge.deadline
    challenge.deadline = before + timedelta(days=days)
    challenge.reminded = False
    challenge.save(update_fields=["deadline", "reminded"])
    _record(ladder, by, Act.EXTENDED, clock.now(), challenge=challenge.pk, days=days,
            deadline_before=before.isoformat(), deadline=challenge.deadline.isoformat())
    return challenge


@transaction.atomic
def reorder(*, ladder: Ladder, player: Player, position: int, by: AnyUser,
            reason: str = "") -> None:
    """The director puts a player at a position; the others keep their order."""
    _require_director(by, ladder.club)
    ladder = _locked(ladder)
    old = current_order(ladder)
    new = rules.move_to(old, player.pk, position)
    now = clock.now()
    _save_order(ladder, old, new, at=now, reasons={player.pk: MoveReason.REORDERED})
    _record(ladder, by, Act.REORDERED, now, player=player.pk, position=position,
            previous=old.index(player.pk) + 1, reason=reason[:200])


@transaction.atomic
def set_paused(*, ladder: Ladder, player: Player, paused: bool, by: AnyUser) -> Rung:
    """The director puts a player on a break (holiday) or back: on a break nobody can
    challenge them, they challenge nobody, and they are not dropped for inactivity."""
    _require_director(by, ladder.club)
    ladder = _locked(ladder)
    rung = ladder.rungs.filter(player=player).first()
    if rung is None:
        raise LadderError("not_on_ladder", "This player is not on the ladder.", {"field": "player"})
    if rung.paused != paused:
        now = clock.now()
        rung.paused = paused
        fields = ["paused"]
        if not paused:  # back from the break: the inactivity count starts again
            rung.last_active_at = now
            fields.append("last_active_at")
        rung.save(update_fields=fields)
        _record(ladder, by, Act.PAUSED if paused else Act.RESUMED, now, player=player.pk)
    return rung


# --- the periodic sweep ------------------------------------------------------------------------


def forfeit_due(limit: int = 200) -> list[int]:
    """Open challenges past their deadline whose match has not started: forfeited by the
    challenged player (the challenger takes the place). Each in its own transaction,
    checked again under the lock, so a second sweep (or two workers) never repeats one."""
    now = clock.now()
    due = list(Challenge.objects.filter(status=ChallengeStatus.OPEN, deadline__lte=now)
               .order_by("deadline", "pk").values_list("pk", flat=True)[:limit])
    decided = []
    for pk in due:
        with transaction.atomic():
            _ladder, challenge = _lock_challenge(Challenge.objects.get(pk=pk))
            if not challenge.is_open or challenge.deadline > now or _started(challenge.match):
                continue
            _discard_match(challenge)
            _decide(challenge, winner_id=challenge.challenger_id,
                    status=ChallengeStatus.FORFEITED, by=None, now=now)
            decided.append(pk)
    return decided


def remind_due(limit: int = 200) -> list[int]:
    """Open challenges with a day or less left: both players are reminded, once."""
    now = clock.now()
    reminded = []
    due = Challenge.objects.filter(status=ChallengeStatus.OPEN, reminded=False,
                                   deadline__gt=now, deadline__lte=now + timedelta(days=1))
    for pk in list(due.values_list("pk", flat=True)[:limit]):
        with transaction.atomic():
            updated = Challenge.objects.filter(pk=pk, reminded=False,
                                               status=ChallengeStatus.OPEN).update(reminded=True)
            if updated:
                signals.deadline_near.send(sender=Challenge, challenge=Challenge.objects.get(pk=pk))
                reminded.append(pk)
    return reminded


def drop_inactive(limit: int = 200) -> list[tuple[int, int]]:
    """Players without a challenge for the ladder's ``inactive_days`` (not on a break, no
    open challenge) leave the ladder; everyone below moves up."""
    now = clock.now()
    dropped = []
    candidates = Rung.objects.filter(paused=False, ladder__inactive_days__gt=0).select_related(
        "ladder").order_by("ladder_id", "position")
    due = [(rung.ladder_id, rung.player_id) for rung in candidates
           if rung.last_active_at <= now - timedelta(days=rung.ladder.inactive_days)][:limit]
    for ladder_id, player_id in due:
        with transaction.atomic():
            ladder = Ladder.objects.select_for_update().get(pk=ladder_id)
            rung = ladder.rungs.filter(player_id=player_id).first()
            if (rung is None or rung.paused
                    or rung.last_active_at > now - timedelta(days=ladder.inactive_days)
                    or has_open(ladder, player_id)):
                continue
            old = current_order(ladder)
            new = rules.leave(old, player_id)
            _save_order(ladder, old, new, at=now, reasons={player_id: MoveReason.DROPPED})
            _record(ladder, None, Act.DROPPED, now, player=player_id,
                    position=old.index(player_id) + 1, days=ladder.inactive_days)
            signals.player_dropped.send(sender=Rung, ladder=ladder, player=rung.player)
            dropped.append((ladder_id, player_id))
    return dropped


__all__ = [
    "create_ladder", "drop_inactive", "extend_challenge", "forfeit_due",
    "join_ladder", "leave_ladder", "make_challenge", "on_result_confirmed", "remind_due",
    "reorder", "set_paused", "void_challenge",
]

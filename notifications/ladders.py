"""Notifications of challenge ladders: a challenge received, a deadline a day away, a
forfeit, a voided challenge, a player dropped for inactivity. Registered through the
public parts of this app (``messages.define``, ``events.EVENTS``, ``services.announce``);
a played challenge is already told by the match's ``result_confirmed``."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from ladders import signals
from ladders.choices import ChallengeStatus
from ladders.models import Challenge, Ladder
from notifications.events import EVENTS, Message
from notifications.messages import DASH, define
from notifications.messages import Message as Words
from notifications.models import Kind
from notifications.services import announce


def a_moment(value: Any) -> str:
    """A stored ISO time shown in the reader's language and the site's time zone."""
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None:
        return DASH
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


WHEN = {"deadline": a_moment}


def _user_of(player: Player | None) -> int | None:
    return player.user_id if player is not None else None


def _each(user_ids: Any) -> list[int]:
    """Each user once, in order, none missing."""
    return list(dict.fromkeys(user for user in user_ids if user is not None))

define(Words("ladder_challenged", Kind.PAIRING, _("%(challenger)s challenged you on %(ladder)s"),
             _("Play the match by %(deadline)s, or you forfeit and %(challenger)s takes your "
               "place."), WHEN))
define(Words("ladder_deadline", Kind.PAIRING, _("A day left to play your challenge on %(ladder)s"),
             _("%(challenger)s against %(challenged)s: play by %(deadline)s, or the challenge "
               "is forfeited."), WHEN))
define(Words("ladder_forfeit_won", Kind.FORFEIT, _("You moved up %(ladder)s by forfeit"),
             _("%(challenged)s did not play your challenge in time: you are now at position "
               "%(position)s.")))
define(Words("ladder_forfeit_lost", Kind.FORFEIT, _("You lost a challenge on %(ladder)s by forfeit"),
             _("The match against %(challenger)s was not played in time: %(challenger)s took "
               "your place. Ask the director if this is a mistake.")))
define(Words("ladder_voided", Kind.PAIRING, _("A director voided your challenge on %(ladder)s"),
             _("%(challenger)s against %(challenged)s: nobody moves. Reason: %(reason)s")))
define(Words("ladder_dropped", Kind.FORFEIT, _("You are off %(ladder)s for inactivity"),
             _("Nobody played a challenge with you for %(days)s days. You can join again at "
               "the bottom.")))


def _challenge(challenge_id: int) -> Challenge | None:
    return Challenge.objects.select_related("ladder", "challenger", "challenged").filter(
        pk=challenge_id).first()


def _params(challenge: Challenge) -> dict[str, Any]:
    return {"ladder": challenge.ladder.name, "challenger": challenge.challenger.display_name,
            "challenged": challenge.challenged.display_name,
            "deadline": challenge.deadline.isoformat()}


def challenge_made(challenge_id: int) -> list[Message]:
    challenge = _challenge(challenge_id)
    user = _user_of(challenge.challenged) if challenge is not None else None
    if challenge is None or user is None:
        return []
    return [Message(user, "ladder_challenged", f"ladder-challenge:{challenge.pk}:{user}",
                    challenge.get_absolute_url(), _params(challenge), challenge.ladder.club_id)]


def deadline_near(challenge_id: int) -> list[Message]:
    challenge = _challenge(challenge_id)
    if challenge is None or challenge.status != ChallengeStatus.OPEN:
        return []
    stamp = challenge.deadline.isoformat()  # an extended deadline is reminded again
    return [
        Message(user, "ladder_deadline", f"ladder-deadline:{challenge.pk}:{stamp}:{user}",
                challenge.get_absolute_url(), _params(challenge), challenge.ladder.club_id)
        for user in _each(_user_of(p) for p in (challenge.challenger, challenge.challenged))
    ]


def challenge_decided(challenge_id: int) -> list[Message]:
    challenge = _challenge(challenge_id)
    if challenge is None:
        return []
    params = _params(challenge)
    url, club = challenge.get_absolute_url(), challenge.ladder.club_id
    challenger, challenged = _user_of(challenge.challenger), _user_of(challenge.challenged)
    messages = []
    if challenge.status == ChallengeStatus.FORFEITED:
        rung = challenge.ladder.rungs.filter(player_id=challenge.challenger_id).first()
        if challenger is not None:
            messages.append(Message(challenger, "ladder_forfeit_won",
                                    f"ladder-forfeit:{challenge.pk}:{challenger}", url,
                                    {**params, "position": rung.position if rung else None}, club))
        if challenged is not None:
            messages.append(Message(challenged, "ladder_forfeit_lost",
                                    f"ladder-forfeit:{challenge.pk}:{challenged}", url, params, club))
    elif challenge.status == ChallengeStatus.VOIDED:
        messages = [Message(user, "ladder_voided", f"ladder-void:{challenge.pk}:{user}", url,
                            {**params, "reason": challenge.note or None}, club)
                    for user in _each([challenger, challenged])]
    return messages


def player_dropped(ladder_id: int, player_id: int, stamp: str) -> list[Message]:
    ladder = Ladder.objects.filter(pk=ladder_id).first()
    player = Player.objects.filter(pk=player_id).first()
    user = _user_of(player)
    if ladder is None or user is None:
        return []
    return [Message(user, "ladder_dropped", f"ladder-dropped:{ladder.pk}:{player_id}:{stamp}:{user}",
                    ladder.get_absolute_url(), {"ladder": ladder.name, "days": ladder.inactive_days},
                    ladder.club_id)]


EVENTS.update({
    "ladder_challenge_made": challenge_made,
    "ladder_deadline_near": deadline_near,
    "ladder_challenge_decided": challenge_decided,
    "ladder_player_dropped": player_dropped,
})


def _made(sender: Any, challenge: Challenge, **kwargs: Any) -> None:
    announce("ladder_challenge_made", challenge.pk)


def _near(sender: Any, challenge: Challenge, **kwargs: Any) -> None:
    announce("ladder_deadline_near", challenge.pk, occurrence=challenge.deadline.isoformat())


def _decided(sender: Any, challenge: Challenge, **kwargs: Any) -> None:
    if challenge.status in (ChallengeStatus.FORFEITED, ChallengeStatus.VOIDED):
        announce("ladder_challenge_decided", challenge.pk)


def _dropped(sender: Any, ladder: Ladder, player: Any, **kwargs: Any) -> None:
    stamp = timezone.now().isoformat()
    announce("ladder_player_dropped", ladder.pk, player.pk, stamp)


def connect() -> None:
    pairs = [(signals.challenge_made, _made), (signals.deadline_near, _near),
             (signals.challenge_decided, _decided), (signals.player_dropped, _dropped)]
    for signal, receiver in pairs:
        signal.connect(receiver, dispatch_uid=f"notifications.ladders.{receiver.__name__}")

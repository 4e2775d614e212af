"""The audit trail put into words: one sentence per act, in the reader's language, with
players named (the trail stores ids, so a renamed player reads with their new name)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubs.models import Player
from ladders.choices import Act
from ladders.models import Challenge, LadderAct


def _sentences() -> dict[str, str]:
    """The sentences in the current language (marked here for makemessages)."""
    return {
        Act.JOINED: _("%(player)s, position %(position)s"),
        Act.LEFT: _("%(player)s, position %(position)s"),
        Act.CHALLENGED: _("%(challenger)s challenged %(challenged)s"),
        Act.PLAYED: _("%(challenger)s against %(challenged)s: victory of %(winner)s"),
        Act.FORFEITED: _("%(challenger)s against %(challenged)s: victory of %(winner)s"),
        Act.VOIDED: _("%(challenger)s against %(challenged)s. Reason: %(reason)s"),
        Act.EXTENDED: _("%(challenger)s against %(challenged)s: play by %(deadline)s"),
        Act.REORDERED: _("%(player)s: from %(previous)s to %(position)s. Reason: %(reason)s"),
        Act.PAUSED: "%(player)s",
        Act.RESUMED: "%(player)s",
        Act.DROPPED: _("%(player)s, position %(position)s"),
        Act.CORRECTED: _("%(challenger)s against %(challenged)s: the winner is now %(winner)s"),
    }


@dataclass(frozen=True)
class ActRow:
    act: LadderAct
    text: str


def described(acts: list[LadderAct]) -> list[ActRow]:
    challenge_ids = {a.details.get("challenge") for a in acts if isinstance(a.details, dict)}
    challenges = Challenge.objects.in_bulk([c for c in challenge_ids if isinstance(c, int)])
    player_ids: set[int] = set()
    for act in acts:
        for key in ("player", "winner", "previous_winner"):
            if isinstance(act.details.get(key), int):
                player_ids.add(act.details[key])
    for challenge in challenges.values():
        player_ids.update((challenge.challenger_id, challenge.challenged_id))
    names = dict(Player.objects.filter(pk__in=player_ids).values_list("pk", "display_name"))
    sentences = _sentences()
    rows = []
    for act in acts:
        details: dict[str, Any] = act.details if isinstance(act.details, dict) else {}
        values: dict[str, Any] = {"position": details.get("position", "—"),
                                  "previous": details.get("previous", "—"),
                                  "reason": details.get("reason") or "—"}
        for key in ("player", "winner"):
            values[key] = names.get(details.get(key), "—")
        challenge = challenges.get(details.get("challenge"))
        values["challenger"] = names.get(challenge.challenger_id, "—") if challenge else "—"
        values["challenged"] = names.get(challenge.challenged_id, "—") if challenge else "—"
        deadline = parse_datetime(details.get("deadline") or "")
        values["deadline"] = date_format(deadline, "SHORT_DATETIME_FORMAT") if deadline else "—"
        template = sentences.get(act.act)
        rows.append(ActRow(act, template % values if template else ""))
    return rows

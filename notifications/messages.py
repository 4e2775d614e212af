"""What a notification says: each message is a name, its kind, a translatable title and
text, and how its values are shown. A notification stores the message's name and its
values (names, numbers, codes); it is put into words in the reader's language each time
it is shown or sent (``render``), so a Russian reader never gets a sentence stored in
English.

Values that are codes (a flight, a walkover's reason, a ruling, what a dispute is about)
are stored as codes and shown by their translated labels; a missing value is a dash. A
match is stored as its two players' names, ``None`` for one not yet known, so that «to be
decided» is said in the reader's language, not in that of whoever caused the message.
A name never ends a sentence before a full stop here: "Bella I." would read "Bella I..".
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.db.models import TextChoices
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from disputes.models import Ruling
from games.models import match_name
from notifications.models import Kind, Notification
from tournaments.format_registry import format_of
from tournaments.models import Flight, Walkover

DASH = "—"


def label_of(choices: type[TextChoices]) -> Callable[[Any], str]:
    """A code shown by its label in the current language (an unknown code as it is)."""
    def label(code: Any) -> str:
        return str(dict(choices.choices).get(code, code)) if code not in (None, "") else DASH
    return label


def one_of(labels: Mapping[str, Any]) -> Callable[[Any], str]:
    def label(code: Any) -> str:
        return str(labels.get(code, code)) if code not in (None, "") else DASH
    return label


def or_else(fallback: Any) -> Callable[[Any], str]:
    """A name, or ``fallback`` (translated) when there is none."""
    def label(value: Any) -> str:
        return str(value) if value not in (None, "") else str(fallback)
    return label


def a_match(value: Any) -> str:
    """A match stored as its sides (``Match.sides``), named in the current language; a
    text (a club's name for a dispute about no match, or a row from before) as it is."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return match_name(*value)
    return str(value) if value not in (None, "") else DASH


def a_round(value: Any) -> str:
    """A round stored as ``[format, flight, number, rounds, places]`` (``round_of``; stored
    before without its places), named as its event's format names it in the current
    language ("Final", "Round of 16", "Losers' final", "Round 3"); a bare number (stored
    before) as "Round n"."""
    if isinstance(value, (list, tuple)) and len(value) in (4, 5):
        key, flight, number, rounds, *places = value
        return str(format_of(key).round_title(flight, int(number), int(rounds),
                                              int(places[0]) if places else None))
    if value in (None, ""):
        return DASH
    return str(_("Round %(number)s") % {"number": value})


DISPUTED = {"result": _("a result"), "move": _("a move")}


@dataclass(frozen=True)
class Message:
    name: str
    kind: str
    title: Any
    body: Any = ""
    labels: dict[str, Callable[[Any], str]] = field(default_factory=dict)

    def shown(self, params: Mapping[str, Any]) -> dict[str, str]:
        values = {}
        for name, value in params.items():
            label = self.labels.get(name)
            if label is not None:
                values[name] = label(value)
            else:
                values[name] = DASH if value in (None, "") else str(value)
        return values


MESSAGES: dict[str, Message] = {}


def define(message: Message) -> Message:
    MESSAGES[message.name] = message
    return message


PAIRING_TEXT = _("%(flight)s, %(round)s: you play %(opponent)s at table %(table)s, a match to "
                 "%(length)s points (time control: %(time_control)s).")
FLIGHT = {"flight": label_of(Flight), "round": a_round}

define(Message("pairing_ready", Kind.PAIRING, _("%(round)s: your match in %(event)s is ready"),
               PAIRING_TEXT, FLIGHT))
define(Message("pairing_changed", Kind.PAIRING, _("%(round)s: your pairing in %(event)s changed"),
               PAIRING_TEXT, FLIGHT))
define(Message("draw_withdrawn", Kind.PAIRING, _("The draw of %(event)s was taken back"),
               _("The director took the draw back: the match you were told of no longer stands. "
                 "You will be told your match when the draw is made again.")))
define(Message("check_in_open", Kind.CHECK_IN, _("Check-in for %(event)s is open"),
               _("Check in from your phone (the tournament page) before %(closes)s; players who "
                 "have not checked in by the draw do not play.")))
define(Message("walkover_won", Kind.FORFEIT, _("You won a match of %(event)s by walkover"),
               _("%(flight)s, %(round)s, against %(absent)s: %(reason)s."),
               {**FLIGHT, "reason": label_of(Walkover)}))
define(Message("walkover_lost", Kind.FORFEIT, _("You lost a match of %(event)s by walkover"),
               _("%(flight)s, %(round)s, against %(winner)s: %(reason)s. Ask "
                 "the director if this is a mistake."),
               {**FLIGHT, "reason": label_of(Walkover)}))
define(Message("registration_promoted", Kind.REGISTRATION, _("A place freed up: you are in %(event)s"),
               _("You moved up from the waiting list and are now entered.")))
define(Message("registration_accepted", Kind.REGISTRATION, _("You are registered for %(event)s"),
               _("Your registration is accepted.")))
define(Message("result_to_confirm", Kind.RESULT_TO_CONFIRM,
               _("%(who)s entered a result for you to confirm"),
               _("Confirm the result %(score)s, or dispute it if it is wrong."),
               {"who": or_else(_("A director"))}))
define(Message("result_confirmed", Kind.RESULT, _("Result confirmed: %(score)s")))
define(Message("result_set", Kind.RESULT, _("A director set the result: %(score)s"),
               _("Reason: %(reason)s")))
define(Message("result_ruled", Kind.RESULT, _("A director set the result: %(score)s"),
               _("By the ruling on dispute %(number)s. Note: %(note)s")))
define(Message("dispute_opened", Kind.DISPUTE, _("Dispute %(number)s opened about %(what)s"),
               _("The engine checks it, then a director rules. Match: %(match)s"),
               {"what": one_of(DISPUTED), "match": a_match}))
define(Message("dispute_checked", Kind.DISPUTE, _("The engine has checked dispute %(number)s"),
               _("Its verdict on %(what)s is on the dispute's page; a director rules next."),
               {"what": one_of(DISPUTED)}))
define(Message("dispute_ruled", Kind.DISPUTE, _("Ruling on dispute %(number)s: %(ruling)s"),
               _("Note: %(note)s"), {"ruling": label_of(Ruling)}))
define(Message("dispute_ruled_score", Kind.DISPUTE, _("Ruling on dispute %(number)s: %(ruling)s"),
               _("Official result: %(score)s. Note: %(note)s"), {"ruling": label_of(Ruling)}))

define(Message("affiliation_asked", Kind.AFFILIATION,
               _("%(club)s asks to join %(federation)s"),
               _("Accept or decline the request on the federation's admin page.")))
define(Message("affiliation_invited", Kind.AFFILIATION,
               _("%(federation)s invites %(club)s to join"),
               _("A director of the club accepts or declines the invitation on the "
                 "federation's page.")))
define(Message("affiliation_accepted", Kind.AFFILIATION,
               _("%(club)s is now a member club of %(federation)s")))
define(Message("affiliation_declined", Kind.AFFILIATION,
               _("%(club)s will not join %(federation)s for now"),
               _("The request or invitation was declined or withdrawn.")))
define(Message("affiliation_ended", Kind.AFFILIATION,
               _("%(club)s is no longer a member club of %(federation)s")))


@lru_cache(maxsize=2048)
def _render(name: str, params_json: str, language: str) -> tuple[str, str]:
    message = MESSAGES[name]
    with translation.override(language):
        values = message.shown(json.loads(params_json))
        title = str(message.title) % values
        body = str(message.body) % values if message.body else ""
    return title[:200], body[:2000]


def render_message(name: str, params: Mapping[str, Any], language: str | None = None) -> tuple[str, str]:
    """The title and text of message ``name`` with ``params``, in ``language`` (the
    current one when not given). The same message and values are put into words once per
    language (a batch to many readers)."""
    language = language or translation.get_language() or "en"
    return _render(name, json.dumps(params, sort_keys=True, default=str), language)


def render(notification: Notification, language: str | None = None) -> tuple[str, str]:
    """A notification's title and text in ``language`` (else the current language); one
    kept as text (from before messages were stored as values, or unknown) as it is."""
    if notification.message in MESSAGES:
        try:
            return render_message(notification.message, notification.params or {}, language)
        except (KeyError, ValueError, TypeError):  # values that do not fit: keep the text
            pass
    return notification.title, notification.body


def is_text(notification: Notification) -> bool:
    """Kept as text in the language it was written in (not rendered for the reader)."""
    return notification.message not in MESSAGES

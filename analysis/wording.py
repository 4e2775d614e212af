"""GNU Backgammon's own words for marks and cube actions, in the reader's language.

GNU Backgammon writes English ("very bad move", "Double, take"); the pages say the same
in the reader's language. A phrase not listed here is shown as GNU Backgammon wrote it.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

ALERTS: dict[str, Promise] = {
    "doubtful move": _("doubtful move"),
    "bad move": _("bad move"),
    "very bad move": _("very bad move"),
    "missed double": _("missed double"),
    "wrong double": _("wrong double"),
    "wrong take": _("wrong take"),
    "wrong pass": _("wrong pass"),
    "wrong drop": _("wrong pass"),
}
CUBE_ACTIONS: dict[str, Promise] = {
    "No double, take": _("No double, take"),
    "No double, pass": _("No double, pass"),
    "No double, beaver": _("No double, beaver"),
    "Double, take": _("Double, take"),
    "Double, pass": _("Double, pass"),
    "Too good to double, take": _("Too good to double, take"),
    "Too good to double, pass": _("Too good to double, pass"),
    "No redouble, take": _("No redouble, take"),
    "No redouble, pass": _("No redouble, pass"),
    "No redouble, beaver": _("No redouble, beaver"),
    "Redouble, take": _("Redouble, take"),
    "Redouble, pass": _("Redouble, pass"),
    "Too good to redouble, take": _("Too good to redouble, take"),
    "Too good to redouble, pass": _("Too good to redouble, pass"),
}
KINDS: dict[str, Promise] = {
    "move": _("move"),
    "double": _("double"),
    "take": _("take"),
    "pass": _("pass"),
}


def alert(text: str) -> str:
    found = ALERTS.get(text.strip().lower())
    return str(found) if found is not None else text


def cube_action(text: str) -> str:
    """``No double, take (29.6%)``: the action translated, GNU Backgammon's figure kept."""
    action, bracket, rest = text.partition(" (")
    found = CUBE_ACTIONS.get(action.strip())
    if found is None:
        return text
    return f"{found}{bracket}{rest}"


def kind(name: str) -> str:
    found = KINDS.get(name)
    return str(found) if found is not None else name


def worded(decision: dict) -> dict:
    """The decision with its marks, kind and proper cube action in the reader's words."""
    return {
        **decision,
        "alert_words": [alert(item["text"]) for item in decision.get("alerts", [])],
        "kind_words": kind(decision.get("kind") or ""),
        "proper_words": cube_action(decision.get("proper_cube_action") or ""),
    }

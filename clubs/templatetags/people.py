"""Names on pages as the one rule says (clubs.selectors.NameViewer).

``{% legal_name player as legal %}`` gives the player's legal name when the page's viewer
may see it (the player themself, directors of the player's clubs, or a public legal
name), else an empty string; it never needs the template to know the rule.

``{{ user|person }}`` names a login as a person: its player's public name, else the full
name, else the login name (clubs.selectors.person_name).
"""

from __future__ import annotations

from typing import Any

from django import template

from clubs.selectors import NameViewer, name_viewer, person_name

register = template.Library()


@register.simple_tag(takes_context=True)
def legal_name(context: template.Context, player: Any) -> str:
    request = context.get("request")
    viewer = name_viewer(request) if request is not None else NameViewer()
    return viewer.legal_name(player) or ""


@register.filter
def person(user: Any) -> str:
    return person_name(user)

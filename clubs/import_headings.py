"""The column headings and role words a CSV import of players understands.

The fixed words of ``clubs.csv_players`` (English, Russian, Azerbaijani, Turkish), and
the site's own words for each column in every language it speaks: a director who copies
the headings from the site's pages in Russian writes «Эл. почта», which must fill the
email column (16 players imported without their emails otherwise: no invitations).
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from clubs.csv_players import HANDLE_FIELDS, HEADINGS, ROLE_WORDS, heading_key
from clubs.models import Player, Role

FIELDS = ("name", "display_name", "email", "role", "rating", *HANDLE_FIELDS)
# The words the site shows for a column (labels of the players' pages and forms).
SITE_WORDS = {
    "name": (_("Name"),),
    "display_name": (_("Display name"),),
    "email": (_("Email"),),
    "role": (_("Role"),),
    "rating": (_("Rating"),),
}
PLAYER_FIELDS = {"name": "name", "display_name": "display_name", "email": "email",
                 "rating": "declared_rating", **{handle: handle for handle in HANDLE_FIELDS}}


def _site_words(field: str) -> list[str]:
    words = [str(word) for word in SITE_WORDS.get(field, ())]
    if field in PLAYER_FIELDS:
        words.append(str(Player._meta.get_field(PLAYER_FIELDS[field]).verbose_name))
    return words


def _languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def accepted_headings() -> dict[str, str]:
    """heading_key -> field: the fixed words, then the site's in every language (a site
    word never takes a fixed word's meaning away)."""
    headings = dict(HEADINGS)
    for language in _languages():
        with translation.override(language):
            for field in FIELDS:
                for word in _site_words(field):
                    headings.setdefault(heading_key(word), field)
    return headings


def role_words() -> dict[str, str]:
    """Casefolded word -> role: the fixed words and the roles' names in every language."""
    words = dict(ROLE_WORDS)
    for language in _languages():
        with translation.override(language):
            for value, label in Role.choices:
                if value in ("member", "scorer", "director"):
                    words.setdefault(str(label).casefold(), value)
    return words


def headings_by_field() -> list[tuple[str, str, list[str]]]:
    """For the import page: each column (its field, its name in today's language) and
    every heading read as it, as looked up (any case)."""
    keys: dict[str, set[str]] = {field: set() for field in FIELDS}
    for key, field in accepted_headings().items():
        keys[field].add(key)
    return [(field, _site_words(field)[0], sorted(keys[field])) for field in FIELDS]

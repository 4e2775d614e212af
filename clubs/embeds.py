"""Pages a club's own website may show in a frame: its public bracket, standings, next
events (and, once ladders register one, a ladder). Each kind is registered by the app
that owns it; this module keeps the list, the club's allowed sites and the snippet.

Only the sites a club lists (``Club.embed_origins``) may frame these pages: their answer
replaces the site's ``frame-ancestors 'none'`` with that list (``nardy_site.framing``)
and drops ``X-Frame-Options: DENY``. Private items never embed: a kind answers None for
them, which is a 404.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from clubs.models import Club

MAX_ORIGINS = 10
DEFAULT_HEIGHT = 480


@dataclass(frozen=True)
class EmbedContent:
    """What an embed page shows: a title, the HTML inside it, and the link to the full page."""

    title: str
    html: str
    page_url: str
    stylesheets: tuple[str, ...] = ()  # static paths the HTML needs
    height: int = DEFAULT_HEIGHT


@dataclass(frozen=True)
class EmbedKind:
    key: str  # in the address: /embed/<club>/<key>/[<id>/]
    label: Callable[[], str]  # in the reader's language
    # (request, club, item id or None) -> the content, or None: no such public item
    render: Callable[[HttpRequest, Club, int | None], EmbedContent | None]
    # the club's public items of this kind, for the snippets: [(id or None, name)]
    items: Callable[[Club], list[tuple[int | None, str]]] = field(default=lambda club: [(None, "")])


_kinds: dict[str, EmbedKind] = {}


def register(kind: EmbedKind) -> None:
    _kinds[kind.key] = kind


def kind(key: str) -> EmbedKind | None:
    return _kinds.get(key)


def kinds() -> list[EmbedKind]:
    return list(_kinds.values())


# --- the club's list of sites ------------------------------------------------------------


class OriginError(ValueError):
    """A site that cannot be listed; ``args[0]`` is the text as given."""


def parse_origin(text: str) -> str:
    """``https://club.example.org`` (any path dropped): a scheme, a host, maybe a port."""
    text = text.strip()
    parts = urlsplit(text)
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.username
            or parts.password or len(text) > 200 or any(c in text for c in " '\";,*")):
        raise OriginError(text)
    try:
        port = parts.port
    except ValueError:
        raise OriginError(text) from None
    return f"{parts.scheme}://{parts.hostname}" + (f":{port}" if port else "")


def parse_origins(text: str) -> list[str]:
    """One site a line (or separated by spaces): each an origin, at most ``MAX_ORIGINS``."""
    origins: list[str] = []
    for part in text.split():
        origin = parse_origin(part)
        if origin not in origins:
            origins.append(origin)
    if len(origins) > MAX_ORIGINS:
        raise OriginError(str(len(origins)))
    return origins


def frame_ancestors(club: Club) -> list[str]:
    """The CSP frame-ancestors of the club's embed pages: this site and the club's list."""
    listed = [origin for origin in club.embed_origins or [] if isinstance(origin, str)]
    return ["'self'", *listed]


# --- addresses and snippets ----------------------------------------------------------------


def embed_path(club: Club, key: str, pk: int | None = None) -> str:
    if pk is None:
        return reverse("clubs:embed", args=[club.slug, key])
    return reverse("clubs:embed_item", args=[club.slug, key, pk])


def embed_url(club: Club, key: str, pk: int | None = None) -> str:
    return settings.NARDY_SITE_URL + embed_path(club, key, pk)


def snippet(url: str, title: str, height: int = DEFAULT_HEIGHT) -> str:
    """The HTML a club pastes into its own site."""
    return format_html(
        '<iframe src="{}" title="{}" width="100%" height="{}" style="border:0" '
        'loading="lazy"></iframe>', url, title, height)


@dataclass(frozen=True)
class Snippet:
    label: str
    name: str
    url: str
    html: str


def snippets(club: Club) -> list[Snippet]:
    """Every public item the club can show on its site, with the HTML to paste."""
    found = []
    for embed_kind in kinds():
        label = embed_kind.label()
        for pk, name in embed_kind.items(club):
            url = embed_url(club, embed_kind.key, pk)
            title = f"{name}: {label}" if name else f"{club.name}: {label}"
            found.append(Snippet(label, name, url, snippet(url, title)))
    return found

"""A club's pages in the club's language, for whoever has chosen none.

The language of a page is the one its reader chose (the switcher's cookie, which
signing in sets from the profile); else, for a signed-in person, the one their browser
asked for when they signed up; else the one the browser asks for, when it asks for one
of the site's languages (Django's LocaleMiddleware, which runs before this one); else, on
the pages of a club (the club's own, its events, matches, chouettes, disputes), the
club's language. The same order as a person's language for messages
(clubs.profiles.language_for): their choice, their browser's, then the club's.

Which club a page belongs to is read from its URL: a table of URL names' namespaces and
keyword arguments, each with the query that finds the club's language. This is the
wiring layer, so it may know every app's models.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import translation

from chouette.models import ChouetteSession
from clubs.models import Club
from clubs.profiles import browser_language, own_language, supported_language
from disputes.models import Dispute
from games.models import Match
from tournaments.models import Tournament
from tournaments.views.support import event_row

# (namespace, keyword argument) -> the club's language, as a query on that argument.
ClubLanguage = Callable[[Any], QuerySet]
BY_SLUG: ClubLanguage = lambda slug: Club.objects.filter(slug=slug).values_list("language", flat=True)
BY_EVENT: ClubLanguage = lambda pk: Tournament.objects.filter(pk=pk).values_list("club__language", flat=True)

PAGES: dict[tuple[str, str], ClubLanguage] = {
    ("clubs", "slug"): BY_SLUG,
    ("tournaments", "slug"): BY_SLUG,
    ("tournaments", "pk"): BY_EVENT,
    ("money", "pk"): BY_EVENT,
    ("chouette", "slug"): BY_SLUG,
    ("chouette", "pk"): lambda pk: ChouetteSession.objects.filter(pk=pk).values_list(
        "club__language", flat=True),
    ("games", "pk"): lambda pk: Match.objects.filter(pk=pk).values_list("club__language", flat=True),
    ("disputes", "pk"): lambda pk: Dispute.objects.filter(pk=pk).values_list(
        "club__language", flat=True),
}
# URL names whose argument is not the club's thing (a chouette player's record).
NOT_CLUB_PAGES = {"chouette:player_record"}


def page_club_language(request: HttpRequest) -> str | None:
    """The language of the club whose page this is, if it is one."""
    match = getattr(request, "resolver_match", None)
    if match is None or not match.namespace or match.view_name in NOT_CLUB_PAGES:
        return None
    for name, value in match.kwargs.items():
        if (match.namespace, name) == ("tournaments", "pk") and isinstance(value, int):
            event = event_row(request, value)  # the view reads it again from the request
            return supported_language(event.club.language if event is not None else None)
        lookup = PAGES.get((match.namespace, name))
        if lookup is not None:
            try:
                return supported_language(lookup(value).first())
            except (TypeError, ValueError):
                return None
    return None


def chosen(request: HttpRequest) -> bool:
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return bool(code) and translation.check_for_language(code)


class ClubLanguageMiddleware:
    """After LocaleMiddleware and authentication: the page's language by the rules above."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> Any:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> None:
        if chosen(request) or request.path.startswith("/api/"):
            return
        user = getattr(request, "user", None)
        own = own_language(user) if user is not None and user.is_authenticated else None
        if own is None and browser_language(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
            return  # the browser asks for one of the site's languages: LocaleMiddleware's
        language = own or page_club_language(request)
        if language and language != translation.get_language():
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return

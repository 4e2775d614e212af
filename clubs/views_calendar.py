"""Calendar feeds (clubs.calendar): public ones show what anyone may see; a personal link
(a secret the person can replace on their profile) shows what that person may see."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_safe

from clubs import calendar
from clubs.profiles import language_for, user_of_calendar_token


def _feed(scope: str, key: str, viewer: object) -> HttpResponse:
    if viewer is not None:  # a personal feed speaks the person's language
        with translation.override(language_for(viewer)):
            found = calendar.items_for(scope, key, viewer)
    else:
        found = calendar.items_for(scope, key, viewer)
    if found is None:
        raise Http404
    name, items = found
    response = HttpResponse(calendar.to_ical(name, items), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{scope}.ics"'
    response["Cache-Control"] = "private, max-age=300"
    return response


@require_safe
def feed(request: HttpRequest, scope: str, key: str) -> HttpResponse:
    """A club's or an event's feed as anyone sees it (public items only)."""
    return _feed(scope, key, None)


@require_safe
def personal_feed(request: HttpRequest, token: str, scope: str, key: str) -> HttpResponse:
    viewer = user_of_calendar_token(token)
    if viewer is None:
        raise Http404
    return _feed(scope, key, viewer)


@require_safe
def person(request: HttpRequest, token: str) -> HttpResponse:
    """The person's own feed: their events, matches and deadlines."""
    viewer = user_of_calendar_token(token)
    if viewer is None:
        raise Http404
    return _feed(calendar.PERSON, "", viewer)

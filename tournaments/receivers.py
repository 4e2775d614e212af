"""Signal receivers of the tournaments app, connected in TournamentsConfig.ready()."""

from __future__ import annotations

from typing import Any

from games.signals import result_confirmed
from tournaments.services.results import on_result_confirmed


def advance_draw(sender: Any, **kwargs: Any) -> None:
    on_result_confirmed(**kwargs)


def events_section(club: Any, request: Any) -> Any:
    """The club page's section of events (upcoming and past)."""
    from django.utils.translation import gettext as _

    from clubs.club_page import Section
    from tournaments.selectors import club_events

    return Section(_("Events"), "tournaments/_club_events.html",
                   club_events(club, request.user), order=10)


def connect() -> None:
    from clubs import club_page

    club_page.register(events_section)
    result_confirmed.connect(advance_draw, dispatch_uid="tournaments.advance_draw")

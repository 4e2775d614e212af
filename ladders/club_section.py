"""The club page's section of ladders (registered in LaddersConfig.ready)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from clubs.club_page import Section
from clubs.models import Club
from ladders.selectors import ladders_for


def section(club: Club, request: HttpRequest) -> Section | None:
    ladders = list(ladders_for(request.user).filter(club=club))
    if not ladders:
        return None
    return Section(_("Ladders"), "ladders/_club_ladders.html", {"ladders": ladders}, order=25)

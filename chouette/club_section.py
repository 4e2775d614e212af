"""The club page's section of chouette nights (registered in ChouetteConfig.ready)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from chouette.selectors import sessions as selectors
from clubs.club_page import Section
from clubs.models import Club


def section(club: Club, request: HttpRequest) -> Section:
    return Section(_("Chouette nights"), "chouette/_club_nights.html",
                   {"sessions": list(selectors.sessions(club)[:10])}, order=20)

"""The club page's section of the club's data, for its directors."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from clubs.club_page import Section
from clubs.models import Club
from clubs.permissions import can_manage_club


def section(club: Club, request: HttpRequest) -> Section | None:
    if not can_manage_club(request.user, club):
        return None
    return Section(_("The club's data"), "data/_club_data.html", {}, order=90)

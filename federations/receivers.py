"""The club page's section of the federations a club belongs to (connected in ready())."""

from __future__ import annotations

from typing import Any


def club_section(club: Any, request: Any) -> Any:
    from django.utils.translation import gettext as _

    from clubs.club_page import Section
    from federations.models import Affiliation
    from federations.permissions import visible_federations

    federations = visible_federations(request.user).filter(
        affiliations__club=club, affiliations__status=Affiliation.Status.ACTIVE).distinct()
    return Section(_("Federations"), "federations/_club_section.html",
                   {"federations": list(federations.order_by("name"))}, order=35)


def connect() -> None:
    from clubs import club_page

    club_page.register(club_section)

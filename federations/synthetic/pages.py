"""The busy pages of a generated federation: what the benchmark times and the tests count.

Each is picked the same way at any size (the first club, its most active player with
an account, the club's latest public Swiss event...), so two federations of different
sizes can be compared page by page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count

from clubs.models import Club, Player
from federations.models import Federation
from tournaments.models import Tournament

SEARCH = "ivan"  # a part of many generated names


@dataclass(frozen=True)
class BusyPage:
    name: str
    url: str
    user: Any = None  # signed in as this account; None: a visitor


def busy_pages(federation: Federation) -> list[BusyPage]:
    club = Club.objects.filter(affiliations__federation=federation).order_by("pk").first()
    assert club is not None, "the federation has no club"
    player = (
        Player.objects.filter(memberships__club=club, user__isnull=False)
        .annotate(played=Count("matches_as_player1") + Count("matches_as_player2"))
        .order_by("-played", "pk").select_related("user").first()
    )
    assert player is not None, "the club has no player with an account"
    event = (Tournament.objects.filter(club=club, is_public=True, format="swiss")
             .order_by("-starts_on", "-pk").first()
             or Tournament.objects.filter(club=club, is_public=True).order_by("-starts_on", "-pk").first())
    assert event is not None, "the club has no public event"
    pages = [
        BusyPage("home", "/"),
        BusyPage("home, signed in", "/", player.user),
        BusyPage("a club", f"/clubs/{club.slug}/"),
        BusyPage("a player's profile and history", f"/rankings/players/{player.pk}/"),
        BusyPage("national ranking", f"/federations/{federation.slug}/ranking/"),
        BusyPage("club ranking", f"/rankings/?club={club.slug}"),
        # a part of a name that finds somebody at any size: the player's first name's start
        BusyPage("player search", f"/players/?name={player.display_name.split()[0][:4].lower()}"),
        BusyPage("my matches", "/my-matches/", player.user),
        BusyPage("an event", f"/tournaments/{event.pk}/"),
    ]
    return pages


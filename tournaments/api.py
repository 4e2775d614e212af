"""REST API of clubs and players. `register(router)` is called by nardy_site/api_urls.py."""

from __future__ import annotations

from rest_framework import viewsets
from rest_framework.routers import BaseRouter

from tournaments import selectors
from tournaments.models import Player
from tournaments.permissions import ReadOnlyOrClubDirector, ReadOnlyOrPlayerSelf
from tournaments.serializers import ClubSerializer, PlayerSerializer


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """Clubs, by slug."""

    serializer_class = ClubSerializer
    permission_classes = [ReadOnlyOrClubDirector]
    lookup_field = "slug"

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return selectors.clubs_with_counts()


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    """Players, shown by display name."""

    serializer_class = PlayerSerializer
    permission_classes = [ReadOnlyOrPlayerSelf]
    queryset = Player.objects.order_by("display_name", "pk")


def register(router: BaseRouter) -> None:
    router.register("clubs", ClubViewSet, basename="club")
    router.register("players", PlayerViewSet, basename="player")

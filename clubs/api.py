"""REST API of clubs and players. ``register(router)`` is called by nardy_site/api_urls.py.

Same rules as the pages: anyone reads; directors add players to their own clubs and
merge duplicates of their own clubs' players.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs import registry, selectors, services
from clubs import serializers as s
from clubs.api_people import (
    ClubPeopleActions,
    InvitationViewSet,
    JoinRequestViewSet,
    PlayerPeopleActions,
    ProfileViewSet,
)
from clubs.models import Player
from clubs.permissions import (
    ReadOnlyOrClubDirector,
    ReadOnlyOrPlayerSelf,
    can_edit_player,
    can_manage_club,
)
from common.api import answer


class ClubViewSet(ClubPeopleActions, mixins.CreateModelMixin, mixins.UpdateModelMixin,
                  viewsets.ReadOnlyModelViewSet):
    """Clubs, by slug. Anyone signed in starts one; its owner and directors edit it and
    manage its people."""

    serializer_class = s.ClubSerializer
    http_method_names = ["get", "post", "patch", "head", "options"]
    permission_classes = [ReadOnlyOrClubDirector]
    lookup_field = "slug"

    def get_queryset(self):  # type: ignore[no-untyped-def]
        return selectors.clubs_with_counts()


class PlayerViewSet(PlayerPeopleActions, mixins.CreateModelMixin, mixins.UpdateModelMixin,
                    mixins.DestroyModelMixin, viewsets.ReadOnlyModelViewSet):
    """Players, shown by display name. Directors add, edit, deactivate, delete (without
    history) and merge players of their clubs."""

    serializer_class = s.PlayerSerializer
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]
    permission_classes = [ReadOnlyOrPlayerSelf]

    def get_queryset(self) -> QuerySet[Player]:
        return selectors.players_named(self.request.query_params.get("search", "")[:120],
                                       selectors.name_viewer(self.request))

    @extend_schema(request=s.PlayerInputSerializer, responses=s.PlayerSerializer)
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = s.PlayerInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = data.validated_data.get("club")
        if not (club and can_manage_club(request.user, club)):
            raise PermissionDenied("Directors add players to their own clubs.")
        return answer(lambda: s.PlayerSerializer(registry.add_player(
            club=club, actor=request.user, name=data.validated_data["name"],
            display_name=data.validated_data.get("display_name", ""), allow_similar=True)).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=s.MergeInputSerializer, responses=s.PlayerSerializer)
    @action(detail=True, methods=["post"])
    def merge(self, request: Request, pk: str | None = None) -> Response:
        """Merge ``duplicate`` into this player (all history moves; the duplicate goes)."""
        keep = self.get_object()
        data = s.MergeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        duplicate = data.validated_data["duplicate"]
        if not (can_edit_player(request.user, keep) and can_edit_player(request.user, duplicate)):
            raise PermissionDenied("You can merge players of your own clubs only.")
        return answer(lambda: s.PlayerSerializer(
            services.merge_players(keep=keep, duplicate=duplicate, by=request.user)).data)


def register(router: BaseRouter) -> None:
    router.register("clubs", ClubViewSet, basename="club")
    router.register("players", PlayerViewSet, basename="player")
    router.register("invitations", InvitationViewSet, basename="invitation")
    router.register("join-requests", JoinRequestViewSet, basename="join-request")
    router.register("profile", ProfileViewSet, basename="profile")

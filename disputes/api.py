"""REST API of disputes, with the same rules as the pages: a match's players and the
club's directors raise and read a match's disputes; a standalone dispute is read by its
submitter and the club's directors; only directors rule.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs.models import Club
from common.api import referenced
from disputes import selectors, services
from disputes.models import Dispute
from disputes.serializers import (
    DisputeInputSerializer,
    DisputeSerializer,
    RulingInputSerializer,
)
from games import selectors as match_selectors
from games.api import parsed


class DisputeViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Disputes you may see. POST raises a disputed move; its verdict arrives later
    (``status`` goes submitted → checking → checked)."""

    serializer_class = DisputeSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Dispute]:
        queryset = selectors.visible_to(self.request.user).prefetch_related("events__actor")
        status_filter = self.request.query_params.get("status")
        return queryset.filter(status=status_filter) if status_filter else queryset

    @extend_schema(request=DisputeInputSerializer, responses={201: DisputeSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = parsed(DisputeInputSerializer, request)
        match = None
        club = None
        if data.get("match"):
            match = referenced(match_selectors.matches(request.user), "match", pk=data["match"])
        elif data.get("club"):
            club = referenced(Club, "club", slug=data["club"])
        dispute = services.submit_move_dispute(
            by=request.user,
            club=club,
            match=match,
            game_number=data.get("game_number"),
            variant=data["variant"],
            position_id=data["position_id"],
            dice=tuple(data["dice"]),
            notation=data["notation"],
            on_roll_seat=int(data["on_roll_seat"]),
            statement=data.get("statement", ""),
            block_rule=data.get("block_rule") or "",
        )
        return Response(self._output(dispute.pk), status=status.HTTP_201_CREATED)

    def _output(self, pk: int) -> dict[str, Any]:
        dispute = self.get_queryset().get(pk=pk)
        return DisputeSerializer(dispute, context=self.get_serializer_context()).data

    @extend_schema(request=RulingInputSerializer, responses=DisputeSerializer)
    @action(detail=True, methods=["post"])
    def rule(self, request: Request, pk: str | None = None) -> Response:
        dispute = self.get_object()
        data = parsed(RulingInputSerializer, request)
        services.rule_dispute(
            dispute=dispute,
            by=request.user,
            ruling=data["ruling"],
            note=data.get("note", ""),
            replay_position_id=data.get("replay_position_id", ""),
            score1=data.get("score1"),
            score2=data.get("score2"),
            played_on=data.get("played_on"),
        )
        return Response(self._output(dispute.pk))

    @extend_schema(request=None, responses=DisputeSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        dispute = self.get_object()
        services.withdraw_dispute(dispute=dispute, by=request.user)
        return Response(self._output(dispute.pk))


def register(router: BaseRouter) -> None:
    router.register("disputes", DisputeViewSet, basename="dispute")

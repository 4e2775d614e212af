"""REST API of ladders. ``register(router)`` is called by nardy_site/api_urls.py.

Reads: anyone, public ladders (a private ladder and its challenges are its club's only).
Writes need a login; the services check who may (the player, or a director of the club)
and answer refusals in the one error shape (``common.api``): 403 for who asks, 409 for
what the ladder's rules refuse, with the code and the field at fault.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club, Player
from clubs.permissions import can_manage_club, player_for
from common.api import referenced
from ladders import selectors, services
from ladders.models import Challenge, Ladder
from ladders.rules import LadderError
from ladders.serializers import (
    LadderActOutput,
    LadderChallengeInput,
    LadderChallengeOutput,
    LadderChallengeQuery,
    LadderDetailOutput,
    LadderExtendInput,
    LadderHistoryQuery,
    LadderInput,
    LadderMoveOutput,
    LadderOutput,
    LadderPauseInput,
    LadderPlayerInput,
    LadderQuery,
    LadderReorderInput,
    LadderVoidInput,
)


def _player(request: Request, data: dict[str, Any], field: str = "player") -> Player:
    """The player an input names, else the login's own player."""
    if data.get(field) is not None:
        return referenced(Player, field, pk=data[field])
    own = player_for(request.user)
    if own is None:
        raise LadderError("not_on_ladder", "This player is not on the ladder.", {"field": field})
    return own


def _valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


@extend_schema_view(
    list=extend_schema(parameters=[LadderQuery]),
    retrieve=extend_schema(responses=LadderDetailOutput),
)
class LadderViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Challenge ladders: list (``?club=<slug>``), a ladder with its standings, and its
    actions: join, leave, challenge; the director's reorder and pause; a player's moves
    (history) and the audit trail (acts, directors only)."""

    serializer_class = LadderOutput
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Ladder]:
        queryset = selectors.ladders_for(self.request.user).order_by("pk")
        if self.action == "list":
            query = _valid(LadderQuery, self.request.query_params)
            if query.get("club"):
                queryset = queryset.filter(club__slug=query["club"])
        return queryset

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(LadderDetailOutput(self.get_object()).data)

    @extend_schema(request=LadderInput, responses={201: LadderDetailOutput})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = _valid(LadderInput, request.data)
        club = referenced(Club, "club", slug=data.pop("club"))
        ladder = services.create_ladder(club=club, by=request.user, **data)
        return Response(LadderDetailOutput(ladder).data, status=status.HTTP_201_CREATED)

    def _answer(self, ladder: Ladder) -> Response:
        return Response(LadderDetailOutput(ladder).data)

    @extend_schema(request=LadderPlayerInput, responses={200: LadderDetailOutput})
    @action(detail=True, methods=["post"])
    def join(self, request: Request, pk: str) -> Response:
        """Join the ladder (a director may name any member of the club)."""
        ladder = self.get_object()
        data = _valid(LadderPlayerInput, request.data)
        services.join_ladder(ladder=ladder, player=_player(request, data), by=request.user)
        return self._answer(ladder)

    @extend_schema(request=LadderPlayerInput, responses={200: LadderDetailOutput})
    @action(detail=True, methods=["post"])
    def leave(self, request: Request, pk: str) -> Response:
        """Leave the ladder; everyone below moves up one."""
        ladder = self.get_object()
        data = _valid(LadderPlayerInput, request.data)
        services.leave_ladder(ladder=ladder, player=_player(request, data), by=request.user)
        return self._answer(ladder)

    @extend_schema(request=LadderChallengeInput, responses={201: LadderChallengeOutput})
    @action(detail=True, methods=["post"])
    def challenge(self, request: Request, pk: str) -> Response:
        """Challenge a player above; the match is created with the handicap, if any."""
        ladder = self.get_object()
        data = _valid(LadderChallengeInput, request.data)
        challenged = referenced(Player, "challenged", pk=data["challenged"])
        made = services.make_challenge(ladder=ladder, challenger=_player(request, data, "challenger"),
                                       challenged=challenged, by=request.user)
        return Response(LadderChallengeOutput(made).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=LadderReorderInput, responses={200: LadderDetailOutput})
    @action(detail=True, methods=["post"])
    def reorder(self, request: Request, pk: str) -> Response:
        """The director puts a player at a position (in the audit trail, with the reason)."""
        ladder = self.get_object()
        data = _valid(LadderReorderInput, request.data)
        services.reorder(ladder=ladder, player=_player(request, data), position=data["position"],
                         by=request.user, reason=data["reason"])
        return self._answer(ladder)

    @extend_schema(request=LadderPauseInput, responses={200: LadderDetailOutput})
    @action(detail=True, methods=["post"])
    def pause(self, request: Request, pk: str) -> Response:
        """The director puts a player on a break (holiday), or back."""
        ladder = self.get_object()
        data = _valid(LadderPauseInput, request.data)
        services.set_paused(ladder=ladder, player=_player(request, data), paused=data["paused"],
                            by=request.user)
        return self._answer(ladder)

    @extend_schema(parameters=[LadderHistoryQuery], responses={200: LadderMoveOutput(many=True)})
    @action(detail=True, methods=["get"], pagination_class=None)
    def history(self, request: Request, pk: str) -> Response:
        """A player's moves up and down this ladder, oldest first."""
        ladder = self.get_object()
        query = _valid(LadderHistoryQuery, request.query_params)
        player = Player.objects.filter(pk=query["player"]).first()
        moves = selectors.history(ladder, player) if player is not None else []
        return Response(LadderMoveOutput(moves, many=True).data)

    @extend_schema(responses={200: LadderActOutput(many=True)})
    @action(detail=True, methods=["get"], pagination_class=None)
    def acts(self, request: Request, pk: str) -> Response:
        """The audit trail (newest first), for the club's directors."""
        ladder = self.get_object()
        if not can_manage_club(request.user, ladder.club):
            raise LadderError("not_director", "Only a director of the club may do this.")
        return Response(LadderActOutput(selectors.acts(ladder), many=True).data)


@extend_schema_view(list=extend_schema(parameters=[LadderChallengeQuery]))
class ChallengeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Ladder challenges (``?ladder=<id>&status=open``); the director voids or extends one."""

    serializer_class = LadderChallengeOutput
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Challenge]:
        queryset = selectors.challenges_for(self.request.user).order_by("-pk")
        if self.action == "list":
            query = _valid(LadderChallengeQuery, self.request.query_params)
            if query.get("ladder"):
                queryset = queryset.filter(ladder_id=query["ladder"])
            if query.get("status"):
                queryset = queryset.filter(status=query["status"])
        return queryset

    @extend_schema(request=LadderVoidInput, responses={200: LadderChallengeOutput})
    @action(detail=True, methods=["post"])
    def void(self, request: Request, pk: str) -> Response:
        """Cancel an open challenge: nobody moves (in the audit trail, with the reason)."""
        data = _valid(LadderVoidInput, request.data)
        done = services.void_challenge(challenge=self.get_object(), by=request.user,
                                       reason=data["reason"])
        return Response(LadderChallengeOutput(done).data)

    @extend_schema(request=LadderExtendInput, responses={200: LadderChallengeOutput})
    @action(detail=True, methods=["post"])
    def extend(self, request: Request, pk: str) -> Response:
        """Give an open challenge more days to be played."""
        data = _valid(LadderExtendInput, request.data)
        done = services.extend_challenge(challenge=self.get_object(), by=request.user,
                                         days=data["days"])
        return Response(LadderChallengeOutput(done).data)


def register(router: Any) -> None:
    router.register("ladders", LadderViewSet, basename="ladder")
    router.register("ladder-challenges", ChallengeViewSet, basename="ladder-challenge")

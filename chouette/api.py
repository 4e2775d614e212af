"""REST API of chouette sessions. `register(router)` is called by nardy_site/api_urls.py.

Reads are open to anyone. Writes need a login; the services check that the user is a
participant of the session or a director of its club (403 otherwise). A rule of the
game that the input breaks answers 400 with the core's ``code`` and a translated
``detail``; nothing is stored then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

import chouette as core
from chouette import selectors, services
from chouette.messages import describe
from chouette.models import ChouetteSession
from chouette.serializers import (
    GameInput,
    SeatInput,
    SessionSerializer,
    StartSessionInput,
    ledger_data,
    player_record_data,
    table_data,
)
from clubs.models import Player


class ChouetteSessionViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Chouette sessions: list (``?club=<slug>``), detail with line-up and standings,
    and the table's actions: start, games (record), undo, join, leave, finish, ledger."""

    serializer_class = SessionSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]  # services check each session

    def get_queryset(self) -> QuerySet[ChouetteSession]:
        queryset = selectors.sessions()
        club = self.request.query_params.get("club")
        if club:
            queryset = queryset.filter(club__slug=club)
        return queryset

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return Response(table_data(selectors.table(self.get_object())))

    def create(self, request: Request) -> Response:
        data = StartSessionInput(data=request.data)
        data.is_valid(raise_exception=True)
        opening_line = data.validated_data["opening_line"]

        def start() -> ChouetteSession:
            return services.start_session(
                club=data.validated_data["club"],
                opening_line=opening_line,
                by=request.user,
                table=data.table_rules(),
                date=data.validated_data.get("date"),
            )

        names = {player.pk: player.display_name for player in opening_line}
        return _run(start, names, created=True)

    @action(detail=True, methods=["post"])
    def games(self, request: Request, pk: str) -> Response:
        session = self.get_object()
        data = GameInput(data=request.data)
        data.is_valid(raise_exception=True)
        state = selectors.state_of(session)
        lineup = state.next_lineup
        if lineup is None:
            error = core.ChouetteError("too_few_players", count=len(state.line))
            return _refused(error.code, describe(error, {}))

        def record() -> ChouetteSession:
            services.record_chouette_game(
                session=session, record=data.to_record(lineup, state.settings), by=request.user
            )
            return session

        return _run(record, selectors.names_of(session), created=True)

    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str) -> Response:
        session = self.get_object()

        def undo_last() -> ChouetteSession:
            services.undo_last_chouette_game(session=session, by=request.user)
            return session

        return _run(undo_last, selectors.names_of(session))

    @action(detail=True, methods=["post"])
    def join(self, request: Request, pk: str) -> Response:
        return self._seat(request, services.join_chouette)

    @action(detail=True, methods=["post"])
    def leave(self, request: Request, pk: str) -> Response:
        return self._seat(request, services.leave_chouette)

    @action(detail=True, methods=["post"])
    def finish(self, request: Request, pk: str) -> Response:
        session = self.get_object()
        return _run(
            lambda: services.finish_session(session=session, by=request.user),
            selectors.names_of(session),
        )

    @action(detail=True, methods=["get"])
    def ledger(self, request: Request, pk: str) -> Response:
        return Response(ledger_data(selectors.table(self.get_object())))

    @action(detail=False, methods=["get"], url_path=r"players/(?P<player_pk>[0-9]+)")
    def player(self, request: Request, player_pk: str) -> Response:
        """A player's all-time chouette record and their result in each session."""
        player = get_object_or_404(Player, pk=player_pk)
        record, lines = selectors.player_record(player)
        return Response(player_record_data(player, record, lines))

    def _seat(self, request: Request, service: Callable[..., Any]) -> Response:
        session = self.get_object()
        data = SeatInput(data=request.data)
        data.is_valid(raise_exception=True)
        player: Player = data.validated_data["player"]
        names = {**selectors.names_of(session), player.pk: player.display_name}

        def seat() -> ChouetteSession:
            service(session=session, player=player, by=request.user)
            return session

        return _run(seat, names)


def _run(
    write: Callable[[], ChouetteSession], names: dict[int, str], created: bool = False
) -> Response:
    try:
        session = write()
    except core.ChouetteError as error:
        return _refused(error.code, describe(error, names))
    except services.SessionError as error:
        return _refused(error.code, str(error.message))
    session = selectors.sessions().get(pk=session.pk)
    code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
    return Response(table_data(selectors.table(session)), status=code)


def _refused(code: str, detail: str) -> Response:
    return Response({"code": code, "detail": detail}, status=status.HTTP_400_BAD_REQUEST)


def register(router: BaseRouter) -> None:
    router.register("chouette-sessions", ChouetteSessionViewSet, basename="chouette-session")

"""REST API of chouette sessions. `register(router)` is called by nardy_site/api_urls.py.

Reads are open to anyone. Writes need a login; the services check that the user is a
participant of the session or a director of its club (403 otherwise). A rule of the
game that the input breaks answers 400 in the API's one error shape (``common.api``): the
core's ``code``, a translated ``message`` and the input field at fault; nothing is stored
then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from chouette import core, services
from chouette.messages import describe, field_of
from chouette.models import ChouetteSession
from chouette.selectors import ledgers
from chouette.selectors import sessions as selectors
from chouette.serializers import (
    ChouetteGameInput,
    ChouetteJoinInput,
    ChouetteLedgerOutput,
    ChouetteMergeInput,
    ChouettePlayerRecordOutput,
    ChouetteSeasonOutput,
    ChouetteSeasonQuery,
    ChouetteSeatInput,
    ChouetteSettlementOutput,
    ChouetteStartSessionInput,
    ChouetteTableOutput,
    ChouetteUndoInput,
    SessionSerializer,
    ledger_data,
    player_record_data,
    season_data,
    settlement_data,
    table_data,
)
from clubs.models import Player
from common.api import ErrorOutput, answer
from common.errors import DomainError

WRITE_ANSWERS = {400: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput}


@extend_schema_view(
    list=extend_schema(
        parameters=[OpenApiParameter("club", OpenApiTypes.STR, description="A club's slug.")]
    ),
    retrieve=extend_schema(responses=ChouetteTableOutput),
)
class ChouetteSessionViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Chouette sessions (tables): list (``?club=<slug>``), detail with line-up and
    standings, and the table's actions: start, games (record and correct), undo, join
    (split when full), leave, merge, finish; the ledger, the night's settlement, the
    club's season table and a player's history."""

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

    @extend_schema(
        request=ChouetteStartSessionInput, responses={201: ChouetteTableOutput, **WRITE_ANSWERS}
    )
    def create(self, request: Request) -> Response:
        """Open a table: the opening line is box first, then the captain and the crew."""
        data = ChouetteStartSessionInput(data=request.data)
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
        return _answer_table(start, names, created=True, context="start")

    @extend_schema(request=ChouetteGameInput, responses={201: ChouetteTableOutput, **WRITE_ANSWERS})
    @action(detail=True, methods=["post"])
    def games(self, request: Request, pk: str) -> Response:
        """Record the next game."""
        session = self.get_object()
        data = ChouetteGameInput(data=request.data)
        data.is_valid(raise_exception=True)
        state = selectors.state_of(session)
        lineup = state.next_lineup
        if lineup is None:
            raise core.ChouetteError("too_few_players", count=len(state.present))
        names = selectors.names_of(session)

        def record() -> ChouetteSession:
            services.record_chouette_game(
                session=session,
                record=data.to_record(lineup, state.settings),
                by=request.user,
                number=data.validated_data.get("number"),
            )
            return session

        return _answer_table(record, names, created=True)

    @extend_schema(
        request=ChouetteGameInput,
        responses={200: ChouetteTableOutput, **WRITE_ANSWERS},
        parameters=[OpenApiParameter("number", int, OpenApiParameter.PATH)],
    )
    @action(detail=True, methods=["put"], url_path=r"games/(?P<number>[0-9]+)")
    def correct(self, request: Request, pk: str, number: str) -> Response:
        """Correct game ``number`` (same line-up); every later game is settled again.
        Refused (``correction_breaks_later_game``) when the correction changes the
        rotation so that a later game no longer follows."""
        session = self.get_object()
        data = ChouetteGameInput(data=request.data)
        data.is_valid(raise_exception=True)
        loaded = selectors.load(session)
        names = selectors.names_of(session)
        try:
            original = core.game_record(loaded, int(number))
            record = data.to_record(original.lineup, loaded.settings)
        except core.ChouetteError as error:
            raise _refusal(error, names) from None

        def correct() -> ChouetteSession:
            services.correct_chouette_game(
                session=session, number=int(number), record=record, by=request.user
            )
            return session

        return _answer_table(correct, names)

    @extend_schema(request=ChouetteUndoInput, responses={200: ChouetteTableOutput, **WRITE_ANSWERS})
    @action(detail=True, methods=["post"])
    def undo(self, request: Request, pk: str) -> Response:
        """Undo the last game (``game``: the one you mean, refused if it is not the last)."""
        session = self.get_object()
        data = ChouetteUndoInput(data=request.data)
        data.is_valid(raise_exception=True)

        def undo_last() -> ChouetteSession:
            services.undo_last_chouette_game(
                session=session, by=request.user, number=data.validated_data.get("game")
            )
            return session

        return _answer_table(undo_last, selectors.names_of(session))

    @extend_schema(request=ChouetteJoinInput, responses={200: ChouetteTableOutput, **WRITE_ANSWERS})
    @action(detail=True, methods=["post"])
    def join(self, request: Request, pk: str) -> Response:
        """A player sits down behind everybody (or after the game in progress). At a full
        table that splits, the answer's ``split_into`` is the new table."""
        session = self.get_object()
        data = ChouetteJoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        player: Player = data.validated_data["player"]
        names = {**selectors.names_of(session), player.pk: player.display_name}
        joined: list[services.JoinResult] = []

        def seat() -> ChouetteSession:
            joined.append(
                services.join_chouette(
                    session=session,
                    player=player,
                    by=request.user,
                    during_game=data.validated_data["during_game"],
                )
            )
            return session

        return _answer_table(seat, names, split=joined, context="seat")

    @extend_schema(request=ChouetteSeatInput, responses={200: ChouetteTableOutput, **WRITE_ANSWERS})
    @action(detail=True, methods=["post"])
    def leave(self, request: Request, pk: str) -> Response:
        """A player gets up between games; the line closes up."""
        session = self.get_object()
        data = ChouetteSeatInput(data=request.data)
        data.is_valid(raise_exception=True)
        player: Player = data.validated_data["player"]
        names = {**selectors.names_of(session), player.pk: player.display_name}

        def seat() -> ChouetteSession:
            services.leave_chouette(session=session, player=player, by=request.user)
            return session

        return _answer_table(seat, names, context="seat")

    @extend_schema(
        request=ChouetteMergeInput, responses={200: ChouetteTableOutput, **WRITE_ANSWERS}
    )
    @action(detail=True, methods=["post"])
    def merge(self, request: Request, pk: str) -> Response:
        """Everybody at table ``other`` sits down here behind everybody; ``other`` ends
        with the status ``merged``."""
        session = self.get_object()
        data = ChouetteMergeInput(data=request.data)
        data.is_valid(raise_exception=True)
        other: ChouetteSession = data.validated_data["other"]
        names = {**selectors.names_of(session), **selectors.names_of(other)}

        def merge() -> ChouetteSession:
            services.merge_chouette(session=session, other=other, by=request.user)
            return session

        return _answer_table(merge, names, context="merge")

    @extend_schema(request=None, responses={200: ChouetteTableOutput, **WRITE_ANSWERS})
    @action(detail=True, methods=["post"])
    def finish(self, request: Request, pk: str) -> Response:
        session = self.get_object()
        return _answer_table(
            lambda: services.finish_session(session=session, by=request.user),
            selectors.names_of(session),
        )

    @extend_schema(responses=ChouetteLedgerOutput)
    @action(detail=True, methods=["get"])
    def ledger(self, request: Request, pk: str) -> Response:
        """Every game's amounts and the running totals."""
        return Response(ledger_data(selectors.table(self.get_object())))

    @extend_schema(responses=ChouetteSettlementOutput)
    @action(detail=True, methods=["get"])
    def settlement(self, request: Request, pk: str) -> Response:
        """Who pays whom at the end of the night, with the fewest payments."""
        return Response(settlement_data(ledgers.settlement(self.get_object())))

    @extend_schema(
        parameters=[ChouetteSeasonQuery],
        responses={200: ChouetteSeasonOutput, 400: None},
    )
    @action(detail=False, methods=["get"])
    def season(self, request: Request) -> Response:
        """The club's chouette table for the season starting in ``year`` (default: the
        current season; seasons start on the rankings' season start)."""
        query = ChouetteSeasonQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        year = query.validated_data.get("year")
        chosen = (
            ledgers.season_of_year(year)
            if year
            else ledgers.season_containing(timezone.localdate())
        )
        return Response(season_data(ledgers.club_season_table(query.validated_data["club"], chosen)))

    @extend_schema(
        responses=ChouettePlayerRecordOutput,
        parameters=[OpenApiParameter("player_pk", int, OpenApiParameter.PATH)],
    )
    @action(detail=False, methods=["get"], url_path=r"players/(?P<player_pk>[0-9]+)")
    def player(self, request: Request, player_pk: str) -> Response:
        """A player's all-time chouette record and their result in each session."""
        player = get_object_or_404(Player, pk=player_pk)
        record, lines = selectors.player_record(player)
        return Response(player_record_data(player, record, lines))


def _answer_table(
    write: Callable[[], ChouetteSession],
    names: dict[int, str],
    *,
    created: bool = False,
    split: list[services.JoinResult] | None = None,
    context: str = "",
) -> Response:
    """Run the write and answer the session's table (``common.api.answer``), its refusals
    naming the players and the field at fault."""
    def table() -> dict[str, Any]:
        try:
            session = write()
        except core.ChouetteError as error:
            raise _refusal(error, names, context) from None
        except services.SessionError as error:
            error.field = field_of(error.code, context)
            raise
        session = selectors.sessions().get(pk=session.pk)
        new_table = split[0].new_table if split else None
        return table_data(selectors.table(session), split_into=new_table)

    return answer(table, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def _refusal(error: core.ChouetteError, names: dict[int, str], context: str = "") -> DomainError:
    """The core's refusal with the players told by their names (409)."""
    return DomainError(error.code, describe(error, names), field=field_of(error.code, context))


def register(router: BaseRouter) -> None:
    router.register("chouette-sessions", ChouetteSessionViewSet, basename="chouette-session")

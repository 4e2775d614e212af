"""REST API of games: matches, games, results and transcripts.

Anyone reads; writes go through the same services as the pages, so the same people may
do the same things (players their own matches, directors anything in their club).
A ServiceError is answered 400 with the field at fault, NotAllowed 403, both in the API's
one error shape (``common.api.exception_handler``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import OuterRef, QuerySet, Subquery
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from common.api import query_id
from common.idempotency import idempotent_action
from common.parsers import JSONParser, MultiPartParser
from common.schema import IDEMPOTENCY_KEY
from games import selectors, services
from games.models import Game, Match, MatchResult, MatchTranscript, ResultStatus
from games.serializers import (
    GameInputSerializer,
    GameSerializer,
    MatchCreateSerializer,
    MatchResultSerializer,
    MatchSerializer,
    MatFileSerializer,
    OverrideInputSerializer,
    ProposeInputSerializer,
    ResultDisputeInputSerializer,
    ScoreInputSerializer,
    TranscriptFileInputSerializer,
    TranscriptSerializer,
    TranscriptTextInputSerializer,
)
from games.services.scoring import doubles_from_json

T = TypeVar("T")


def parsed(serializer_class: type, request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _filter_by_match(queryset: QuerySet[T], request: Request) -> QuerySet[T]:
    """Rows of the matches this user may see, of one match with ?match=<id>."""
    queryset = queryset.filter(match__in=selectors.matches(request.user).values("pk"))
    match_id = query_id(request, "match")
    if match_id is not None:
        return queryset.filter(match_id=match_id)
    return queryset


class MatchViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Matches. ?club=<slug>&player=<id> filter the list."""

    serializer_class = MatchSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[Match]:
        confirmed = MatchResult.objects.filter(match=OuterRef("pk"), status=ResultStatus.CONFIRMED)
        return selectors.matches(
            self.request.user,
            club_slug=self.request.query_params.get("club", ""),
            player_id=query_id(self.request, "player"),
        ).annotate(  # one query a page
            official_result_id=Subquery(confirmed.values("pk")[:1]),
            latest_result_pk=Subquery(
                MatchResult.objects.filter(match=OuterRef("pk")).order_by("-pk").values("pk")[:1]),
        )

    @extend_schema(request=MatchCreateSerializer, responses=MatchSerializer)
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = dict(parsed(MatchCreateSerializer, request))
        club = data.pop("club")
        match = services.create_match(club=club, by=request.user, **data)
        return Response(MatchSerializer(match).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=GameInputSerializer, responses={201: GameSerializer})
    @action(detail=True, methods=["post"])
    @idempotent_action
    def games(self, request: Request, pk: str | None = None) -> Response:
        """Enter the next game of the match."""
        match = self.get_object()
        data = parsed(GameInputSerializer, request)
        game = services.enter_game(
            match=match,
            by=request.user,
            winner=data["winner"],
            result=data["result"],
            cube=data["cube"],
            cube_owner=data["cube_owner"],
            doubles=doubles_from_json(data.get("doubles")) or None,
        )
        return Response(GameSerializer(game).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=ScoreInputSerializer, responses={201: MatchResultSerializer})
    @action(detail=True, methods=["post"])
    @idempotent_action
    def score(self, request: Request, pk: str | None = None) -> Response:
        """Enter just the final score (proposed as the result)."""
        match = self.get_object()
        data = parsed(ScoreInputSerializer, request)
        result = services.enter_final_score(
            match=match, by=request.user, score1=data["score1"], score2=data["score2"],
            seen_result=data.get("seen_result"), played_on=data.get("played_on"),
        )
        return Response(MatchResultSerializer(result).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=OverrideInputSerializer, responses={201: MatchResultSerializer})
    @action(detail=True, methods=["post"])
    def override(self, request: Request, pk: str | None = None) -> Response:
        """A director sets or corrects the official result."""
        match = self.get_object()
        data = parsed(OverrideInputSerializer, request)
        result = services.override_result(
            match=match,
            by=request.user,
            score1=data["score1"],
            score2=data["score2"],
            reason=data["reason"],
            played_on=data.get("played_on"),
        )
        return Response(MatchResultSerializer(result).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: MatFileSerializer})
    @action(detail=True, methods=["get"], url_path="mat")
    def mat(self, request: Request, pk: str | None = None) -> Response:
        """The match as a GNU Backgammon `.mat` file (its `text`), written from the moves
        of its newest valid transcript, else of the newest one the engine can read; 404
        when the site holds no readable transcript of the match."""
        match = self.get_object()
        exported = selectors.exported_mat(match)
        if exported is None:
            raise NotFound(_("The site holds no readable transcript of this match."))
        return Response(MatFileSerializer(exported).data)

    @extend_schema(
        request={
            "application/json": TranscriptTextInputSerializer,
            "multipart/form-data": TranscriptFileInputSerializer,
        },
        responses={202: TranscriptSerializer},
    )
    @action(detail=True, methods=["post"], parser_classes=[JSONParser, MultiPartParser])
    def transcripts(self, request: Request, pk: str | None = None) -> Response:
        """Upload a transcript (JSON `text`, or a multipart `file`); a worker checks it.

        When the file fits the match (same variant, length and players, played to the
        end, legal) and nothing has been entered for the match, its result is proposed
        game by game, marked `transcript` (checked by the engine), for the opponent to
        confirm. The file's names are matched with the players' names and online handles
        (FIBS, Galaxy, Studio); else the uploading player gives their `column`."""
        match = self.get_object()
        if request.content_type.startswith("multipart/"):
            data = parsed(TranscriptFileInputSerializer, request)
            content, name = data["file"].read(), data["file"].name
        else:
            data = parsed(TranscriptTextInputSerializer, request)
            content, name = data["text"], data["file_name"]
        transcript = services.upload_transcript(
            match=match, by=request.user, data=content, file_name=name, column=data.get("column")
        )
        return Response(TranscriptSerializer(transcript).data, status=status.HTTP_202_ACCEPTED)


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    """Games; ?match=<id> filters."""

    serializer_class = GameSerializer

    def get_queryset(self) -> QuerySet[Game]:
        return _filter_by_match(Game.objects.all(), self.request)


class ResultViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Results of matches; POST proposes one, and the actions answer it."""

    serializer_class = MatchResultSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self) -> QuerySet[MatchResult]:
        queryset = MatchResult.objects.select_related("entered_by__player", "confirmed_by__player")
        return _filter_by_match(queryset, self.request)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=ProposeInputSerializer, responses=MatchResultSerializer)
    @idempotent_action
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = parsed(ProposeInputSerializer, request)
        result = services.propose_result(
            match=data["match"],
            by=request.user,
            score1=data.get("score1"),
            score2=data.get("score2"),
            seen_result=data.get("seen_result"),
            played_on=data.get("played_on"),
        )
        return Response(MatchResultSerializer(result).data, status=status.HTTP_201_CREATED)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=None, responses=MatchResultSerializer)
    @action(detail=True, methods=["post"])
    @idempotent_action
    def confirm(self, request: Request, pk: str | None = None) -> Response:
        result = services.confirm_result(result=self.get_object(), by=request.user)
        return Response(MatchResultSerializer(result).data)

    @extend_schema(parameters=[IDEMPOTENCY_KEY], request=ResultDisputeInputSerializer, responses=MatchResultSerializer)
    @action(detail=True, methods=["post"])
    @idempotent_action
    def dispute(self, request: Request, pk: str | None = None) -> Response:
        data = parsed(ResultDisputeInputSerializer, request)
        result = services.dispute_result(
            result=self.get_object(), by=request.user, reason=data["reason"]
        )
        return Response(MatchResultSerializer(result).data)


class TranscriptViewSet(viewsets.ReadOnlyModelViewSet):
    """Uploaded transcripts and their verdicts; ?match=<id> filters."""

    serializer_class = TranscriptSerializer

    def get_queryset(self) -> QuerySet[MatchTranscript]:
        return _filter_by_match(MatchTranscript.objects.select_related("uploaded_by"), self.request)


def register(router: BaseRouter) -> None:
    router.register("matches", MatchViewSet, basename="match")
    router.register("games", GameViewSet, basename="game")
    router.register("results", ResultViewSet, basename="result")
    router.register("transcripts", TranscriptViewSet, basename="transcript")

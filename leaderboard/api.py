"""REST API of ratings and rankings, read-only for everybody.

    GET /api/ratings/?variant=backgammon          the rating list, best first
    GET /api/rating-history/?player=ID&variant=   one player's rating changes, oldest first
    GET /api/rankings/?club=slug&variant=&year=   GP-style ranking (or start=&end= dates)
    GET /api/ranking-points/{tournament id}/      one finished tournament's GP-style points

``register(router)`` is called by nardy_site/api_urls.py.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs.models import Player
from common.bounds import parse_id
from games.models import Variant
from leaderboard import selectors
from leaderboard.models import RankedEvent
from leaderboard.serializers import (
    HistoryQuerySerializer,
    RankedEventSerializer,
    RankingPageSerializer,
    RankingQuerySerializer,
    RankingRowSerializer,
    RatingChangeSerializer,
    RatingSerializer,
)
from tournaments.selectors import tournaments as tournament_selectors

RANKING_PAGE_SIZE = 200


@extend_schema_view(list=extend_schema(parameters=[
    OpenApiParameter("variant", str, enum=list(Variant.values), description="game type"),
]))
class RatingViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Current FIBS ratings of one game (``variant``, short backgammon by default)."""

    serializer_class = RatingSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        variant = self.request.query_params.get("variant", Variant.BACKGAMMON)
        if variant not in Variant.values:  # as documented: one of the games, else 400
            raise ValidationError({"variant": [_("Choose one of: %(choices)s.")
                                               % {"choices": ", ".join(Variant.values)}]})
        return selectors.rating_list(variant)


@extend_schema_view(list=extend_schema(parameters=[HistoryQuerySerializer]))
class RatingHistoryViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """One player's rating changes for one game, oldest first."""

    serializer_class = RatingChangeSerializer
    permission_classes = [AllowAny]

    def get_queryset(self):  # type: ignore[no-untyped-def]
        query = HistoryQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        player = get_object_or_404(Player, pk=query.validated_data["player"])
        return selectors.rating_history(player, query.validated_data["variant"], self.request.user)


class RankingViewSet(viewsets.ViewSet):
    """The season's GP-style ranking of one club or all, one game or both."""

    permission_classes = [AllowAny]
    answers_one_object = True  # the list is one page object (common.schema)

    @extend_schema(parameters=[RankingQuerySerializer], responses=RankingPageSerializer)
    def list(self, request: Request) -> Response:
        query = RankingQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        ranking = query.query()
        rows = selectors.ranking(ranking, request.user)
        page = Paginator(rows, RANKING_PAGE_SIZE).get_page(request.query_params.get("page"))
        return Response({
            "start": ranking.season.start,
            "end": ranking.season.end,
            "club": ranking.club.slug if ranking.club else None,
            "variant": ranking.variant,
            "count": len(rows),
            "page": page.number,
            "pages": page.paginator.num_pages,
            "results": RankingRowSerializer(list(page), many=True).data,
        })


class RankingPointsViewSet(viewsets.ViewSet):
    """A finished tournament's GP-style points: strength of field and each entrant's points."""

    permission_classes = [AllowAny]

    @extend_schema(responses=RankedEventSerializer, parameters=[
        OpenApiParameter("id", int, OpenApiParameter.PATH, description="the tournament's id"),
    ])
    def retrieve(self, request: Request, pk: str | None = None) -> Response:
        visible = tournament_selectors.visible_tournaments(request.user)
        tournament = get_object_or_404(visible, pk=parse_id(pk) or 0)
        ranked = get_object_or_404(
            RankedEvent.objects.select_related("club").prefetch_related("placings__player"),
            tournament=tournament,
        )
        return Response(RankedEventSerializer(ranked).data)


def register(router: BaseRouter) -> None:
    router.register("ratings", RatingViewSet, basename="rating")
    router.register("rating-history", RatingHistoryViewSet, basename="rating-history")
    router.register("rankings", RankingViewSet, basename="ranking")
    router.register("ranking-points", RankingPointsViewSet, basename="ranking-points")

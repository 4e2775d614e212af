"""``/api/match-analyses/``: the analyses of the matches the reader may see."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.routers import BaseRouter

from analysis import selectors
from analysis.models import MatchAnalysis
from analysis.serializers import MatchAnalysisSerializer
from common.api import query_id
from common.bounds import ID_MAX, ID_MIN


@extend_schema_view(
    list=extend_schema(
        parameters=[
            # an id as query_id reads it: 1 to ID_MAX (0 or less is refused with a 400)
            OpenApiParameter("match", {"type": "integer", "minimum": ID_MIN, "maximum": ID_MAX},
                             description="only this match's analyses")
        ]
    )
)
class MatchAnalysisViewSet(viewsets.ReadOnlyModelViewSet):
    """GNU Backgammon's analyses of matches (long nardy: figures without evaluation),
    newest first; ?match=<id> filters. A player's PR is null where they show it to
    their clubs only."""

    serializer_class = MatchAnalysisSerializer

    def get_queryset(self) -> QuerySet[MatchAnalysis]:
        queryset = selectors.analyses(self.request.user).order_by("-created_at", "-pk")
        match_id = query_id(self.request, "match")
        if match_id is not None:
            queryset = queryset.filter(match_id=match_id)
        return queryset


def register(router: BaseRouter) -> None:
    router.register("match-analyses", MatchAnalysisViewSet, basename="match-analysis")

"""``/api/match-analyses/``: the analyses of the matches the reader may see."""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from analysis import milestones, selectors
from analysis.models import ClubAnalysisSettings, MatchAnalysis
from analysis.serializers import ClubAnalysisSettingsSerializer, MatchAnalysisSerializer
from clubs.models import Club
from clubs.permissions import ReadOnlyOrClubDirector
from common.api import answer, query_id
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


class ClubAnalysisSettingsViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A club's analysis settings, by the club's slug: its default depth and its PR
    milestones. Anyone may read them; the club's directors change them (PATCH)."""

    serializer_class = ClubAnalysisSettingsSerializer
    permission_classes = [ReadOnlyOrClubDirector]
    http_method_names = ["get", "patch", "head", "options"]
    lookup_field = "slug"
    lookup_value_regex = "[-a-zA-Z0-9_]+"
    queryset = Club.objects.none()  # the object is found by get_object

    def get_object(self) -> ClubAnalysisSettings:
        club = get_object_or_404(Club, slug=self.kwargs["slug"])
        setting = ClubAnalysisSettings.objects.filter(club=club).first()
        setting = setting or ClubAnalysisSettings(club=club)  # the defaults, not saved
        self.check_object_permissions(self.request, setting)
        return setting

    def partial_update(self, request: Request, slug: str | None = None) -> Response:
        setting = self.get_object()
        data = self.get_serializer(setting, data=request.data, partial=True)
        data.is_valid(raise_exception=True)

        @transaction.atomic
        def save() -> dict:
            values = data.validated_data
            if "pr_milestones" in values:
                milestones.set_thresholds(club=setting.club, values=values["pr_milestones"])
            if "plies" in values:
                ClubAnalysisSettings.objects.update_or_create(
                    club=setting.club, defaults={"plies": values["plies"]})
            return self.get_serializer(self.get_object()).data

        return answer(save)


def register(router: BaseRouter) -> None:
    router.register("match-analyses", MatchAnalysisViewSet, basename="match-analysis")
    router.register("club-analysis-settings", ClubAnalysisSettingsViewSet,
                    basename="club-analysis-settings")

"""REST API of federations. ``register(router)`` is called by nardy_site/api_urls.py.

    GET  /api/federations/                        listed federations (and those you administer)
    POST /api/federations/                        start one (signed in; you become its admin)
    GET  /api/federations/{slug}/                 one federation
    PATCH /api/federations/{slug}/                its admins edit it
    GET  /api/federations/{slug}/clubs/           its member clubs
    GET  /api/federations/{slug}/calendar/        its member clubs' public events (?month=&variant=)
    GET  /api/federations/{slug}/ranking/         its national ranking (?variant=&year= or start=&end=)
    GET  /api/affiliations/                       affiliations of your federations and clubs
    POST /api/affiliations/                       ask to join (side=club) or invite (side=federation)
    POST /api/affiliations/{id}/accept|decline|end/
    PATCH /api/affiliations/{id}/                 a federation admin corrects a membership's days

Writes answer in the API's one error shape (common.api): 403 for the wrong side, 409 when
the state refuses.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Count, Q, QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs.permissions import is_site_admin, managed_clubs
from common.api import answer
from federations import selectors, services
from federations import serializers as s
from federations.models import Affiliation, Federation
from federations.permissions import visible_federations

RANKING_PAGE_SIZE = 200


class FederationViewSet(viewsets.ReadOnlyModelViewSet):
    """Federations, by slug: anyone reads the listed ones; anyone signed in starts one;
    its admins edit it."""

    serializer_class = s.FederationSerializer
    permission_classes = [AllowAny]
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"

    def get_permissions(self) -> list[BasePermission]:
        if self.action in ("create", "partial_update"):
            return [IsAuthenticated()]
        return super().get_permissions()

    def _output(self, federation: Federation) -> dict:
        return s.FederationSerializer(self.get_queryset().get(pk=federation.pk)).data

    @extend_schema(request=s.FederationInputSerializer,
                   responses={201: s.FederationSerializer})
    def create(self, request: Request) -> Response:
        """Start a federation: whoever starts it is its first admin."""
        data = s.FederationInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: self._output(services.start_federation(
            actor=request.user, **data.validated_data)), status.HTTP_201_CREATED)

    @extend_schema(request=s.FederationInputSerializer(partial=True),
                   responses=s.FederationSerializer)
    def partial_update(self, request: Request, slug: str | None = None) -> Response:
        """Its admins change its name, country, about text or listing."""
        federation = self.get_object()
        data = s.FederationInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return answer(lambda: self._output(services.update_federation(
            federation=federation, actor=request.user, **data.validated_data)))

    def get_queryset(self) -> QuerySet[Federation]:
        return visible_federations(self.request.user).annotate(
            clubs=Count("affiliations", filter=Q(affiliations__status=Affiliation.Status.ACTIVE),
                    distinct=True)
        ).order_by("name", "pk")

    @extend_schema(responses=s.MemberClubSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def clubs(self, request: Request, slug: str | None = None) -> Response:
        federation = self.get_object()
        members = federation.affiliations.filter(status=Affiliation.Status.ACTIVE).select_related(
            "club").order_by("club__name", "club_id")
        return Response(s.MemberClubSerializer(members, many=True).data)

    @extend_schema(parameters=[s.CalendarQuerySerializer], responses=s.CalendarSerializer)
    @action(detail=True, methods=["get"])
    def calendar(self, request: Request, slug: str | None = None) -> Response:
        federation = self.get_object()
        query_input = s.CalendarQuerySerializer(data=request.query_params)
        query_input.is_valid(raise_exception=True)
        query = query_input.query()
        events = selectors.calendar(federation, query)
        return Response(s.CalendarSerializer({
            "month": query.month, "variant": query.variant,
            "upcoming": selectors.upcoming(events)[:500], "past": selectors.past(events)[:500],
        }).data)

    @extend_schema(parameters=[s.NationalRankingQuerySerializer],
                   responses=s.NationalRankingSerializer)
    @action(detail=True, methods=["get"])
    def ranking(self, request: Request, slug: str | None = None) -> Response:
        federation = self.get_object()
        query_input = s.NationalRankingQuerySerializer(data=request.query_params)
        query_input.is_valid(raise_exception=True)
        query = query_input.query()
        rows = selectors.national_ranking(federation, query.season, query.variant)
        page = Paginator(rows, RANKING_PAGE_SIZE).get_page(request.query_params.get("page"))
        ratings = selectors.current_ratings(list(page), query.variant)
        results = [{"rank": row.rank, "player": row.player, "name": row.name,
                    "points": row.points, "events": row.events,
                    "rating": ratings.get(row.player)} for row in page]
        return Response(s.NationalRankingSerializer({
            "federation": federation.slug, "start": query.season.start,
            "end": query.season.end, "variant": query.variant, "count": len(rows),
            "page": page.number, "pages": page.paginator.num_pages, "results": results,
        }).data)


class AffiliationViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Affiliations of the federations you administer and of the clubs you direct."""

    serializer_class = s.AffiliationSerializer
    permission_classes = [IsAuthenticated]
    lookup_value_regex = r"[0-9]{1,18}"

    def get_queryset(self) -> QuerySet[Affiliation]:
        user = self.request.user
        if getattr(self, "swagger_fake_view", False) or not user.is_authenticated:
            return Affiliation.objects.none()  # the schema generator asks anonymously
        rows = Affiliation.objects.select_related("federation", "club")
        if not is_site_admin(user):
            rows = rows.filter(Q(federation__admins=user) | Q(club__in=managed_clubs(user)))
        return rows.distinct().order_by("-asked_at", "-pk")

    @extend_schema(request=s.AffiliationInputSerializer,
                   responses={201: s.AffiliationSerializer})
    def create(self, request: Request) -> Response:
        data = s.AffiliationInputSerializer(
            data=request.data, federations=visible_federations(request.user))
        data.is_valid(raise_exception=True)
        return answer(lambda: s.AffiliationSerializer(services.ask_to_affiliate(
            federation=data.validated_data["federation"], club=data.validated_data["club"],
            actor=request.user, side=data.validated_data["side"])).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=s.MembershipDatesSerializer, responses=s.AffiliationSerializer)
    def partial_update(self, request: Request, pk: str | None = None) -> Response:
        """A federation admin corrects the days a club joined and left."""
        affiliation = self.get_object()
        data = s.MembershipDatesSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        return answer(lambda: s.AffiliationSerializer(services.correct_membership_dates(
            affiliation=affiliation, actor=request.user,
            joined_on=given.get("joined_on", affiliation.joined_on),
            left_on=given.get("left_on", affiliation.left_on))).data)

    @extend_schema(request=None, responses=s.AffiliationSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request: Request, pk: str | None = None) -> Response:
        """The side that did not ask accepts: the club becomes a member."""
        affiliation = self.get_object()
        return answer(lambda: s.AffiliationSerializer(services.decide_affiliation(
            affiliation=affiliation, actor=request.user, accept=True)).data)

    @extend_schema(request=None, responses=s.AffiliationSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str | None = None) -> Response:
        """The side that did not ask declines, or the side that asked withdraws."""
        affiliation = self.get_object()
        return answer(lambda: s.AffiliationSerializer(services.decide_affiliation(
            affiliation=affiliation, actor=request.user, accept=False)).data)

    @extend_schema(request=None, responses=s.AffiliationSerializer)
    @action(detail=True, methods=["post"])
    def end(self, request: Request, pk: str | None = None) -> Response:
        """The club leaves, or the federation ends its membership."""
        affiliation = self.get_object()
        return answer(lambda: s.AffiliationSerializer(services.end_affiliation(
            affiliation=affiliation, actor=request.user)).data)


def register(router: BaseRouter) -> None:
    router.register("federations", FederationViewSet, basename="federation")
    router.register("affiliations", AffiliationViewSet, basename="affiliation")

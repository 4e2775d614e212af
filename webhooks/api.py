"""REST API of a club's webhooks (its directors)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Club
from clubs.permissions import managed_clubs
from common.api import (
    StrictCharField,
    StrictModelSerializer,
    StrictSlugField,
    StrictSlugRelatedField,
    error_body,
    referenced,
)
from webhooks import services
from webhooks.messages import error_text
from webhooks.models import Endpoint, Event


class EndpointSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Endpoint
        fields = ["id", "club", "url", "events", "secret", "active", "created_at"]
        read_only_fields = fields


class EndpointInputSerializer(serializers.Serializer):
    club = StrictSlugField()
    url = StrictCharField(max_length=300)
    events = serializers.ListField(child=serializers.ChoiceField(choices=Event.choices),
                                   max_length=10, default=list(Event.values))


class EndpointViewSet(mixins.ListModelMixin, mixins.DestroyModelMixin, viewsets.GenericViewSet):
    """Webhook endpoints of the clubs you direct."""

    serializer_class = EndpointSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Endpoint]:
        if getattr(self, "swagger_fake_view", False):
            return Endpoint.objects.none()
        return Endpoint.objects.filter(club__in=managed_clubs(self.request.user)).select_related("club")

    @extend_schema(request=EndpointInputSerializer, responses={201: EndpointSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = EndpointInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club = referenced(Club, "club", slug=data.validated_data["club"])
        try:
            endpoint = services.create_endpoint(club=club, url=data.validated_data["url"],
                                                events=data.validated_data["events"], by=request.user)
        except services.WebhookError as error:
            return Response(error_body(error.code, error_text(error)), status=error.status)
        return Response(EndpointSerializer(endpoint).data, status=status.HTTP_201_CREATED)

    def perform_destroy(self, instance: Endpoint) -> None:
        services.delete_endpoint(endpoint=instance, by=self.request.user)


def register(router: Any) -> None:
    router.register("webhooks", EndpointViewSet, basename="webhook")

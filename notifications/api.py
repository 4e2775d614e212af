"""REST API of a person's notifications and preferences."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from common.api import StrictCharField, StrictModelSerializer, error_body
from notifications import services
from notifications.messages import render
from notifications.models import Kind, Notification


class NotificationSerializer(StrictModelSerializer):
    """Title and text in the request's language (the reader's)."""

    title = serializers.SerializerMethodField()
    body = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = ["id", "kind", "title", "body", "url", "created_at", "read_at"]
        read_only_fields = fields

    def get_title(self, notification: Notification) -> str:
        return render(notification)[0]

    def get_body(self, notification: Notification) -> str:
        return render(notification)[1]


class PreferenceSerializer(serializers.Serializer):
    email = serializers.BooleanField()
    telegram_chat_id = StrictCharField(max_length=40, allow_blank=True, required=False, default="")
    muted = serializers.ListField(child=StrictCharField(max_length=40), max_length=100,
                                  required=False, default=list,
                                  help_text='What not to send where: "kind:channel" items.')


class UnreadSerializer(serializers.Serializer):
    unread = serializers.IntegerField()


class NotificationViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Your notifications, newest first."""

    serializer_class = NotificationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Notification]:
        if getattr(self, "swagger_fake_view", False):
            return Notification.objects.none()
        return Notification.objects.filter(user=self.request.user)

    @extend_schema(request=None, responses=UnreadSerializer)
    @action(detail=True, methods=["post"])
    def read(self, request: Request, pk: str | None = None) -> Response:
        notification = self.get_object()
        services.mark_read(user=request.user, notification_id=notification.pk)
        return Response({"unread": services.unread_count(request.user)})

    @extend_schema(request=None, responses=UnreadSerializer)
    @action(detail=False, methods=["post"], url_path="read-all")
    def read_all(self, request: Request) -> Response:
        services.mark_read(user=request.user)
        return Response({"unread": 0})

    @extend_schema(request=PreferenceSerializer, responses=PreferenceSerializer)
    # no OPTIONS description: DRF's would look for one notification (metadata_class)
    @action(detail=False, methods=["get", "put"], metadata_class=None)
    def preferences(self, request: Request) -> Response:
        if request.method == "GET":
            preference = services.preference_for(request.user)
            return Response(PreferenceSerializer({"email": preference.email,
                                                  "telegram_chat_id": preference.telegram_chat_id,
                                                  "muted": preference.muted}).data)
        data = PreferenceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            preference = services.update_preferences(user=request.user, **data.validated_data)
        except services.PreferenceError as error:
            return Response(error_body(error.code, error.message), status=409)
        return Response(PreferenceSerializer({"email": preference.email,
                                              "telegram_chat_id": preference.telegram_chat_id,
                                              "muted": preference.muted}).data)


KINDS = Kind.values


def register(router: Any) -> None:
    router.register("notifications", NotificationViewSet, basename="notification")

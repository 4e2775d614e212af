"""REST API of a person's data: download it, delete the account."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs.leaving import delete_account
from common.api import StrictCharField, answer
from common.parsers import JSONParser
from nardy_site.data.personal import personal_data


class DeleteAccountSerializer(serializers.Serializer):
    password = StrictCharField(max_length=128, trim_whitespace=False,
                               help_text="The account's password, given again to confirm.")


class AccountViewSet(viewsets.GenericViewSet):
    """Your own account: download everything the site keeps about you, or delete it (the
    results other players need stay, under an anonymous name)."""

    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]
    serializer_class = DeleteAccountSerializer

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=False, methods=["get"])
    def data(self, request: Request) -> Response:
        """Your data as one JSON document: the account, your players, and every row
        about you (entries, matches with games, chouette sessions, disputes, settings)."""
        return Response(personal_data(request.user))

    @extend_schema(request=DeleteAccountSerializer, responses={204: None})
    # Not named ``delete``: a view with a ``delete`` method answers (and advertises) the
    # DELETE verb on every route of the set.
    @action(detail=False, methods=["post"], url_path="delete", url_name="delete")
    def delete_account(self, request: Request) -> Response:
        """Delete your account (refused while a club you own or direct alone would be left
        without a director)."""
        serializer = DeleteAccountSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        password = serializer.validated_data["password"]

        def delete() -> None:
            delete_account(user=request.user, password=password)

        return answer(delete, status.HTTP_204_NO_CONTENT)


def register(router: BaseRouter) -> None:
    router.register("account", AccountViewSet, basename="account")



"""REST API of the site-wide reads: what a signed-in person should do now."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from clubs.selectors import public_name
from nardy_site.dashboard import what_to_do


class TodoSerializer(serializers.Serializer):
    matches_to_play = serializers.ListField(child=serializers.DictField())
    results_to_confirm = serializers.ListField(child=serializers.DictField())
    disputes = serializers.ListField(child=serializers.DictField())
    invitations = serializers.ListField(child=serializers.DictField())
    join_requests = serializers.ListField(child=serializers.DictField())


class TodoViewSet(viewsets.ViewSet):
    """What to do now: matches to play, results to confirm, disputes waiting for you,
    invitations to your addresses, join requests to the clubs you direct."""

    permission_classes = [IsAuthenticated]
    answers_one_object = True  # the list is one object of lists (common.schema)

    @extend_schema(responses=TodoSerializer)
    def list(self, request: Request) -> Response:
        todo = what_to_do(request.user)
        return Response({
            "matches_to_play": [{"id": m.pk, "match": str(m), "club": m.club.slug}
                                for m in todo.matches_to_play],
            "results_to_confirm": [{"id": r.pk, "match": r.match_id, "club": r.match.club.slug}
                                   for r in todo.results_to_confirm],
            "disputes": [{"id": d.pk, "club": d.club.slug, "status": d.status}
                         for d in todo.disputes],
            "invitations": [{"id": i.pk, "club": i.club.slug,
                             "player": i.player.display_name if i.player else None}
                            for i in todo.invitations],
            "join_requests": [{"id": j.pk, "club": j.club.slug, "name": public_name(j.user)}
                              for j in todo.join_requests],
        })


def register(router: BaseRouter) -> None:
    router.register("todo", TodoViewSet, basename="todo")

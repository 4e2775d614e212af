"""REST API of the people side, with the pages' rules: anyone signed in starts a club;
its owner and directors manage players, roles, invitations, join requests and imports;
a person accepts invitations, asks to join, leaves, and edits their own profile.

Service errors answer in the API's one error shape (common.api): 409 when the rules or
the state refuse, 403 for "not a director".
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from clubs import importing, invitations, membership, profiles, registry, selectors
from clubs import serializers_people as sp
from clubs.errors import PlayerImportError
from clubs.messages import IMPORT_REASONS, reason_text
from clubs.models import Club, Invitation, JoinRequest, Player, PlayerImport, Profile
from clubs.permissions import can_edit_player, can_manage_club, managed_clubs
from common.api import ErrorOutput, answer, referenced
from common.bounds import parse_id
from common.parsers import FormParser, JSONParser, MultiPartParser

ErrorSerializer = ErrorOutput  # the API's one error shape (common.api)


def _valid(serializer_class: type, request: Request, **kwargs: Any) -> dict:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _require_manager(user: Any, club: Club) -> None:
    if not can_manage_club(user, club):
        raise PermissionDenied("Only the club's owner and directors can do this.")


def _similar(found: list, request: Request) -> list[dict]:
    """Similar players, each legal name only when whoever asks may see it (else null)."""
    return sp.SimilarPlayerSerializer(
        found, many=True, context={"names": selectors.name_viewer(request)}).data


def _base_url(request: Request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


class ClubPeopleActions:
    """Mixed into the clubs viewset (/api/clubs/{slug}/...)."""

    @extend_schema(request=sp.ClubInputSerializer, responses={201: sp.ClubDetailSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Start a club: whoever starts it is its owner."""
        if not request.user.is_authenticated:
            raise PermissionDenied("Log in to start a club.")
        data = _valid(sp.ClubInputSerializer, request)
        return answer(lambda: sp.ClubDetailSerializer(
            membership.create_club(actor=request.user, **data),
            context={"request": request}).data, status.HTTP_201_CREATED)

    @extend_schema(request=sp.ClubInputSerializer(partial=True), responses=sp.ClubDetailSerializer)
    def partial_update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        club = self.get_object()
        data = _valid(sp.ClubInputSerializer, request, partial=True)
        return answer(lambda: sp.ClubDetailSerializer(
            membership.update_club(club=club, actor=request.user, **data),
            context={"request": request}).data)

    @extend_schema(responses=sp.PersonSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def people(self, request: Request, slug: str | None = None) -> Response:
        """The club's players and staff with their roles (emails: directors only)."""
        club = self.get_object()
        manager = can_manage_club(request.user, club)
        names = selectors.name_viewer(request)
        rows = [{
            "player": person.player.pk if person.player else None,
            "display_name": (person.player.display_name if person.player
                             else selectors.public_name(person.user)),
            "user": person.user.pk if person.user else None,
            "role": person.role,
            "active": person.player.is_active if person.player else True,
            "email": (person.player.email or None) if manager and person.player else None,
            "legal_name": names.legal_name(person.player),
        } for person in selectors.club_people(club)]
        return Response(rows)

    @extend_schema(request=sp.RoleInputSerializer, responses=sp.RoleInputSerializer)
    @action(detail=True, methods=["post"])
    def roles(self, request: Request, slug: str | None = None) -> Response:
        """Give a member the role director, scorer or member (owner and directors)."""
        club = self.get_object()
        data = _valid(sp.RoleInputSerializer, request)
        user = referenced(get_user_model(), "user", pk=data["user"])
        return answer(lambda: {"user": user.pk, "role": membership.set_role(
            club=club, actor=request.user, user=user, role=data["role"])})

    @extend_schema(request=sp.UserRefSerializer, responses=sp.ClubDetailSerializer)
    @action(detail=True, methods=["post"], url_path="hand-over")
    def hand_over(self, request: Request, slug: str | None = None) -> Response:
        """The owner makes another member the owner."""
        club = self.get_object()
        to = referenced(get_user_model(), "user", pk=_valid(sp.UserRefSerializer, request)["user"])
        return answer(lambda: sp.ClubDetailSerializer(
            membership.hand_over(club=club, actor=request.user, to=to),
            context={"request": request}).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def leave(self, request: Request, slug: str | None = None) -> Response:
        """Leave the club (the owner hands it over first)."""
        club = self.get_object()
        return answer(lambda: membership.leave_club(club=club, user=request.user),
                   status.HTTP_204_NO_CONTENT)

    @extend_schema(parameters=[sp.SimilarQuerySerializer],
                   responses=sp.SimilarPlayerSerializer(many=True))
    @action(detail=True, methods=["get"], url_path="similar-players", pagination_class=None)
    def similar_players(self, request: Request, slug: str | None = None) -> Response:
        """Players named like `name`: the club's first, then the registry's (directors)."""
        club = self.get_object()
        _require_manager(request.user, club)
        query = sp.SimilarQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        name = query.validated_data["name"]
        return Response(_similar(registry.similar_players(
            name, club=club, viewer=selectors.name_viewer(request)), request))

    @extend_schema(request=sp.AddPlayerInputSerializer,
                   responses={201: sp.PlayerDetailSerializer, 400: ErrorSerializer})
    @action(detail=True, methods=["post"], url_path="players")
    def add_player(self, request: Request, slug: str | None = None) -> Response:
        """Add a guest player, or an existing registry player, to the club. A name like
        one already there is refused (409, code similar_players) unless allow_similar;
        GET similar-players lists the candidates."""
        club = self.get_object()
        _require_manager(request.user, club)
        data = _valid(sp.AddPlayerInputSerializer, request)
        return answer(lambda: sp.PlayerDetailSerializer(registry.add_player(
            club=club, actor=request.user, name=data["name"],
            display_name=data.get("display_name", ""), email=data.get("email", ""),
            existing=data.get("existing"), allow_similar=data["allow_similar"])).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=sp.PairInputSerializer, responses={204: None})
    @action(detail=True, methods=["post"], url_path="players/different")
    def different_people(self, request: Request, slug: str | None = None) -> Response:
        """Mark two similar players as different people (draws may pair them)."""
        club = self.get_object()
        _require_manager(request.user, club)
        data = _valid(sp.PairInputSerializer, request)
        for player in (data["first"], data["second"]):
            if not player.memberships.filter(club=club).exists():
                raise PermissionDenied("Both players must be the club's.")
        return answer(lambda: registry.mark_distinct(first=data["first"], second=data["second"],
                                                  actor=request.user), status.HTTP_204_NO_CONTENT)

    @extend_schema(request={"multipart/form-data": sp.ImportUploadSerializer},
                   responses={201: sp.ImportPreviewSerializer, 400: ErrorSerializer})
    @action(detail=True, methods=["post"], url_path="imports",
            parser_classes=[MultiPartParser, FormParser])
    def imports(self, request: Request, slug: str | None = None) -> Response:
        """Upload a players CSV: the answer is the preview (what each line will do and
        why); nothing but the file is saved."""
        club = self.get_object()
        _require_manager(request.user, club)
        upload = _valid(sp.ImportUploadSerializer, request)["file"]
        if upload.size > 1_000_000:
            raise PlayerImportError("too_big", "The file is larger than 1 MB.")
        return answer(lambda: _preview(*importing.upload(
            club=club, actor=request.user, data=upload.read(), filename=upload.name),
            request=request), status.HTTP_201_CREATED)

    @extend_schema(responses=sp.ImportPreviewSerializer)
    @action(detail=True, methods=["get"], url_path=r"imports/(?P<import_id>\d+)")
    def import_preview(self, request: Request, slug: str | None = None,
                       import_id: str | None = None) -> Response:
        club = self.get_object()
        _require_manager(request.user, club)
        stored = get_object_or_404(PlayerImport, pk=import_id, club=club)
        return answer(lambda: _preview(stored, importing.plan_import(
            club, bytes(stored.data), selectors.name_viewer(request)), request=request))

    @extend_schema(request=sp.ImportApplySerializer,
                   responses={200: sp.ImportResultSerializer, 400: ErrorSerializer})
    @action(detail=True, methods=["post"], url_path=r"imports/(?P<import_id>\d+)/apply")
    def import_apply(self, request: Request, slug: str | None = None,
                     import_id: str | None = None) -> Response:
        """Import every line at once (or nothing): `choices` answers the lines with
        similar players; `invite` emails an invitation to each player with an email."""
        club = self.get_object()
        _require_manager(request.user, club)
        stored = get_object_or_404(PlayerImport, pk=import_id, club=club)
        data = _valid(sp.ImportApplySerializer, request)
        return answer(lambda: importing.apply_import(
            player_import=stored, actor=request.user, choices=data["choices"],
            invite=data["invite"], base_url=_base_url(request)))


def _preview(stored: PlayerImport, plan: importing.ImportPlan, *, request: Request) -> dict:
    return {
        "id": stored.pk, "encoding": plan.encoding, "columns": plan.columns,
        "ignored_columns": plan.ignored_columns, "applied": stored.applied_at is not None,
        "lines": [{
            "line": line.line, "name": line.source.name, "email": line.source.email,
            "role": line.source.role, "action": line.action,
            "player": line.player.pk if line.player else None,
            "similar": _similar(line.similar, request),
            "why": [{"code": code, "text": reason_text(code, params, IMPORT_REASONS)}
                    for code, params in line.why],
        } for line in plan.lines],
    }


class PlayerPeopleActions:
    """Mixed into the players viewset: edit, deactivate, delete (directors of the
    player's clubs, or the player themself for editing)."""

    @extend_schema(request=sp.PlayerEditSerializer, responses=sp.PlayerDetailSerializer)
    def partial_update(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        player = self.get_object()
        if not can_edit_player(request.user, player):
            raise PermissionDenied("Directors of the player's clubs, or the player, edit.")
        data = _valid(sp.PlayerEditSerializer, request, partial=True)
        return answer(lambda: sp.PlayerDetailSerializer(
            registry.edit_player(player=player, actor=request.user, **data)).data)

    @extend_schema(request=None, responses={204: None, 400: ErrorSerializer})
    def destroy(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Delete a player without history (else: deactivate)."""
        player = self.get_object()
        if not _directs_player(request.user, player):
            raise PermissionDenied("Directors of the player's clubs delete players.")
        return answer(lambda: registry.delete_player(player=player, actor=request.user),
                   status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses=sp.PlayerDetailSerializer)
    @action(detail=True, methods=["post"])
    def deactivate(self, request: Request, pk: str | None = None) -> Response:
        return self._set_active(request, False)

    @extend_schema(request=None, responses=sp.PlayerDetailSerializer)
    @action(detail=True, methods=["post"])
    def reactivate(self, request: Request, pk: str | None = None) -> Response:
        return self._set_active(request, True)

    def _set_active(self, request: Request, active: bool) -> Response:
        player = self.get_object()
        if not _directs_player(request.user, player):
            raise PermissionDenied("Directors of the player's clubs do this.")
        return answer(lambda: sp.PlayerDetailSerializer(
            registry.set_active(player=player, actor=request.user, active=active)).data)


def _directs_player(user: Any, player: Player) -> bool:
    return any(can_manage_club(user, club) for club in player.clubs.all()) or (
        can_edit_player(user, player) and player.user_id != getattr(user, "pk", None))


class InvitationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        viewsets.GenericViewSet):
    """Invitations of the clubs you direct; accepting one, as anybody signed in."""

    serializer_class = sp.InvitationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Invitation]:
        invitations_ = Invitation.objects.filter(club__in=managed_clubs(self.request.user))
        club = self.request.query_params.get("club")
        if club:
            invitations_ = invitations_.filter(club__slug=club[:80])
        return invitations_.select_related("club")

    @extend_schema(request=sp.InvitationInputSerializer,
                   responses={201: sp.NewInvitationSerializer, 400: ErrorSerializer})
    def create(self, request: Request) -> Response:
        """Invite by email (mailed, single-use) or make a join link (with its QR code).
        The token is in the answer only: it is stored as a hash."""
        data = _valid(sp.InvitationInputSerializer, request)
        _require_manager(request.user, data["club"])

        def create() -> dict:
            invitation, token = invitations.create_invitation(
                club=data["club"], actor=request.user, kind=data["kind"],
                email=data.get("email", ""), player=data.get("player"),
                single_use=data["single_use"], days=data["days"], base_url=_base_url(request))
            url = request.build_absolute_uri(invitations.join_path(token))
            return {"invitation": sp.InvitationSerializer(invitation).data, "token": token,
                    "url": url, "qr_svg": invitations.qr_svg(url)}

        return answer(create, status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=sp.InvitationSerializer)
    @action(detail=True, methods=["post"])
    def revoke(self, request: Request, pk: str | None = None) -> Response:
        invitation = self.get_object()
        return answer(lambda: sp.InvitationSerializer(
            invitations.revoke_invitation(invitation=invitation, actor=request.user)).data)

    @extend_schema(request=sp.TokenInputSerializer,
                   responses={200: sp.JoinedSerializer, 400: ErrorSerializer})
    @action(detail=False, methods=["post"])
    def accept(self, request: Request) -> Response:
        """Accept an invitation by its token: join the club (as its record of you, when
        the invitation names one). Codes: unknown, expired, revoked, used_up, ..."""
        token = _valid(sp.TokenInputSerializer, request)["token"]

        def accept() -> dict:
            club = invitations.find(token).club
            return _joined(club, invitations.accept_invitation(token=token, user=request.user))

        return answer(accept)

    @extend_schema(responses=sp.InvitationSerializer(many=True))
    @action(detail=False, methods=["get"], url_path="for-me", pagination_class=None)
    def for_me(self, request: Request) -> Response:
        """Open email invitations to your verified addresses."""
        return Response(sp.InvitationSerializer(invitations.addressed_to(request.user),
                                                many=True).data)

    @extend_schema(request=None, responses={200: sp.JoinedSerializer, 400: ErrorSerializer})
    @action(detail=True, methods=["post"], url_path="accept-mine")
    def accept_mine(self, request: Request, pk: str | None = None) -> Response:
        """Accept an email invitation to one of your verified addresses (no token needed)."""
        invitation = get_object_or_404(Invitation.objects.select_related("club"), pk=parse_id(pk) or 0)
        return answer(lambda: _joined(invitation.club, invitations.accept_addressed(
            invitation_id=invitation.pk, user=request.user)))


def _joined(club: Club, player: Player) -> dict:
    return {"club": club.slug, "player": player.pk, "display_name": player.display_name}


class JoinRequestViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Your requests to join clubs, and the requests to the clubs you direct."""

    serializer_class = sp.JoinRequestSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[JoinRequest]:
        user = self.request.user
        if getattr(self, "swagger_fake_view", False) or not user.is_authenticated:
            return JoinRequest.objects.none()  # the schema generator asks anonymously
        return JoinRequest.objects.filter(
            Q(user=user) | Q(club__in=managed_clubs(user))).select_related("club", "user")

    @extend_schema(request=sp.JoinRequestInputSerializer,
                   responses={201: sp.JoinRequestSerializer, 400: ErrorSerializer})
    def create(self, request: Request) -> Response:
        data = _valid(sp.JoinRequestInputSerializer, request)
        return answer(lambda: sp.JoinRequestSerializer(membership.request_to_join(
            club=data["club"], user=request.user, message=data.get("message", ""))).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=sp.ApproveInputSerializer, responses=sp.JoinRequestSerializer)
    @action(detail=True, methods=["post"])
    def approve(self, request: Request, pk: str | None = None) -> Response:
        join_request = self.get_object()
        player = _valid(sp.ApproveInputSerializer, request).get("player")
        return answer(lambda: sp.JoinRequestSerializer(membership.decide_join_request(
            join_request=join_request, actor=request.user, approve=True, player=player)).data)

    @extend_schema(request=None, responses=sp.JoinRequestSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str | None = None) -> Response:
        join_request = self.get_object()
        return answer(lambda: sp.JoinRequestSerializer(membership.decide_join_request(
            join_request=join_request, actor=request.user, approve=False)).data)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        join_request = self.get_object()
        return answer(lambda: membership.withdraw_join_request(
            join_request=join_request, user=request.user), status.HTTP_204_NO_CONTENT)


class ProfileViewSet(viewsets.GenericViewSet):
    """Your own profile: the language of pages and mails, and your player's details."""

    serializer_class = sp.ProfileSerializer
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]  # JSON, as the rest of the API (a form's blank field
    # would read as "left out", which the schema's minimum length does not say)

    def _data(self, user: Any) -> dict:
        player = profiles.own_player(user)
        profile = Profile.objects.filter(user=user).first()
        data = {"username": user.get_username(), "email": user.email,
                "player": player.pk if player else None,
                "preferred_language": profile.preferred_language if profile else "",
                "time_zone": profile.time_zone if profile else "",
                "display_name": player.display_name if player else
                profiles.default_display_name(user)}
        for field in profiles.PLAYER_FIELDS:
            if field != "display_name":
                data[field] = getattr(player, field) if player else (
                    False if field == "name_is_public" else "")
        return data

    @extend_schema(responses=sp.ProfileSerializer)
    @action(detail=False, methods=["get"])
    def me(self, request: Request) -> Response:
        return Response(self._data(request.user))

    @extend_schema(request=sp.ProfileSerializer, responses=sp.ProfileSerializer)
    @me.mapping.patch
    def update_me(self, request: Request) -> Response:
        current = self._data(request.user)
        data = {**current, **_valid(sp.ProfileSerializer, request, partial=True)}
        fields = {field: data[field] for field in profiles.PLAYER_FIELDS}

        def update() -> dict:
            profiles.update_profile(user=request.user, preferred_language=data["preferred_language"],
                                    time_zone=data["time_zone"], **fields)
            return self._data(request.user)

        return answer(update)

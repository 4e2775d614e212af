"""REST API of running an event: registrations, the entry desk (check-in, fees,
withdrawals), late entries, and the day's actions on a match (present, table, forfeit
clock, undoing a forfeit). Same services and rules as the pages.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.models import Player
from clubs.permissions import can_manage_club, managed_clubs, player_for
from clubs.serializers import PlayerSerializer
from common.api import StrictCharField, StrictModelSerializer, answer, query_id, referenced
from tournaments.models import Entry, Pairing, Registration, Tournament
from tournaments.play import walkovers
from tournaments.play.common import ActionError
from tournaments.selectors import tournaments as selectors
from tournaments.serializers import PairingSerializer
from tournaments.services import checkin, day, registration


class RegistrationSerializer(StrictModelSerializer):
    player = PlayerSerializer(read_only=True)
    entry = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = Registration
        fields = ["id", "tournament", "player", "status", "division", "entry", "created_at",
                  "waitlisted_at", "decided_at"]
        read_only_fields = fields


class RegisterInputSerializer(serializers.Serializer):
    tournament = serializers.IntegerField(min_value=1)
    division = StrictCharField(required=False, allow_blank=True, max_length=20, default="")
    note = StrictCharField(required=False, allow_blank=True, max_length=200, default="")
    player = serializers.IntegerField(
        required=False, min_value=1,
        help_text="Directors register another player; players register themselves.",
    )


class DecideInputSerializer(serializers.Serializer):
    accept = serializers.BooleanField()


class DeskEntrySerializer(StrictModelSerializer):
    """An entrant as the directors' desk sees them (fees included)."""

    player = PlayerSerializer(read_only=True)
    withdrawal = serializers.ChoiceField(  # "" while the entrant plays on
        choices=Entry._meta.get_field("withdrawal").choices, allow_blank=True, read_only=True
    )

    class Meta:
        model = Entry
        fields = ["id", "tournament", "player", "seed", "division", "fee_paid", "checked_in_at",
                  "withdrawn", "withdrawal", "withdrawn_after_round", "late", "penalty_points"]
        read_only_fields = fields


class CheckInInputSerializer(serializers.Serializer):
    present = serializers.BooleanField(default=True)


class FeeInputSerializer(serializers.Serializer):
    paid = serializers.BooleanField()


class DivisionInputSerializer(serializers.Serializer):
    division = StrictCharField(max_length=20, allow_blank=True)


class LateEntryInputSerializer(serializers.Serializer):
    tournament = serializers.IntegerField(min_value=1)
    player = serializers.IntegerField(min_value=1)
    division = StrictCharField(required=False, allow_blank=True, max_length=20, default="")


class PresentInputSerializer(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1, required=False,
                                     help_text="The entry present; players may leave it out.")
    present = serializers.BooleanField(default=True)


class TableInputSerializer(serializers.Serializer):
    table = StrictCharField(max_length=20, allow_blank=True)


class ForfeitTimeInputSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=day.MAX_EXTENSION_MINUTES,
                                       allow_null=True,
                                       help_text="Minutes from now; null turns the forfeit off.")


class RegistrationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Registrations: your own, and all of the events your clubs run."""

    serializer_class = RegistrationSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Registration]:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular's schema generation
            return Registration.objects.none()
        user = self.request.user
        registrations = Registration.objects.select_related("player", "tournament").filter(
            Q(player__user=user) | Q(tournament__club__in=managed_clubs(user))
        ).order_by("tournament", "created_at", "pk")
        tournament = query_id(self.request, "tournament")
        if tournament is not None:
            registrations = registrations.filter(tournament_id=tournament)
        return registrations

    @extend_schema(request=RegisterInputSerializer, responses={201: RegistrationSerializer})
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """Register for a tournament (yourself, or a player of your club as a director)."""
        data = RegisterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = referenced(selectors.visible_tournaments(request.user), "tournament",
                                pk=data.validated_data["tournament"])
        if "player" in data.validated_data:
            player = referenced(Player, "player", pk=data.validated_data["player"])
        else:
            player = player_for(request.user)
            if player is None:
                raise ActionError("no_player", "Your login has no player.")
        return answer(lambda: RegistrationSerializer(registration.register(
            tournament=tournament, player=player, by=request.user,
            division=data.validated_data["division"], note=data.validated_data["note"])).data,
            status.HTTP_201_CREATED)

    @extend_schema(request=DecideInputSerializer, responses=RegistrationSerializer)
    @action(detail=True, methods=["post"])
    def decide(self, request: Request, pk: str | None = None) -> Response:
        """A director accepts or turns down a registration waiting for approval."""
        item = self.get_object()
        data = DecideInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: RegistrationSerializer(registration.decide_registration(
            registration=item, accept=data.validated_data["accept"], by=request.user)).data)

    @extend_schema(request=None, responses=RegistrationSerializer)
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str | None = None) -> Response:
        """Leave the waiting list, take back a request, or withdraw."""
        item = self.get_object()
        return answer(lambda: RegistrationSerializer(registration.cancel_registration(
            registration=item, by=request.user)).data)

    @extend_schema(request=LateEntryInputSerializer, responses={201: DeskEntrySerializer})
    @action(detail=False, methods=["post"], url_path="late")
    def late(self, request: Request) -> Response:
        """A director enters a player after the draw, by the event's late-entry rule."""
        data = LateEntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = referenced(Tournament, "tournament", pk=data.validated_data["tournament"])
        if not can_manage_club(request.user, tournament.club):
            raise PermissionDenied("Only the club's directors enter late players.")
        player = referenced(Player, "player", pk=data.validated_data["player"])
        return answer(lambda: DeskEntrySerializer(walkovers.late_entry(
            tournament=tournament, player=player, by=request.user,
            division=data.validated_data["division"])).data, status.HTTP_201_CREATED)


class DeskViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The entry desk: entrants with check-in, fee and withdrawal (yours, and your clubs')."""

    serializer_class = DeskEntrySerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> QuerySet[Entry]:
        if getattr(self, "swagger_fake_view", False):  # drf-spectacular's schema generation
            return Entry.objects.none()
        user = self.request.user
        entries = Entry.objects.select_related("player", "tournament__club").filter(
            Q(player__user=user) | Q(tournament__club__in=managed_clubs(user))
        ).order_by("tournament", "pk")
        tournament = query_id(self.request, "tournament")
        if tournament is not None:
            entries = entries.filter(tournament_id=tournament)
        return entries

    @extend_schema(request=CheckInInputSerializer, responses=DeskEntrySerializer)
    @action(detail=True, methods=["post"], url_path="check-in")
    def check_in(self, request: Request, pk: str | None = None) -> Response:
        entry = self.get_object()
        data = CheckInInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: DeskEntrySerializer(checkin.check_in(
            entry=entry, by=request.user, present=data.validated_data["present"])).data)

    @extend_schema(request=None, responses=DeskEntrySerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        entry = self.get_object()
        return answer(lambda: DeskEntrySerializer(registration.withdraw(entry=entry, by=request.user)).data)

    @extend_schema(request=FeeInputSerializer, responses=DeskEntrySerializer)
    @action(detail=True, methods=["post"])
    def fee(self, request: Request, pk: str | None = None) -> Response:
        entry = self.get_object()
        data = FeeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: DeskEntrySerializer(registration.set_fee_paid(
            entry=entry, paid=data.validated_data["paid"], by=request.user)).data)

    @extend_schema(request=DivisionInputSerializer, responses=DeskEntrySerializer)
    @action(detail=True, methods=["post"])
    def division(self, request: Request, pk: str | None = None) -> Response:
        entry = self.get_object()
        data = DivisionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: DeskEntrySerializer(registration.set_division(
            entry=entry, division=data.validated_data["division"], by=request.user)).data)


class PairingDayActions:
    """The day's actions on a match, mixed into the pairings viewset (``tournaments.api``)."""

    get_object: Any

    @extend_schema(request=PresentInputSerializer, responses=PairingSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def present(self, request: Request, pk: str | None = None) -> Response:
        """A player is at the table (no forfeit for them); directors tick either player."""
        pairing: Pairing = self.get_object()
        data = PresentInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry_id = data.validated_data.get("entry")
        if entry_id is None:
            player = player_for(request.user)
            entry_id = next((e.pk for e in (pairing.top, pairing.bottom)
                             if e is not None and player is not None and e.player_id == player.pk), 0)
        entry = referenced(pairing.tournament.entries, "entry", pk=entry_id)
        return answer(lambda: PairingSerializer(day.mark_present(
            pairing=pairing, entry=entry, by=request.user,
            present=data.validated_data["present"])).data)

    @extend_schema(request=TableInputSerializer, responses=PairingSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def table(self, request: Request, pk: str | None = None) -> Response:
        pairing: Pairing = self.get_object()
        data = TableInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: PairingSerializer(day.set_table(
            pairing=pairing, table=data.validated_data["table"], by=request.user)).data)

    @extend_schema(request=ForfeitTimeInputSerializer, responses=PairingSerializer)
    @action(detail=True, methods=["post"], url_path="forfeit-time",
            permission_classes=[IsAuthenticated])
    def forfeit_time(self, request: Request, pk: str | None = None) -> Response:
        pairing: Pairing = self.get_object()
        data = ForfeitTimeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return answer(lambda: PairingSerializer(day.extend_forfeit(
            pairing=pairing, minutes=data.validated_data["minutes"], by=request.user)).data)

    @extend_schema(request=None, responses=PairingSerializer)
    @action(detail=True, methods=["post"], url_path="undo-walkover",
            permission_classes=[IsAuthenticated])
    def undo_walkover(self, request: Request, pk: str | None = None) -> Response:
        pairing: Pairing = self.get_object()
        return answer(lambda: PairingSerializer(walkovers.undo_walkover(
            pairing=pairing, by=request.user)).data)


def register(router: Any) -> None:
    router.register("registrations", RegistrationViewSet, basename="registration")
    router.register("desk", DeskViewSet, basename="desk")

"""REST API of an event's money, with the page's rules: the club's members read the
ledger, its directors change the settings, side pools and calcutta sales. The URL's id is
the tournament's."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.validators import RegexValidator
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers as s
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError as ApiValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.routers import BaseRouter

from common.api import StrictCharField, StrictDecimalField, answer
from common.errors import DomainError
from money import access, selectors, services
from money.models import PayoutPreset, SidePool
from money.selectors import Ledger
from tournaments.models import Tournament


class PayoutSerializer(s.Serializer):
    place_first = s.IntegerField(source="first")
    place_last = s.IntegerField(source="last")
    entry = s.IntegerField(source="entry_id")
    player = s.CharField()
    buyer = s.CharField(help_text="Calcutta only: who bought the player.")
    amount = s.DecimalField(max_digits=12, decimal_places=2)


class PoolSerializer(s.Serializer):
    name = s.CharField()
    entry_fee = s.DecimalField(source="fee", max_digits=10, decimal_places=2, allow_null=True)
    paid = s.IntegerField(help_text="Entrants who paid (calcutta: sales).")
    unpaid = s.IntegerField()
    collected = s.DecimalField(source="pool.collected", max_digits=12, decimal_places=2)
    house_share = s.DecimalField(max_digits=5, decimal_places=2)
    house = s.DecimalField(source="pool.house", max_digits=12, decimal_places=2)
    prizes = s.DecimalField(source="pool.prizes", max_digits=12, decimal_places=2)
    payouts = PayoutSerializer(many=True)


class LedgerSerializer(s.Serializer):
    tournament = s.IntegerField(source="tournament.pk")
    currency = s.CharField()
    configured = s.SerializerMethodField()
    divisions = PoolSerializer(many=True, help_text="One prize pool per division (one if none).")
    side_pools = PoolSerializer(many=True)
    calcutta = PoolSerializer(allow_null=True)

    def get_configured(self, ledger: Ledger) -> bool:
        return ledger.purse is not None


def amount(**kwargs: Any) -> s.DecimalField:
    """An amount of money: up to 99999999.99, two decimals at most, not negative (the
    schema's pattern says so); a smaller cap of the domain answers 409."""
    return StrictDecimalField(max_digits=10, decimal_places=2, min_value=0, **kwargs)


def percent(**kwargs: Any) -> s.DecimalField:
    """A percentage as a decimal string: above 100 is the domain's 409."""
    return StrictDecimalField(max_digits=5, decimal_places=2, min_value=0, **kwargs)


class PurseInputSerializer(s.Serializer):
    currency = StrictCharField(min_length=3, max_length=3, default="EUR", trim_whitespace=False,
                               validators=[RegexValidator(r"^[A-Za-z]{3}$")],
                               help_text="A three-letter code such as EUR.")
    house_share = percent(default=Decimal(10), help_text="Percent kept by the house, 0–100.")
    payout_preset = s.ChoiceField(choices=PayoutPreset.choices, default=PayoutPreset.P50_30_20)
    payout_custom = s.ListField(child=percent(), max_length=64, default=list,
                                help_text="Percent by place, first place first; sums to 100 or less.")
    division_fees = s.DictField(child=amount(), default=dict,
                                help_text="Entry fee by division code (else the event's fee).")
    calcutta = s.BooleanField(default=False)
    calcutta_house_share = percent(default=Decimal(0))


class SidePoolInputSerializer(s.Serializer):
    name = s.CharField(max_length=60)
    kind = s.ChoiceField(choices=SidePool.Kind.choices, default=SidePool.Kind.SIDE)
    entry_fee = amount(help_text="Up to 999999.99.")
    house_share = percent(default=Decimal(0))
    payout_preset = s.ChoiceField(choices=PayoutPreset.choices, default=PayoutPreset.WINNER)
    payout_custom = s.ListField(child=percent(), max_length=64, default=list)


class SidePoolEntrantInputSerializer(s.Serializer):
    side_pool = s.IntegerField(min_value=1)
    entry = s.IntegerField(min_value=1)
    joined = s.BooleanField()
    paid = s.BooleanField(default=False)


class SaleInputSerializer(s.Serializer):
    entry = s.IntegerField(min_value=1, help_text="The entry (player) sold.")
    buyer = s.CharField(max_length=80)
    price = amount()


def _missing(field: str, message: str) -> ApiValidationError:
    """An id in the input of nothing in this event: 409, not_found (see common.api)."""
    return ApiValidationError({field: [message]}, code="does_not_exist")


def _parsed(serializer_class: type[s.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


TOURNAMENT_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The tournament's id.")


class EventMoneyViewSet(viewsets.ViewSet):
    """An event's money ledger: fees paid/unpaid, prize pool, house share, payouts by
    place, side pools and calcutta. Money is recorded, never moved."""

    permission_classes = [IsAuthenticated]

    def _tournament(self, pk: Any, *, edit: bool = False) -> Tournament:
        try:
            tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=int(pk))
        except ValueError:
            raise Http404 from None
        if not access.can_see(self.request.user, tournament):
            raise Http404
        if edit and not access.can_edit(self.request.user, tournament):
            raise PermissionDenied
        return tournament

    def _ledger(self, tournament: Tournament) -> Response:
        return Response(LedgerSerializer(selectors.ledger(tournament)).data)

    def _ledger_after(self, write: Callable[[], object], tournament: Tournament,
                      ok_status: int = status.HTTP_200_OK) -> Response:
        """Run the write, then answer the event's ledger (``common.api.answer``: the
        service's refusal of input that fits the schema is a 409 naming the field)."""
        def ledger() -> dict[str, Any]:
            write()
            return LedgerSerializer(selectors.ledger(tournament)).data
        return answer(ledger, ok_status)

    @extend_schema(parameters=[TOURNAMENT_ID], responses=LedgerSerializer)
    def retrieve(self, request: Request, pk: Any = None) -> Response:
        return self._ledger(self._tournament(pk))

    @extend_schema(parameters=[TOURNAMENT_ID], request=PurseInputSerializer,
                   responses=LedgerSerializer)
    def update(self, request: Request, pk: Any = None) -> Response:
        """Directors: set the currency, house share, payout table, division fees, calcutta."""
        tournament = self._tournament(pk, edit=True)
        data = _parsed(PurseInputSerializer, request)
        return self._ledger_after(lambda: services.save_purse(tournament=tournament, **data),
                                  tournament)

    def _purse(self, tournament: Tournament):
        purse = selectors.purse_for(tournament)
        if purse is None:
            raise DomainError("no_purse", _("Set the event's money first (PUT)."))
        return purse

    @extend_schema(parameters=[TOURNAMENT_ID], request=SidePoolInputSerializer,
                   responses={201: LedgerSerializer})
    @action(detail=True, methods=["post"], url_path="side-pools")
    def side_pools(self, request: Request, pk: Any = None) -> Response:
        """Directors: add a side pool or jackpot."""
        tournament = self._tournament(pk, edit=True)
        purse = self._purse(tournament)
        data = _parsed(SidePoolInputSerializer, request)
        return self._ledger_after(lambda: services.add_side_pool(purse=purse, **data),
                                  tournament, status.HTTP_201_CREATED)

    @extend_schema(parameters=[TOURNAMENT_ID], request=SidePoolEntrantInputSerializer,
                   responses=LedgerSerializer)
    @action(detail=True, methods=["post"], url_path="side-pool-entrants")
    def side_pool_entrants(self, request: Request, pk: Any = None) -> Response:
        """Directors: put an entrant in a side pool (paid or not) or take them out."""
        tournament = self._tournament(pk, edit=True)
        data = _parsed(SidePoolEntrantInputSerializer, request)
        side_pool = SidePool.objects.filter(pk=data["side_pool"], purse__tournament=tournament).first()
        if side_pool is None:
            raise _missing("side_pool", _("No such side pool in this event."))
        entry = selectors.event_entries(tournament).filter(pk=data["entry"]).first()
        if entry is None:
            raise _missing("entry", _("This player is not entered in the event."))
        return self._ledger_after(lambda: services.set_side_pool_entrant(
            side_pool=side_pool, entry=entry, joined=data["joined"], paid=data["paid"]),
            tournament)

    @extend_schema(parameters=[TOURNAMENT_ID], request=SaleInputSerializer,
                   responses={201: LedgerSerializer})
    @action(detail=True, methods=["post"])
    def sales(self, request: Request, pk: Any = None) -> Response:
        """Directors: record a calcutta sale."""
        tournament = self._tournament(pk, edit=True)
        purse = self._purse(tournament)
        data = _parsed(SaleInputSerializer, request)
        entry = selectors.event_entries(tournament).filter(pk=data["entry"]).first()
        if entry is None:
            raise _missing("entry", _("This player is not entered in the event."))
        return self._ledger_after(lambda: services.record_sale(
            purse=purse, entry=entry, buyer=data["buyer"], price=data["price"]),
            tournament, status.HTTP_201_CREATED)


def register(router: BaseRouter) -> None:
    router.register("event-money", EventMoneyViewSet, basename="event-money")

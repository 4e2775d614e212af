"""API serializers: federations, their clubs, calendar and ranking (output); the
affiliation requests and answers (input and output). Players by id and public name."""

from __future__ import annotations

import datetime
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from clubs.models import Club
from common.api import QuerySerializer, StrictCharField, StrictSlugRelatedField
from federations.models import Affiliation, Federation
from federations.selectors import CalendarQuery
from games.models import Variant
from leaderboard.serializers import RankingQuerySerializer, RankingRowSerializer


class FederationSerializer(serializers.ModelSerializer):
    clubs = serializers.IntegerField(read_only=True, help_text="Member clubs now.")

    class Meta:
        model = Federation
        fields = ["slug", "name", "country", "description", "is_public", "clubs"]


class FederationInputSerializer(serializers.Serializer):
    """Starting a federation (whoever starts it is its first admin), or its admins'
    changes (PATCH: the fields given). The slug is made from the first name and stays."""

    name = StrictCharField(max_length=120)
    country = StrictCharField(max_length=80, required=False, allow_blank=True)
    description = StrictCharField(max_length=5000, required=False, allow_blank=True,
                                  help_text="About the federation.")
    is_public = serializers.BooleanField(
        required=False, help_text="Listed publicly (true when left out); an unlisted "
                                  "federation is seen only by its admins.")


class MembershipDatesSerializer(serializers.Serializer):
    """A federation admin's correction of a membership's days (PATCH: the fields given).
    The days decide which of the club's events count for the federation."""

    joined_on = serializers.DateField(required=False, help_text="The day the club joined.")
    left_on = serializers.DateField(
        required=False, allow_null=True,
        help_text="The day it left: only for a membership that ended (null while a member).")


class MemberClubSerializer(serializers.Serializer):
    slug = StrictCharField(source="club.slug")
    name = StrictCharField(source="club.name")
    city = StrictCharField(source="club.city")
    joined_on = serializers.DateField(allow_null=True)


class CalendarQuerySerializer(QuerySerializer):
    month = serializers.RegexField(
        r"^(20[0-9]{2}|2100)-(0[1-9]|1[0-2])$", required=False,
        help_text="A month as YYYY-MM (2000 to 2100); all months when left out.",
        error_messages={"invalid": _("Give a month as year and month, e.g. 2026-05.")},
    )
    variant = serializers.ChoiceField(choices=Variant.choices, required=False)

    def validate_month(self, value: str) -> datetime.date:
        year, month = (int(part) for part in value.split("-"))
        if not 2000 <= year <= 2100:
            raise serializers.ValidationError(_("Give a month between the years 2000 and 2100."))
        return datetime.date(year, month, 1)

    def query(self) -> CalendarQuery:
        return CalendarQuery(self.validated_data.get("month"), self.validated_data.get("variant"))


class CalendarEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = StrictCharField()
    club = StrictCharField(source="club.slug")
    club_name = StrictCharField(source="club.name")
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(allow_null=True)
    variant = serializers.ChoiceField(choices=Variant.choices)
    format = StrictCharField()
    status = StrictCharField()


class CalendarSerializer(serializers.Serializer):
    month = serializers.DateField(allow_null=True, help_text="The month's first day, or null.")
    variant = StrictCharField(allow_null=True)
    upcoming = CalendarEventSerializer(many=True, help_text="Announced and running, soonest first.")
    past = CalendarEventSerializer(many=True, help_text="Finished, latest first.")


class NationalRankingQuerySerializer(RankingQuerySerializer):
    club = None  # the federation's member clubs are the field


class NationalRankingRowSerializer(RankingRowSerializer):
    rating = serializers.FloatField(allow_null=True, help_text="Current rating (null: unrated).")


class NationalRankingSerializer(serializers.Serializer):
    federation = StrictCharField()
    start = serializers.DateField()
    end = serializers.DateField()
    variant = StrictCharField(allow_null=True)
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = NationalRankingRowSerializer(many=True)


class AffiliationSerializer(serializers.ModelSerializer):
    federation = StrictCharField(source="federation.slug")
    club = StrictCharField(source="club.slug")

    class Meta:
        model = Affiliation
        fields = ["id", "federation", "club", "status", "asked_by_side", "asked_at",
                  "decided_at", "joined_on", "left_on"]


class AffiliationInputSerializer(serializers.Serializer):
    federation = StrictSlugRelatedField(slug_field="slug", queryset=Federation.objects.none())
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    side = serializers.ChoiceField(
        choices=Affiliation.Side.choices,
        help_text="club: a director of the club asks to join; federation: an admin invites.",
    )

    def __init__(self, *args: Any, federations: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if federations is not None:
            self.fields["federation"].queryset = federations

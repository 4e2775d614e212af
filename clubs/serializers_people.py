"""API shapes of the people side: inputs are validated and bounded here; the services
do the writes. Emails and legal names are shown to a club's directors only."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from clubs.invitations import DEFAULT_DAYS, MAX_DAYS
from clubs.models import Club, Invitation, JoinRequest, NameStyle, Player, Role, ShownAs
from clubs.selectors import NameViewer
from clubs.serializers import PublicNameField
from common.api import (
    QuerySerializer,
    StrictCharField,
    StrictEmailField,
    StrictModelSerializer,
    StrictSlugRelatedField,
    TimeZoneField,
)
from common.bounds import parse_int

HANDLE = {"max_length": 40, "required": False, "allow_blank": True}


class ClubInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    description = StrictCharField(max_length=5000, required=False, allow_blank=True)
    venue = StrictCharField(max_length=200, required=False, allow_blank=True)
    schedule = StrictCharField(max_length=200, required=False, allow_blank=True)
    city = StrictCharField(max_length=80, required=False, allow_blank=True)
    language = serializers.ChoiceField(
        choices=[code for code, _name in settings.LANGUAGES], required=False,
        help_text="The club's language: its pages' for visitors who chose none, and its "
                  "messages' to people who chose none. Starting a club: the request's language "
                  "when left out.")
    public_names = serializers.ChoiceField(
        choices=NameStyle.choices, required=False,
        help_text="How the players the club adds or imports are named to the public "
                  "(members see full names); a player may choose otherwise, and for a player "
                  "of two clubs the more private style counts. Starting a club: "
                  "`first_initial` when left out.")


class ClubDetailSerializer(StrictModelSerializer):
    owner = PublicNameField(help_text="The owner, by their public name.")
    your_role = serializers.SerializerMethodField()

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "description", "venue", "schedule", "city", "language",
                  "public_names", "owner", "your_role"]

    def get_your_role(self, club: Club) -> str | None:
        from clubs.permissions import role_of

        request = self.context.get("request")
        return role_of(request.user if request else None, club)


class PersonSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True, help_text="The player's id (none for "
                                      "staff without a player record).")
    display_name = StrictCharField(help_text="The public name: the player's display name, "
                                   "or \"Club official\" for staff without a player record.")
    user = serializers.IntegerField(allow_null=True, help_text="The account's id, if any (for "
                                    "the roles endpoint); login names are never shown.")
    role = serializers.ChoiceField(choices=Role.choices)
    active = serializers.BooleanField()
    email = StrictCharField(allow_null=True, help_text="Directors only.")
    legal_name = StrictCharField(allow_null=True, help_text="Directors only (or public).")


class RoleInputSerializer(serializers.Serializer):
    user = serializers.IntegerField(help_text="The account's id.")
    role = serializers.ChoiceField(choices=Role.choices,
                                   help_text="director, scorer or member (owner: hand-over).")


class UserRefSerializer(serializers.Serializer):
    user = serializers.IntegerField(help_text="The account's id.")


class JoinInputSerializer(serializers.Serializer):
    message = StrictCharField(max_length=500, required=False, allow_blank=True)


class SimilarPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="player.pk")
    display_name = StrictCharField(source="player.display_name")
    name = serializers.SerializerMethodField(
        help_text="The legal name: null unless whoever asks may see it (the player, "
        "directors of their clubs, or a public legal name).")
    in_club = serializers.BooleanField()
    reasons = serializers.ListField(child=StrictCharField(),
                                    help_text="same_name, transliteration, spelling, "
                                    "word_order, initials, extra_name")

    @extend_schema_field({"type": "string", "nullable": True})
    def get_name(self, similar: Any) -> str | None:
        viewer = self.context.get("names") or NameViewer()
        return viewer.legal_name(similar.player)


class AddPlayerInputSerializer(serializers.Serializer):
    name = StrictCharField(max_length=120)
    display_name = StrictCharField(max_length=60, required=False, allow_blank=True)
    email = StrictEmailField(required=False, allow_blank=True)
    existing = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True,
        help_text="Add this registry player to the club instead of a new one.")
    allow_similar = serializers.BooleanField(
        default=False, help_text="Create a new player even though similar names exist.")


class SimilarQuerySerializer(QuerySerializer):
    name = StrictCharField(max_length=120, help_text="The name to look for.")


class PairInputSerializer(serializers.Serializer):
    first = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())
    second = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all())


class PlayerEditSerializer(StrictModelSerializer):
    class Meta:
        model = Player
        fields = ["name", "display_name", "name_is_public", "email", "city", "country",
                  "declared_rating", *Player.HANDLES]
        extra_kwargs = {field: {"required": False} for field in fields}


class PlayerDetailSerializer(StrictModelSerializer):
    """A player as their directors (and they themselves) see them."""

    email = StrictCharField(read_only=True, help_text="Empty when none is known.")

    class Meta:
        model = Player
        fields = ["id", "display_name", "name", "name_is_public", "email", "city", "country",
                  "declared_rating", *Player.HANDLES, "is_active", "user"]
        read_only_fields = fields


class InvitationSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)
    email = StrictCharField(read_only=True, help_text="Empty for a join link.")
    status = serializers.SerializerMethodField()

    class Meta:
        model = Invitation
        fields = ["id", "club", "kind", "email", "player", "max_uses", "uses", "expires_at",
                  "revoked_at", "created_at", "status"]
        read_only_fields = fields

    def get_status(self, invitation: Invitation) -> str:
        from clubs.invitations import status_of

        return status_of(invitation)


class InvitationInputSerializer(serializers.Serializer):
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    kind = serializers.ChoiceField(choices=Invitation.Kind.choices)
    email = StrictEmailField(required=False, allow_blank=True)
    player = serializers.PrimaryKeyRelatedField(queryset=Player.objects.all(), required=False,
                                                allow_null=True)
    single_use = serializers.BooleanField(default=True)
    days = serializers.IntegerField(min_value=1, max_value=MAX_DAYS, default=DEFAULT_DAYS)


class NewInvitationSerializer(serializers.Serializer):
    invitation = InvitationSerializer()
    token = StrictCharField(help_text="Shown once; only its hash is stored.")
    url = StrictCharField()
    qr_svg = StrictCharField(help_text="The link as a QR code (an SVG document).")


class TokenInputSerializer(serializers.Serializer):
    token = StrictCharField(max_length=100)


class JoinedSerializer(serializers.Serializer):
    club = StrictCharField()
    player = serializers.IntegerField()
    display_name = StrictCharField()


class JoinRequestSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)
    name = PublicNameField(source="user", help_text="Who asks, by their public name.")

    class Meta:
        model = JoinRequest
        fields = ["id", "club", "user", "name", "message", "status", "player", "created_at",
                  "decided_at"]
        read_only_fields = fields


class JoinRequestInputSerializer(serializers.Serializer):
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    message = StrictCharField(max_length=500, required=False, allow_blank=True)


class ApproveInputSerializer(serializers.Serializer):
    player = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True,
        help_text="The club's existing record of this person, if any.")


class ImportUploadSerializer(serializers.Serializer):
    file = serializers.FileField(max_length=200, allow_empty_file=True)  # empty: 409


class ImportLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    name = StrictCharField()
    email = StrictCharField()
    role = StrictCharField()
    action = serializers.ChoiceField(choices=["create", "link", "choose", "refuse"])
    player = serializers.IntegerField(allow_null=True, help_text="The player linked to.")
    similar = SimilarPlayerSerializer(many=True)
    why = serializers.ListField(child=serializers.DictField(),
                                help_text="[{code, text}] why the line does what it does.")


class ImportPreviewSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    encoding = StrictCharField()
    columns = serializers.ListField(child=StrictCharField())
    ignored_columns = serializers.ListField(child=StrictCharField())
    applied = serializers.BooleanField()
    lines = ImportLineSerializer(many=True)


class ImportApplySerializer(serializers.Serializer):
    choices = serializers.DictField(
        child=StrictCharField(max_length=20), required=False, default=dict,
        help_text='Line number -> a similar player\'s id, or "new".')
    invite = serializers.BooleanField(default=False)

    def validate_choices(self, value: dict) -> dict[int, str]:
        choices = {}
        for key, choice in value.items():
            line = parse_int(str(key), 1, 999_999)
            if line is None:
                raise serializers.ValidationError(
                    _("%(key)s is not a line number.") % {"key": repr(str(key)[:20])})
            choices[line] = choice
        return choices


class ImportResultSerializer(serializers.Serializer):
    create = serializers.IntegerField()
    link = serializers.IntegerField()
    roles = serializers.IntegerField()
    invited = serializers.IntegerField()


class ProfileSerializer(serializers.Serializer):
    username = StrictCharField(read_only=True)
    email = StrictCharField(read_only=True)
    player = serializers.IntegerField(read_only=True, allow_null=True)
    preferred_language = serializers.ChoiceField(
        choices=[("", "")] + list(settings.LANGUAGES), required=False, allow_blank=True)
    time_zone = TimeZoneField(
        required=False, allow_blank=True,
        help_text="The IANA time zone you read times in (Europe/Berlin); empty: your club's.")
    shown_as = serializers.ChoiceField(
        choices=ShownAs.choices, required=False, allow_blank=True,
        help_text="How the public sees your name: empty as your clubs choose (the most private "
                  "of their styles), a style of your legal name, or `nickname`: your "
                  "display_name as written. Writing a new display_name chooses `nickname`.")
    display_name = StrictCharField(max_length=60, required=False)
    name = StrictCharField(max_length=120, required=False, allow_blank=True)
    name_is_public = serializers.BooleanField(required=False)
    city = StrictCharField(max_length=80, required=False, allow_blank=True)
    country = StrictCharField(max_length=80, required=False, allow_blank=True)
    fibs = StrictCharField(**HANDLE)
    dailygammon = StrictCharField(**HANDLE)
    galaxy = StrictCharField(**HANDLE)
    gridgammon = StrictCharField(**HANDLE)
    studio = StrictCharField(**HANDLE)

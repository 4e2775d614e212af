"""API serializers: input serializers parse, output serializers show; services write."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from clubs.models import Club, Player
from clubs.serializers import PlayerSerializer, PublicNameField
from common.api import StrictCharField, StrictModelSerializer, StrictSlugRelatedField
from common.bounds import ID_MAX
from engine.match import MAX_MATCH_LENGTH, RECORDED_CUBE_LIMIT
from games.models import (
    CubeOwner,
    Game,
    Match,
    MatchResult,
    MatchTranscript,
    ResultStatus,
    Seat,
)
from games.services.matches import RULE_FIELDS
from games.services.results import MAX_REASON, REASON_REQUIRED
from games.services.transcripts import MAX_BYTES as TRANSCRIPT_MAX_CHARACTERS
from games.services.transcripts import describe


# A player as a match shows them: the tournaments API's fields, under its own schema name
# (a docstring here would become the schema's description).
class PlayerRefSerializer(PlayerSerializer):
    pass


class GameSerializer(StrictModelSerializer):
    class Meta:
        model = Game
        fields = [
            "id",
            "match",
            "number",
            "winner",
            "result",
            "cube",
            "cube_owner",
            "doubles",
            "crawford",
            "points",
            "entered_at",
        ]


class MatchResultSerializer(StrictModelSerializer):
    entered_by = PublicNameField()
    confirmed_by = PublicNameField()

    class Meta:
        model = MatchResult
        fields = [
            "id",
            "match",
            "score1",
            "score2",
            "status",
            "games",
            "entered_by",
            "entered_at",
            "confirmed_by",
            "confirmed_at",
            "override_reason",
            "transcript",
            "played_on",
        ]
        extra_kwargs = {
            "transcript": {
                "help_text": "The checked transcript this result was read from (checked by the "
                "engine), or null."
            }
        }


class MatchSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", read_only=True)
    # null until the players are known (a tournament match waiting for its pairing), and
    # the winner until the match is decided
    player1 = PlayerRefSerializer(read_only=True, allow_null=True)
    player2 = PlayerRefSerializer(read_only=True, allow_null=True)
    winner = PlayerRefSerializer(read_only=True, allow_null=True)
    official_result = serializers.SerializerMethodField()
    latest_result = serializers.SerializerMethodField(
        help_text="The newest result's id (0: none yet): send it back as `seen_result` with a "
                  "score, so that a score sent late is refused when the match has moved on.")

    class Meta:
        model = Match
        fields = [
            "id",
            "club",
            "variant",
            "length",
            "player1",
            "player2",
            "crawford",
            "holland",
            "jacoby",
            "beavers",
            "cube_enabled",
            "koks",
            "equalisation",
            "draw_points",
            "block_rule",
            "status",
            "start_score1",
            "start_score2",
            "score1",
            "score2",
            "winner",
            "rated",
            "created_at",
            "finished_at",
            "played_at",
            "official_result",
            "latest_result",
            "time_control",
            "clocks_required",
            "clock_seconds",
            "clock_delay_seconds",
        ]
        read_only_fields = ["start_score1", "start_score2"]

    def get_official_result(self, match: Match) -> int | None:
        if hasattr(match, "official_result_id"):  # annotated by the list's query
            return match.official_result_id
        result = match.results.filter(status=ResultStatus.CONFIRMED).first()
        return result.pk if result else None

    def get_latest_result(self, match: Match) -> int:
        if hasattr(match, "latest_result_pk"):  # annotated by the list's query
            return match.latest_result_pk or 0
        return match.latest_result_id


class MatchCreateSerializer(StrictModelSerializer):
    club = StrictSlugRelatedField(slug_field="slug", queryset=Club.objects.all())
    player1 = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True
    )
    player2 = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(), required=False, allow_null=True
    )

    class Meta:
        model = Match
        fields = ["club", *RULE_FIELDS]  # what create_match accepts, besides the club
        validators: list[Any] = []  # the service checks the rules
        extra_kwargs = {
            "length": {"min_value": 0, "max_value": MAX_MATCH_LENGTH},
            "block_rule": {
                "help_text": _(
                    "Long nardy's six-point block rule; empty or left out: the main rule "
                    "(ahead) in long nardy. Refused for backgammon, which has none."
                )
            }
        }


class GameInputSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=Seat.values, allow_null=True)
    result = StrictCharField()
    cube = serializers.IntegerField(default=1, min_value=1, max_value=RECORDED_CUBE_LIMIT)
    cube_owner = serializers.ChoiceField(choices=CubeOwner.values, default=CubeOwner.CENTRED.value)
    doubles = serializers.JSONField(required=False, allow_null=True)


def score_field(**kwargs: Any) -> serializers.DecimalField:
    """A final score: finite, 0 to the database's capacity; the service checks it against
    the match (``check_final_score``: one player reaches the length, and no more than
    the last game can bring)."""
    return serializers.DecimalField(max_digits=7, decimal_places=1, min_value=0, **kwargs)


def played_on_field() -> serializers.DateField:
    return serializers.DateField(
        required=False, allow_null=True,
        help_text="The day the match was played, in the club's time zone (left out or null: "
                  "the day the result becomes official). At most one day after the club's "
                  "today, and not before the club was created or the match's event began "
                  "(409, `played_on_in_future` / `played_on_too_early`, field `played_on`).")


def seen_result_field() -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=0, max_value=ID_MAX, required=False,
        help_text="The match's `latest_result` when the score was entered (0: none). If the "
                  "match has another result by the time the score arrives (the opponent "
                  "entered one, a director ruled), nothing is replaced and the answer (409, "
                  "`match_moved_on`) says what happened; the opponent's own score confirms "
                  "theirs. Left out: the score replaces an unanswered proposal.")


class ScoreInputSerializer(serializers.Serializer):
    score1 = score_field()
    score2 = score_field()
    seen_result = seen_result_field()
    played_on = played_on_field()


class ProposeInputSerializer(serializers.Serializer):
    match = serializers.PrimaryKeyRelatedField(queryset=Match.objects.all())
    score1 = score_field(required=False)
    score2 = score_field(required=False)
    seen_result = seen_result_field()
    played_on = played_on_field()


class OverrideInputSerializer(ScoreInputSerializer):
    reason = StrictCharField()


class ResultDisputeInputSerializer(serializers.Serializer):
    reason = StrictCharField(
        max_length=MAX_REASON,
        help_text="What is wrong with the result (required; blank or only spaces is refused).",
        error_messages={"required": REASON_REQUIRED, "blank": REASON_REQUIRED},
    )


COLUMN_HELP = (
    "The uploading player's column in the file (1 left, 2 right), when the file's names "
    "are not their name or FIBS, Galaxy or Studio name on this site."
)


class TranscriptTextInputSerializer(serializers.Serializer):
    """A transcript sent as JSON: its text."""

    text = StrictCharField(trim_whitespace=False, max_length=TRANSCRIPT_MAX_CHARACTERS)
    file_name = StrictCharField(required=False, default="", allow_blank=True, max_length=200)
    column = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=2,
        help_text=COLUMN_HELP,
    )  # fmt: skip


class TranscriptFileInputSerializer(serializers.Serializer):
    """A transcript sent as a multipart upload: the file (an empty one is refused by the
    service, 409 empty_file, like every other file the rules refuse)."""

    file = serializers.FileField(allow_empty_file=True)
    column = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=2,
        help_text=COLUMN_HELP,
    )  # fmt: skip


class TranscriptSerializer(StrictModelSerializer):
    uploaded_by = PublicNameField()
    disagreements = serializers.SerializerMethodField()

    class Meta:
        model = MatchTranscript
        fields = [
            "id",
            "match",
            "file_name",
            "uploaded_by",
            "uploaded_at",
            "status",
            "verdict",
            "error",
            "agrees_with_result",
            "disagreements",
            "attempts",
            "checked_at",
            "uploader_column",
        ]

    def get_disagreements(self, transcript: MatchTranscript) -> list[dict[str, Any]]:
        return [{**item, "message": describe(item)} for item in transcript.disagreements or []]


class MatFileSerializer(serializers.Serializer):
    """The match as a GNU Backgammon `.mat` file, written from one of its transcripts."""

    transcript = serializers.IntegerField(source="transcript.pk", read_only=True)
    file_name = serializers.CharField(read_only=True)
    text = serializers.CharField(read_only=True)

"""What the API says about an analysis (read only)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from analysis import selectors
from analysis.milestones import HIGHEST, LOWEST, MOST
from analysis.models import AnalysisKind, Depth, MatchAnalysis
from analysis.services import error_message
from common.api import StrictDecimalField


class PlayerFiguresSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=1, max_value=2)
    name = serializers.CharField()
    visible = serializers.BooleanField(
        help_text="False when the player shows their PR to their clubs only."
    )
    pr = serializers.DecimalField(
        max_digits=6, decimal_places=2, allow_null=True,
        help_text="GNU Backgammon's overall error rate (mEMG per unforced decision) halved.",
    )  # fmt: skip
    luck_rate = serializers.FloatField(allow_null=True, help_text="mEMG per roll.")
    figures = serializers.JSONField(
        allow_null=True,
        help_text="GNU Backgammon's show statistics for this player, as it printed them "
        "(long nardy: pips, hits, doubles rolled, turns on the bar).",
    )


class MatchAnalysisSerializer(serializers.ModelSerializer):
    computed_by = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()

    class Meta:
        model = MatchAnalysis
        fields = [
            "id", "match", "transcript", "kind", "plies", "status", "games_total", "games_done",
            "computed_by", "combined", "error_code", "error", "players", "created_at",
            "finished_at",
        ]  # fmt: skip
        read_only_fields = fields

    combined = serializers.SerializerMethodField()

    def get_computed_by(self, analysis: MatchAnalysis) -> str:
        return selectors.GAME_NAMES.get(analysis.kind, "") if analysis.kind == AnalysisKind.GNUBG else ""

    def get_combined(self, analysis: MatchAnalysis) -> bool:
        """True when the match figures were added up from the games (a resumed analysis)."""
        return bool((analysis.figures or {}).get("combined"))

    def get_error(self, analysis: MatchAnalysis) -> str:
        return error_message(analysis.error_code) if analysis.error_code else ""

    @extend_schema_field(PlayerFiguresSerializer(many=True))
    def get_players(self, analysis: MatchAnalysis) -> list[dict[str, Any]]:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if analysis.figures is None:
            return []
        rows = [
            {
                "seat": row.seat,
                "name": row.name,
                "visible": row.visible,
                "pr": row.pr,
                "luck_rate": row.luck_rate,
                "figures": row.figures,
            }
            for row in selectors.players(analysis, user)
        ]
        # Through the serializer, so that the answer has the schema's types (PR as a decimal string).
        return PlayerFiguresSerializer(rows, many=True).data


class ClubAnalysisSettingsSerializer(serializers.Serializer):
    """A club's analysis settings: the default depth and the PR milestones."""

    club = serializers.SlugField(source="club.slug", read_only=True)
    plies = serializers.ChoiceField(
        choices=Depth.choices, required=False,
        help_text="The club's analysis depth (an event may set its own).",
    )  # fmt: skip
    pr_milestones = serializers.ListField(
        child=StrictDecimalField(max_digits=4, decimal_places=2, min_value=LOWEST,
                                 max_value=HIGHEST),
        max_length=MOST, required=False,
        help_text="PR thresholds: a player earns a milestone the first time an analysed "
        "match of theirs in the club has a PR under one (each once; shown highest first). "
        "An empty list: no milestones.",
    )

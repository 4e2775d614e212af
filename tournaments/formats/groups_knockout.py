"""Groups, then a knockout of the top of each group (§3.2).

The groups are dealt by snake seeding and played in the group format the director
chooses (``group_format``): round robin (``cycles``) or Swiss (``swiss_rounds`` rounds
paired within each group, ``play.groups``). The top ``qualifiers_per_group`` of each
group's standings (after play-offs on places 1..``playoff_places`` of each group, when
set) play the knockout.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.utils.translation import gettext_lazy as _

from tournaments.draws.knockout import ConsolationMode, KnockoutDraw, draw_from_positions
from tournaments.draws.progress import BracketState, PlaceGroup, flight_places
from tournaments.errors import DrawError
from tournaments.format_registry import register
from tournaments.formats.common import SEEDING, TableFormat
from tournaments.models import Flight, GroupFormat, LateEntryRule, Tournament
from tournaments.play.groups import (
    group_sizes,
    make_group_knockout,
    make_swiss_group_round,
    make_swiss_groups_draw,
)
from tournaments.play.round_robin import make_round_robin_draw, start_round


@register
class GroupsKnockout(TableFormat):
    key = Tournament.Format.GROUPS_KNOCKOUT
    settings = (*SEEDING, "group_format", "cycles", "swiss_rounds", "group_count",
                "qualifiers_per_group", "tiebreaks", "playoff_places")
    # seeded last: the free place (the bye) of a group with an odd number of players;
    # penalty: the same place, with the event's penalty points taken off the match wins.
    # Round-robin groups only: Swiss groups pair their byes round by round (none to take).
    late_entry_rules = ("none", "seeded_last", "penalty")
    bracket = True
    table_flight = Flight.GROUP
    partial = "tournaments/_crosstable.html"
    played_in_rounds = True
    minimum_entrants = 4
    playoffs_by_group = True
    help_texts = {
        "swiss_rounds": _("Swiss groups: the rounds each group plays, at most the smallest "
                          "group's size less one; empty: enough rounds for its size."),
        "cycles": _("Round-robin groups: how many times everyone in a group meets everyone."),
        "playoff_places": _("Players of a group still tied after the tiebreaks on one of its "
                            "first this many places play off for it before the knockout is "
                            "drawn; empty or 0: the tiebreaks' order stands."),
    }

    def check_settings(self, tournament: Tournament, entrants: int | None = None) -> None:
        super().check_settings(tournament, entrants)
        groups, qualifiers = tournament.group_count, tournament.qualifiers_per_group
        swiss = tournament.group_format == GroupFormat.SWISS
        if tournament.group_format not in GroupFormat.values:
            raise DrawError(
                "unknown_group_format",
                f"The groups are played as one of: {', '.join(GroupFormat.values)}.",
                {"choices": ", ".join(GroupFormat.values)}, field="group_format")
        if groups < 1 or qualifiers < 1:
            raise DrawError("bad_groups", "There is at least one group and one qualifier per group.",
                            field="group_count" if groups < 1 else "qualifiers_per_group")
        if groups * qualifiers < 2:
            raise DrawError(
                "too_few_qualifiers",
                "The knockout after the groups needs at least two qualifiers in all.",
                field="qualifiers_per_group",
            )
        if swiss and tournament.late_entry_rule != LateEntryRule.NONE:
            raise DrawError(
                "late_entry_swiss_groups",
                "Late entries: Swiss groups take no late entrants (a group's byes are paired "
                "round by round, so there is no free place to take).",
                field="late_entry_rule")
        if swiss and tournament.swiss_rounds is not None and tournament.swiss_rounds < 1:
            raise DrawError(
                "too_few_rounds",
                f"A Swiss event has at least one round; {tournament.swiss_rounds} were asked for.",
                {"rounds": tournament.swiss_rounds}, field="swiss_rounds")
        if entrants is None:
            if swiss and tournament.pk and tournament.current_round:
                self._check_rounds_of_drawn_groups(tournament)
            return
        smallest = entrants // groups
        if smallest < 2 or qualifiers > smallest:
            raise DrawError(
                "groups_too_small",
                f"{entrants} entrants in {groups} groups make groups of {smallest}; each group "
                f"needs at least two players and at least {qualifiers} (the qualifiers).",
                {"entrants": entrants, "groups": groups, "qualifiers": qualifiers},
                field="group_count",
            )
        smallest = min(group_sizes(entrants, groups))
        if swiss and tournament.swiss_rounds is not None and tournament.swiss_rounds > smallest - 1:
            raise DrawError(
                "too_many_group_rounds",
                f"The smallest group has {smallest} players, so each of them has only "
                f"{smallest - 1} possible opponents: Swiss groups cannot have "
                f"{tournament.swiss_rounds} rounds; at most {smallest - 1}.",
                {"rounds": tournament.swiss_rounds, "size": smallest, "maximum": smallest - 1},
                field="swiss_rounds")
        places = tournament.playoff_places or 0
        if places > smallest:
            raise DrawError(
                "too_many_group_playoff_places",
                f"Play-offs can decide places 1 to {smallest} of each group at most (the "
                f"smallest group's size), not 1 to {places}.",
                {"places": places, "size": smallest}, field="playoff_places")

    def _check_rounds_of_drawn_groups(self, tournament: Tournament) -> None:
        """Swiss groups under way: their rounds can change between the rounds already
        paired and the smallest group's size less one."""
        sizes = Counter(tournament.entries.exclude(group=None).values_list("group", flat=True))
        smallest = min(sizes.values(), default=2)
        rounds = tournament.swiss_rounds
        if rounds is None or rounds < tournament.current_round or rounds > smallest - 1:
            low, high = max(tournament.current_round, 1), max(smallest - 1, 1)
            raise DrawError(
                "group_rounds_out_of_range",
                f"Swiss groups under way: give from {low} (the rounds already paired) to "
                f"{high} rounds (the smallest group's size less one).",
                {"lowest": low, "highest": high}, field="swiss_rounds")

    def pairs_with_repeats(self, tournament: Tournament) -> bool:
        return tournament.group_format == GroupFormat.SWISS

    def starts_every_round(self, tournament: Tournament) -> bool:
        return tournament.group_format != GroupFormat.SWISS

    def make_draw(self, *, tournament: Tournament, actor: AbstractBaseUser | None) -> None:
        if tournament.group_format == GroupFormat.SWISS:
            make_swiss_groups_draw(tournament=tournament, actor=actor)
        else:
            make_round_robin_draw(tournament=tournament, actor=actor, in_groups=True)

    def next_stage(self, *, tournament: Tournament, actor: AbstractBaseUser | None,
                   stage: str = "round", through: int | None = None,
                   allow_repeats: bool = False) -> dict[str, Any]:
        if stage == "knockout":
            return {"stage": make_group_knockout(tournament=tournament, actor=actor)}
        if tournament.group_format == GroupFormat.SWISS:
            return {"round": make_swiss_group_round(tournament=tournament, actor=actor,
                                                    allow_repeats=allow_repeats)}
        return {"round": start_round(tournament=tournament, actor=actor, through=through)}

    def bracket_from_positions(
        self, tournament: Tournament, positions: Sequence[int | None]
    ) -> KnockoutDraw:
        return draw_from_positions(positions, consolation=ConsolationMode.NONE)

    def bracket_places(self, state: BracketState) -> tuple[PlaceGroup, ...]:
        return flight_places(state)

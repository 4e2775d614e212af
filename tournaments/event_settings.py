"""The settings of a tournament a director may set, each declared once.

A setting's one declaration says which Tournament field it is, the bounds of its number,
the API's help text, whether it shapes the draw (fixed once the draw is made), whether the
events of its divisions copy it, and whether it is a format's setting (the form and the
API show it only for the formats that use it: each format's ``settings``, in
``tournaments.formats``). Everything else reads this table:

* the service that creates and edits an event (``services.entries``): what may be set,
  what is fixed after the draw, the bounds of every number (``NUMBER_BOUNDS``);
* the split into divisions (``play.divisions``): what each division's event inherits;
* the model's constraints on the numbers the database checks too (``bounds_of``);
* the page's form (``forms.tournament``): the format's settings, the numbers' bounds;
* the API's serializers (``serializers``): their fields, in this order, with each one's
  help text and bounds, and so the schema.

Plain Python (no Django).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.limits import MAX_ENTRANTS, MAX_ROUNDS
from tournaments.standings import METRICS


@dataclass(frozen=True, slots=True)
class Setting:
    name: str  # the Tournament field
    fixed_at_draw: bool = False  # shapes the draw: cannot change once it is made
    copied_to_divisions: bool = True  # each division's event starts with the same value
    of_format: bool = False  # a format's setting: shown only for the formats that use it
    # (lowest, highest) of a whole number. A club event has at most a few hundred entrants;
    # these bounds are far above any real event and far below what breaks a draw or a
    # database column. An empty value (None) is checked only where the field allows it.
    # Where a format or the registration rules refuse a low value with their own sentence
    # (too_few_rounds, too_few_losses, bad_capacity), the bound starts at 0 and leaves
    # that to them.
    bounds: tuple[int, int] | None = None
    help: str = ""  # the API's help text (the serializers add which formats use it)
    shown: bool = True  # the API's read shape answers it


SETTINGS: tuple[Setting, ...] = (
    Setting("name", copied_to_divisions=False),  # a division's event is named for it
    Setting("starts_on"),
    Setting("ends_on"),
    Setting("variant", fixed_at_draw=True),
    Setting("format", fixed_at_draw=True),
    Setting("is_public"),
    Setting("rules"),  # the six-point block rule inside is checked on its own
    Setting("rules_text"),
    Setting("match_lengths"),
    Setting(
        "seeding", fixed_at_draw=True, of_format=True,
        help="How seeds are given: rating (ties by display name, then order of entry), "
             "partial (top seeds by rating, the rest drawn), random, manual."),
    Setting(
        "seeded_top", fixed_at_draw=True, of_format=True, bounds=(0, 64),
        help="Partial seeding: how many top players are seeded by rating (2, 4 or 8)."),
    Setting(
        "consolation", fixed_at_draw=True, of_format=True,
        help="Knockout: who enters the consolation flight."),
    Setting("last_chance", of_format=True, help="Knockout: draw a last-chance flight."),
    Setting(
        "cycles", fixed_at_draw=True, of_format=True, bounds=(1, 4),
        help="Round robin: how many times everyone meets everyone (1 to 4)."),
    Setting(
        "group_count", fixed_at_draw=True, of_format=True, bounds=(1, 64),
        help="Groups then a knockout: the number of groups."),
    Setting(
        "qualifiers_per_group", fixed_at_draw=True, of_format=True, bounds=(1, 16),
        help="Groups then a knockout: how many of each group go through."),
    Setting(
        "group_format", fixed_at_draw=True, of_format=True,
        help="Groups then a knockout: how each group is played, round_robin (everyone meets "
             "everyone, cycles times) or swiss (swiss_rounds rounds paired within the group: "
             "no rematch, at most one bye per player). Then the top qualifiers_per_group of "
             "each group's standings play the knockout."),
    Setting(
        "swiss_rounds", of_format=True, bounds=(0, MAX_ENTRANTS - 1),  # "at most entrants − 1"
        help="Swiss: the number of rounds (at most entrants - 1); empty: ceil(log2 P). Groups "
             "then a knockout with Swiss groups: the rounds of each group (at most the "
             "smallest group's size - 1); empty: ceil(log2) of the smallest group's size. "
             "Ignored by round-robin groups."),
    Setting(
        "tiebreaks", of_format=True,
        help="Tiebreak keys in order, from: " + ", ".join(METRICS) + "."),
    Setting(
        "dual_duel", of_format=True,
        help="Round robin and Swiss: dual duel points, the standings' primary score. Each "
             "match gives one point to its winner (a bye or walkover too) and one to the player "
             "with the lower PR in GNU Backgammon's analysis of it (none when either side is "
             "not analysed, or on equal PR); the tiebreaks follow. Swiss rounds are still "
             "paired by match wins."),
    Setting(
        "grand_final_reset", fixed_at_draw=True, of_format=True,
        help="Double elimination: a second final when the losers' bracket champion wins "
             "the first."),
    Setting(
        "losses_limit", fixed_at_draw=True, of_format=True, bounds=(0, 64),
        help="Swiss until N losses: N, the losses that put a player out (at least 1)."),
    Setting(
        "round_limit", of_format=True, bounds=(0, MAX_ROUNDS),
        help="Swiss until N losses: stop after this many rounds (empty: play until one "
             "player is left)."),
    Setting(
        "random_seed", fixed_at_draw=True, bounds=(0, 2**63 - 1),
        help="The seed of the draw's random choices (random or partial seeding, random first "
             "Swiss round). Give one to make a draw reproducible; if empty, one is chosen at "
             "the draw and stored here."),
    Setting(
        "playoff_places", fixed_at_draw=True, of_format=True,
        bounds=(0, MAX_ENTRANTS),  # the format checks "at most the entrants"
        help="Play-offs instead of shared places: players the tiebreaks leave tied on one of "
             "places 1 to N play matches for it after the last round (flight playoff; give "
             "only the wins tiebreak to let play-offs decide every tie on those places). 0: "
             "tied players share the place. At most the number of entrants. Groups then a "
             "knockout: places 1 to N of each group, played off when the groups are over, "
             "before the knockout is drawn (next-round with stage knockout opens the "
             "play-offs, answers stage playoff, and draws the knockout once they are "
             "decided); at most the smallest group's size."),
    # registration, check-in and the day (tournaments.event_rules)
    Setting("registration_deadline", copied_to_divisions=False),
    Setting("approval_required", copied_to_divisions=False),
    Setting("capacity", copied_to_divisions=False, bounds=(0, MAX_ENTRANTS)),
    Setting("entry_fee"),
    Setting("divisions", fixed_at_draw=True, copied_to_divisions=False),
    Setting(
        "late_entry_rule",
        help="How a player entered after the draw joins; each format applies only some rules "
             "(formats: late_entry_rules), another one is refused. seeded_last: knockout and "
             "double elimination, the lowest seed's bye; round robin and groups, the bye of a "
             "group with an odd number of players from the current round on; Swiss, the next "
             "round with no wins. consolation: knockout with a consolation flight, the main "
             "match given as a walkover. penalty: round robin and Swiss, as seeded_last, with "
             "late_entry_penalty taken off the match wins in the standings."),
    Setting(
        "late_entry_penalty", bounds=(0, 99),  # match wins taken off (the penalty rule)
        help="Match wins taken off a late entrant's score under the penalty rule."),
    Setting("check_in_opens_at", copied_to_divisions=False),
    Setting("check_in_closes_at", copied_to_divisions=False),
    Setting("forfeit_minutes"),
    Setting("time_controls"),
    # the clock the site works out for each match (event_rules.match_clock)
    Setting(
        "clock_rule",
        help="How each match's clock is worked out when its round is announced: none (only "
             "the time controls as written), per_point (clock_minutes_per_point times the "
             "match length for each player) or bank (clock_bank_minutes for each player); "
             "both with clock_delay_seconds of delay per move."),
    Setting(
        "clock_minutes_per_point", bounds=(1, 10),  # 25 points at 10: over 4 hours each
        help="Clock rule per_point: minutes per point of the match length (2: a 7-point "
             "match gives each player 14 minutes)."),
    Setting(
        "clock_delay_seconds", bounds=(0, 60),
        help="Seconds of delay per move before a player's time runs (0: none)."),
    Setting(
        "clock_bank_minutes", bounds=(1, 600),
        help="Clock rule bank: each player's minutes for the match."),
    # when (tournaments.selectors.when): the calendar feeds and the event's page
    Setting("time_zone", help="The event's IANA time zone (Europe/Berlin); empty: its club's."),
    Setting("start_time", help="The time the event starts on starts_on, local to its time zone."),
    Setting("avoid_same_club", shown=False),
    Setting("avoided_pairs", shown=False),
)

SETTING: dict[str, Setting] = {setting.name: setting for setting in SETTINGS}
EDITABLE: tuple[str, ...] = tuple(SETTING)
DRAW_OPTIONS: frozenset[str] = frozenset(s.name for s in SETTINGS if s.fixed_at_draw)
COPIED: tuple[str, ...] = tuple(s.name for s in SETTINGS if s.copied_to_divisions)
FORMAT_SETTINGS: tuple[str, ...] = tuple(s.name for s in SETTINGS if s.of_format)
NUMBER_BOUNDS: dict[str, tuple[int, int]] = {
    s.name: s.bounds for s in SETTINGS if s.bounds is not None
}


def bounds_of(name: str) -> tuple[int, int]:
    bounds = SETTING[name].bounds
    if bounds is None:
        raise KeyError(f"the setting {name!r} is not a bounded number")
    return bounds


"""Tournaments, entry lists and seeds: the director's set-up before the draw."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import capfirst

from clubs.models import Club, Player
from games.choices import DEFAULT_BLOCK_RULE, BlockRule, Variant
from tournaments import event_rules as rules
from tournaments.event_settings import DRAW_OPTIONS, EDITABLE, NUMBER_BOUNDS
from tournaments.format_registry import FORMATS
from tournaments.limits import MAX_LENGTHS_PER_FLIGHT, MAX_MATCH_LENGTH, MAX_RULES_TEXT
from tournaments.models import DEFAULT_TIEBREAKS, Entry, Flight, Tournament
from tournaments.play.common import ActionError, record, require_status
from tournaments.play.divisions import division_finished, require_not_split
from tournaments.play.games_adapter import MATCH_RULE_TYPES, set_matches_public
from tournaments.services.registration import promote_waiting_list
from tournaments.standings import METRICS

OPEN_FOR_ENTRIES = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)


def _validate_event(tournament: Tournament, changed: set[str]) -> None:
    """Registration, check-in and time-control settings (event_rules); a deadline being
    set must lie ahead."""
    rules.check_capacity(tournament.capacity)
    if "registration_deadline" in changed:
        rules.check_deadline(tournament.registration_deadline, timezone.now())
    rules.check_check_in_window(tournament.check_in_opens_at, tournament.check_in_closes_at)
    rules.parse_divisions(tournament.divisions)
    rules.parse_time_controls(tournament.time_controls)
    rules.check_clock_rule(tournament.clock_rule,
                           minutes_per_point=tournament.clock_minutes_per_point,
                           delay_seconds=tournament.clock_delay_seconds,
                           bank_minutes=tournament.clock_bank_minutes)
    rules.parse_avoided_pairs(tournament.avoided_pairs)
    if tournament.entry_fee is not None:
        try:
            fee = Decimal(str(tournament.entry_fee))
        except InvalidOperation:
            fee = Decimal(-1)
        if not fee.is_finite() or fee < 0 or fee >= 1_000_000:
            raise ActionError("bad_entry_fee", "An entry fee is an amount from 0 to 999999.99.")
    if tournament.forfeit_minutes is not None and not 1 <= tournament.forfeit_minutes <= 240:
        raise ActionError("bad_minutes", "Give 1 to 240 minutes.", {"maximum": 240})


def _validate(tournament: Tournament) -> None:
    _validate_bounds(tournament)
    try:
        tournament.full_clean()
    except ValidationError as error:
        # The first field at fault, named, with its sentence (in the reader's language).
        field, messages = next(iter(error.message_dict.items()))
        raise ActionError("invalid_tournament", messages[0],
                          {"fields": error.message_dict},
                          field=None if field == NON_FIELD_ERRORS else field) from error
    tiebreaks = tournament.tiebreaks
    if not isinstance(tiebreaks, list) or not all(isinstance(key, str) for key in tiebreaks):
        raise ActionError("unknown_tiebreak", f"Choose each tiebreak once from: {', '.join(METRICS)}.",
                          {"keys": [], "choices": ", ".join(METRICS)})
    unknown = [key for key in tiebreaks if key not in METRICS]
    if unknown or not tiebreaks or len(set(tiebreaks)) != len(tiebreaks):
        raise ActionError("unknown_tiebreak",
                          f"Choose each tiebreak once from: {', '.join(METRICS)}.",
                          {"keys": unknown, "choices": ", ".join(METRICS)})
    _validate_rules(tournament.rules, tournament.variant)
    _validate_lengths(tournament.match_lengths)
    # the format's own settings: impossible ones are refused before anything is drawn
    tournament.event_format.check_settings(tournament)


def _validate_bounds(tournament: Tournament) -> None:
    """Every number within its bounds (the table of settings), texts within theirs."""
    for name, (lowest, highest) in NUMBER_BOUNDS.items():
        value = getattr(tournament, name)
        if value is None and Tournament._meta.get_field(name).null:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not lowest <= value <= highest:
            label = capfirst(str(Tournament._meta.get_field(name).verbose_name))
            raise ActionError("out_of_range",
                              f"{label}: give a whole number from {lowest} to {highest}.",
                              {"field": name, "label": label, "lowest": lowest, "highest": highest})
    starts, ends = tournament.starts_on, tournament.ends_on
    if isinstance(starts, date) and isinstance(ends, date) and ends < starts:
        raise ActionError("ends_before_start", "A tournament cannot end before it starts.")
    if len(tournament.rules_text or "") > MAX_RULES_TEXT:
        raise ActionError("text_too_long", f"The rules text is at most {MAX_RULES_TEXT} characters.",
                          {"field": "rules_text", "highest": MAX_RULES_TEXT})


def _validate_lengths(match_lengths: Any) -> None:
    """{flight: [lengths]}: known flights, 1 to 3 whole numbers from 1 to MAX_MATCH_LENGTH."""
    if not isinstance(match_lengths, dict):
        raise ActionError("bad_match_length", "The match lengths are given per flight.",
                          {"flight": "", "highest": MAX_MATCH_LENGTH})
    for flight, lengths in match_lengths.items():
        if flight not in Flight.values:
            raise ActionError("bad_match_length", f"There is no flight {flight}.",
                              {"flight": flight, "highest": MAX_MATCH_LENGTH})
        if (not isinstance(lengths, list) or not 1 <= len(lengths) <= MAX_LENGTHS_PER_FLIGHT
                or any(isinstance(n, bool) or not isinstance(n, int)
                       or not 1 <= n <= MAX_MATCH_LENGTH for n in lengths)):
            raise ActionError("bad_match_length",
                              f"Match lengths of the {flight} flight are 1 to "
                              f"{MAX_LENGTHS_PER_FLIGHT} whole numbers from 1 to {MAX_MATCH_LENGTH}.",
                              {"flight": flight, "highest": MAX_MATCH_LENGTH})


def _validate_rules(rules: Any, variant: str) -> None:
    """The rules in force are Match fields (games.models.Match); nothing else is accepted."""
    if not isinstance(rules, dict):
        raise ActionError("bad_rules", "The rules are a set of named options.")
    for key, value in rules.items():
        if key not in MATCH_RULE_TYPES or not isinstance(value, MATCH_RULE_TYPES[key]):
            raise ActionError("bad_rules", f"Unknown rule or wrong value: {key}.", {"rule": key})
    if "draw_points" in rules and str(rules["draw_points"]) not in ("0.5", "1", "1.0"):
        raise ActionError("bad_rules", "A drawn game is worth 0.5 or 1 point.", {"rule": "draw_points"})
    block_rule = rules.get("block_rule") or ""
    if block_rule and variant != Variant.NARDY:
        raise ActionError("block_rule_needs_nardy",
                          "The six-point block rule is a long-nardy rule; a backgammon event has none.",
                          {"rule": "block_rule"})
    if block_rule and block_rule not in BlockRule.values:
        raise ActionError("unknown_block_rule",
                          f"The six-point block rule is one of {', '.join(BlockRule.values)}.",
                          {"rule": "block_rule", "choices": ", ".join(BlockRule.values)})


@transaction.atomic
def create_tournament(*, club: Club, actor: AbstractBaseUser | None, **fields: Any) -> Tournament:
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise ActionError("unknown_field", f"Unknown fields: {', '.join(sorted(unknown))}.")
    if "tiebreaks" not in fields and fields.get("format") in FORMATS:
        fields["tiebreaks"] = list(FORMATS[fields["format"]].default_tiebreaks or DEFAULT_TIEBREAKS)
    tournament = Tournament(club=club, created_by=actor if actor and actor.is_authenticated else None,
                            **fields)
    _validate_event(tournament, set(fields))
    _validate(tournament)
    tournament.save()
    record(tournament, actor, "created", after={"name": tournament.name, "format": tournament.format})
    return tournament


@transaction.atomic
def update_tournament(*, tournament: Tournament, actor: AbstractBaseUser | None,
                      **fields: Any) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        raise ActionError("unknown_field", f"Unknown fields: {', '.join(sorted(unknown))}.")
    changed = {key: value for key, value in fields.items() if getattr(tournament, key) != value}
    if tournament.status not in OPEN_FOR_ENTRIES and set(changed) & DRAW_OPTIONS:
        raise ActionError("draw_made", "The format and seeding cannot change once the draw is made.")
    if (tournament.status not in OPEN_FOR_ENTRIES and "rules" in changed
            and _block_rule(changed["rules"], tournament.variant)
            != _block_rule(tournament.rules, tournament.variant)):
        raise ActionError("block_rule_fixed",
                          "The six-point block rule cannot change once the draw is made: "
                          "the event's matches are played under it.", {"rule": "block_rule"})
    before = {key: _plain(getattr(tournament, key)) for key in changed}
    for key, value in changed.items():
        setattr(tournament, key, value)
    _validate_event(tournament, set(changed))
    _validate(tournament)
    tournament.save()
    if "is_public" in changed:
        set_matches_public(tournament)
    record(tournament, actor, "updated", before=before,
           after={key: _plain(value) for key, value in changed.items()})
    if "capacity" in changed:  # more places: the waiting list moves up
        promote_waiting_list(tournament, actor)
    return tournament


def _block_rule(rules: Any, variant: str) -> str:
    """The block rule the rules give the event's matches (the main rule when left out)."""
    chosen = (rules.get("block_rule") or "") if isinstance(rules, dict) else ""
    return chosen or (DEFAULT_BLOCK_RULE.value if variant == Variant.NARDY else "")


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool, list, dict, type(None))) else str(value)


@transaction.atomic
def set_status(*, tournament: Tournament, status: str, actor: AbstractBaseUser | None) -> Tournament:
    """Open or close registration, or finish the event by hand (the draw starts it)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_not_split(tournament)  # a split event's status follows its divisions
    allowed = {
        Tournament.Status.REGISTRATION: (Tournament.Status.DRAFT,),
        Tournament.Status.DRAFT: (Tournament.Status.REGISTRATION,),
        Tournament.Status.FINISHED: (Tournament.Status.RUNNING,),
    }
    if status not in allowed:
        choices = ", ".join(str(Tournament.Status(value).label) for value in allowed)
        raise ActionError("unknown_status", f"The status can be set to one of: {choices}.",
                          {"choices": choices, "field": "status"})
    if tournament.status not in allowed[status]:
        before, after = (str(Tournament.Status(value).label) for value in (tournament.status, status))
        raise ActionError("bad_status_change",
                          f"A tournament cannot go from “{before}” to “{after}”.",
                          {"from": before, "to": after})
    before = tournament.status
    tournament.status = status
    tournament.save(update_fields=["status"])
    record(tournament, actor, "status", before={"status": before}, after={"status": status})
    division_finished(tournament)
    return tournament


@transaction.atomic
def add_entry(*, tournament: Tournament, player: Player, actor: AbstractBaseUser | None,
              seed: int | None = None) -> Entry:
    """Enter a player. A player entered twice is refused (and the constraint stops a race)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_status(tournament, *OPEN_FOR_ENTRIES, action="Adding an entrant")
    if Entry.objects.filter(tournament=tournament, player=player).exists():
        raise ActionError("already_entered", f"{player} is already entered in {tournament}.",
                          {"player": player.pk})
    try:
        with transaction.atomic():
            entry = Entry.objects.create(tournament=tournament, player=player, seed=seed)
    except IntegrityError as error:
        raise ActionError("already_entered",
                          f"{player} is already entered, or seed {seed} is taken.",
                          {"player": player.pk}) from error
    record(tournament, actor, "entry_added", after={"player": player.pk, "seed": seed})
    return entry


@transaction.atomic
def remove_entry(*, entry: Entry, actor: AbstractBaseUser | None) -> None:
    Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    entry.tournament.refresh_from_db()
    require_status(entry.tournament, *OPEN_FOR_ENTRIES, action="Removing an entrant")
    record(entry.tournament, actor, "entry_removed", before={"player": entry.player_id})
    entry.delete()


@transaction.atomic
def set_seeds(*, tournament: Tournament, seeds: Mapping[int, int | None],
              actor: AbstractBaseUser | None) -> None:
    """Set seeds by entry id (None clears one). Seeds must be distinct, 1..number of entrants."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_status(tournament, *OPEN_FOR_ENTRIES, action="Seeding")
    entries = {e.pk: e for e in tournament.entries.select_for_update()}
    unknown = [pk for pk in seeds if pk not in entries]
    if unknown:
        raise ActionError("unknown_entry", "Seeds were given for players not entered here.")
    before = {str(pk): e.seed for pk, e in entries.items()}
    for pk, seed in seeds.items():
        entries[pk].seed = seed
    given = [e.seed for e in entries.values() if e.seed is not None]
    if len(given) != len(set(given)):
        raise ActionError("seed_used_twice", "Each seed can be given to one entrant only.")
    if any(not 1 <= s <= len(entries) for s in given):
        raise ActionError("seed_out_of_range", f"Seeds run from 1 to {len(entries)}.")
    tournament.entries.update(seed=None)
    Entry.objects.bulk_update(entries.values(), ["seed"])
    record(tournament, actor, "seeds", before=before, after={str(k): v for k, v in seeds.items()})

"""Generate a federation straight into the database (``manage.py generate_federation``).

What a federation holds after years of play, consistent with the models' rules:

* a federation, its admin, and its clubs (each with an owner who directs it) affiliated;
* players, each a member of one club (some of two), some with an account; a hidden
  strength decides who wins, so ratings and rankings spread as real ones do;
* finished events of every format (played on paper by ``events``, the draws being the
  tournaments app's own), with entries, places and every pairing, byes included;
* matches with their games (``matchplay``: the games add up to the score, the winner
  reached the length) and one confirmed result each: the events' matches, and casual
  rated matches between members for the rest;
* finished chouette nights (the pure chouette rules settle every game into the ledger);
* disputed results, ruled by a director.

Then the rating lists are built (``leaderboard.services.ratings.rebuild_all_ratings``) and
every finished event scored, as the site would have done match by match.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from chouette import core as chouette
from chouette.models import ChouetteEvent, ChouetteLedgerEntry, ChouetteParticipant, ChouetteSession
from clubs.models import Club, Membership, Player, Profile
from clubs.names import public_form
from disputes.models import Dispute, DisputeEvent
from federations.models import Affiliation, Federation
from federations.synthetic import events as planned
from federations.synthetic import names
from federations.synthetic.matchplay import play_match
from federations.synthetic.tables import TableWriter
from games.models import Game, Match, MatchResult
from leaderboard.services.ratings import rebuild_all_ratings
from leaderboard.services.tournament_points import score_tournament
from tournaments.models import Entry, Pairing, Tournament

EVENT_SHARE = 0.3  # of the matches, played in events; the rest are casual rated matches
AVERAGE_EVENT_MATCHES = 40
FLIGHT_LENGTHS = {"main": 7, "consolation": 5, "last_chance": 5, "losers": 7, "grand_final": 9,
                  "group": 5, "swiss": 5}
CASUAL_LENGTHS = (3, 5, 5, 7, 7, 7, 9, 11)
LANGUAGES = ("ru", "ru", "az", "tr", "en")
SECOND_CLUB_SHARE = 0.1
ACCOUNT_EVERY = 10  # one player in this many has an account
PRIVATE_EVENT_SHARE = 0.1
NARDY_SHARE = 0.3
DISPUTE_EVERY = 1000  # one result dispute in this many matches
CHOUETTES_PER_CLUB_SEASON = 2


@dataclass(frozen=True)
class Size:
    clubs: int = 4
    players: int = 60
    matches: int = 2_000
    seasons: int = 2
    seed: int = 1
    prefix: str = ""  # of slugs and user names; empty: "gen<seed>"
    until: datetime.date | None = None  # the last day of play; empty: yesterday

    @property
    def tag(self) -> str:
        return self.prefix or f"gen{self.seed}"


@dataclass
class Summary:
    federation: Federation | None = None
    rows: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)


class GenerationError(Exception):
    """A size or name the generator cannot use; the message says why."""


def _check(size: Size) -> None:
    if size.clubs < 1 or size.seasons < 1 or size.matches < 0:
        raise GenerationError(_("A federation needs at least one club, one season and no "
                                "negative number of matches."))
    if size.players < 2 * size.clubs:
        raise GenerationError(
            _("%(players)d players cannot fill %(clubs)d clubs: give each club at least two.")
            % {"players": size.players, "clubs": size.clubs})
    if Federation.objects.filter(slug=size.tag).exists():
        raise GenerationError(
            _("A federation «%(slug)s» is there already: choose another --prefix or --seed.")
            % {"slug": size.tag})


def generate_federation(size: Size, progress: Callable[[str], None] = lambda line: None) -> Summary:
    """Write a whole federation of ``size``; everything or nothing (one transaction)."""
    _check(size)
    summary = Summary()
    with transaction.atomic():
        started = time.perf_counter()
        builder = _Builder(size, progress)
        builder.people()
        builder.history()
        summary.rows = builder.writer.finish()
        summary.federation = builder.federation
        summary.seconds["rows"] = time.perf_counter() - started
    _analyze()
    started = time.perf_counter()
    progress("ratings")
    rebuild_all_ratings(rescore=False)
    summary.seconds["ratings"] = time.perf_counter() - started
    started = time.perf_counter()
    progress("ranking points")
    with transaction.atomic():
        for tournament in Tournament.objects.filter(pk__in=builder.tournament_ids).order_by("starts_on", "pk"):
            score_tournament(tournament=tournament)
    summary.seconds["points"] = time.perf_counter() - started
    _analyze(vacuum=True)
    return summary


def _analyze(vacuum: bool = False) -> None:
    """Bulk-loaded tables have no statistics until ANALYZE: PostgreSQL would plan every
    page's queries for empty tables (autovacuum catches up only later).

    ``vacuum``: VACUUM them too when outside a transaction (a test's is one), as autovacuum
    does on a server that runs: until then no page of a bulk-loaded table is marked all
    visible, so every index-only scan reads the table as well, and the planner prices
    them so (the benchmark's throwaway server has autovacuum off, and its pages then
    measured the first load instead of the site)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if vacuum and not connection.in_atomic_block
                       else "ANALYZE")


class _Builder:
    def __init__(self, size: Size, progress: Callable[[str], None]) -> None:
        self.size, self.progress = size, progress
        self.rng = random.Random(size.seed)
        self.writer = TableWriter()
        until = size.until or (timezone.localdate() - datetime.timedelta(days=1))
        self.first_day = until - datetime.timedelta(days=365 * size.seasons - 1)
        self.zone = timezone.get_current_timezone()
        self.tournament_ids: list[int] = []
        self.skill: dict[int, float] = {}
        self.members: dict[int, list[int]] = {}
        self.owner: dict[int, int] = {}
        self.format_turn = 0
        self._tables()

    def _tables(self) -> None:
        table = self.writer.table
        user = get_user_model()
        self.users = table(user, ["id", "username", "password", "first_name", "last_name",
                                  "email", "date_joined"])
        self.profiles = table(Profile, ["id", "user_id", "preferred_language"])
        self.federations = table(Federation, ["id", "name", "slug", "country", "created_at"])
        self.federation_admins = table(Federation.admins.through, ["id", "federation_id", "user_id"])
        self.affiliations = table(Affiliation, ["id", "federation_id", "club_id", "status",
                                                "asked_by_side", "asked_by_id", "asked_at",
                                                "decided_by_id", "decided_at", "joined_on"])
        self.clubs = table(Club, ["id", "name", "slug", "city", "language", "owner_id", "created_at"])
        self.club_directors = table(Club.directors.through, ["id", "club_id", "user_id"])
        self.players = table(Player, ["id", "name", "display_name", "name_is_public", "city",
                                      "country", "user_id", "created_at"])
        self.memberships = table(Membership, ["id", "club_id", "player_id", "joined_on"])
        self.tournaments = table(Tournament, [
            "id", "club_id", "name", "starts_on", "ends_on", "variant", "format", "status",
            "is_public", "match_lengths", "consolation", "group_count", "qualifiers_per_group",
            "swiss_rounds", "losses_limit", "current_round", "created_at"])
        self.entries = table(Entry, ["id", "tournament_id", "player_id", "seed", "group",
                                     "place_first", "place_last", "created_at"])
        self.pairings = table(Pairing, ["id", "tournament_id", "flight", "group", "round",
                                        "number", "top_id", "bottom_id", "winner_id", "state",
                                        "match_id", "ready_at"])
        self.matches = table(Match, ["id", "club_id", "variant", "length", "player1_id",
                                     "player2_id", "cube_enabled", "block_rule", "status",
                                     "score1", "score2", "winner_id", "is_public", "created_at",
                                     "finished_at", "played_at"])
        self.games = table(Game, ["id", "match_id", "number", "winner", "result", "cube",
                                  "cube_owner", "crawford", "points", "entered_at"])
        self.results = table(MatchResult, ["id", "match_id", "score1", "score2", "games",
                                           "status", "entered_at", "confirmed_at"])
        self.sessions = table(ChouetteSession, ["id", "club_id", "date", "status", "created_at",
                                                "finished_at"])
        self.seats = table(ChouetteParticipant, ["id", "session_id", "player_id", "opening_seat"])
        self.chouette_events = table(ChouetteEvent, ["id", "session_id", "seq", "kind", "data",
                                                     "recorded_at"])
        self.ledger = table(ChouetteLedgerEntry, ["id", "session_id", "game_number", "player_id",
                                                  "role", "points", "total"])
        self.disputes = table(Dispute, ["id", "kind", "club_id", "match_id", "variant",
                                        "block_rule", "statement", "status", "submitted_at",
                                        "ruling", "ruling_note", "ruled_by_id", "ruled_at"])
        self.dispute_events = table(DisputeEvent, ["id", "dispute_id", "action", "actor_id", "at",
                                                   "note"])

    def _id(self, model: type) -> int:
        return self.writer.next_ids(model, 1)[0]

    def _moment(self, day: datetime.date, minutes: int) -> datetime.datetime:
        return timezone.make_aware(
            datetime.datetime.combine(day, datetime.time(10)) + datetime.timedelta(minutes=minutes),
            self.zone,
        )

    # --- people --------------------------------------------------------------------------

    def _user(self, username: str, first: str, last: str, joined: datetime.datetime,
              language: str = "") -> int:
        user_id = self._id(get_user_model())
        self.users.add((user_id, username, "!", first[:150], last[:150],
                        f"{username}@example.org", joined))
        self.profiles.add((self._id(Profile), user_id, language))
        return user_id

    def people(self) -> None:
        size, rng, tag = self.size, self.rng, self.size.tag
        start = self._moment(self.first_day, -600)
        self.progress(f"{size.clubs} clubs, {size.players} players")
        admin = self._user(f"{tag}-admin", "Federation", "Admin", start)
        federation_id = self._id(Federation)
        self.federations.add((federation_id, f"Federation {tag}", tag, "", start))
        self.federation_admins.add((self._id(Federation.admins.through), federation_id, admin))
        self.federation = Federation(pk=federation_id, name=f"Federation {tag}", slug=tag)
        club_ids = []
        for number in range(1, size.clubs + 1):
            name, city = names.club_name(rng, number)
            owner = self._user(f"{tag}-director-{number}", "Director", str(number), start)
            club_id = self._id(Club)
            club_ids.append(club_id)
            self.clubs.add((club_id, name, f"{tag}-club-{number}", city, rng.choice(LANGUAGES),
                            owner, start))
            self.club_directors.add((self._id(Club.directors.through), club_id, owner))
            self.owner[club_id] = owner
            self.affiliations.add((self._id(Affiliation), federation_id, club_id, "active", "club",
                                   owner, start, admin, start, self.first_day))
            self.members[club_id] = []
        for number in range(size.players):
            first, last = names.person(rng)
            legal = f"{first} {last}"
            player_id = self._id(Player)
            user_id = None
            if number % ACCOUNT_EVERY == 0:
                user_id = self._user(f"{tag}-player-{number}", first, last, start)
            home = club_ids[number % len(club_ids)]
            self.players.add((player_id, legal, public_form(legal, "first_initial"),
                              rng.random() < 0.2, rng.choice(names.CITIES), "", user_id, start))
            clubs = [home]
            if rng.random() < SECOND_CLUB_SHARE and len(club_ids) > 1:
                clubs.append(rng.choice([c for c in club_ids if c != home]))
            for club_id in clubs:
                self.memberships.add((self._id(Membership), club_id, player_id, self.first_day))
                self.members[club_id].append(player_id)
            self.skill[player_id] = rng.gauss(0, 250)

    # --- what was played -----------------------------------------------------------------

    def history(self) -> None:
        size = self.size
        club_seasons = size.clubs * size.seasons
        event_budget = size.matches * EVENT_SHARE / club_seasons
        made = 0
        for season in range(size.seasons):
            self.progress(f"season {season + 1} of {size.seasons}")
            first = self.first_day + datetime.timedelta(days=365 * season)
            for index, club_id in enumerate(self.members):
                played = 0
                while played < event_budget or played == 0:
                    played += self._event(club_id, first)
                    if len(self.members[club_id]) < planned.MINIMUM_FIELD:
                        break
                made += played
                done = season * size.clubs + index + 1
                casual = max(0, round(size.matches * done / club_seasons) - made)
                made += casual
                for _number in range(casual):
                    self._casual(club_id, first)
                for _number in range(CHOUETTES_PER_CLUB_SEASON):
                    self._chouette(club_id, first)

    def _beats(self, first: int, second: int) -> float:
        """Seat 1's chance to win a game against seat 2."""
        return 1.0 / (1.0 + 10 ** ((self.skill[second] - self.skill[first]) / 1000))

    def _variant(self) -> str:
        return "nardy" if self.rng.random() < NARDY_SHARE else "backgammon"

    def _match(self, club_id: int, variant: str, length: int, first: int, second: int,
               played_at: datetime.datetime, public: bool, winner: int | None = None) -> int:
        """A finished match with its games and its confirmed result (won by ``winner`` when
        given, an event's draw having decided it); returns its id."""
        rng = self.rng
        nardy = variant == "nardy"
        seat = None if winner is None else (1 if winner == first else 2)
        played = play_match(rng, length, nardy, self._beats(first, second), seat)
        winner = first if played.winner == 1 else second
        match_id = self._id(Match)
        confirmed = played_at + datetime.timedelta(minutes=20)
        self.matches.add((match_id, club_id, variant, length, first, second, not nardy,
                          "ahead" if nardy else "", "finished", played.score1, played.score2,
                          winner, public, played_at - datetime.timedelta(minutes=60), confirmed,
                          played_at))
        snapshot = []
        for game in played.games:
            self.games.add((self._id(Game), match_id, game.number, game.winner, game.result,
                            game.cube, game.cube_owner, game.crawford, game.points, played_at))
            snapshot.append({"number": game.number, "winner": game.winner, "result": game.result,
                             "cube": game.cube, "cube_owner": game.cube_owner,
                             "crawford": game.crawford, "points": f"{game.points}.0"})
        self.results.add((self._id(MatchResult), match_id, played.score1, played.score2, snapshot,
                          "confirmed", played_at, confirmed))
        if rng.randrange(DISPUTE_EVERY) == 0:
            self._dispute(club_id, match_id, variant, confirmed)
        return match_id

    def _casual(self, club_id: int, season_start: datetime.date) -> None:
        rng = self.rng
        members = self.members[club_id]
        if len(members) < 2:
            return
        first, second = rng.sample(members, 2)
        day = season_start + datetime.timedelta(days=rng.randrange(365))
        self._match(club_id, self._variant(), rng.choice(CASUAL_LENGTHS), first, second,
                    self._moment(day, rng.randrange(12 * 60)), True)

    def _event(self, club_id: int, season_start: datetime.date) -> int:
        """One finished event of the next format; returns its number of matches."""
        rng = self.rng
        members = self.members[club_id]
        if len(members) < planned.MINIMUM_FIELD:
            return 0
        fmt = planned.FORMATS[self.format_turn % len(planned.FORMATS)]
        self.format_turn += 1
        low, high = planned.FIELD_SIZES[fmt]
        entrants = rng.sample(members, min(len(members), rng.randint(low, high)))
        entrants.sort(key=lambda player: -self.skill[player])  # seeded by strength
        event = planned.play_event(fmt, entrants, self._winner, rng)
        variant = self._variant()
        day = season_start + datetime.timedelta(days=rng.randrange(365))
        public = rng.random() >= PRIVATE_EVENT_SHARE
        tournament_id = self._id(Tournament)
        self.tournament_ids.append(tournament_id)
        flights = {p.flight for p in event.pairings}
        settings = event.settings
        created = self._moment(day, -7 * 24 * 60)
        self.tournaments.add((
            tournament_id, club_id, f"{fmt.replace('_', ' ').title()} {day:%Y-%m-%d}", day, day,
            variant, fmt, "finished", public,
            {flight: [FLIGHT_LENGTHS[flight]] for flight in sorted(flights)},
            settings.get("consolation", "none"), settings.get("group_count", 2),
            settings.get("qualifiers_per_group", 2), settings.get("swiss_rounds"),
            settings.get("losses_limit", 2), max((p.round for p in event.pairings), default=0),
            created,
        ))
        entry_of = {}
        for seed, player in enumerate(entrants, start=1):
            entry_of[player] = self._id(Entry)
            first, last = event.places.get(player, (None, None))
            self.entries.add((entry_of[player], tournament_id, player, seed,
                              event.groups.get(player), first, last, created))
        order = {"group": 0, "swiss": 0, "main": 1, "losers": 1, "consolation": 2,
                 "last_chance": 2, "grand_final": 3}
        matches = 0
        for pairing in sorted(event.pairings, key=lambda p: (order[p.flight], p.round, p.number)):
            slot = order[pairing.flight] * 20 + pairing.round
            when = self._moment(day, 90 * slot)
            match_id = None
            if pairing.played:
                match_id = self._match(club_id, variant, FLIGHT_LENGTHS[pairing.flight],
                                       pairing.top, pairing.bottom, when, public, pairing.winner)
                matches += 1
            self.pairings.add((
                self._id(Pairing), tournament_id, pairing.flight, pairing.group, pairing.round,
                pairing.number, entry_of.get(pairing.top), entry_of.get(pairing.bottom),
                entry_of.get(pairing.winner), pairing.state, match_id,
                when if pairing.played else None,
            ))
        return matches

    def _winner(self, first: int, second: int) -> int:
        """Who wins a match of an event on paper (its games are played when it is written)."""
        chance = self._beats(first, second)
        match_chance = chance ** 1.5 / (chance ** 1.5 + (1 - chance) ** 1.5)
        return first if self.rng.random() < match_chance else second

    def _chouette(self, club_id: int, season_start: datetime.date) -> None:
        rng = self.rng
        members = self.members[club_id]
        if len(members) < 3:
            return
        line = rng.sample(members, min(len(members), rng.randint(3, 6)))
        day = season_start + datetime.timedelta(days=rng.randrange(365))
        settings = chouette.ChouetteSettings(variant="backgammon")
        session = chouette.new_session(settings, line)
        state = chouette.replay(session)
        session_id = self._id(ChouetteSession)
        began = self._moment(day, 9 * 60)
        records = []
        for _game in range(rng.randint(4, 12)):
            kind = chouette.ResultKind.GAMMON if rng.random() < 0.2 else chouette.ResultKind.SINGLE
            record = chouette.GameRecord(
                lineup=state.next_lineup,
                result=chouette.BoardResult(rng.choice((chouette.Side.BOX, chouette.Side.TEAM)), kind),
            )
            session, state = chouette.record_game(session, record)
            records.append(record)
        self.sessions.add((session_id, club_id, day, "finished", began,
                           began + datetime.timedelta(hours=3)))
        for seat, player in enumerate(line):
            self.seats.add((self._id(ChouetteParticipant), session_id, player, seat))
        for seq, record in enumerate(records):
            self.chouette_events.add((self._id(ChouetteEvent), session_id, seq, "game",
                                      chouette.event_to_data(record),
                                      began + datetime.timedelta(minutes=15 * seq)))
        for row in state.rows:
            totals = dict(row.totals)
            for player, points in row.points:
                self.ledger.add((self._id(ChouetteLedgerEntry), session_id, row.number, player,
                                 row.outcome.lineup.role_of(player).value, points, totals[player]))

    def _dispute(self, club_id: int, match_id: int, variant: str, at: datetime.datetime) -> None:
        dispute_id = self._id(Dispute)
        director = self.owner[club_id]
        ruled = at + datetime.timedelta(hours=2)
        self.disputes.add((dispute_id, "result", club_id, match_id, variant,
                           "ahead" if variant == "nardy" else "",
                           "The last game was a gammon, not a single.", "ruled", at, "overturned",
                           "The result stands as entered.", director, ruled))
        self.dispute_events.add((self._id(DisputeEvent), dispute_id, "submitted", None, at, ""))
        self.dispute_events.add((self._id(DisputeEvent), dispute_id, "ruled", director, ruled, ""))

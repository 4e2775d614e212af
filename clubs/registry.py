"""The player registry: adding a player with similar names offered first, editing,
deactivating and deleting players, and telling duplicates from namesakes.

Similar names (clubs/names.py) are looked for among the club's players first, then in
the whole registry; a legal name is compared only when whoever asks may see it
(clubs.selectors.NameViewer), so a suggestion never reveals a private name. Two similar players never meet in a draw until a director merges
them or marks them as different people (`possible_duplicates`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q

from clubs.errors import PlayerError
from clubs.models import Club, DistinctPlayers, Player, PlayerLog, ShownAs
from clubs.names import NameKey, Similarity, name_key, similarity
from clubs.public_names import join_club, refresh_public_names
from clubs.selectors import NameViewer

EDITABLE = ("name", "display_name", "name_is_public", "email", "city", "country",
            "declared_rating", *Player.HANDLES)
MAX_SIMILAR = 8


@dataclass(frozen=True)
class SimilarPlayer:
    player: Player
    reasons: tuple[str, ...]
    in_club: bool  # a member of the club asked about (else: elsewhere in the registry)


def _keys_of(player: Player, viewer: NameViewer | None = None) -> list[NameKey]:
    """The name keys of a player: the display name's, and the legal name's when `viewer`
    may see it (None: the site itself, every name)."""
    keys = []
    if viewer is None or viewer.sees(player):
        keys.append(name_key(player.name))
    if player.display_name and (not keys or player.display_name != player.name):
        keys.append(name_key(player.display_name))
    return keys


def _best(key: NameKey, player: Player, viewer: NameViewer | None) -> Similarity | None:
    found = [m for m in (similarity(key, other) for other in _keys_of(player, viewer)) if m]
    return min(found, key=lambda m: len(m.reasons)) if found else None


class SimilarIndex:
    """Players indexed by the loose keys of their names' words, for many lookups at
    once (an import): candidates share a word (or, in the club, may differ more). Legal
    names are compared only where `viewer` may see them."""

    def __init__(self, club: Club | None, players: Iterable[Player], viewer: NameViewer) -> None:
        self.club_ids = (set(club.memberships.values_list("player_id", flat=True))
                         if club is not None else set())
        self.viewer = viewer
        self.players: list[Player] = list(players)
        self.by_word: dict[str, list[Player]] = {}
        for player in self.players:
            for key in _keys_of(player, viewer):
                for word in key.keys:
                    self.by_word.setdefault(word, []).append(player)

    @classmethod
    def for_club(cls, club: Club | None, viewer: NameViewer) -> SimilarIndex:
        return cls(club, Player.objects.all().only(
            "id", "name", "display_name", "name_is_public", "user_id", "is_active", "email"),
            viewer)

    def add(self, player: Player, *, in_club: bool) -> None:
        self.players.append(player)
        if in_club:
            self.club_ids.add(player.pk)
        for key in _keys_of(player, self.viewer):
            for word in key.keys:
                self.by_word.setdefault(word, []).append(player)

    def similar(self, name: str, *, exclude: Iterable[int] = ()) -> list[SimilarPlayer]:
        key = name_key(name)
        excluded = set(exclude)
        candidates = {p.pk: p for word in key.keys for p in self.by_word.get(word, [])}
        # in the club, also names that share no whole word (a misspelt surname)
        candidates.update({p.pk: p for p in self.players if p.pk in self.club_ids})
        found = []
        for pk, player in candidates.items():
            if pk in excluded:
                continue
            match = _best(key, player, self.viewer)
            if match is not None:
                found.append(SimilarPlayer(player, match.reasons, pk in self.club_ids))
        found.sort(key=lambda s: (not s.in_club, s.reasons != ("same_name",), len(s.reasons),
                                  s.player.display_name, s.player.pk))
        return found[:MAX_SIMILAR]


def similar_players(name: str, *, club: Club | None, viewer: NameViewer,
                    exclude: Iterable[int] = ()) -> list[SimilarPlayer]:
    """Players whose name is like `name` as `viewer` may know them (legal names only
    where the viewer may see them): the club's first, then the registry's."""
    if not name_key(name).words:
        return []
    return SimilarIndex.for_club(club, viewer).similar(name, exclude=exclude)


@transaction.atomic
def add_player(*, club: Club, actor: AbstractBaseUser | None, name: str, display_name: str = "",
               email: str = "", declared_rating: Decimal | None = None,
               handles: dict[str, str] | None = None, existing: Player | None = None,
               allow_similar: bool = False) -> Player:
    """Add a player (a guest, without an account) to the club, or an `existing` player
    from the registry. A new name that looks like a player already there is refused
    (code `similar_players`, the candidates in params) unless `allow_similar`."""
    if existing is not None:
        join_club(club=club, player=existing)
        return existing
    name = " ".join(name.split())
    if not name:
        raise PlayerError("name_required", "A player needs a name.")
    if not allow_similar:
        viewer = NameViewer(actor) if actor is not None else NameViewer.system()
        similar = similar_players(name, club=club, viewer=viewer)
        if similar:
            raise PlayerError(
                "similar_players",
                "Players with a similar name exist: pick one of them, or confirm a new player.",
                {"candidates": [s.player.pk for s in similar]},
            )
    display_name = " ".join(display_name.split())
    # a display name somebody wrote stays as written; else the club's style makes it
    player = Player(name=name, display_name=(display_name or name)[:60],
                    shown_as=ShownAs.NICKNAME if display_name else ShownAs.CLUBS,
                    email=email.strip(), declared_rating=declared_rating,
                    **{h: v.strip() for h, v in (handles or {}).items() if h in Player.HANDLES})
    player.full_clean()
    player.save()
    join_club(club=club, player=player)
    PlayerLog.objects.create(player=player, club=club, action=PlayerLog.Action.CREATED, by=actor)
    return player


@transaction.atomic
def edit_player(*, player: Player, actor: AbstractBaseUser | None, **fields: object) -> Player:
    changed = []
    for field, value in fields.items():
        if field not in EDITABLE:
            raise TypeError(field)
        if isinstance(value, str):
            value = " ".join(value.split()) if field in ("name", "display_name") else value.strip()
        if getattr(player, field) != value:
            setattr(player, field, value)
            changed.append(field)
    if not player.name or not player.display_name:
        raise PlayerError("name_required", "A player needs a name.")
    if "display_name" in changed:
        player.shown_as = ShownAs.NICKNAME  # somebody wrote it: it stays as written
    player.full_clean()
    player.save()
    if "name" in changed:
        refresh_public_names([player.pk])
        player.refresh_from_db(fields=["display_name"])
    if changed:
        PlayerLog.objects.create(player=player, action=PlayerLog.Action.EDITED, by=actor,
                                 details={"fields": changed})
    return player


@transaction.atomic
def set_active(*, player: Player, actor: AbstractBaseUser | None, active: bool) -> Player:
    if player.is_active != active:
        player.is_active = active
        player.save(update_fields=["is_active"])
        PlayerLog.objects.create(
            player=player, by=actor,
            action=PlayerLog.Action.REACTIVATED if active else PlayerLog.Action.DEACTIVATED)
    return player


# Rows that only describe the player, not things that happened: deleting the player
# deletes them. Anything else pointing at the player is history.
NOT_HISTORY = {"clubs.Membership.player", "clubs.PlayerLog.player", "clubs.Invitation.player",
               "clubs.InvitationUse.player", "clubs.JoinRequest.player"}


def history_of(player: Player) -> dict[str, int]:
    """What the player took part in (entries, matches, ratings, ...), by relation."""
    from clubs.services import _player_links

    found = {}
    for rel in _player_links():
        label = f"{rel.related_model._meta.label}.{rel.field.name}"
        if label in NOT_HISTORY:
            continue
        count = rel.related_model._base_manager.filter(**{rel.field.name: player}).count()
        if count:
            found[label] = count
    return found


@transaction.atomic
def delete_player(*, player: Player, actor: AbstractBaseUser | None) -> None:
    """Delete a player who has no history (entered nothing, played nothing); otherwise
    the player can be deactivated."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.user_id is not None:
        raise PlayerError("has_account", "This player has an account: deactivate instead.")
    history = history_of(player)
    if history:
        raise PlayerError("has_history", "This player has history: deactivate instead.",
                          {"history": history})
    PlayerLog.objects.create(player=None, action=PlayerLog.Action.DELETED, by=actor,
                             details={"id": player.pk, "name": player.name,
                                      "display_name": player.display_name})
    DistinctPlayers.objects.filter(Q(first=player) | Q(second=player)).delete()
    player.delete()


@transaction.atomic
def mark_distinct(*, first: Player, second: Player, actor: AbstractBaseUser | None) -> None:
    """A director says two similar players are different people."""
    if first.pk == second.pk:
        raise PlayerError("same_player", "A player cannot be merged into themselves.")
    low, high = sorted((first.pk, second.pk))
    DistinctPlayers.objects.get_or_create(first_id=low, second_id=high,
                                          defaults={"marked_by": actor})


def possible_duplicates(players: Iterable[Player]) -> list[tuple[Player, Player, tuple[str, ...]]]:
    """Pairs among `players` whose names are similar and whom nobody marked as different
    people: a draw must not pair a player with a duplicate of themself."""
    players = list(players)
    if len(players) < 2 or all(p.user_id for p in players):
        return []  # two accounts are two people: a field of accounts has no such pair
    ids = [p.pk for p in players]
    marked = set(DistinctPlayers.objects.filter(first_id__in=ids, second_id__in=ids)
                 .values_list("first_id", "second_id"))
    keys = {p.pk: _keys_of(p) for p in players}
    by_word: dict[str, list[int]] = {}  # positions in `players`
    for position, player in enumerate(players):
        for word in {w for key in keys[player.pk] for w in key.keys}:
            by_word.setdefault(word, []).append(position)
    found, seen = [], set()
    for group in by_word.values():  # only players sharing a word can be alike
        for i, j in _candidates(players, group, keys):
            a, b = players[i], players[j]
            pair = tuple(sorted((a.pk, b.pk)))
            if pair in seen or pair in marked:
                continue
            seen.add(pair)
            matches = [m for ka in keys[a.pk] for kb in keys[b.pk] if (m := similarity(ka, kb))]
            if matches:
                found.append((a, b, min(matches, key=lambda m: len(m.reasons)).reasons))
    return found


def _candidates(players: list[Player], group: list[int],
                keys: dict[int, list[NameKey]]) -> list[tuple[int, int]]:
    """The pairs (positions, in order) of a group sharing a word that may be one person:
    not two accounts (two accounts are two people), and with the same numbered words
    ("Player 7" and "Player 8" differ). Found through buckets, not by trying every pair
    of the group: a field of a thousand players with accounts, or numbered, costs a pass."""
    buckets: dict[frozenset[str], list[int]] = {}
    for position in group:
        for numbers in {key.numbers for key in keys[players[position].pk]}:
            buckets.setdefault(numbers, []).append(position)
    pairs = set()
    for bucket in buckets.values():
        for i in bucket:
            if players[i].user_id:
                continue  # paired from the other side, if that one has no account
            for j in bucket:
                if j != i and (players[j].user_id or i < j):
                    pairs.add((min(i, j), max(i, j)))
    return sorted(pairs)

"""The registry: similar players offered first, delete only without history, merges
audited, and a draw never pairs a player with a duplicate of themself."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubs import registry
from clubs.errors import PlayerError
from clubs.models import DistinctPlayers, Player, PlayerLog
from clubs.selectors import NameViewer
from clubs.services import merge_players
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event
from tournaments import services
from tournaments.play.common import ActionError

pytestmark = pytest.mark.django_db


def test_similar_players_in_the_club_first_then_the_registry() -> None:
    club = ClubFactory()
    mine = PlayerFactory(name="Иван Петров", display_name="Ваня")
    MembershipFactory(club=club, player=mine)
    other = PlayerFactory(name="Petrov Ivan", display_name="IP", name_is_public=True)
    PlayerFactory(name="Maria Lopez", display_name="Maria")
    director = UserFactory()
    club.directors.add(director)
    found = registry.similar_players("Ivan Petrov", club=club, viewer=NameViewer(director))
    assert [(s.player, s.in_club) for s in found] == [(mine, True), (other, False)]
    assert found[0].reasons == ("transliteration",)
    assert registry.similar_players("   ", club=club, viewer=NameViewer(director)) == []


def test_similar_players_elsewhere_are_found_by_the_names_the_director_may_see() -> None:
    """A private legal name of another club's player is no clue: only their display name."""
    club = ClubFactory()
    director = UserFactory()
    club.directors.add(director)
    hidden = PlayerFactory(name="Ivan Petrov", display_name="Vanya")
    MembershipFactory(player=hidden)  # another club's player
    assert registry.similar_players("Ivan Petrov", club=club, viewer=NameViewer(director)) == []
    assert registry.similar_players("Vanya", club=club, viewer=NameViewer(director))[0].player \
        == hidden
    other_director = UserFactory()
    hidden.clubs.first().directors.add(other_director)
    assert [s.player for s in registry.similar_players(
        "Ivan Petrov", club=club, viewer=NameViewer(other_director))] == [hidden]


def test_adding_a_similar_name_needs_a_choice() -> None:
    club = ClubFactory()
    MembershipFactory(club=club, player=PlayerFactory(name="Anna Smith", display_name="Anna"))
    with pytest.raises(PlayerError) as raised:
        registry.add_player(club=club, actor=None, name="anna smith")
    assert raised.value.code == "similar_players" and len(raised.value.params["candidates"]) == 1
    assert Player.objects.count() == 1
    registry.add_player(club=club, actor=None, name="anna smith", allow_similar=True)
    assert club.members.count() == 2


def test_delete_only_without_history() -> None:
    event = make_event(2)
    played = event.entries.first().player
    with pytest.raises(PlayerError) as raised:
        registry.delete_player(player=played, actor=None)
    assert raised.value.code == "has_history"
    assert raised.value.params["history"] == {"tournaments.Entry.player": 1}
    fresh = PlayerFactory()
    MembershipFactory(player=fresh)
    registry.delete_player(player=fresh, actor=None)
    assert not Player.objects.filter(pk=fresh.pk).exists()
    with_login = PlayerFactory(user=UserFactory())
    with pytest.raises(PlayerError):
        registry.delete_player(player=with_login, actor=None)


def test_a_merge_is_audited_and_fills_gaps() -> None:
    director = UserFactory()
    club = ClubFactory(directors=[director])
    keep = PlayerFactory(name="Ivan Petrov", display_name="Ivan", email="")
    duplicate = PlayerFactory(name="Иван Петров", display_name="Ваня", email="ivan@example.org",
                              fibs="ivanp")
    merge_players(keep=keep, duplicate=duplicate, by=director, club=club)
    keep.refresh_from_db()
    assert (keep.email, keep.fibs) == ("ivan@example.org", "ivanp")
    log = PlayerLog.objects.get(action="merged")
    assert log.player == keep and log.by == director and log.club == club
    assert log.details["duplicate"]["name"] == "Иван Петров"


def test_two_accounts_are_never_merged() -> None:
    a, b = PlayerFactory(user=UserFactory()), PlayerFactory(user=UserFactory())
    with pytest.raises(PlayerError) as raised:
        merge_players(keep=a, duplicate=b)
    assert raised.value.code == "both_have_accounts"


def test_a_draw_refuses_twins_until_merged_or_marked_different() -> None:
    event = make_event(3)
    director = director_of(event)
    first = event.entries.order_by("pk").first().player
    twin = PlayerFactory(name=first.name.upper(), display_name="Twin")
    services.add_entry(tournament=event, player=twin, actor=director)
    with pytest.raises(ActionError) as raised:
        services.make_draw(tournament=event, actor=director)
    assert raised.value.code == "possible_duplicate_entrants"
    assert "Twin" in raised.value.params["pairs"]
    assert not event.pairings.exists()  # nothing drawn
    registry.mark_distinct(first=twin, second=first, actor=director)
    assert DistinctPlayers.objects.get().first_id == min(first.pk, twin.pk)
    services.make_draw(tournament=event, actor=director)
    assert event.pairings.exists()


def test_possible_duplicates_ignore_two_accounts_and_numbered_names() -> None:
    a = PlayerFactory(name="Anna Smith", user=UserFactory())
    b = PlayerFactory(name="Anna Smith", user=UserFactory())
    c = PlayerFactory(name="Player 1", display_name="P1")
    d = PlayerFactory(name="Player 2", display_name="P2")
    e = PlayerFactory(name="Smith Anna", display_name="AS")
    pairs = {(x.pk, y.pk) for x, y, _ in registry.possible_duplicates([a, b, c, d, e])}
    assert pairs == {(a.pk, e.pk), (b.pk, e.pk)}


WORDS = ["Anna", "Анна", "Smith", "Smyth", "Petrov", "Петров", "A.", "7", "8", "Team"]


def _every_pair(players: list[Player]) -> set[tuple[int, int]]:
    """The pairs as the check means them, found by trying every pair (the reference)."""
    from clubs.names import similarity

    keys = {p.pk: registry._keys_of(p) for p in players}
    found = set()
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            if a.user_id and b.user_id:
                continue
            shared = {w for k in keys[a.pk] for w in k.keys} & {w for k in keys[b.pk] for w in k.keys}
            if not shared or not any(ka.numbers == kb.numbers for ka in keys[a.pk] for kb in keys[b.pk]):
                continue
            if any(similarity(ka, kb) for ka in keys[a.pk] for kb in keys[b.pk]):
                found.add((a.pk, b.pk))
    return found


@given(st.lists(st.tuples(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
                          st.lists(st.sampled_from(WORDS), max_size=2), st.booleans()),
                min_size=2, max_size=12))
@settings(max_examples=150, deadline=None)
def test_similar_entrants_are_the_pairs_that_trying_every_pair_finds(names) -> None:  # type: ignore[no-untyped-def]
    players = [Player(pk=number, name=" ".join(name), display_name=" ".join(shown),
                      user_id=number if account else None)
               for number, (name, shown, account) in enumerate(names, start=1)]
    pairs = {(a.pk, b.pk) for a, b, _ in registry.possible_duplicates(players)}
    assert pairs == _every_pair(players)


def test_similar_entrants_of_a_big_numbered_field_with_accounts_try_no_pair() -> None:
    """A thousand entrants sharing words ("API Bench"), with accounts or numbered: no
    candidate pair at all, so the check stays a pass over the field."""
    players = [Player(pk=number, name=f"Club Bench {number}", display_name=f"Bench {number}",
                      user_id=number if number % 2 else None) for number in range(1, 1025)]
    keys = {p.pk: registry._keys_of(p) for p in players}
    assert registry._candidates(players, list(range(len(players))), keys) == []
    assert registry.possible_duplicates(players) == []

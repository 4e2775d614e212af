import pytest

from clubs.errors import PlayerError
from clubs.models import Membership, Player
from clubs.services import _player_links, merge_players
from games.models import Match, MatchResult
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.tournament_helpers import director_of, make_event, pairing, play
from tournaments import services
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def test_every_foreign_key_to_player_is_found_by_introspection() -> None:
    links = {f"{rel.related_model._meta.label}.{rel.field.name}" for rel in _player_links()}
    assert {"tournaments.Entry.player", "clubs.Membership.player", "games.Match.player1",
            "games.Match.player2", "games.Match.winner"} <= links


def test_merging_moves_entries_matches_results_and_memberships() -> None:
    event = make_event(2)
    services.make_draw(tournament=event, actor=director_of(event))
    final = pairing(event, "main", 1, 1)
    play(final.match, 2)
    duplicate = final.bottom.player
    keep = PlayerFactory(display_name="Real one", user=None)
    duplicate.user = UserFactory()
    duplicate.save()
    club, shared = ClubFactory(), ClubFactory()
    MembershipFactory(club=club, player=duplicate)
    MembershipFactory(club=shared, player=duplicate)
    MembershipFactory(club=shared, player=keep)
    login = duplicate.user
    merge_players(keep=keep, duplicate=duplicate)
    assert not Player.objects.filter(pk=duplicate.pk).exists()
    match = Match.objects.get(pk=final.match.pk)
    assert match.player2 == keep and match.winner == keep
    assert Entry.objects.get(pk=final.bottom.pk).player == keep
    assert MatchResult.objects.filter(match=match, status="confirmed").exists()
    assert set(Membership.objects.filter(player=keep).values_list("club", flat=True)) == {club.pk, shared.pk}
    keep.refresh_from_db()
    assert keep.user == login


def test_players_entered_in_the_same_tournament_cannot_be_merged() -> None:
    event = make_event(2)
    first, second = [entry.player for entry in event.entries.all()]
    MembershipFactory(player=second)
    with pytest.raises(PlayerError) as error:
        merge_players(keep=first, duplicate=second)
    assert error.value.code == "merge_conflict"
    assert Player.objects.filter(pk=second.pk).exists()
    assert Membership.objects.filter(player=second).count() == 1  # nothing half-done
    assert Entry.objects.filter(player=second).count() == 1


def test_a_player_cannot_be_merged_into_themselves() -> None:
    player = PlayerFactory()
    with pytest.raises(PlayerError):
        merge_players(keep=player, duplicate=player)


def test_merging_moves_an_external_events_place_too() -> None:
    """An external event's place points at its player through a hidden relation
    (related_name "+"): merging moves it instead of failing to delete the duplicate."""
    from leaderboard.models import ExternalEvent, ExternalPlace

    club = ClubFactory()
    keep, duplicate = PlayerFactory(user=None), PlayerFactory(user=None)
    event = ExternalEvent.objects.create(club=club, name="Open", date="2025-01-05",
                                         variant="backgammon")
    place = ExternalPlace.objects.create(event=event, player=duplicate, place=1)
    merge_players(keep=keep, duplicate=duplicate)
    assert ExternalPlace.objects.get(pk=place.pk).player == keep
    assert not Player.objects.filter(pk=duplicate.pk).exists()

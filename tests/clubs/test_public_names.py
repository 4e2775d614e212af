"""Private by default (issue 27, part 4): a club says how the players it adds or imports
are named to the public (a first name and initial unless it says otherwise); a player
may choose for themself; a player of two clubs is shown as the more private asks. The
public (club page, event pages, API, rankings) sees that form only; the club's members
see full names.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from clubs import importing, membership, profiles, registry
from clubs.errors import ClubError, PlayerError
from clubs.models import Club, Membership, NameStyle, Player, ShownAs
from clubs.names import FIRST_INITIAL, FULL, INITIALS, most_private, public_form
from leaderboard.models import EventPlacing, ExternalEvent, RankedEvent
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import api_client, page_client
from tournaments import services as tournament_services
from tournaments.models import Tournament

FIRST_NAMES = ["Ivan", "Anna", "Oleg", "Maria", "Pavel", "Sofia", "Artem", "Daria",
               "Kirill", "Elena", "Roman", "Vera", "Timur", "Alina", "Gleb", "Nina"]
SURNAMES = ["Petrov", "Smirnova", "Volkov", "Lebedeva", "Sokolov", "Kozlova", "Novikov",
            "Morozova", "Orlov", "Zaitseva", "Belov", "Guseva", "Titov", "Karpova",
            "Fedorov", "Ilyina"]
FULL_NAMES = [f"{first} {last}" for first, last in zip(FIRST_NAMES, SURNAMES, strict=True)]
CSV = ("Name,Email\n" + "".join(f"{name},\n" for name in FULL_NAMES)).encode()


@pytest.mark.parametrize(("name", "style", "shown"), [
    ("Ivan Petrov", FULL, "Ivan Petrov"),
    ("Ivan Petrov", FIRST_INITIAL, "Ivan P."),
    ("Ivan Petrov", INITIALS, "I. P."),
    ("Пётр Иванович Сидоров", FIRST_INITIAL, "Пётр С."),
    ("Пётр Иванович Сидоров", INITIALS, "П. И. С."),
    ("  Sergey  ", FIRST_INITIAL, "Sergey"),
    ("Sergey", INITIALS, "S."),
    ("Player 12", FIRST_INITIAL, "Player 12"),  # numbers are nobody's secret
    ("Player 12", INITIALS, "P. 12"),
    ("", FIRST_INITIAL, ""),
])
def test_public_forms_of_a_name(name: str, style: str, shown: str) -> None:
    assert public_form(name, style) == shown


def test_the_more_private_style_wins() -> None:
    assert most_private([FULL, FIRST_INITIAL]) == FIRST_INITIAL
    assert most_private([FULL, INITIALS, FIRST_INITIAL]) == INITIALS
    assert most_private([FULL]) == FULL
    assert most_private([]) == FIRST_INITIAL  # in no club: the default


@pytest.fixture
def imported(db: None) -> dict[str, Any]:
    """A new director's club with 16 imported players, and an event they entered."""
    director, member_user = UserFactory(), UserFactory()
    club = membership.create_club(actor=director, name="Riverside")
    stored, _ = importing.upload(club=club, actor=director, data=CSV)
    importing.apply_import(player_import=stored, actor=director)
    member = PlayerFactory(name="Mila Memberova", display_name="Mila", user=member_user,
                           shown_as=ShownAs.NICKNAME)
    MembershipFactory(club=club, player=member)
    event = tournament_services.create_tournament(
        club=club, actor=director, name="Riverside Open", starts_on=datetime.date(2026, 12, 5),
        variant="backgammon", format=Tournament.Format.KNOCKOUT,
        match_lengths={"main": [3, 5, 7]})
    players = list(Player.objects.filter(name__in=FULL_NAMES))
    for player in players:
        tournament_services.add_entry(tournament=event, player=player, actor=director)
    day = datetime.date(2026, 4, 1)
    external = ExternalEvent.objects.create(club=club, name="Spring", date=day,
                                            variant="backgammon")
    ranked = RankedEvent.objects.create(
        external_event=external, club=club, name="Spring", variant="backgammon", date=day,
        entrants=16, strength_of_field=Decimal(16), paid_places=16)
    EventPlacing.objects.bulk_create(
        EventPlacing(event=ranked, player=p, place_first=i + 1, place_last=i + 1,
                     points=Decimal(16) / (i + 1)) for i, p in enumerate(players))
    return {"club": club, "director": director, "member": member_user, "event": event,
            "players": players}


def _public_pages(world: dict[str, Any]) -> dict[str, str]:
    club, event = world["club"], world["event"]
    client = page_client(None)
    api = api_client(None)
    pages = {
        "club page": client.get(club.get_absolute_url()).text,
        "event page": client.get(reverse("tournaments:tournament_detail", args=[event.pk])).text,
        "rankings": client.get(reverse("leaderboard:rankings"), {"year": 2026}).text,
        "players": client.get(reverse("leaderboard:player_list")).text,
        "API players": api.get("/api/players/", {"page_size": 100}).content.decode(),
        "API entries": api.get(f"/api/tournaments/{event.pk}/").content.decode(),
    }
    for name, text in pages.items():
        assert text, name
    return pages


def test_imported_players_are_shown_to_the_public_by_first_name_and_initial(
        imported: dict[str, Any]) -> None:
    assert {p.display_name for p in imported["players"]} == {
        public_form(name, FIRST_INITIAL) for name in FULL_NAMES}
    assert all(p.shown_as == ShownAs.CLUBS for p in imported["players"])
    for page, text in _public_pages(imported).items():
        for name in FULL_NAMES:
            assert name not in text, f"{name} on the {page}"
            if page not in ("API entries", "players"):  # listed by id / paged elsewhere
                assert public_form(name, FIRST_INITIAL) in text, f"{name} missing: {page}"


def test_the_clubs_members_and_director_see_full_names_on_the_club_page(
        imported: dict[str, Any]) -> None:
    for user in (imported["member"], imported["director"]):
        text = page_client(user).get(imported["club"].get_absolute_url()).text
        for name in FULL_NAMES:
            assert name in text
    stranger = page_client(UserFactory()).get(imported["club"].get_absolute_url()).text
    assert not any(name in stranger for name in FULL_NAMES)


def test_a_club_that_shows_initials_changes_its_players_names(imported: dict[str, Any]) -> None:
    club, director = imported["club"], imported["director"]
    membership.update_club(club=Club.objects.get(pk=club.pk), actor=director,
                           public_names=NameStyle.INITIALS)
    assert set(Player.objects.filter(name__in=FULL_NAMES).values_list(
        "display_name", flat=True)) == {public_form(name, INITIALS) for name in FULL_NAMES}
    # a name somebody wrote stays as written
    assert Player.objects.get(user=imported["member"]).display_name == "Mila"
    with pytest.raises(ClubError) as refused:
        membership.update_club(club=club, actor=director, public_names="everything")
    assert refused.value.code == "bad_name_style"


def test_for_a_player_of_two_clubs_the_more_private_style_wins(db: None) -> None:
    director = UserFactory()
    open_club = membership.create_club(actor=director, name="Open", public_names=NameStyle.FULL)
    player = registry.add_player(club=open_club, actor=director, name="Ivan Petrov")
    assert player.display_name == "Ivan Petrov"
    shy_club = membership.create_club(actor=director, name="Shy",
                                      public_names=NameStyle.INITIALS)
    registry.add_player(club=shy_club, actor=director, name="Ivan Petrov", existing=player)
    player.refresh_from_db()
    assert player.display_name == "I. P."
    Membership.objects.filter(club=shy_club).delete()
    membership.update_club(club=open_club, actor=director, public_names=NameStyle.FULL,
                           name="Open club")
    player.refresh_from_db()
    assert player.display_name == "I. P."  # nothing changed the style: kept


def test_a_player_chooses_for_themself(db: None) -> None:
    director, user = UserFactory(), UserFactory(first_name="Ivan", last_name="Petrov")
    club = membership.create_club(actor=director, name="Shy", public_names=NameStyle.INITIALS)
    player = profiles.ensure_player(user)
    MembershipFactory(club=club, player=player)
    profiles.update_profile(user=user, shown_as=ShownAs.FULL)
    player.refresh_from_db()
    assert player.display_name == "Ivan Petrov"  # the player's choice beats the club's
    profiles.update_profile(user=user, shown_as=ShownAs.CLUBS)
    player.refresh_from_db()
    assert player.display_name == "I. P."
    profiles.update_profile(user=user, display_name="Vanya")  # writing a name chooses it
    player.refresh_from_db()
    assert (player.display_name, player.shown_as) == ("Vanya", ShownAs.NICKNAME)
    with pytest.raises(PlayerError) as refused:
        profiles.update_profile(user=user, shown_as="everything")
    assert refused.value.code == "bad_shown_as"


def test_the_profile_page_and_api_offer_the_choice(db: None) -> None:
    user = UserFactory(first_name="Anna", last_name="Smirnova")
    client = page_client(user)
    page = client.get(reverse("clubs:profile")).text
    assert 'name="shown_as"' in page
    response = client.post(reverse("clubs:profile"), {
        "shown_as": ShownAs.INITIALS, "display_name": "whatever", "name": "Anna Smirnova"})
    assert response.status_code == 302
    assert Player.objects.get(user=user).display_name == "A. S."
    api = api_client(user)
    answer = api.patch("/api/profile/me/", {"shown_as": "full"}, format="json")
    assert answer.status_code == 200 and answer.json()["display_name"] == "Anna Smirnova"
    bad = api.patch("/api/profile/me/", {"shown_as": "everything"}, format="json")
    assert bad.status_code == 400 and "shown_as" in bad.content.decode()


def test_a_club_page_form_and_api_set_the_clubs_style(db: None) -> None:
    director = UserFactory()
    api = api_client(director)
    created = api.post("/api/clubs/", {"name": "Shy club", "public_names": "initials"},
                       format="json")
    assert created.status_code == 201 and created.json()["public_names"] == "initials"
    default = api.post("/api/clubs/", {"name": "Plain club"}, format="json").json()
    assert default["public_names"] == "first_initial"
    client = page_client(director)
    form = client.get(reverse("clubs:club_edit", args=[default["slug"]])).text
    assert 'name="public_names"' in form
    client.post(reverse("clubs:club_edit", args=[default["slug"]]),
                {"name": "Plain club", "language": "en", "public_names": "full"})
    assert Club.objects.get(slug=default["slug"]).public_names == "full"


def test_a_director_adding_a_player_with_a_display_name_keeps_it(db: None) -> None:
    director = UserFactory()
    club = membership.create_club(actor=director, name="Riverside")
    nick = registry.add_player(club=club, actor=director, name="Ivan Petrov",
                               display_name="Vanya")
    plain = registry.add_player(club=club, actor=director, name="Anna Smirnova")
    assert (nick.display_name, nick.shown_as) == ("Vanya", ShownAs.NICKNAME)
    assert (plain.display_name, plain.shown_as) == ("Anna S.", ShownAs.CLUBS)
    registry.edit_player(player=plain, actor=director, name="Anna Lebedeva")
    plain.refresh_from_db()
    assert plain.display_name == "Anna L."  # renamed: the public form follows


BEFORE = [("clubs", "0004_player_studio")]
AFTER = [("clubs", "0006_private_by_default")]


def _migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_existing_players_keep_what_they_show_only_where_a_person_chose_it() -> None:
    old = _migrate(BEFORE)
    OldClub, OldPlayer = old.get_model("clubs", "Club"), old.get_model("clubs", "Player")
    OldMembership, OldLog = old.get_model("clubs", "Membership"), old.get_model("clubs", "PlayerLog")
    club = OldClub.objects.create(name="Old club", slug="old-club")
    rows = {
        "imported": ("Ivan Petrov", "Ivan Petrov", False),
        "nickname": ("Anna Smirnova", "Annie", False),
        "public": ("Oleg Volkov", "Oleg Volkov", True),
        "edited": ("Maria Lebedeva", "Maria Lebedeva", False),
        "clubless": ("Pavel Sokolov", "Pavel Sokolov", False),
    }
    ids = {}
    for key, (name, shown, public) in rows.items():
        player = OldPlayer.objects.create(name=name, display_name=shown, name_is_public=public)
        ids[key] = player.pk
        if key != "clubless":
            OldMembership.objects.create(club=club, player=player)
    OldLog.objects.create(player_id=ids["edited"], action="edited",
                          details={"fields": ["display_name"]})
    try:
        # read as the models stood after the migration (later ones add columns)
        new = _migrate(AFTER)
        NewClub, NewPlayer = new.get_model("clubs", "Club"), new.get_model("clubs", "Player")
        shown = {key: NewPlayer.objects.get(pk=pk) for key, pk in ids.items()}
        assert shown["imported"].display_name == "Ivan P."
        assert shown["clubless"].display_name == "Pavel S."
        assert (shown["nickname"].display_name, shown["nickname"].shown_as) == (
            "Annie", ShownAs.NICKNAME)
        assert (shown["public"].display_name, shown["public"].shown_as) == (
            "Oleg Volkov", ShownAs.FULL)
        assert shown["edited"].display_name == "Maria Lebedeva"
        assert NewClub.objects.get(slug="old-club").public_names == NameStyle.FIRST_INITIAL
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

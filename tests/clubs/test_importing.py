"""Importing players from CSV: preview per line, then all or nothing."""

from __future__ import annotations

import codecs
from decimal import Decimal

import pytest
from django.core import mail
from django.urls import reverse

from clubs import importing
from clubs.errors import PlayerImportError
from clubs.models import Invitation, Player, PlayerImport
from clubs.selectors import NameViewer
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

CSV = """Name,Email,Role,Rating,FIBS
Ivan Petrov,ivan@example.org,,1612,ivanp
Anna Smith,,director,,
Maria Lopez,maria@example.org,,,
Oleg Novak,,,1490,
"""


@pytest.fixture
def club():
    club = ClubFactory(name="Riverside", directors=[UserFactory(username="td")])
    MembershipFactory(club=club, player=PlayerFactory(name="Иван Петров", display_name="Ваня"))
    MembershipFactory(club=club, player=PlayerFactory(name="Oleg Novak", display_name="Oleg"))
    return club


def director(club):
    return club.directors.get()


def test_the_preview_says_line_by_line_what_happens(club) -> None:
    PlayerFactory(name="M. Lopez", display_name="ML", email="maria@example.org")  # elsewhere
    plan = importing.plan_import(club, CSV.encode(), NameViewer(director(club)))
    by_line = {line.line: line for line in plan.lines}
    assert by_line[2].action == importing.CHOOSE  # Ivan Petrov ~ Иван Петров
    assert by_line[2].similar[0].reasons == ("transliteration",)
    assert by_line[3].action == importing.CREATE
    assert ("role_needs_account", {"role": "director"}) in by_line[3].why
    assert by_line[4].action == importing.LINK and by_line[4].why == [("same_email", {})]
    assert by_line[5].action == importing.LINK and by_line[5].why == [("already_in_club", {})]
    assert Player.objects.count() == 3  # nothing saved by a preview


def test_applying_does_everything_at_once(club, django_capture_on_commit_callbacks) -> None:
    stored, _ = importing.upload(club=club, actor=director(club), data=CSV.encode(),
                                 filename="players.csv")
    ivan_ru = Player.objects.get(name="Иван Петров")
    with django_capture_on_commit_callbacks(execute=True):
        counts = importing.apply_import(player_import=stored, actor=director(club),
                                        choices={2: str(ivan_ru.pk)}, invite=True,
                                        base_url="http://testserver")
    assert counts == {"create": 2, "link": 2, "roles": 0, "invited": 2}
    ivan_ru.refresh_from_db()
    assert (ivan_ru.email, ivan_ru.fibs, ivan_ru.declared_rating) == (
        "ivan@example.org", "ivanp", Decimal("1612.00"))
    assert club.members.count() == 4
    assert sorted(m.to[0] for m in mail.outbox) == ["ivan@example.org", "maria@example.org"]
    assert Invitation.objects.filter(player=ivan_ru, kind="email").exists()
    with pytest.raises(PlayerImportError) as raised:
        importing.apply_import(player_import=stored, actor=director(club))
    assert raised.value.code == "already_applied"


def test_choosing_a_new_player_instead(club) -> None:
    stored, _ = importing.upload(club=club, actor=director(club), data=CSV.encode())
    with pytest.raises(PlayerImportError) as raised:
        importing.apply_import(player_import=stored, actor=director(club), choices={2: "99999"})
    assert raised.value.code == "bad_choice" and raised.value.params == {"line": 2}
    assert not Player.objects.filter(name="Anna Smith").exists()  # nothing half-done
    importing.apply_import(player_import=stored, actor=director(club), choices={2: "new"})
    assert Player.objects.filter(name="Ivan Petrov").exists()


def test_one_bad_line_and_nothing_is_saved(club) -> None:
    text = CSV + "Bad Email,not-an-email,,,\nIvan Petrov Jr,,,abc,\nanna smith,,,,\n"
    stored, plan = importing.upload(club=club, actor=director(club), data=text.encode())
    refused = {line.line: line.why for line in plan.refused}
    assert refused == {
        6: [("bad_email", {"column": "email", "value": "not-an-email"})],
        7: [("bad_rating", {"column": "rating", "value": "abc"})],
        8: [("name_twice_in_file", {"line": 3})],
    }
    before = Player.objects.count()
    with pytest.raises(PlayerImportError) as raised:
        importing.apply_import(player_import=stored, actor=director(club))
    assert raised.value.code == "lines_refused" and raised.value.params["lines"] == "6, 7, 8"
    assert Player.objects.count() == before and club.members.count() == 2
    assert PlayerImport.objects.get().applied_at is None


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"Email,Rating\na@b.org,1\n", "missing_column"),
        ("Name\nIvan\n".encode("utf-16-le"), "not_text"),
        (b"Name\n", "no_lines"),
    ],
)
def test_files_that_cannot_be_read_are_not_kept(club, data, code) -> None:
    with pytest.raises(PlayerImportError) as raised:
        importing.upload(club=club, actor=director(club), data=data)
    assert raised.value.code == code
    assert not PlayerImport.objects.exists()


def test_only_directors_import(club) -> None:
    with pytest.raises(PlayerImportError) as raised:
        importing.upload(club=club, actor=UserFactory(), data=CSV.encode())
    assert raised.value.code == "not_a_director"


def test_the_pages_preview_then_import(client, club) -> None:
    client.force_login(director(club))
    data = codecs.BOM_UTF8 + CSV.encode()
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(reverse("clubs:import_upload", args=[club.slug]),
                           {"file": SimpleUploadedFile("players.csv", data, "text/csv")})
    assert response.status_code == 302
    page = client.get(response.url)
    assert "2 new, 1 linked, 1 to choose, 0 refused" in page.text
    assert "Similar names are already here; choose." in page.text
    response = client.post(response.url, {"line-2": "new"})
    assert response.status_code == 302 and club.members.count() == 5
    bad = client.post(reverse("clubs:import_upload", args=[club.slug]),
                      {"file": SimpleUploadedFile("x.csv", b"Email\nx@y.org\n", "text/csv")})
    assert bad.status_code == 400 and "Line 1: the column &quot;name&quot; is missing" in bad.text


def test_cp1251_file_through_the_pages(client, club) -> None:
    client.force_login(director(club))
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = "ФИО;Почта\nПётр Сидоров;petr@example.org\n"
    response = client.post(reverse("clubs:import_upload", args=[club.slug]),
                           {"file": SimpleUploadedFile("x.csv", text.encode("cp1251"))},
                           follow=True)
    assert "Пётр Сидоров" in response.text and "New player" in response.text


def test_an_imported_rating_seeds_a_player_not_rated_here_yet(club) -> None:
    """The CSV's rating is kept as the player's rating brought in, and a draw by rating
    seeds by it until the player has a rated match here; a club rating wins over it."""
    import datetime

    from django.utils import timezone

    from games.models import Match
    from leaderboard.models import RatingChange
    from tournaments import services
    from tournaments.models import Tournament

    data = (b"Name,Rating\nAda Low,1400\nBea High,1900\nCid Unrated,\nDan Mid,1700\n"
            b"Eve Rated,2100\n")
    stored, _ = importing.upload(club=club, actor=director(club), data=data)
    importing.apply_import(player_import=stored, actor=director(club))
    players = {p.name.split()[0]: p for p in Player.objects.filter(
        name__in=["Ada Low", "Bea High", "Cid Unrated", "Dan Mid", "Eve Rated"])}
    assert players["Bea"].declared_rating == Decimal(1900)
    assert players["Cid"].declared_rating is None
    eve, rival = players["Eve"], PlayerFactory()
    match = Match.objects.create(club=club, player1=eve, player2=rival, winner=rival,
                                 variant="backgammon", length=7)
    RatingChange.objects.create(  # Eve has played here: her club rating (1800) counts
        player=eve, opponent=rival, variant="backgammon", match=match, won=False, length=7,
        before=1850, after=1800, delta=-50, experience=400,
        at=timezone.now() - datetime.timedelta(days=30))
    event = services.create_tournament(
        club=club, actor=director(club), name="Seeded Open", starts_on=timezone.localdate(),
        variant="backgammon", format=Tournament.Format.KNOCKOUT, seeding="rating",
        match_lengths={"main": [3, 3, 3]})
    for player in players.values():
        services.add_entry(tournament=event, player=player, actor=director(club))
    services.make_draw(tournament=event, actor=director(club))
    seeds = dict(event.entries.values_list("player__name", "seed"))
    assert seeds == {"Bea High": 1, "Eve Rated": 2, "Dan Mid": 3, "Cid Unrated": 4,
                     "Ada Low": 5}
    ratings = dict(event.entries.values_list("player__name", "rating_at_start"))
    assert ratings["Eve Rated"] == 1800 and ratings["Bea High"] is None  # no club rating


LANGUAGES = ["en", "ru", "az", "tr"]


def _site_headings(language: str) -> list[str]:
    """The headings a director copies from the site's import preview and player pages."""
    from django.utils import translation
    from django.utils.translation import gettext

    with translation.override(language):
        return [gettext("Name"), gettext("Email"), gettext("Role"), gettext("Rating")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_site_own_column_headings_are_understood_in_every_language(club, language) -> None:
    heading = ";".join(_site_headings(language))
    data = f"{heading}\nSona Hakobyan;sona@example.org;;1550\n".encode()
    plan = importing.plan_import(club, data, NameViewer(director(club)))
    assert plan.ignored_columns == []
    assert plan.columns == ["name", "email", "role", "rating"]
    (line,) = plan.lines
    assert line.source.email == "sona@example.org" and line.source.rating == Decimal("1550.00")


def test_a_russian_club_file_fills_the_emails(club) -> None:
    """The site's own «Эл. почта» was listed under unused columns: 16 players without
    emails, so without invitations."""
    data = "Имя;Эл. почта\nСергей Смирнов;sergey@example.org\n".encode("cp1251")
    plan = importing.plan_import(club, data, NameViewer(director(club)))
    assert plan.ignored_columns == [] and plan.lines[0].source.email == "sergey@example.org"


@pytest.mark.parametrize(("language", "heading", "role"), [
    ("az", "E-poçt", "direktor"), ("tr", "E-posta", "yönetici"), ("ru", "Эл. почта", "Директор")])
def test_roles_are_read_in_every_language(club, language, heading, role) -> None:
    data = f"Name,{heading},Role\nSona Hakobyan,sona@example.org,{role}\n".encode()
    (line,) = importing.plan_import(club, data, NameViewer(director(club))).lines
    assert line.source.role == "director" and line.source.email == "sona@example.org"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_upload_page_lists_the_headings_it_understands(client, club, settings, language) -> None:
    client.force_login(director(club))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(reverse("clubs:import_upload", args=[club.slug])).text
    section = page[page.index('id="import-headings"'):]
    for heading in _site_headings("ru") + _site_headings("az") + _site_headings("tr"):
        assert heading.casefold() in section, heading

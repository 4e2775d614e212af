"""The club's data pages and commands: its directors download its archive and delete it
(after typing its name); anyone signed in imports an archive in two steps, merging only
with players they already direct; the commands do the same from a shell."""

from __future__ import annotations

import io
import json
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from clubs.models import Club, Membership, Player
from games.models import Game, Match
from games.services import confirm_result, enter_final_score, enter_game
from nardy_site.data.deletion import delete_club
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.support.clients import page_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    director = UserFactory(username="dora")
    club = ClubFactory(name="Riverside Backgammon", directors=[director], owner=director)
    ann = PlayerFactory(name="Ann Lee", email="ann@example.org")
    bob = PlayerFactory(name="Bob Stone", fibs="bobby")
    for player in (ann, bob):
        MembershipFactory(club=club, player=player)
    match = Match.objects.create(club=club, length=3, player1=ann, player2=bob)
    enter_game(match=match, by=director, winner=2, result="gammon")
    result = enter_final_score(match=match, by=director, score1=Decimal(1), score2=Decimal(3))
    confirm_result(result=result, by=director)
    return club


def _archive(club: Club) -> bytes:
    response = page_client(club.owner).get(reverse("club_export", args=[club.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    return response.content


def test_directors_download_the_archive_others_may_not(club):
    data = _archive(club)
    manifest = json.loads(zipfile.ZipFile(io.BytesIO(data)).read("manifest.json"))
    assert manifest["counts"]["games.game"] == Game.objects.filter(match__club=club).count()
    assert page_client(UserFactory()).get(
        reverse("club_export", args=[club.slug])).status_code == 403
    assert page_client().get(reverse("club_export", args=[club.slug])).status_code == 302
    page = page_client(club.owner).get(club.get_absolute_url()).content.decode()
    assert reverse("club_export", args=[club.slug]) in page
    assert reverse("club_delete", args=[club.slug]) not in page_client(
        UserFactory()).get(club.get_absolute_url()).content.decode()


def test_deleting_a_club_needs_its_name_and_a_director(club):
    url = reverse("club_delete", args=[club.slug])
    assert page_client(UserFactory()).post(url, {"confirmation": club.name}).status_code == 403
    page = page_client(club.owner).get(url).content.decode()
    assert reverse("club_export", args=[club.slug]) in page  # the archive is offered first

    wrong = page_client(club.owner).post(url, {"confirmation": "Riverside"})
    assert wrong.status_code == 400
    assert "Type the club&#x27;s name, Riverside Backgammon" in wrong.content.decode()
    assert Club.objects.filter(pk=club.pk).exists()

    players = set(Player.objects.filter(memberships__club=club).values_list("pk", flat=True))
    done = page_client(club.owner).post(url, {"confirmation": "Riverside Backgammon"})
    assert done.status_code == 302
    assert not Club.objects.filter(pk=club.pk).exists()
    assert not Match.objects.filter(club_id=club.pk).exists()
    assert not Game.objects.filter(match__club_id=club.pk).exists()
    assert set(Player.objects.filter(pk__in=players).values_list("pk", flat=True)) == players


def test_an_import_maps_players_then_creates_everything(club):
    data = _archive(club)
    ann = Player.objects.get(name="Ann Lee")
    importer = UserFactory(username="ivan")
    elsewhere = ClubFactory(name="Elsewhere", directors=[importer], owner=importer)
    MembershipFactory(club=elsewhere, player=ann)  # ivan directs Ann, not Bob

    client = page_client(importer)
    upload = client.post(reverse("club_import"),
                         {"archive": _file(data, "riverside.zip")})
    assert upload.status_code == 302
    choose = client.get(upload["Location"])
    page = choose.content.decode()
    assert "Ann Lee" in page and "Bob Stone" in page
    assert f'value="{ann.pk}" checked' in page  # the one match is offered, and chosen
    bob = Player.objects.get(name="Bob Stone")
    assert f'value="{bob.pk}"' not in page  # not a player ivan directs: no merge offered

    archive_ids = {row["fields"]["name"]: row["pk"] for row in json.loads(
        zipfile.ZipFile(io.BytesIO(data)).read("data/clubs.player.json"))}
    done = client.post(upload["Location"], {f"player-{archive_ids['Ann Lee']}": str(ann.pk),
                                            f"player-{archive_ids['Bob Stone']}": str(bob.pk)})
    assert done.status_code == 302
    imported = Club.objects.exclude(pk__in=[club.pk, elsewhere.pk]).get()
    assert imported.owner == importer and imported.directors.filter(pk=importer.pk).exists()
    members = Player.objects.filter(memberships__club=imported)
    assert ann in members  # merged
    assert bob not in members  # not offered, so a new player
    new_bob = members.get(name="Bob Stone")
    assert new_bob.user is None and new_bob.fibs == "bobby"
    match = Match.objects.get(club=imported)
    assert (match.player1, match.player2, match.winner) == (ann, new_bob, new_bob)
    assert Game.objects.filter(match=match).count() == Game.objects.filter(
        match__club=club).count()


def test_a_bad_archive_is_refused_on_the_page_in_the_readers_language(club):
    client = page_client(UserFactory())
    response = client.post(reverse("club_import"), {"archive": _file(b"nope", "x.zip")})
    assert response.status_code == 400
    assert "a club archive is a .zip file" in response.content.decode()
    client.cookies["django_language"] = "ru"
    response = client.post(reverse("club_import"), {"archive": _file(b"nope", "x.zip")},
                           HTTP_ACCEPT_LANGUAGE="ru")
    assert "архив" in response.content.decode()
    assert Club.objects.count() == 1


def test_an_expired_upload_asks_for_the_file_again():
    response = page_client(UserFactory()).get(reverse("club_import_players", args=["gone"]))
    assert response.status_code == 302 and response["Location"] == reverse("club_import")


def test_the_commands_round_trip(club, tmp_path: Path):
    path = tmp_path / "riverside.zip"
    call_command("export_club", club.slug, output=str(path), stdout=io.StringIO())
    games = Game.objects.filter(match__club=club).count()
    delete_club(club=club)
    out = io.StringIO()
    call_command("import_club", str(path), merge=True, stdout=out)
    assert "merge with" in out.getvalue()
    imported = Club.objects.get(slug="riverside-backgammon")
    assert Game.objects.filter(match__club=imported).count() == games
    assert Membership.objects.filter(club=imported).count() == 2
    assert Player.objects.filter(name="Ann Lee").count() == 1  # merged, not doubled


def test_the_import_command_names_the_bad_file(tmp_path: Path):
    path = tmp_path / "bad.zip"
    path.write_bytes(b"not a zip")
    with pytest.raises(CommandError, match="bad.zip: The file is not a club archive"):
        call_command("import_club", str(path), stdout=io.StringIO())


def _file(data: bytes, name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/zip")

"""Demo content of the people side: the demo club, its director login, two dozen players,
one player's login, a join link, a CSV import waiting for its preview and a person asking
to join. Runs first in `manage.py demo`; safe to repeat."""

from __future__ import annotations

from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser

from clubs.models import Club, Player
from clubs.public_names import join_club

DEMO_CLUB_SLUG = "nardy-club"
DEMO_DIRECTOR = ("director", "director")  # username, password: development only
DEMO_PLAYER_LOGIN = ("aram", "aram")  # a player's login, linked to the first demo player
DEMO_APPLICANT = ("nadia", "Nadia", "Karimova")  # an account asking to join (no password)
DEMO_PLAYERS = [
    ("Aram Petrosyan", "Aram P."),
    ("Bella Ivanova", "Bella I."),
    ("Cem Yilmaz", "Cem Y."),
    ("Dina Aliyeva", "Dina A."),
    ("Eldar Mammadov", "Eldar M."),
    ("Farida Nazarova", "Farida N."),
    ("Giorgi Beridze", "Giorgi B."),
    ("Hasmik Sargsyan", "Hasmik S."),
    ("Ilya Sokolov", "Ilya S."),
    ("Jamila Karimova", "Jamila K."),
    ("Kamal Huseynov", "Kamal H."),
    ("Lena Orlova", "Lena O."),
    ("Murat Demir", "Murat D."),
    ("Nino Kapanadze", "Nino K."),
    ("Oleg Volkov", "Oleg V."),
    ("Polina Smirnova", "Polina S."),
    ("Rustam Aliev", "Rustam A."),
    ("Sona Hakobyan", "Sona H."),
    ("Timur Rakhimov", "Timur R."),
    ("Ulviyya Guliyeva", "Ulviyya G."),
    ("Vardan Grigoryan", "Vardan G."),
    ("Yana Kuznetsova", "Yana K."),
    ("Zaur Ismayilov", "Zaur I."),
    ("Ayse Kaya", "Ayse K."),
]


def populate(stdout: TextIO) -> None:
    username, password = DEMO_DIRECTOR
    users = get_user_model()
    director, created = users.objects.get_or_create(
        username=username, defaults={"first_name": "Demo", "last_name": "Director"}
    )
    if created:
        director.set_password(password)
        director.save()
    club, _ = Club.objects.get_or_create(
        slug=DEMO_CLUB_SLUG,
        defaults={
            "name": "Nardy Club",
            "description": "A demo club for short backgammon and long nardy.",
        },
    )
    club.directors.add(director)
    if club.owner_id is None:
        club.owner = director
        club.save(update_fields=["owner"])
    for name, display_name in DEMO_PLAYERS:
        player, _ = Player.objects.get_or_create(name=name, defaults={"display_name": display_name})
        join_club(club=club, player=player)
    stdout.write(f"Club '{club.name}' with {club.memberships.count()} players.\n")
    stdout.write(f"Demo director login: {username} / {password}\n")
    _player_login(club)
    _people(club, director)


DEMO_IMPORT = (
    "Name,Email,Role,Rating,FIBS\n"
    "Petrosyan Aram,,,1620,aramp\n"  # Aram Petrosyan, surname first: offered as the same person
    "Mariam Avetisyan,mariam@example.org,,1540,\n"
    "Levon Ghukasyan,,scorer,,\n"
)


def _people(club: Club, director: AbstractBaseUser) -> None:
    """A multi-use join link, a CSV import waiting for its preview to be accepted, and a
    join request waiting for the director's answer."""
    from clubs import importing, invitations, membership
    from clubs.models import JoinRequest

    if not club.invitations.exists():
        invitations.create_invitation(club=club, actor=director, kind="link",
                                      single_use=False, days=90)
    if not club.player_imports.exists():
        importing.upload(club=club, actor=director, data=DEMO_IMPORT.encode(),
                         filename="new-members.csv")
    username, first_name, last_name = DEMO_APPLICANT
    applicant, created = get_user_model().objects.get_or_create(
        username=username, defaults={"first_name": first_name, "last_name": last_name,
                                     "email": f"{username}@example.org"})
    if created:
        applicant.set_unusable_password()
        applicant.save(update_fields=["password"])
    if not JoinRequest.objects.filter(club=club, user=applicant).exists():  # once, ever
        membership.request_to_join(club=club, user=applicant,
                                   message="I play long nardy on Thursdays; may I join?")


def _player_login(club: Club) -> None:
    username, password = DEMO_PLAYER_LOGIN
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save()
    player = Player.objects.get(name=DEMO_PLAYERS[0][0])
    if player.user_id is None and not Player.objects.filter(user=user).exists():
        player.user = user
        player.save(update_fields=["user"])

"""Demo content of the games app, called by `manage.py demo` after tournaments.demo.

A few matches in the demo club: one being played, one waiting for confirmation, one
finished with its transcript uploaded and checked. Idempotent: nothing is added when
the demo matches exist. The transcript comes from games/fixtures (never ../shared).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import TextIO

from django.contrib.auth import get_user_model

from clubs.models import Club, Player
from games.models import Match
from games.services import confirm_result, enter_final_score, enter_game, upload_transcript
from games.services.transcripts import check_transcript

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "demo-3pt.mat"
DEMO_CLUB_SLUG = "nardy-club"


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    director = get_user_model().objects.filter(username="director").first()
    if club is None or director is None:
        stdout.write("No demo club: no demo matches.\n")
        return
    # The tournaments demo pairs matches in the same club: look for ours (no pairing).
    if Match.objects.filter(club=club, pairing__isnull=True).exists():
        stdout.write("Demo matches already there.\n")
        return
    players = {p.display_name: p for p in Player.objects.filter(clubs=club)}
    names = ["Aram P.", "Bella I.", "Cem Y.", "Dina A.", "Eldar M.", "Farida N."]
    if any(name not in players for name in names):
        stdout.write("Demo players missing: no demo matches.\n")
        return
    aram, bella, cem, dina, eldar, farida = (players[name] for name in names)

    finished = Match.objects.create(club=club, length=3, player1=aram, player2=bella)
    result = enter_final_score(match=finished, by=director, score1=Decimal(0), score2=Decimal(3))
    confirm_result(result=result, by=director)
    transcript = upload_transcript(
        match=finished,
        by=director,
        data=FIXTURE.read_bytes(),
        file_name=FIXTURE.name,
        queue=False,  # no worker during `manage.py demo`: check it here
    )
    check_transcript(transcript.pk)

    playing = Match.objects.create(club=club, length=5, player1=cem, player2=dina)
    enter_game(match=playing, by=director, winner=1, result="single", cube=2, cube_owner=2)
    enter_game(match=playing, by=director, winner=2, result="gammon")
    enter_game(match=playing, by=director, winner=1, result="single", cube=2, cube_owner=1)

    waiting = Match.objects.create(
        club=club, variant="nardy", length=3, player1=eldar, player2=farida
    )
    enter_game(match=waiting, by=director, winner=2, result="mars")
    enter_game(match=waiting, by=director, winner=2, result="oin")

    Match.objects.create(club=club, length=7, player1=bella, player2=cem)
    count = Match.objects.filter(club=club, pairing__isnull=True).count()
    stdout.write(f"Demo matches: {count} outside tournaments in '{club.name}'.\n")

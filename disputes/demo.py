"""Demo disputes in the demo club, in different states. Called by `manage.py demo` after
games.demo (nardy_site/hooks.py). Checks run here, in-process (no worker during the demo),
except one left waiting for the worker and the sweep. Idempotent: skipped when the club
already has disputes.
"""

from __future__ import annotations

from typing import TextIO

from django.contrib.auth import get_user_model

from clubs.models import Club
from disputes import services
from disputes.checking import check_dispute
from disputes.forms import position_before, transcript_moves
from disputes.models import Dispute, Ruling
from games.models import Match

DEMO_CLUB_SLUG = "nardy-club"


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    users = get_user_model().objects
    director = users.filter(username="director").first()
    aram = users.filter(username="aram").first()
    if club is None or director is None or aram is None:
        stdout.write("No demo club or logins: no demo disputes.\n")
        return
    if Dispute.objects.filter(club=club).exists():
        stdout.write("Demo disputes already there.\n")
        return
    matches = Match.objects.filter(club=club)
    finished = matches.filter(player1__user=aram, transcripts__isnull=False).first()
    backgammon = matches.filter(variant="backgammon", player1__isnull=False)
    playing = backgammon.filter(status="playing").first() or backgammon.last()
    nardy = matches.filter(variant="nardy", player1__isnull=False).first()

    if finished is not None:
        # A correct play wrongly disputed, picked from the transcript; overturned.
        moves = transcript_moves(finished)
        transcript, before, step = next(iter(moves.values()))
        mover = step.player or 0
        dispute = _checked(
            by=aram,
            match=finished,
            game_number=step.game,
            position_id=position_before(before, mover),
            dice=step.dice or (1, 1),
            notation=step.text.split(":", 1)[-1].strip(),
            on_roll_seat=mover + 1,
            statement="I think Bella's opening was played wrongly.",
            transcript=transcript,
        )
        services.rule_dispute(
            dispute=dispute, by=director, ruling=Ruling.OVERTURNED, note="The play was legal."
        )
    if playing is not None:
        # The larger-die rule (rules-backgammon.md B2): checked, waiting for the ruling.
        _checked(
            by=director,
            match=playing,
            game_number=3,
            position_id="eO8DABj/P4AAAA",
            dice=(6, 2),
            notation="10/8",
            statement="Only one die could be played; the 2 was played.",
        )
    if nardy is not None:
        # The head rule (rules-long-nardy.md N5): ruled, replay from the position before.
        dispute = _checked(
            by=director,
            match=nardy,
            game_number=1,
            position_id="AACA/z8AAID/Pw",
            dice=(6, 5),
            notation="24/18 24/19",
            statement="Two checkers left the head.",
        )
        services.rule_dispute(
            dispute=dispute,
            by=director,
            ruling=Ruling.REPLAY,
            note="Replay the first move: one checker from the head.",
            replay_position_id="AACA/z8AAID/Pw",
        )
    # Standalone in the club: one left for the worker (the sweep queues it), one withdrawn.
    services.submit_move_dispute(
        by=aram, club=club, position_id="4HPwATDgc/ABUA", dice=(6, 4),
        notation="24/18 13/9", statement="A checker was on the bar.", queue=False,
    )  # fmt: skip
    withdrawn = _checked(
        by=aram, club=club, position_id="4HPwATDgc/ABMA", dice=(3, 1), notation="8/5 6/5",
        statement="Was the opening 3-1 right?",
    )  # fmt: skip
    services.withdraw_dispute(dispute=withdrawn, by=aram)
    stdout.write(f"Demo disputes: {Dispute.objects.filter(club=club).count()} in '{club.name}'.\n")


def _checked(**fields: object) -> Dispute:
    """Submit without queueing and run the worker's check here."""
    dispute = services.submit_move_dispute(queue=False, **fields)  # type: ignore[arg-type]
    check_dispute(dispute.pk)
    dispute.refresh_from_db()
    return dispute

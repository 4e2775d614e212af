"""Demo chouettes in the demo club: a finished night (the five games of docs/chouette.md
§9), a short finished long nardy table (a mars on a turned cube, then an oin) and a
running table with two games played. Idempotent: skipped when the club already
has chouettes. Called by `manage.py demo` after tournaments.demo (nardy_site/hooks.py).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.utils import timezone

from chouette import core, services
from chouette.models import ChouetteSession
from chouette.selectors.sessions import state_of
from clubs.demo import DEMO_CLUB_SLUG, DEMO_DIRECTOR
from clubs.models import Club, Player

TAKE, DROP = core.Answer.TAKE, core.Answer.DROP
BOX, TEAM = core.Side.BOX, core.Side.TEAM

# A game: cube turns as (side, ((seat letter, answer), ...)) and the result (None: all dropped).
# Letters name the opening line's players: A is the first box, B the first captain, ...
DemoGame = tuple[
    tuple[tuple[core.Side, tuple[tuple[str, core.Answer], ...]], ...],
    tuple[core.Side, core.ResultKind] | None,
]

WORKED_EXAMPLE: tuple[DemoGame, ...] = (
    ((), (TEAM, core.ResultKind.GAMMON)),
    (((BOX, (("C", TAKE), ("D", DROP), ("E", TAKE), ("A", DROP))),), (BOX, core.ResultKind.GAMMON)),
    (
        ((TEAM, (("D", TAKE),)), (TEAM, (("E", TAKE),)), (BOX, (("D", TAKE),))),
        (TEAM, core.ResultKind.SINGLE),
    ),
    (
        ((BOX, (("E", DROP), ("A", TAKE), ("C", TAKE), ("B", DROP))),),
        (TEAM, core.ResultKind.SINGLE),
    ),
    (((TEAM, (("C", TAKE),)),), (BOX, core.ResultKind.GAMMON)),
)
RUNNING_GAMES: tuple[DemoGame, ...] = (
    ((), (BOX, core.ResultKind.SINGLE)),
    (((BOX, (("B", TAKE), ("C", DROP), ("D", TAKE))),), (TEAM, core.ResultKind.SINGLE)),
)
# Long nardy, three players: captain B doubles, box A takes and wins a mars (B pays
# 2 x 2, C 1 under Jacoby); A stays box, C captains and the team wins an oin.
NARDY_GAMES: tuple[DemoGame, ...] = (
    (((TEAM, (("B", TAKE),)),), (BOX, core.ResultKind.MARS)),
    ((), (TEAM, core.ResultKind.OIN)),
)


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    if club is None or ChouetteSession.objects.filter(club=club).exists():
        return
    director = get_user_model().objects.get(username=DEMO_DIRECTOR[0])
    players = list(Player.objects.filter(memberships__club=club).order_by("pk")[:9])
    if len(players) < 9:
        return
    today = timezone.localdate()
    finished = _play(
        club, players[:5], WORKED_EXAMPLE, director, today - datetime.timedelta(7), Decimal(1)
    )
    services.finish_session(session=finished, by=director)
    nardy = _play(
        club,
        players[:3],
        NARDY_GAMES,
        director,
        today - datetime.timedelta(3),
        Decimal(1),
        variant=core.Variant.NARDY.value,
    )
    services.finish_session(session=nardy, by=director)
    _play(club, players[5:9], RUNNING_GAMES, director, today, Decimal("0.50"))
    stdout.write(
        "Chouettes: a finished night of 5 games, a long nardy table and a running table.\n"
    )


def _play(
    club: Club,
    line: Sequence[Player],
    games: Sequence[DemoGame],
    director: AbstractBaseUser,
    date: datetime.date,
    stake: Decimal,
    variant: str = core.Variant.BACKGAMMON.value,
) -> ChouetteSession:
    session = services.start_session(
        club=club,
        opening_line=line,
        by=director,
        table=services.TableRules(variant=variant, stake_per_point=stake),
        date=date,
    )
    seat = {chr(ord("A") + index): player.pk for index, player in enumerate(line)}
    for turns, result in games:
        lineup = state_of(session).next_lineup
        assert lineup is not None
        record = core.GameRecord(
            lineup=lineup,
            doubles=tuple(
                core.Double(side, tuple((seat[letter], answer) for letter, answer in answers))
                for side, answers in turns
            ),
            result=None if result is None else core.BoardResult(*result),
        )
        services.record_chouette_game(session=session, record=record, by=director)
    return session

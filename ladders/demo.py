"""A demo ladder in the demo club: its players placed by rating, two challenges played
(one climb), one open with a handicap when the ratings differ enough. Idempotent:
skipped when the club already has a ladder. Called by `manage.py demo` (nardy_site/hooks.py)."""

from __future__ import annotations

from decimal import Decimal
from typing import TextIO

from django.contrib.auth import get_user_model

from clubs.demo import DEMO_CLUB_SLUG, DEMO_DIRECTOR
from clubs.models import Club
from games import services as games_services
from ladders import services
from ladders.choices import Placement


def populate(stdout: TextIO) -> None:
    club = Club.objects.filter(slug=DEMO_CLUB_SLUG).first()
    director = get_user_model().objects.filter(username=DEMO_DIRECTOR[0]).first()
    if club is None or director is None or club.ladders.exists():
        return
    ladder = services.create_ladder(club=club, by=director, name="Club ladder", length=5,
                                    placement=Placement.RATING, handicap_step=150)
    players = list(club.memberships.select_related("player").order_by("pk"))[:8]
    for membership in players:
        services.join_ladder(ladder=ladder, player=membership.player, by=director)
    order = list(ladder.rungs.order_by("position").select_related("player"))
    if len(order) < 4:
        return
    for challenger, challenged, challenger_wins in ((order[2], order[1], True),
                                                    (order[3], order[0], False)):
        made = services.make_challenge(ladder=ladder, challenger=challenger.player,
                                       challenged=challenged.player, by=director)
        # the loser keeps at least the handicap's spot the match started with
        match = made.match
        score = (Decimal(5), Decimal(max(2, match.start_score2))) if challenger_wins \
            else (Decimal(max(1, match.start_score1)), Decimal(5))
        games_services.override_result(match=made.match, by=director, score1=score[0],
                                       score2=score[1], reason="Demo result")
    last = list(ladder.rungs.order_by("position").select_related("player"))
    services.make_challenge(ladder=ladder, challenger=last[-1].player,
                            challenged=last[-2].player, by=director)
    stdout.write(f"Ladder: {ladder.name} with {len(last)} players\n")

"""GNU Backgammon on the replay: each analysed decision found at its step, the play made
and the best play drawn as arrows, the proper cube action, and the winning chances over
the match as a chart, with each player's PR privacy kept."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from analysis import replay
from analysis.models import PlayerAnalysisPrivacy, PrVisibility
from games.board_svg import parse_steps
from games.transcript_view import replay_of
from tests.analysis.conftest import analyse, checked_transcript

pytestmark = pytest.mark.django_db

FILE = "m07-5pt.mat"


@pytest.fixture
def analysed(gnubg_matches, django_capture_on_commit_callbacks):  # type: ignore[no-untyped-def]
    transcript = checked_transcript(gnubg_matches / FILE)
    analysis = analyse(transcript, django_capture_on_commit_callbacks, 0)
    assert analysis.status == "done"
    _record, steps = replay_of(transcript.text, transcript.match.engine_block_rule)
    return transcript, analysis, steps


def test_every_analysed_decision_is_found_at_its_step(analysed) -> None:  # type: ignore[no-untyped-def]
    _transcript, analysis, steps = analysed
    found = replay.decisions_by_step(analysis, steps)
    analysed_decisions = [
        decision
        for game in analysis.games.all()
        for decision in game.decisions
        if decision["kind"] in replay.STEP_KINDS
    ]
    assert len(found) == len(analysed_decisions) > 20
    for index, decision in found.items():
        step = steps[index]
        assert step.kind == replay.STEP_KINDS[decision["kind"]]
        assert step.player == decision["side"]
        assert analysis.file_players[decision["side"]] == decision["player"]
        if step.kind == "move" and decision.get("dice"):
            assert sorted(step.dice) == sorted(decision["dice"])
    # in order within each game: the steps found increase with the decisions
    by_game: dict[int, list[int]] = {}
    for index in sorted(found):
        by_game.setdefault(found[index]["game"], []).append(found[index]["number"])
    assert all(numbers == sorted(numbers) for numbers in by_game.values())


def test_the_winning_chances_follow_the_games(analysed) -> None:  # type: ignore[no-untyped-def]
    transcript, analysis, steps = analysed
    found = replay.decisions_by_step(analysis, steps)
    points = replay.chances(found, steps)
    moves = [d for d in found.values() if d["kind"] == "move" and d.get("win") is not None]
    assert len(points) == len(moves) > 20
    assert all(0.0 <= point.win <= 1.0 for point in points)
    # each game's last evaluated move leans towards the side that won the game
    winners = {game["number"]: game["winner"] for game in transcript.verdict["games"]}
    players = transcript.verdict["players"]
    last = {point.game: point for point in points}
    leaning = [
        (point.win > 0.5) == (winners[number] == players[0])
        for number, point in last.items()
        if winners.get(number) is not None
    ]
    assert leaning and sum(leaning) >= len(leaning) - 1, leaning


def test_the_replay_shows_the_best_play_and_the_chart(analysed, client) -> None:  # type: ignore[no-untyped-def]
    transcript, analysis, steps = analysed
    found = replay.decisions_by_step(analysis, steps)
    index, decision = next(
        (i, d) for i, d in sorted(found.items())
        if d["kind"] == "move" and d["best"] and d["best"] != d["played"]
    )  # fmt: skip
    url = reverse("games:transcript_replay", args=[transcript.match_id, transcript.pk])
    page = client.get(url, {"step": index}).content.decode()
    assert 'data-testid="replay-decision"' in page
    assert f'data-testid="best-play">{decision["best"]}<' in page
    best_arrows = re.findall(r'<line class="arrow arrow-best"', page)
    assert len(best_arrows) == len(parse_steps(decision["best"]) or ())
    assert 'data-testid="chances-chart"' in page and 'class="current"' in page
    # a cube decision shows the proper action
    cube = next(((i, d) for i, d in found.items() if d["kind"] != "move"), None)
    if cube is not None:
        page = client.get(url, {"step": cube[0]}).content.decode()
        assert 'data-testid="replay-decision"' in page and f'data-kind="{cube[1]["kind"]}"' in page
    # and a step with no decision (the start of a game) shows none
    page = client.get(url, {"step": 0}).content.decode()
    assert 'data-testid="replay-decision"' not in page
    # the analysis page has the chart too
    analysis_page = client.get(reverse("analysis:match_analysis", args=[transcript.match_id]))
    assert 'data-testid="chances-chart"' in analysis_page.content.decode()


def test_a_player_who_keeps_their_pr_to_their_clubs_keeps_their_decisions(
    analysed, client
) -> None:  # type: ignore[no-untyped-def]
    transcript, analysis, steps = analysed
    PlayerAnalysisPrivacy.objects.create(
        player=transcript.match.player1, pr_visibility=PrVisibility.CLUB
    )
    found = replay.decisions_by_step(analysis, steps)
    url = reverse("games:transcript_replay", args=[transcript.match_id, transcript.pk])
    hidden = next(i for i, d in found.items() if d["side"] == 0)
    shown = next(i for i, d in found.items() if d["side"] == 1)
    assert 'data-testid="replay-decision"' not in client.get(url, {"step": hidden}).content.decode()
    assert 'data-testid="replay-decision"' in client.get(url, {"step": shown}).content.decode()

"""Repair scores that were stored out of range before the final score had domain bounds.

Until then a player could post a final score such as 1e999: SQLite stored it as an
infinite REAL, and every later read of the row (the match page, /api/results/, confirm,
override) failed. This migration finds such values and brings the database back:

* A match result whose score is not a number, negative, beyond what a row holds, or not
  a possible final score of its match (engine.match.final_score) is rejected (it stops
  being proposed, disputed or official); an unreadable value is replaced by 0. An audit
  entry ("repaired") keeps what was stored and says why.
* A game whose points are unreadable, negative or more than one game can be worth is
  removed, with an audit entry.
* A match whose official result was rejected, or whose own score is out of range, gets
  the score of its remaining games back and is open again (no winner, not finished), so
  the players or a director can enter the right result.

Values are read as text with raw SQL: reading an infinite value through the ORM is what
fails. A correct database is left untouched.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.db import migrations, models

from engine.match import MatchRules, final_score_problem, largest_game_points

CAPACITY = Decimal("999999.9")  # max_digits=7, decimal_places=1
REASON = (
    "The stored score was not a possible final score of this match (it was entered "
    "before scores were checked); the result was withdrawn so that the right one can be "
    "entered."
)
GAME_REASON = "The stored points of this game were impossible; the game was removed."
MATCH_REASON = "The stored score of this match was impossible; it was recomputed from its games."


def _number(text: Any) -> Decimal | None:
    """The stored value, or None when it is no usable number (NULL, NaN, infinite, huge)."""
    if text is None:
        return None
    try:
        value = Decimal(str(text).strip())
    except InvalidOperation:
        return None
    if not value.is_finite() or abs(value) > CAPACITY:
        return None
    return value


def _points(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def _rules(match: dict[str, Any]) -> MatchRules | None:
    cube = match["cube_enabled"]
    if cube is None:
        cube = match["variant"] != "nardy"
    try:
        return MatchRules(
            length=match["length"],
            variant=match["variant"],
            crawford=match["crawford"],
            cube=cube,
            koks=match["koks"] and match["variant"] == "nardy",
            last_roll=match["equalisation"] and match["variant"] == "nardy",
            draw_points=0.5 if match["draw_points"] == Decimal("0.5") else 1,
        )
    except ValueError:
        return None


def _possible(score: tuple[Decimal | None, Decimal | None], rules: MatchRules | None) -> bool:
    if score[0] is None or score[1] is None or min(score) < 0:
        return False
    if rules is None:
        return True
    return final_score_problem((_points(score[0]), _points(score[1])), rules) is None


def _rows(cursor: Any, table: str, columns: str) -> list[tuple[Any, ...]]:
    cursor.execute(f"SELECT {columns} FROM {table}")
    return list(cursor.fetchall())


def repair(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("games", "Match")
    MatchResult = apps.get_model("games", "MatchResult")
    Game = apps.get_model("games", "Game")
    ResultChange = apps.get_model("games", "ResultChange")
    quote = schema_editor.connection.ops.quote_name

    matches = {
        row["id"]: row
        for row in Match.objects.values(
            "id",
            "length",
            "variant",
            "crawford",
            "cube_enabled",
            "koks",
            "equalisation",
            "draw_points",
            "player1_id",
            "player2_id",
        )
    }
    rules = {pk: _rules(match) for pk, match in matches.items()}
    to_reopen: set[int] = set()

    with schema_editor.connection.cursor() as cursor:
        results = _rows(
            cursor,
            quote(MatchResult._meta.db_table),
            "id, match_id, CAST(score1 AS TEXT), CAST(score2 AS TEXT), status",
        )
        games = _rows(
            cursor, quote(Game._meta.db_table), "id, match_id, number, CAST(points AS TEXT), winner"
        )
        match_scores = _rows(
            cursor, quote(Match._meta.db_table), "id, CAST(score1 AS TEXT), CAST(score2 AS TEXT)"
        )

    for pk, match_id, text1, text2, status in results:
        score = (_number(text1), _number(text2))
        readable = None not in score
        if readable and _possible(score, rules.get(match_id)):
            continue
        if readable and status in ("rejected", "overridden"):
            continue  # already out of the flow and readable: history stays as it was
        before = {"id": pk, "score1": str(text1), "score2": str(text2), "status": status}
        new_status = "rejected" if status in ("proposed", "disputed", "confirmed") else status
        fixed = tuple(value if value is not None and value >= 0 else Decimal(0) for value in score)
        MatchResult.objects.filter(pk=pk).update(
            status=new_status, score1=fixed[0], score2=fixed[1]
        )
        after = {**before, "score1": str(fixed[0]), "score2": str(fixed[1]), "status": new_status}
        ResultChange.objects.create(
            match_id=match_id,
            result_id=pk,
            action="repaired",
            before=before,
            after=after,
            reason=REASON,
        )
        if status == "confirmed":
            to_reopen.add(match_id)

    for pk, match_id, number, text, winner in games:
        points = _number(text)
        match_rules = rules.get(match_id)
        largest = largest_game_points(match_rules) if match_rules is not None else CAPACITY
        if points is not None and 0 <= points <= largest:
            continue
        Game.objects.filter(pk=pk).delete()
        ResultChange.objects.create(
            match_id=match_id,
            action="repaired",
            before={"game": number, "points": str(text), "winner": winner},
            after=None,
            reason=GAME_REASON,
        )
        to_reopen.add(match_id)

    for pk, text1, text2 in match_scores:
        score = (_number(text1), _number(text2))
        if pk in to_reopen or None in score or min(score) < 0:  # type: ignore[type-var]
            _reopen(apps, matches[pk], before=(str(text1), str(text2)))


def _reopen(apps: Any, match: dict[str, Any], *, before: tuple[str, str]) -> None:
    """The score of the match's games, no winner, open again (unless a result stands)."""
    Match = apps.get_model("games", "Match")
    Game = apps.get_model("games", "Game")
    MatchResult = apps.get_model("games", "MatchResult")
    ResultChange = apps.get_model("games", "ResultChange")
    score = [Decimal(0), Decimal(0)]
    games = list(Game.objects.filter(match_id=match["id"]).values("winner", "points"))
    for game in games:
        if game["winner"] in (1, 2):
            score[game["winner"] - 1] += game["points"]
        else:  # a drawn game scores for both
            score[0] += game["points"]
            score[1] += game["points"]
    official = MatchResult.objects.filter(match_id=match["id"], status="confirmed").first()
    if official is not None:  # the official result is the match's score
        Match.objects.filter(pk=match["id"]).update(score1=official.score1, score2=official.score2)
        return
    known = match["player1_id"] is not None and match["player2_id"] is not None
    status = "playing" if games else ("ready" if known else "waiting")
    Match.objects.filter(pk=match["id"]).update(
        score1=score[0], score2=score[1], winner=None, status=status, finished_at=None
    )
    ResultChange.objects.create(
        match_id=match["id"],
        action="repaired",
        before={"score1": before[0], "score2": before[1]},
        after={"score1": str(score[0]), "score2": str(score[1]), "status": status},
        reason=MATCH_REASON,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_result_change_game_removed"),
    ]

    operations = [
        migrations.AlterField(
            model_name="resultchange",
            name="action",
            field=models.CharField(
                choices=[
                    ("game_entered", "game entered"),
                    ("game_removed", "game removed"),
                    ("score_entered", "final score entered"),
                    ("proposed", "result proposed"),
                    ("confirmed", "result confirmed"),
                    ("disputed", "result disputed"),
                    ("rejected", "result rejected"),
                    ("overridden", "result overridden"),
                    ("repaired", "impossible stored score repaired"),
                ],
                max_length=16,
                verbose_name="action",
            ),
        ),
        migrations.RunPython(repair, migrations.RunPython.noop),
    ]

"""The phone's settlement of a chouette game (chouette/static/chouette/rules.js, used for
the games a scorer enters offline) against the pure core: thousands of random games,
legal and not, settled both ways give the same points and the same next line, or the
same refusal."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from chouette import core
from chouette.core.rotation import Seating, with_partner
from chouette.selectors.offline import rules_for_phone

RULES_JS = Path(__file__).resolve().parents[2] / "chouette" / "static" / "chouette" / "rules.js"
CASES = 3000
ANSWERS = [answer.value for answer in core.Answer]

DRIVER = """
const rules = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(function (c) {
  try {
    const game = rules.playGame(c.rules, c.seating, c.record);
    return {points: game.points, line: game.seating.line, partner: game.seating.partner,
            waiting: game.seating.waiting};
  } catch (error) {
    if (!(error instanceof rules.RuleError)) throw error;
    return {error: error.code};
  }
});
process.stdout.write(JSON.stringify(out));
"""


def random_settings(rng: random.Random) -> core.ChouetteSettings:
    mode = rng.choice(list(core.CubeMode))
    beavers = mode is core.CubeMode.MULTIPLE and rng.random() < 0.3
    variant = rng.choice(list(core.Variant))
    partner = rng.random() < 0.3
    return core.ChouetteSettings(
        variant=variant,
        koks=variant is core.Variant.NARDY and rng.random() < 0.5,
        cube_mode=mode,
        jacoby=rng.random() < 0.7,
        beavers=beavers,
        raccoons=beavers and rng.random() < 0.5,
        rotation=rng.choice(list(core.RotationRule)),
        max_automatic_doubles=rng.randint(0, 2),
        max_players=rng.choice([6, 8]) if partner else rng.choice([4, 6, 8]),
        initial_cubes_rule=rng.random() < 0.3,
        box_must_take_captain=rng.random() < 0.3,
        box_partner=partner,
        partner_share=rng.choice([50, 33, 1, 99]),
    )


def random_case(rng: random.Random) -> tuple[dict[str, Any], Any]:
    settings = random_settings(rng)
    size = rng.randint(3, settings.max_players)
    players = rng.sample(range(1, 40), size + 1)
    waiting = tuple(players[size:]) if rng.random() < 0.2 else ()
    seating = with_partner(Seating(tuple(players[:size]), None, waiting), settings)
    lineup = seating.lineup
    assert lineup is not None
    if rng.random() < 0.03:  # a page showing another line-up
        lineup = core.LineUp(lineup.team[0], (lineup.box, *lineup.team[1:]), lineup.partner)
    doubles = []
    for _turn in range(rng.choice([0, 1, 1, 2, 3])):
        members = rng.sample(lineup.team, rng.randint(1, len(lineup.team)))
        answers = tuple((m, core.Answer(rng.choice(ANSWERS[:2] if rng.random() < 0.8 else ANSWERS)))
                        for m in members)
        doubles.append(core.Double(rng.choice(list(core.Side)), answers))
    result = None
    if rng.random() < 0.9:
        kind = rng.choice(list(core.ResultKind) if rng.random() < 0.1
                          else core.results_of(settings.variant, settings.koks))
        result = core.BoardResult(rng.choice(list(core.Side)), kind)
    automatic = rng.choice([0, 0, 0, 1, 2, 3])
    record = core.GameRecord(lineup=lineup, doubles=tuple(doubles), result=result,
                             automatic_doubles=automatic)
    phone = {
        "rules": rules_for_phone(settings),
        "seating": {"line": list(seating.line), "partner": seating.partner,
                    "waiting": list(seating.waiting)},
        "record": {
            "lineup": {"box": lineup.box, "team": list(lineup.team), "partner": lineup.partner},
            "doubles": [{"by": d.by.value, "answers": [[m, a.value] for m, a in d.answers]}
                        for d in doubles],
            "result": None if result is None else {"winner": result.winner.value,
                                                   "kind": result.kind.value},
            "automatic": automatic,
        },
    }
    return phone, core_answer(settings, seating, record)


def core_answer(settings: core.ChouetteSettings, seating: Seating,
                record: core.GameRecord) -> dict[str, Any]:
    """What the core says of the game, in the driver's shape."""
    if record.lineup != seating.lineup:
        return {"error": "lineup_mismatch"}  # the core's replay checks it (_checked_record)
    try:
        outcome = core.settle_game(settings, record)
    except core.ChouetteError as error:
        return {"error": error.code}
    after = with_partner(Seating((*outcome.next_line, *seating.waiting), outcome.next_partner),
                         settings)
    return {"points": [list(pair) for pair in outcome.points], "line": list(after.line),
            "partner": after.partner, "waiting": list(after.waiting)}


def test_the_phone_settles_every_game_as_the_core_does() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    rng = random.Random(20261128)
    cases = [random_case(rng) for _ in range(CASES)]
    run = subprocess.run([node, "-e", DRIVER, str(RULES_JS)], input=json.dumps([c for c, _ in cases]),
                         capture_output=True, text=True, check=True, timeout=120)
    phone = json.loads(run.stdout)
    mismatches = [(case, expected, got) for (case, expected), got in zip(cases, phone, strict=True)
                  if got != expected]
    assert mismatches[:3] == []
    settled = sum(1 for _, expected in cases if "points" in expected)
    assert settled > CASES // 6 and CASES - settled > CASES // 10  # both kinds were tried

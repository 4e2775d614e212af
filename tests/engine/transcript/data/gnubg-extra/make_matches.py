"""How the matches in this folder were made: GNU Backgammon (PyPI ``gnubg`` 1.1.0a16, not
a project dependency; install it in a throwaway venv) plays itself at 0 ply with noise,
exports the match as `.mat`, and the answer is taken from gnubg's own match record
(``gnubg.match()``), not from the text.

One match (writes OUT.mat and OUT.mat.json)::

    python make_matches.py OUT.mat LENGTH SEED NOISE PLIES [CUBE_NOISE NAME0 NAME1 EXTRA]

EXTRA is a comma-separated list of ``nocube`` (``set cube use off``) and ``info`` (set
the match information that the header tags show). Names are set after the match has
been played (``new match`` resets them), which renames the players in the record.

Many matches, each in its own gnubg process (the settings are drawn from SEED0, so a
run can be repeated), then the answers gathered into OUTDIR/expected.json::

    python make_matches.py --many OUTDIR FIRST COUNT SEED0 [PLIES]

Used: x01-x12 (1, 901, 0.0) (1, 902, 0.1) (2, 903, 0.05) (3, 904, 0.1) (4, 905, 0.05)
(5, 906, 0.1) (5, 907, 0.2) (7, 908, 0.1) (7, 909, 0.2) (9, 910, 0.15) (11, 911, 0.1)
(15, 912, 0.2), plies 0, names gnubg/root; g001-g200: ``--many OUT 1 200 2026``, of
which a representative subset is kept here (the rest was checked and thrown away);
also checked, not kept: ``--many OUT 201 100 2027`` and ``--many OUT 301 40 2028 1``.
"""

import json
import random
import subprocess
import sys
from pathlib import Path

MULT = {1: "single", 2: "gammon", 3: "backgammon"}

NAMES = [
    "Alice",
    "Bob",
    "José María",
    "Ørjan Ødegård",
    "Player 1",
    "Player 2",
    "Анна Петрова",
    "李小龙",
    "R2D2",
    "007",
    "Jean-Luc O'Neil",
    "Mary Ann van der Berg-Smith Junior the Third",
    "x",
    "Bob_2 (USA)",
    "Zoë",
    "GamesGrid, 1650",
    "A very very long name with many words in it",
    "12345",
    "Müller",
    "Dr. No",
]


def play(out, length, seed, noise, plies, cube_noise=None, names=None, extra=()):
    import gnubg

    cube_noise = noise if cube_noise is None else cube_noise
    gnubg.command("set threads 1")
    if "nocube" in extra:
        gnubg.command("set cube use off")
    for p in (0, 1):
        gnubg.command(f"set player {p} gnubg")
        gnubg.command(f"set player {p} chequerplay evaluation plies {plies}")
        gnubg.command(f"set player {p} cubedecision evaluation plies {plies}")
        gnubg.command(f"set player {p} chequerplay evaluation noise {noise}")
        gnubg.command(f"set player {p} cubedecision evaluation noise {cube_noise}")
    gnubg.command(f"set seed {seed}")
    gnubg.command(f"new match {length}")
    if names:
        gnubg.command(f"set player 0 name {names[0]}")
        gnubg.command(f"set player 1 name {names[1]}")
    if "info" in extra:
        gnubg.command("set matchinfo place Riverside Club")
        gnubg.command("set matchinfo event Club Night")
        gnubg.command("set matchinfo round 3")
        gnubg.command("set matchinfo annotator Nobody")
    gnubg.command(f"export match mat {out}")
    m = gnubg.match()
    names = {"X": m["match-info"]["X"]["name"], "O": m["match-info"]["O"]["name"]}
    score = {"X": 0, "O": 0}
    games = []
    for number, game in enumerate(m["games"], start=1):
        info = game["info"]
        cube, dropped = 1, False
        for action in game["game"]:
            kind = action.get("action")
            if kind == "take":
                cube *= 2
            elif kind == "drop":
                dropped = True
        points = info["points-won"]
        if dropped:
            result = "drop"
        elif info.get("resigned"):
            result = "resign"
        else:
            result = MULT[points // cube]
        score[info["winner"]] += points
        games.append(
            {
                "number": number,
                "winner": names[info["winner"]],
                "points": points,
                "result": result,
                "cube": cube,
                "crawford": bool(info.get("crawford")),
            }
        )
    winner = next((names[s] for s in ("X", "O") if score[s] >= length), None)
    return {
        "match_length": length,
        "players": [names["X"], names["O"]],
        "score": [score["X"], score["O"]],
        "winner": winner,
        "games": games,
        "gnubg": {
            "version": "1.1.0a16",
            "seed": seed,
            "noise": noise,
            "cube_noise": cube_noise,
            "plies": plies,
            "extra": list(extra),
        },
    }


def settings(index, rng):
    """The settings of the index-th match of a --many run."""
    length = rng.choice(
        [1, 1, 2, 3, 3, 4, 5, 5, 5, 6, 7, 7, 7, 8, 9, 9, 11, 11, 13, 15, 17, 19, 21, 25]
    )
    noise = rng.choice([0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5])
    cube_noise = rng.choice([noise, noise, 0.3, 0.6, 1.0])  # wild cubes: takes, redoubles, drops
    names = rng.sample(NAMES, 2)
    extra = []
    if rng.random() < 0.08:
        extra.append("nocube")
    if rng.random() < 0.3:
        extra.append("info")
    return length, 10_000 + index, noise, 0, cube_noise, names, extra


def many(outdir, first, count, seed0, plies=0):
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed0)
    answers = {}
    for index in range(1, first + count):
        length, seed, noise, _, cube_noise, names, extra = settings(index, rng)
        if index < first:
            continue
        out = outdir / f"g{index:03d}-{length}pt.mat"
        if not Path(str(out) + ".json").exists():
            subprocess.run(
                [
                    sys.executable,
                    __file__,
                    str(out),
                    str(length),
                    str(seed),
                    str(noise),
                    str(plies),
                    str(cube_noise),
                    names[0],
                    names[1],
                    ",".join(extra),
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=True,
                timeout=1800,
            )
        answers[out.name] = json.loads(Path(str(out) + ".json").read_text())
        print(out.name, flush=True)
    with open(outdir / "expected.json", "w") as handle:
        json.dump(answers, handle, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    if sys.argv[1] == "--many":
        plies = int(sys.argv[6]) if len(sys.argv) > 6 else 0
        many(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), plies)
        sys.exit()
    out, length, seed, noise, plies = sys.argv[1:6]
    cube_noise = float(sys.argv[6]) if len(sys.argv) > 6 else None
    names = sys.argv[7:9] if len(sys.argv) > 8 else None
    extra = [word for word in sys.argv[9].split(",") if word] if len(sys.argv) > 9 else []
    answer = play(out, int(length), int(seed), float(noise), int(plies), cube_noise, names, extra)
    with open(out + ".json", "w") as handle:
        json.dump(answer, handle, indent=1, ensure_ascii=False)

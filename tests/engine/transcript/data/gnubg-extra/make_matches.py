"""How the matches in this folder were made: GNU Backgammon (PyPI ``gnubg`` 1.1.0a16, not
a project dependency) plays itself at 0 ply with noise, exports the match as `.mat`, and
the answer is taken from gnubg's own match record (``gnubg.match()``), not from the text.

    python make_matches.py OUT.mat LENGTH SEED NOISE PLIES   # writes OUT.mat and OUT.mat.json

Used: (1, 901, 0.0) (1, 902, 0.1) (2, 903, 0.05) (3, 904, 0.1) (4, 905, 0.05)
(5, 906, 0.1) (5, 907, 0.2) (7, 908, 0.1) (7, 909, 0.2) (9, 910, 0.15) (11, 911, 0.1)
(15, 912, 0.2), plies 0; the answers were then gathered into expected.json.
"""

import json
import sys

import gnubg

MULT = {1: "single", 2: "gammon", 3: "backgammon"}


def play(out, length, seed, noise, plies):
    gnubg.command("set threads 1")
    for p in (0, 1):
        gnubg.command(f"set player {p} gnubg")
        gnubg.command(f"set player {p} chequerplay evaluation plies {plies}")
        gnubg.command(f"set player {p} cubedecision evaluation plies {plies}")
        gnubg.command(f"set player {p} chequerplay evaluation noise {noise}")
        gnubg.command(f"set player {p} cubedecision evaluation noise {noise}")
    gnubg.command(f"set seed {seed}")
    gnubg.command(f"new match {length}")
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
        "gnubg": {"version": "1.1.0a16", "seed": seed, "noise": noise, "plies": plies},
    }


if __name__ == "__main__":
    out, length, seed, noise, plies = sys.argv[1:6]
    answer = play(out, int(length), int(seed), float(noise), int(plies))
    with open(out + ".json", "w") as handle:
        json.dump(answer, handle, indent=1)

"""What GNU Backgammon makes of a `.mat` file: ``import mat`` into gnubg, then its own
match record (``gnubg.match()``) summarised like ``python -m engine check``'s answer,
with the warnings gnubg printed while importing (an invalid move, an unrecognised line).

Not a project dependency and not run by the tests: the PyPI ``gnubg`` package (1.1.0a16)
in a throwaway venv. Used to check the expected verdicts of this folder's files::

    python gnubg_import.py FILE...      (one gnubg process per file)
"""

import json
import subprocess
import sys

MULT = {1: "single", 2: "gammon", 3: "backgammon"}


def summary(path):
    import gnubg

    gnubg.command("set threads 1")
    gnubg.command(f'import mat "{path}"')
    m = gnubg.match()
    if not m:
        return {"imported": False}
    info = m["match-info"]
    names = {"X": info["X"]["name"], "O": info["O"]["name"]}
    length = info.get("match-length", 0)
    score = {"X": 0, "O": 0}
    games = []
    for number, game in enumerate(m["games"], start=1):
        ginfo = game["info"]
        cube, dropped = 1, False
        for action in game["game"]:
            kind = action.get("action")
            if kind == "take":
                cube *= 2
            elif kind == "drop":
                dropped = True
        points = ginfo.get("points-won", 0)
        winner = ginfo.get("winner")
        if winner is None:
            games.append({"number": number, "winner": None, "unfinished": True})
            continue
        if dropped:
            result = "drop"
        elif ginfo.get("resigned"):
            result = "resign"
        else:
            result = MULT.get(points // cube, "?")
        score[winner] += points
        games.append({"number": number, "winner": names[winner], "points": points,
                      "result": result, "cube": cube, "crawford": bool(ginfo.get("crawford"))})
    champion = next((names[s] for s in ("X", "O") if length and score[s] >= length), None)
    return {"match_length": length, "players": [names["X"], names["O"]],
            "score": [score["X"], score["O"]], "winner": champion, "games": games}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        print("@@" + json.dumps(summary(sys.argv[2]), ensure_ascii=False))
        sys.exit()
    for name in sys.argv[1:]:
        done = subprocess.run([sys.executable, __file__, "--one", name], capture_output=True,
                              text=True, errors="replace", timeout=600, check=False)
        out = done.stdout
        answer = out[out.index("@@") + 2:] if "@@" in out else "null"
        warnings = [line for line in out[: out.find("@@")].splitlines() if line.strip()]
        print(json.dumps({"file": name, "gnubg": json.loads(answer), "printed": warnings,
                          "status": done.returncode}, ensure_ascii=False))

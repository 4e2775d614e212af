"""``python -m engine``: the command line of engine-contract.md.

``moves`` answers JSON Lines requests with the legal plays; ``check`` is handed to
``engine.check_cli``. Bad input never produces a traceback: a bad request line gets an
``{"id": ..., "error": ...}`` answer and the run goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from engine.errors import EngineError

EXIT_OK = 0
EXIT_UNREADABLE = 2


def _block_rules() -> list[str] | None:
    """The block regulations engine.nardy.rules offers (None: accept any, checked later)."""
    try:
        from engine.nardy.rules import BLOCK_RULES
    except ImportError:
        return None
    return sorted(BLOCK_RULES)


def _moves_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine moves",
        description="Read JSON Lines requests {id, position, dice} on standard input and "
        "write the legal plays of each, one JSON line per request, in order.",
    )
    parser.add_argument("--variant", choices=("backgammon", "nardy"), default="backgammon")
    nardy = parser.add_argument_group("long-nardy rule options (ignored for backgammon)")
    nardy.add_argument("--block-rule", choices=_block_rules(), default=None,
                       help="six-point block regulation (default: the rules' default)")
    nardy.add_argument("--koks", dest="koks", action="store_true", default=None)
    nardy.add_argument("--no-koks", dest="koks", action="store_false")
    nardy.add_argument("--last-roll", dest="last_roll", action="store_true", default=None)
    nardy.add_argument("--no-last-roll", dest="last_roll", action="store_false")
    return parser


def _nardy_rules(options: argparse.Namespace) -> Any:
    """The NardyRules for the options given (only the ones given are passed)."""
    from engine.nardy.rules import NardyRules

    given = {name: getattr(options, name) for name in ("block_rule", "koks", "last_roll")
             if getattr(options, name) is not None}
    return NardyRules(**given)


def _dice(value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(d) is int and 1 <= d <= 6 for d in value)):
        raise EngineError("bad_dice", f"dice must be a list of two whole numbers from 1 to 6, "
                          f"not {json.dumps(value)}")
    return value[0], value[1]


def answer(line: str, variant: str, rules: Any) -> dict[str, Any]:
    """The answer object for one request line."""
    from engine.plays import legal_plays
    from engine.position import Position

    try:
        request = json.loads(line)
    except ValueError as error:
        return {"id": None, "error": f"the line is not valid JSON ({error.msg})"}
    if not isinstance(request, dict):
        return {"id": None, "error": "a request is a JSON object {id, position, dice}"}
    ident = request.get("id")
    try:
        pid = request.get("position")
        if not isinstance(pid, str):
            raise EngineError("bad_position_id", "position must be a Position ID string")
        dice = _dice(request.get("dice"))
        position = Position.from_id(pid, variant)
        plays = legal_plays(position, dice, rules)
        moves = [{"play": play.notation, "position": play.position.id} for play in plays]
    except EngineError as error:
        return {"id": ident, "error": error.message}
    except Exception as error:  # noqa: BLE001 - a broken variant must not end the run
        return {"id": ident, "error": f"internal error: {type(error).__name__}: {error}"}
    return {"id": ident, "moves": moves}


def moves_main(argv: Sequence[str], stdin: IO[bytes] | None = None,
               stdout: IO[str] | None = None) -> int:
    options = _moves_parser().parse_args(list(argv))
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    rules: Any = None
    setup_error: str | None = None
    if options.variant == "nardy":
        try:
            rules = _nardy_rules(options)
            from engine.variants import get_variant

            get_variant("nardy", rules)
        except Exception as error:  # noqa: BLE001 - missing or broken nardy: answer every line
            setup_error = f"long nardy is not available: {type(error).__name__}: {error}"
    try:
        for raw in stdin:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                result: dict[str, Any] = {"id": None, "error": "the line is not UTF-8 text"}
            else:
                if setup_error is not None:
                    try:
                        ident = json.loads(line).get("id")
                    except (ValueError, AttributeError):
                        ident = None
                    result = {"id": ident, "error": setup_error}
                else:
                    result = answer(line, options.variant, rules)
            stdout.write(json.dumps(result) + "\n")
            stdout.flush()
    except OSError as error:
        print(f"python -m engine moves: cannot read standard input: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    return EXIT_OK


USAGE = """usage: python -m engine {moves,check} ...

  moves --variant {backgammon,nardy}   legal plays for JSON Lines requests on stdin
  check [--variant ...] FILE           check a match transcript (.mat or JSON)
"""


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE, end="")
        return EXIT_OK if args else EXIT_UNREADABLE
    command, rest = args[0], args[1:]
    if command == "moves":
        return moves_main(rest)
    if command == "check":
        try:
            from engine.check_cli import main as check_main
        except ImportError as error:
            print(f"python -m engine check: the transcript checker is not available ({error})",
                  file=sys.stderr)
            return EXIT_UNREADABLE
        return int(check_main(rest) or 0)
    print(f"python -m engine: unknown command {command!r}\n\n{USAGE}", file=sys.stderr, end="")
    return EXIT_UNREADABLE

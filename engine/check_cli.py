"""``python -m engine check [--variant {backgammon,nardy}] FILE`` (engine-contract.md).

Prints one JSON object (the match verdict) on standard output. Exit status: 0 valid,
1 errors found, 2 the file cannot be read or parsed (the reason on standard error).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from engine.errors import EngineError

EXIT_VALID, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise _UsageError(message)


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m engine check",
        description="Replay a match transcript (.mat, GNU Backgammon .sgf or JSON match record) "
        "with the engine.",
    )
    parser.add_argument(
        "--variant",
        choices=("backgammon", "nardy"),
        help="the variant, when the file does not say (a .mat file without a "
        "Variation tag is backgammon)",
    )
    from engine.nardy.rules import BLOCK_RULES

    parser.add_argument(
        "--block-rule",
        choices=sorted(BLOCK_RULES),
        help="long nardy: the six-point block regulation to judge by, instead of the "
        "file's BlockRule tag (default: the tag, else ahead); ignored for backgammon",
    )
    parser.add_argument("file", metavar="FILE", help="the transcript to check")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the check command; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["check"]:
        args_list = args_list[1:]
    try:
        args = _parser().parse_args(args_list)
    except _UsageError as error:
        print(f"python -m engine check: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    except SystemExit as done:  # --help
        return int(done.code or 0)
    try:
        from engine.replay import replay
        from engine.transcript import read_path

        record = read_path(args.file, args.variant)
        verdict = replay(record, block_rule=args.block_rule)
    except EngineError as error:
        print(f"{args.file}: {error.message}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception as error:  # noqa: BLE001 - the command never shows a traceback
        print(
            f"{args.file}: the check failed unexpectedly ({type(error).__name__}: {error}).",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    try:
        answer = json.dumps(verdict.to_json(), ensure_ascii=False, allow_nan=False)
    except ValueError as error:  # a number JSON cannot hold: never print invalid JSON
        print(f"{args.file}: the verdict cannot be written as JSON ({error}).", file=sys.stderr)
        return EXIT_UNREADABLE
    sys.stdout.write(answer + "\n")
    return EXIT_VALID if verdict.valid else EXIT_ERRORS


if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m engine``: the command line of engine-contract.md.

``moves`` answers JSON Lines requests with the legal plays; ``check`` is handed to
``engine.check_cli``. Bad input never produces a traceback: a bad request line gets an
``{"id": ..., "error": ...}`` answer and the run goes on.
"""

from __future__ import annotations

import argparse
import json
import math
import secrets
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


class _RawNumber:
    """A JSON number kept as written: too large for a float (``1e400``) or too long for
    Python's int conversion. It is echoed back unchanged in the answer's ``id``."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _parse_float(text: str) -> float | _RawNumber:
    value = float(text)
    return value if math.isfinite(value) else _RawNumber(text)


def _parse_int(text: str) -> int | _RawNumber:
    return int(text) if len(text) <= 4000 else _RawNumber(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _loads(line: str) -> Any:
    """Strict JSON (no NaN/Infinity), numbers that do not fit kept as written."""
    return json.loads(line, parse_float=_parse_float, parse_int=_parse_int,
                      parse_constant=_no_constant)


_RAW_MARK = f"raw-number-{secrets.token_hex(8)}-"


def render(result: dict[str, Any]) -> str:
    """One answer as a line of strict JSON (the id as it was written)."""
    raws: list[str] = []

    def keep(value: Any) -> str:
        if isinstance(value, _RawNumber):
            raws.append(value.text)
            return f"{_RAW_MARK}{len(raws) - 1}"
        raise TypeError(f"{type(value).__name__} is not JSON")

    try:
        text = json.dumps(result, allow_nan=False, default=keep)
    except (TypeError, ValueError, RecursionError):
        text = json.dumps({"id": None, "error": "the answer's id cannot be written back as JSON"})
    for index, raw in enumerate(raws):
        text = text.replace(f'"{_RAW_MARK}{index}"', raw, 1)
    return text


def _shown(value: Any, limit: int = 40) -> str:
    """A short rendering of a bad value for an error sentence."""
    text = render({"v": value})[6:-1]
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _dice(value: Any) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(d) is int and 1 <= d <= 6 for d in value)):
        raise EngineError("bad_dice", "dice must be a list of two integers from 1 to 6, "
                          f"written without a decimal point, not {_shown(value)}")
    return value[0], value[1]


def _request(line: str) -> tuple[Any, str | None]:
    """(the request object, None) or (None, why the line is not a request object)."""
    line = line.removeprefix("\ufeff")  # a UTF-8 byte-order mark (some Windows tools)
    try:
        request = _loads(line)
    except RecursionError:
        return None, "the line is nested too deeply to be read"
    except ValueError as error:
        reason = getattr(error, "msg", None) or str(error)
        return None, f"the line is not valid JSON ({reason})"
    if not isinstance(request, dict):
        return None, "a request is a JSON object {id, position, dice}"
    return request, None


def answer(line: str, variant: str, rules: Any) -> dict[str, Any]:
    """The answer object for one request line (``render`` writes it)."""
    from engine.ids import encode_position_ids
    from engine.notation import format_playset
    from engine.position import Position
    from engine.variants import get_variant

    request, problem = _request(line)
    if problem is not None:
        return {"id": None, "error": problem}
    ident = request.get("id")
    try:
        pid = request.get("position")
        if pid is None:
            raise EngineError("bad_position_id", "the request has no position (a Position ID)")
        if not isinstance(pid, str):
            raise EngineError("bad_position_id", "position must be a Position ID string, "
                              f"not {_shown(pid)}")
        if "dice" not in request:
            raise EngineError("bad_dice", "the request has no dice (a list of two numbers)")
        dice = _dice(request["dice"])
        position = Position.from_id(pid, variant)
        # what legal_plays(position, dice, rules) lists, without a Play object per play
        rules_variant = get_variant(variant, rules)
        playset = rules_variant.generate(position.board, *dice)
        texts = format_playset(position.board, playset, rules_variant)
        moves = [{"play": text, "position": after}
                 for text, after in zip(texts, encode_position_ids(playset.boards))]
    except EngineError as error:
        return {"id": ident, "error": error.message}
    except Exception as error:  # noqa: BLE001 - a broken variant must not end the run
        return {"id": ident, "error": f"internal error: {type(error).__name__}: {error}"}
    return {"id": ident, "moves": moves}


def _slow_answer(variant: str, rules: Any, setup_error: str | None) -> Any:
    """The Python answer of one request line (bytes as read, newline included)."""

    def slow(raw: bytes) -> bytes:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            result: dict[str, Any] = {"id": None, "error": "the line is not UTF-8 text"}
        else:
            if setup_error is not None:
                request, _problem = _request(line)
                result = {"id": request.get("id") if request else None, "error": setup_error}
            else:
                result = answer(line, variant, rules)
        return (render(result) + "\n").encode("ascii")

    return slow


def _chunk_answerer(variant: str, rules: Any, slow: Any) -> Any:
    """``answer(chunk) -> bytes`` for whole request lines: the compiled path of
    engine.moves_stream, each line it leaves answered by ``slow``; ``slow`` line by line
    when the compiled path is not available."""

    one_by_one = slow_chunks(slow)
    try:
        from engine.moves_stream import answer_chunk
    except Exception:  # noqa: BLE001 - numba missing or broken: answer in Python
        return one_by_one
    nardy = variant == "nardy"
    block_rule = rules.block_code if nardy and rules is not None else 1

    def compiled(chunk: bytes) -> bytes:
        try:
            return answer_chunk(chunk, nardy, block_rule, slow)
        except Exception:  # noqa: BLE001 - never a traceback: the Python path answers
            return one_by_one(chunk)

    return compiled


class _Lines:
    """Whole lines from a binary stream as soon as they arrive, many at a time: each
    ``next_chunk`` returns the complete lines read so far (b"" at the end of input; a
    last line without a newline comes last)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.read = getattr(stream, "read1", None) or stream.readline
        self.pending: list[bytes] = []

    def next_chunk(self) -> bytes:
        while True:
            data = self.read(1 << 16)
            if not data:
                rest, self.pending = b"".join(self.pending), []
                return rest
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                self.pending.append(data)
                continue
            self.pending.append(data[:cut])
            chunk = b"".join(self.pending)
            self.pending = [data[cut:]] if cut < len(data) else []
            return chunk


def _writer(stdout: IO[str]) -> Any:
    """``write(bytes)`` to standard output (its binary buffer when it has one), flushed."""
    buffer = getattr(stdout, "buffer", None)
    if buffer is not None:
        stdout.flush()

        def write(data: bytes) -> None:
            buffer.write(data)
            buffer.flush()
    else:
        def write(data: bytes) -> None:
            stdout.write(data.decode("ascii"))
            stdout.flush()
    return write


def moves_main(argv: Sequence[str], stdin: IO[bytes] | None = None,
               stdout: IO[str] | None = None) -> int:
    options = _moves_parser().parse_args(list(argv))
    if stdin is None:
        stdin = getattr(sys.stdin, "buffer", None)
    if stdout is None:
        stdout = sys.stdout
    if stdin is None or stdout is None:
        missing = "standard input" if stdin is None else "standard output"
        print(f"python -m engine moves: {missing} is closed", file=sys.stderr)
        return EXIT_UNREADABLE
    rules: Any = None
    setup_error: str | None = None
    if options.variant == "nardy":
        try:
            rules = _nardy_rules(options)
            from engine.variants import get_variant

            get_variant("nardy", rules)
        except Exception as error:  # noqa: BLE001 - missing or broken nardy: answer every line
            setup_error = f"long nardy is not available: {type(error).__name__}: {error}"
    slow = _slow_answer(options.variant, rules, setup_error)
    respond = slow_chunks(slow) if setup_error is not None else _chunk_answerer(
        options.variant, rules, slow)
    lines = _Lines(stdin)
    write = _writer(stdout)
    while True:
        try:
            chunk = lines.next_chunk()
        except (OSError, ValueError) as error:
            print(f"python -m engine moves: cannot read standard input: {error}",
                  file=sys.stderr)
            return EXIT_UNREADABLE
        if not chunk:
            return EXIT_OK
        try:
            write(respond(chunk))
        except OSError:  # the reader went away (a closed pipe): nobody is left to answer
            _silence(stdout)
            return EXIT_OK


def slow_chunks(slow: Any) -> Any:
    """Answer whole lines one by one with ``slow`` (lines end at b"\\n" only)."""

    def answer_lines(chunk: bytes) -> bytes:
        parts = chunk.split(b"\n")
        lines = [part + b"\n" for part in parts[:-1]]
        if parts[-1]:
            lines.append(parts[-1])
        return b"".join(slow(line) for line in lines)

    return answer_lines


def _silence(stdout: IO[str]) -> None:
    """Point standard output at /dev/null so that exiting does not report the closed pipe."""
    if stdout is sys.stdout:
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass


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

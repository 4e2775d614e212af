"""What the dispute pages show: boards (games.board_svg) and verdicts in the reader's
language. The engine's own sentence is kept as the detail; the headline is translated by
its stable code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from disputes.models import Dispute
from engine.errors import EngineError
from engine.position import Position
from games import board_svg
from games.board_svg import BoardPicture, render_board
from games.choices import BlockRule
from games.services.errors import ENGINE_MESSAGES, MOVE_MESSAGES

HEADLINES: dict[str, Any] = {
    **MOVE_MESSAGES,
    "no_transcript": gettext_lazy(
        "No transcript is attached: the director decides on the two statements."
    ),
    "transcript_unreadable": gettext_lazy("The attached transcript cannot be read."),
    "players_differ": gettext_lazy("The transcript's players are not this match's players."),
    "supports_entered": gettext_lazy(
        "The transcript is legal throughout and supports the result entered."
    ),
    "supports_disputer": gettext_lazy(
        "The transcript is legal throughout and supports the dispute: the result differs."
    ),
    "check_failed": gettext_lazy("The engine could not check this dispute."),
}


def headline(verdict: dict[str, Any] | None) -> str:
    """The verdict in one translated sentence (by code; the engine's sentence otherwise)."""
    if not verdict:
        return ""
    code = verdict.get("code") or ("legal" if verdict.get("legal") else "")
    if code in HEADLINES:
        return str(HEADLINES[code])
    error = verdict.get("first_error") or {}
    if code in ENGINE_MESSAGES:
        return str(ENGINE_MESSAGES[code]) % {"game": error.get("game", "?")}
    if error:
        return _("Game %(game)s, turn %(turn)s: %(text)s breaks a rule.") % {
            "game": error.get("game"),
            "turn": error.get("turn"),
            "text": error.get("text"),
        }
    return str(verdict.get("reason", ""))


def judged_under(verdict: dict[str, Any] | None) -> str:
    """The six-point block rule a long-nardy verdict was reached under, in the reader's
    language ("" when the verdict names none: backgammon)."""
    value = (verdict or {}).get("block_rule")
    if value in BlockRule.values:
        return str(BlockRule(value).label)
    return ""


def _names(dispute: Dispute) -> tuple[str, str]:
    match = dispute.match
    if match is None:
        return (_("White"), _("Black"))
    first = match.player1.display_name if match.player1 else _("player 1")
    second = match.player2.display_name if match.player2 else _("player 2")
    return (first, second)


def board(
    dispute: Dispute,
    position_id: str | None = None,
    steps: Any = (),
    dice: tuple[int, int] | None = None,
) -> str:
    """SVG of the dispute's position (or ``position_id``) from the side on roll, with the
    ``steps`` drawn as arrows. Seats: 0 = player 1 / White, 1 = player 2 / Black."""
    try:
        position = Position.from_id(position_id or dispute.position_id, dispute.variant)
    except EngineError:
        return ""
    seat = dispute.on_roll_seat - 1
    on_roll = tuple(int(v) for v in position.board[1])
    waiting = tuple(int(v) for v in position.board[0])
    checkers = (on_roll, waiting) if seat == 0 else (waiting, on_roll)
    picture = BoardPicture(
        variant=dispute.variant,
        checkers=checkers,  # type: ignore[arg-type]
        viewer=seat,
        names=_names(dispute),
        dice=dice,
        mover=seat,
        steps=tuple((int(a), int(b)) for a, b in steps),
        title=position.id,
    )
    return render_board(picture)


@dataclass(frozen=True)
class Alternative:
    notation: str
    position_id: str
    svg: str


def alternatives(dispute: Dispute, limit: int = 6) -> list[Alternative]:
    """The legal plays closest to the claim, each drawn small from the start position."""
    plays = (dispute.verdict or {}).get("legal_plays") or []
    return [
        Alternative(
            play["notation"], play["position_id"], board(dispute, steps=play.get("steps", ()))
        )
        for play in plays[:limit]
    ]


def editor_board(variant: str, position_id: str = "") -> str:
    """The editor's board: the position (empty when none) from the side on roll, with
    transparent click targets for each point, both bars and both trays."""
    checkers: tuple[tuple[int, ...], tuple[int, ...]] = ((0,) * 25, (0,) * 25)
    try:
        if position_id:
            position = Position.from_id(position_id, variant)
            checkers = (
                tuple(int(v) for v in position.board[1]),
                tuple(int(v) for v in position.board[0]),
            )
    except EngineError:
        pass
    svg = render_board(BoardPicture(variant=variant, checkers=checkers, viewer=0))
    return svg.replace("</svg>", "".join(_targets()) + "</svg>")


def _targets() -> list[str]:
    shapes = []
    for point in range(1, 25):
        column, top = board_svg.point_column(point)
        left = board_svg.column_x(column)
        y = board_svg.BOARD_TOP if top else board_svg.BOARD_BOTTOM - board_svg.POINT_HEIGHT
        shapes.append(
            f'<rect class="target" data-target="point" data-point="{point}" x="{left}" y="{y}" '
            f'width="{board_svg.POINT_WIDTH}" height="{board_svg.POINT_HEIGHT}" '
            'fill="transparent" style="cursor:pointer"/>'
        )
    bar_left = board_svg.BAR_CENTRE_X - board_svg.BAR_WIDTH / 2
    half = board_svg.BOARD_HEIGHT / 2
    for target, y in (("bar-own", board_svg.BOARD_TOP), ("bar-other", board_svg.BOARD_TOP + half)):
        shapes.append(
            f'<rect class="target" data-target="{target}" x="{bar_left}" y="{y}" '
            f'width="{board_svg.BAR_WIDTH}" height="{half}" fill="transparent" '
            'style="cursor:pointer"/>'
        )
    top, bottom = board_svg.BOARD_BOTTOM - board_svg.POINT_HEIGHT, board_svg.BOARD_BOTTOM
    shapes.append(
        f'<rect class="target" data-target="off" x="{board_svg.TRAY_LEFT}" y="{top}" '
        f'width="{board_svg.TRAY_WIDTH}" height="{bottom - top}" fill="transparent" '
        'style="cursor:pointer"/>'
    )
    return shapes


def written_steps(notation: str) -> list[tuple[int, int]]:
    """The hops of a play as written (before the engine has expanded it), for arrows."""
    from itertools import pairwise

    from engine.errors import NotationError
    from engine.notation import parse_notation

    try:
        parsed = parse_notation(notation or "")
    except NotationError:
        return []
    hops: list[tuple[int, int]] = []
    for move in parsed.moves:
        hops += list(pairwise(move.points)) * move.count
    return hops


def editor_messages() -> dict[str, str]:
    """What the board editor's script says, in the reader's language."""
    return {
        "incomplete": _("Both sides need checkers on the board."),
        "full": _("A side has 15 checkers."),
        "held": _("The other side holds this point."),
        "no_bar": _("Long nardy has no bar."),
        "play_where": _("Click the bar of the side on roll, a point or its tray."),
        "play_start": _("A move starts on the bar or a point."),
        "play_from": _("From %(point)s: now click where it ends."),
        "play": _("Play: %(play)s"),
    }


def event_text(event: Any) -> str:
    """One line of the audit trail in the reader's language.

    The stored notes are partly codes ("attempt 2", a verdict code, "upheld: ..."), so
    each action is told in a sentence of its own; only what a person typed (a statement,
    a ruling note) is shown as it was written.
    """
    from disputes.models import DisputeEvent, Ruling

    action, note = event.action, (event.note or "").strip()
    if action == DisputeEvent.Action.CHECKING:
        attempt = note.removeprefix("attempt").strip()
        if attempt.isdigit():
            return _("The engine started checking (attempt %(number)s).") % {"number": attempt}
        return _("The engine started checking.")
    if action == DisputeEvent.Action.CHECKED:
        sentence = HEADLINES.get(note)
        if sentence is not None:
            return _("Verdict stored: %(verdict)s") % {"verdict": sentence}
        return _("Verdict stored.")
    if action == DisputeEvent.Action.RULED:
        code, _sep, typed = note.partition(":")
        labels = dict(Ruling.choices)
        if code in labels:
            text = _("Ruled: %(ruling)s.") % {"ruling": labels[code]}
            return f"{text} {typed.strip()}" if typed.strip() else text
        return _("Ruled.") + (f" {note}" if note else "")
    if action == DisputeEvent.Action.SUBMITTED:
        return _("Submitted.") + (f" {note}" if note else "")
    if action == DisputeEvent.Action.REQUEUED:
        return _("The check was queued again.")
    if action == DisputeEvent.Action.WITHDRAWN:
        return _("Withdrawn.")
    return event.get_action_display()

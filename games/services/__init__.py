"""Writes of the games app, one function per action (keyword-only, transactional).

results:     enter_game, remove_last_game, enter_final_score, propose_result, confirm_result,
             dispute_result, override_result
transcripts: upload_transcript, check_transcript, give_up
Errors: ServiceError (code, translated message, field) and NotAllowed.
"""

from games.services.errors import NotAllowed, ServiceError
from games.services.matches import create_match
from games.services.results import (
    confirm_result,
    dispute_result,
    enter_final_score,
    enter_game,
    override_result,
    propose_result,
    remove_last_game,
)
from games.services.transcripts import upload_transcript

__all__ = [
    "NotAllowed",
    "ServiceError",
    "confirm_result",
    "create_match",
    "dispute_result",
    "enter_final_score",
    "enter_game",
    "override_result",
    "propose_result",
    "remove_last_game",
    "upload_transcript",
]

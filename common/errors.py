"""The one family of domain errors: something a person or a client asked for that the
rules refuse. Each has a stable ``code`` (for programs and tests), a ``message`` (a whole
sentence a person can read), the ``field`` at fault when there is one, and the ``params``
its sentence uses.

Every layer's errors derive from :class:`DomainError`: the engine's (``EngineError``), the
games services' (``ServiceError``, ``NotAllowed``), the chouette core's
(``ChouetteError``) and the tournament logic's (``TournamentError``). Pages show them as
form errors or messages; the REST API's exception handler (``common.api``) answers them
with one JSON shape. A layer that translates its sentences by code registers how
(:func:`register_sentence`); the others' messages are already in the reader's language.

No Django here: the engine imports this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any


class DomainError(Exception):
    """An action or an input the domain refuses; nothing has been changed.

    ``status`` is the HTTP status the API answers with: 409 (the request is well formed,
    but the rules or the current state refuse it: 400 is kept for input that does not
    fit the operation's schema), 403 for a refusal of who is asking (``NotAllowed``, or
    any error with the code ``not_allowed``).
    """

    status: int = 409
    # True when ``message`` is already the sentence in the reader's language (a lazy
    # translation), so no table of sentences by code is consulted for it.
    translated: bool = False

    def __init__(
        self,
        code: str,
        message: Any,
        params: Mapping[str, Any] | None = None,
        *,
        field: str | None = None,
    ) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})
        # The field at fault: given, or named by the params (``{"field": "rules_text"}``).
        named = self.params.get("field")
        self.field = field if field is not None else named if isinstance(named, str) else None
        if code == "not_allowed":  # by convention, a refusal of who is asking
            self.status = 403

    def __str__(self) -> str:
        return tidy(str(self.message))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {str(self.message)!r})"


Sentence = Callable[[DomainError], str]
_SENTENCES: dict[type, Sentence] = {}


def register_sentence(error_class: type[DomainError], sentence: Sentence) -> None:
    """Tell how errors of ``error_class`` (and its subclasses) are said in the reader's
    language; the nearest registered class in the error's MRO wins."""
    _SENTENCES[error_class] = sentence


def sentence_of(error: DomainError) -> str:
    """The error's sentence for a person: translated when its layer registered how."""
    for error_class in type(error).__mro__:
        sentence = _SENTENCES.get(error_class)
        if sentence is not None:
            return tidy(sentence(error))
    return tidy(str(error.message))


_DOUBLED_STOP = re.compile(r"(?<!\.)\.\.(?!\.)")


def tidy(text: str) -> str:
    """One sentence, cleanly ended: no surrounding space and no doubled full stop (a
    sentence ending in a quoted name such as "… 'X.'." keeps one)."""
    return _DOUBLED_STOP.sub(".", text.strip())

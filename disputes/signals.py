"""Signals of the disputes' life, for the layers above (notifications). Sent inside the
transaction of the change; receivers only record what happened.

dispute_opened(sender=Dispute, dispute)   a dispute was raised (a move, or a result)
dispute_checked(sender=Dispute, dispute_id)   the engine's verdict was stored
dispute_ruled(sender=Dispute, dispute)   a director ruled (for a result: the ruled score
    is the match's official result now)
"""

from __future__ import annotations

from django.dispatch import Signal

dispute_opened = Signal()
dispute_checked = Signal()
dispute_ruled = Signal()

"""What ladders announce; notifications and webhooks (the layers above) listen. Sent
inside the transaction of the change, so receivers' writes commit with it.

challenge_made(sender=Challenge, challenge=Challenge)
    a player challenged another; the challenged player is to play by ``deadline``.
challenge_decided(sender=Challenge, challenge=Challenge)
    a challenge was played (its result confirmed), forfeited or voided (``status``).
deadline_near(sender=Challenge, challenge=Challenge)
    an open challenge has a day left (sent once per challenge).
player_dropped(sender=Rung, ladder=Ladder, player=Player)
    the sweep took a player off the ladder for inactivity.
"""

from __future__ import annotations

from django.dispatch import Signal

challenge_made = Signal()
challenge_decided = Signal()
deadline_near = Signal()
player_dropped = Signal()

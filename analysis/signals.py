"""Signals of match analysis, for the layers above (notifications).

pr_milestone_reached(sender=PrMilestone, milestone)
    a player earned one of their club's PR milestones (``analysis.milestones``); sent once
    per milestone, inside the transaction that stored it.
"""

from __future__ import annotations

from django.dispatch import Signal

pr_milestone_reached = Signal()

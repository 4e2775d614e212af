"""Signals of the event's life, for the layers above (notifications, webhooks).

Sent inside the transaction that made the change, so a receiver that writes (an outbox
row) commits or rolls back with it. Receivers must be quick and must not fail: they only
record what happened for a worker to act on.

registration_changed(sender=Registration, registration, previous)
    a registration got a new status (``previous``: the status before, "" for a new one):
    accepted, waiting list, promoted from the waiting list (previous "waitlisted"),
    rejected, cancelled.
check_in_opened(sender=Tournament, tournament)
    the check-in window of the event opened (sent once, by the sweep).
pairings_published(sender=Tournament, tournament, pairings, changed)
    matches of the event have both players and are ready to play: sent once per draw,
    round or result, for all of them (``pairings``, in order of flight, round and
    number); ``changed``: the ids of those whose players were announced before and are
    different now (a correction).
rounds_published(sender=Tournament, tournament, rounds)
    rounds were opened: ``rounds`` lists (flight, round) of each round whose first match
    became ready (a knockout round) or that was started; sent once per action.
match_forfeited(sender=Pairing, pairing, winner, absent, reason)
    a walkover: ``absent`` (an Entry) did not play, ``reason`` a Walkover value.
draw_withdrawn(sender=Tournament, tournament, players, occurrence)
    the director took the draw back (``services.draw.undo_draw``): ``players`` (Player
    ids) had been told of a match that no longer stands; ``occurrence`` names this undo.
draw_changed(sender=Tournament, tournament, stamped=())
    the draw moved (a draw made, a round or play-off started, a bracket synced, a
    walkover given or undone); inside the app, the day's services answer it
    (``tournaments.services.day.after_draw_change``: withdrawn players' matches become
    walkovers, ready matches are announced), so the draw services need not import them.
    ``stamped``: the pairings (saved, in memory) the draw made ready and stamped (table,
    clock: ``tournaments.play.ready``), to be announced as they are, without reading them
    again.
"""

from __future__ import annotations

from django.dispatch import Signal

registration_changed = Signal()
check_in_opened = Signal()
pairings_published = Signal()
rounds_published = Signal()
match_forfeited = Signal()
draw_changed = Signal()
draw_withdrawn = Signal()

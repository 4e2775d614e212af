"""Demo content of the money page: the purse of the demo event in divisions (entry fees by
division, a side pool with two players in it, a calcutta with one sale), some fees paid.
Runs after ``tournaments.demo``; safe to repeat (an event with a purse is left alone)."""

from __future__ import annotations

from typing import TextIO

from django.contrib.auth import get_user_model

from money import services
from money.models import EventPurse, PayoutPreset
from tournaments.demo import DIVISIONS_NAME
from tournaments.models import Entry, Tournament
from tournaments.services.registration import set_fee_paid


def populate(stdout: TextIO) -> None:
    event = Tournament.objects.filter(name=DIVISIONS_NAME, parent=None).order_by("pk").first()
    if event is None or EventPurse.objects.filter(tournament=event).exists():
        return
    director = event.club.directors.order_by("pk").first() or get_user_model().objects.first()
    purse = services.save_purse(
        tournament=event, currency="EUR", house_share=10, payout_preset=PayoutPreset.P60_40,
        division_fees={"open": "30", "novice": "15"}, calcutta=True, calcutta_house_share=5)
    entries = list(Entry.objects.filter(tournament__parent=event).select_related("player")
                   .order_by("pk"))
    for entry in entries[::2]:
        set_fee_paid(entry=entry, paid=True, by=director)
    pool = services.add_side_pool(purse=purse, name="Last-longer", entry_fee=5)
    for index, entry in enumerate(entries[:3]):
        services.set_side_pool_entrant(side_pool=pool, entry=entry, joined=True, paid=index < 2)
    services.record_sale(purse=purse, entry=entries[0], buyer="Kamal Huseynov", price=40)
    stdout.write(f"Money of '{event.name}': purse, a side pool, a calcutta sale.\n")

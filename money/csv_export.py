"""The ledger as CSV rows; cells that a spreadsheet would run as a formula are escaped."""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _

from money.selectors import Ledger, PoolBlock

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe(value: object) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def _block(kind: str, block: PoolBlock, currency: str) -> list[list[object]]:
    rows: list[list[object]] = [
        [kind, block.name, _("collected"), "", block.pool.collected, currency],
        [kind, block.name, _("house"), f"{block.house_share} %", block.pool.house, currency],
        [kind, block.name, _("prize pool"), "", block.pool.prizes, currency],
    ]
    if block.fee is not None:
        rows.append([kind, block.name, _("fees paid"), block.paid, block.fee, currency])
        rows.append([kind, block.name, _("fees unpaid"), block.unpaid, block.fee, currency])
    for p in block.payouts:
        place = str(p.first) if p.first == p.last else f"{p.first}–{p.last}"
        who = f"{p.player} ({p.buyer})" if p.buyer else p.player
        rows.append([kind, block.name, _("payout, place %(place)s") % {"place": place}, who,
                     p.amount, currency])
    return rows


def ledger_csv(ledger: Ledger) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("section"), _("pool"), _("line"), _("detail"), _("amount"), _("currency")])
    rows: list[list[object]] = []
    for block in ledger.divisions:
        rows += _block(_("prize pool"), block, ledger.currency)
    for block in ledger.side_pools:
        rows += _block(_("side pool"), block, ledger.currency)
    if ledger.calcutta:
        rows += _block(_("calcutta"), ledger.calcutta, ledger.currency)
    for row in rows:
        writer.writerow([safe(v) for v in row])
    return out.getvalue()

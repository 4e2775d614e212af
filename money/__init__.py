"""The event's money: entry fees, prize pool, house share, payouts, side pools, calcutta.

Money is recorded here, never moved.
"""

"""The signature of a webhook post (no Django here, so receivers can copy the check).

``X-Nardy-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>``.
A receiver recomputes it and compares in constant time, and refuses old timestamps.
"""

from __future__ import annotations

import hashlib
import hmac
import time

from common.bounds import parse_int

HEADER = "X-Nardy-Signature"
TOLERANCE_SECONDS = 300


def sign(secret: str, body: bytes, timestamp: int | None = None) -> str:
    stamp = int(time.time()) if timestamp is None else int(timestamp)
    digest = hmac.new(secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={stamp},v1={digest}"


def verify(secret: str, body: bytes, header: str, now: int | None = None,
           tolerance: int = TOLERANCE_SECONDS) -> bool:
    """True when ``header`` signs ``body`` with ``secret`` and is recent enough."""
    parts = dict(item.split("=", 1) for item in header.split(",") if "=" in item)
    stamp, given = parts.get("t", ""), parts.get("v1", "")
    moment = parse_int(stamp, 0, 2**63 - 1)
    if moment is None or not given:
        return False
    now = int(time.time()) if now is None else now
    if abs(now - moment) > tolerance:
        return False
    expected = sign(secret, body, moment).split("v1=", 1)[1]
    return hmac.compare_digest(expected, given)

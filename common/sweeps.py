"""The bottom layer's part of the periodic sweep: forget expired idempotency keys."""

from common.idempotency import forget_expired


def sweep() -> None:
    forget_expired()

"""What the federations app announces (the notifications app listens): sent inside the
transaction of the change, with the affiliation."""

from django.dispatch import Signal

affiliation_asked = Signal()  # affiliation
affiliation_decided = Signal()  # affiliation (accepted, declined or ended)

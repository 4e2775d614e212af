"""Background work, one path for all of it: a transactional outbox.

Whatever asks for background work (a transcript to check, a dispute to check, an email
to send) calls ``outbox.services.enqueue`` inside its own transaction. That writes one
``Message`` row beside the data the work will read, so the two are saved together or
not at all, and answers at once. Once the transaction commits, the row is published to
Celery with a short broker timeout (``NARDY_BROKER_TIMEOUT``, half a second): when the
broker is down the request still succeeds, the failure is only logged, and this process
leaves publishing to the sweep for a few seconds. The periodic sweep (celery beat, task
``outbox.sweep``, every ``NARDY_OUTBOX_SWEEP_SECONDS``) publishes every row that is due:
never published, published but not done within its lease (the worker died, the broker
lost it), or failed and waiting for its backoff. The worker runs the task and marks the
row done; a message delivered again after that (Redis redelivers, the sweep published it
twice) finds the row done and does nothing. Rows are done exactly once; a handler can
still run twice if its worker dies between doing the work and marking the row, so a
handler is written to be safe to run twice.

Adding a kind of background work:

1. In your app's ``tasks.py`` (Celery finds it), register a handler under a stable name.
   Its arguments are JSON values (ids, strings), never model instances::

       from outbox.registry import task

       @task(name="games.tasks.check_transcript", lease=timedelta(minutes=5))
       def check_transcript(transcript_id: int) -> None:
           ...  # load by id, do the work, store the outcome; safe to run twice

   ``lease``: how long a published row may go undone before the sweep publishes it
   again; ``max_attempts``: publications before it is given up (``FAILED``), when
   ``on_give_up(*args)`` runs, if given. An exception in the handler is logged and the
   row retried after a backoff (``OUTBOX_BACKOFF_SECONDS``, doubling, at most
   ``OUTBOX_BACKOFF_MAX_SECONDS``). Celery options (``time_limit``, ``queue``) pass
   through.
2. Where the work is asked for, in the same transaction as the data it reads::

       from outbox.services import enqueue

       enqueue("games.tasks.check_transcript", transcript.pk, key=f"transcript-check:{transcript.pk}")

   ``key`` is the idempotency key: the same key twice is one piece of work (the second
   call returns the first row). Choose it so that it names the work, not the request.

Emails: ``outbox.mail.send_email_later(to=..., subject=..., body=..., key=...)`` renders
nothing itself (render the text in the reader's language first) and sends it through
Django's email backend from a worker.

This app sits at the bottom of the project: it imports Django and Celery only, so every
layer (engine aside) may use it.
"""

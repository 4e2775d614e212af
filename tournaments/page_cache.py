"""The public fragments of an event's pages (bracket, crosstable, standings), cached.

These fragments are the same for every viewer (display names only, no forms) and are
the busiest reads of the site: every open bracket polls its fragment every 10 seconds.
Each is rendered once per *version* of its tournament and kept in the cache:

- a tournament's version is a random token in the cache, dropped by every write to what
  the fragments show: the event's entries and pairings, the matches of its pairings and
  the players of its entries. ``touch`` is called by the signal receivers below and by
  the querysets of Entry and Pairing for their bulk writes;
- the key also holds a digest of the tournament's own row (its name, state, format and
  options are on the page), the language, and a digest of the code and templates that
  render it (a new release never serves an old page).

Each version has its HTTP entity tag (``lookup(...).etag``, carried by the fragment as
``data-etag``): a poll that sends it back is answered 304 Not Modified after one cache read
and no rendering. The API keeps its standings here too.

A player's own list of matches ("my matches", the API's "my pairings": ``for_player``) is
kept per version of the *player*, not of their events (a league's changes with every
result, a player's only when they play), and checked against the *frames* of their
events: a frame is a second version of an event, dropped only by what reaches every
entrant's list (the event's row, a pairing drawn or deleted, an entry, a name; see
``touch_frames``), not by a result. A player's version is dropped by the writes to their
own matches, pairings, results and entries (``touch_players``).

The site's own pages that show many events at once, the same for everyone (the home
page's public sections, a visitor's tournament list) are kept under a site-wide version
(``site_fragment``), dropped by any write to what they show (``touch_site``).

Each web process also keeps the values it read or rendered lately in its own memory
(``_LOCAL``, bounded): a key names one version of what it shows (the version, digest or
signature is part of it), so a value under a key never changes and the copy is exact. A
busy fragment is then fetched from the shared cache and unpickled once per process and
version instead of on every request (a 50-player league's tables are ~100 kB pickled).

Safe under races: a version is dropped at the write and again once it is committed, so a
reader that rendered older data meanwhile filed it under a version nobody asks for any
more. The cache
being down only costs the time to render: every cache call is guarded. In a set-up with
several web processes the cache must be shared by them (NARDY_CACHE_URL, see
``enabled``), else the page cache stays off.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache as memoize
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import translation

from common import live
from common.bulk import create_objects, update_rows

log = logging.getLogger(__name__)
T = TypeVar("T")

TIMEOUT = 60 * 60  # seconds a fragment is kept at most (its version usually changes first)
# One request renders a missing fragment, the others asking for it meanwhile wait (seconds):
RENDER_WAIT = 2.0  # at most this long, then render it themselves
RENDER_POLL = 0.02  # looking for the value this often
RENDER_LOCK_TIMEOUT = 10  # a renderer that died holds the others back no longer
SITE_KEY = "nardy:pages:site:version"
EVENTS_KEY = "nardy:pages:site:events:version"
LOCAL_ENTRIES = 256  # values a process keeps in its own memory at most
LOCAL_BYTES = 32 * 1024 * 1024  # and their size at most (a string's length; else an estimate)
LOCAL_OBJECT_SIZE = 256 * 1024  # what a value other than a string is counted as


class _LocalValues:
    """The values of the shared cache this process read or stored lately, the least
    recently used dropped first. Only for keys whose value never changes (each names a
    version of what it shows); thread-safe (gunicorn's threads share it)."""

    def __init__(self, entries: int, size: int) -> None:
        self.entries, self.size = entries, size
        self._values: OrderedDict[str, tuple[Any, int]] = OrderedDict()
        self._used = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> Any:
        with self._lock:
            found = self._values.get(key)
            if found is None:
                return None
            self._values.move_to_end(key)
            return found[0]

    def put(self, key: str, value: Any) -> None:
        weight = len(value) if isinstance(value, (str, bytes)) else LOCAL_OBJECT_SIZE
        if weight > self.size:
            return
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self._used -= old[1]
            self._values[key] = (value, weight)
            self._used += weight
            while len(self._values) > self.entries or self._used > self.size:
                _key, (_value, dropped) = self._values.popitem(last=False)
                self._used -= dropped

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self._used = 0


_LOCAL = _LocalValues(LOCAL_ENTRIES, LOCAL_BYTES)


# True inside ``held()``: writes that will be rolled back (a draw's preview) leave the
# cache alone, neither dropping versions nor keeping fragments.
_held: ContextVar[bool] = ContextVar("page_cache_held", default=False)


def enabled() -> bool:
    return bool(getattr(settings, "NARDY_PAGE_CACHE", False)) and not _held.get()


@contextmanager
def held() -> Iterator[None]:
    """Inside: the page cache is left as it is (for work that is rolled back)."""
    token = _held.set(True)
    try:
        yield
    finally:
        _held.reset(token)


# The second version of an event: dropped by what changes its tables (results decided,
# entries, names, the event's row), not by what only its day's running shows (tables
# assigned, presence, forfeit times, results waiting for the opponent). A league's
# crosstable, standings and the API's standings follow it: set-table clicks and entered
# results no longer make a busy league's tables be worked out again.
RESULTS = "results"
# A pairing's fields no table, crosstable or standings show.
SCHEDULE_FIELDS = frozenset({"table", "ready_at", "forfeit_at", "top_present_at",
                             "bottom_present_at", "announced_for"})


def fragment(tournament: Any, name: str, render: Callable[[], T], *,
             extra: Sequence[str] = (), row_only: bool = False, results_only: bool = False) -> T:
    """The fragment ``name`` of ``tournament``: from the cache, or ``render()`` kept there.
    ``extra``: anything else the fragment shows that no version follows (the minute of a
    clock, the club's name). ``render`` may return any picklable value (the API keeps its
    answers' data here). ``row_only``: it shows the tournament's own row and nothing of its
    entries, pairings or matches (a form of its settings): kept across versions."""
    return lookup(tournament, name, extra=extra, row_only=row_only,
                  results_only=results_only).value(render)


@dataclass(frozen=True)
class Cached:
    """One fragment of one version of an event: its key in the cache and its entity tag."""

    key: str | None  # None: the page cache is off or unavailable
    # the event's version it was looked up under (its key in the cache, and the value):
    # what a poll's early answer checks (``common.live.remember``); None for a row's form
    version_key: str | None = None
    version: str | None = None

    @property
    def etag(self) -> str | None:
        """The HTTP entity tag of this fragment: it changes with the version of the event
        (and the language, the release, the tournament's row, ``extra``), so a poll that
        sends it back is answered 304 after one cache read, without rendering."""
        if self.key is None:
            return None
        return '"' + hashlib.blake2b(self.key.encode(), digest_size=12).hexdigest() + '"'

    def value(self, render: Callable[[], T]) -> T:
        return render() if self.key is None else _get_or_render(self.key, render)

    def note_poll(self, request: Any, seconds: int = TIMEOUT) -> None:
        """This entry is what ``request`` (a poll) was answered: an anonymous visitor's
        next poll with its tag is answered 304 before the view while the event's version
        stays (``common.live.remember``; ``seconds``: at most that long)."""
        if request.htmx:
            live.remember(request, self.etag, self.version_key, self.version, seconds)


def lookup(tournament: Any, name: str, *, extra: Sequence[str] = (),
           row_only: bool = False, results_only: bool = False) -> Cached:
    """The cache entry of the fragment ``name`` of ``tournament`` as it is now."""
    if not enabled():
        return Cached(None)
    try:
        if row_only:
            return Cached(_key(tournament, name, extra, "row"))
        aspect = RESULTS if results_only else ""
        version = _version(tournament.pk, aspect)
        return Cached(_key(tournament, name, extra, version), _version_key(tournament.pk, aspect),
                      version)
    except Exception:  # the cache is down: render, as without it
        log.warning("page cache unavailable", exc_info=True)
        return Cached(None)


def for_player(name: str, player_id: int, owner: str, tournaments: Callable[[], Iterable[int]],
               render: Callable[[], T], *, extra: Sequence[str] = ()) -> T:
    """A value of one player's own (their matches), kept per version of the player and
    checked against the frames of their events (see the module's notes): a kept copy costs
    three cache reads and no query. ``owner`` says whose copy it is (part of the key: a copy
    is never served to someone else); ``tournaments()`` gives the events the value may show
    (read only when it is worked out); ``extra``: anything else it shows (the language is
    in the key already)."""
    if not enabled():
        return render()
    try:
        key = ":".join(("nardy:pages", _release(), name, owner, translation.get_language() or "",
                        _versions([_player_key(player_id)])[_player_key(player_id)],
                        _digest(extra)))  # fmt: skip
        kept = cache.get(key)
        if kept is not None:
            frames, value = kept
            if not frames or cache.get_many(list(frames)) == frames:
                return value
        # The versions are read before the data (see the module's note on races).
        frames = _versions([_frame_key(pk) for pk in set(tournaments())])
    except Exception:  # the cache is down: render, as without it
        log.warning("page cache unavailable", exc_info=True)
        return render()
    value = render()
    try:
        cache.set(key, (frames, value), TIMEOUT)
    except Exception:
        log.warning("page cache unavailable", exc_info=True)
    return value


def site_fragment(name: str, render: Callable[[], T], *, extra: Sequence[str] = (),
                  events_only: bool = False) -> T:
    """A fragment of the site's own pages that shows many events, clubs, matches and
    ratings, the same for everyone (the home page's public sections): kept per language
    under the site's version, dropped by any write to what such a fragment may show
    (``touch_site``). ``events_only``: it shows only the events' and clubs' own rows (the
    tournament list), kept under their version (not dropped by a result). ``extra``:
    anything else it shows (the day, the page's address)."""
    if not enabled():
        return render()
    version = EVENTS_KEY if events_only else SITE_KEY
    try:
        key = ":".join(("nardy:pages", _release(), "site", name, translation.get_language() or "",
                        _versions([version])[version], _digest(extra)))  # fmt: skip
    except Exception:  # the cache is down: render, as without it
        log.warning("page cache unavailable", exc_info=True)
        return render()
    return _get_or_render(key, render)


def touch_site(*, events: bool = False) -> None:
    """What the site's own pages show of events, clubs, matches or ratings changes: drop
    the site's version once the change commits; ``events``: an event's or a club's own
    row changed (the version of the fragments that show only those too)."""
    if enabled():
        _drop_twice([SITE_KEY, EVENTS_KEY] if events else [SITE_KEY])


def touch_events(tournament_ids: Iterable[int]) -> None:
    """These events' own rows changed (saved or bulk-updated): their pages' versions (a
    poll's early answer reads no row, ``common.live``), the frames of their entrants' own
    lists, and the site's pages that list events."""
    ids = list(tournament_ids)
    touch(ids)
    touch_site(events=True)
    touch_frames(ids)


def touch_players(player_ids: Iterable[int | None]) -> None:
    """These players' own lists change (a match, pairing, result or entry of theirs): drop
    their versions once the change commits."""
    if enabled():
        _drop_twice(sorted({_player_key(pk) for pk in player_ids if pk is not None}))


def touch_frames(tournament_ids: Iterable[int | None]) -> None:
    """What every entrant's own list shows of these events changes (the event's row, its
    rounds' shapes, an entry, a name): drop the events' frames once the change commits."""
    if enabled():
        _drop_twice(sorted({_frame_key(pk) for pk in tournament_ids if pk is not None}))


def _player_key(pk: int) -> str:
    return f"nardy:pages:player:{pk}:version"


def _frame_key(pk: int) -> str:
    return f"nardy:pages:tournament:{pk}:frame"


def _versions(keys: list[str]) -> dict[str, str]:
    """The versions under these keys, a new one made for each missing: one read when all
    are there."""
    found = cache.get_many(keys)
    missing = [key for key in keys if key not in found]
    if missing:
        for key in missing:
            cache.add(key, uuid.uuid4().hex, TIMEOUT)
        found.update(cache.get_many(missing))
    if any(key not in found for key in keys):
        # the cache answers nothing (it is down): no version, so nothing may be kept under
        # one, not even in this process's memory (a write could not drop it)
        raise CacheUnavailable(f"no version for {[key for key in keys if key not in found]}")
    return {key: found[key] for key in keys}


class CacheUnavailable(Exception):
    """The shared cache gave no version: render, keep nothing."""


def kept_each(name: str, digests: Sequence[str],
              render_missing: Callable[[list[int]], Sequence[str]]) -> list[str]:
    """Several small values (the rows of a console's list), each kept under a digest of
    what it shows (``digests``, in order). One cache read for them all; only the missing
    ones are rendered, together: ``render_missing`` gets their positions and gives their
    values in that order (a director's console of a busy league shows 50 rows, of which a
    result changes one)."""
    if not enabled():
        return list(render_missing(list(range(len(digests)))))
    language = translation.get_language() or ""
    keys = [f"nardy:pages:{_release()}:{name}:{language}:{digest}" for digest in digests]
    found = {key: value for key in keys if (value := _LOCAL.get(key)) is not None}
    wanted = [key for key in keys if key not in found]
    try:
        shared = cache.get_many(wanted) if wanted else {}
    except Exception:  # the cache is down: render, as without it
        log.warning("page cache unavailable", exc_info=True)
        shared = {}
    for key, value in shared.items():
        _LOCAL.put(key, value)
    found.update(shared)
    values: list[str | None] = [found.get(key) for key in keys]
    missing = [index for index, value in enumerate(values) if value is None]
    if missing:
        rendered = list(render_missing(missing))
        for index, value in zip(missing, rendered, strict=True):
            values[index] = value
            _LOCAL.put(keys[index], value)
        try:
            cache.set_many({keys[index]: value for index, value in zip(missing, rendered, strict=True)},
                           TIMEOUT)
        except Exception:
            log.warning("page cache unavailable", exc_info=True)
    return values  # type: ignore[return-value]  # every one found or rendered


def _get_or_render(key: str, render: Callable[[], T]) -> T:
    value = _LOCAL.get(key)
    if value is not None:
        return value
    try:
        value = cache.get(key)
    except Exception:  # the cache is down: render, as without it
        log.warning("page cache unavailable", exc_info=True)
        return render()
    if value is None:
        return _render_once(key, render)
    _LOCAL.put(key, value)
    return value


def _render_once(key: str, render: Callable[[], T]) -> T:
    """Render ``key`` and keep it, unless another request is rendering the same key right
    now: then wait for its value instead of working it out again. When a result changes
    a busy event, every open page polls its fragment within seconds; on a loaded server
    each of them rendering it (each slower for the others) would outlast the version.
    A renderer that fails or is slow leaves the others to render after RENDER_WAIT."""
    lock = f"{key}:rendering"
    try:
        mine = cache.add(lock, 1, RENDER_LOCK_TIMEOUT)
    except Exception:  # the cache is down: render, as without it
        log.warning("page cache unavailable", exc_info=True)
        return render()
    if not mine:
        deadline = time.monotonic() + RENDER_WAIT
        while time.monotonic() < deadline:
            time.sleep(RENDER_POLL)
            try:
                value = cache.get(key)
            except Exception:
                log.warning("page cache unavailable", exc_info=True)
                break
            if value is not None:
                _LOCAL.put(key, value)
                return value
    try:
        value = render()
        _LOCAL.put(key, value)
        try:
            cache.set(key, value, TIMEOUT)
        except Exception:
            log.warning("page cache unavailable", exc_info=True)
    finally:
        if mine:
            _drop([lock])
    return value


def touch(tournament_ids: Iterable[int | None], *, results: bool = True) -> None:
    """The pages of these tournaments change: drop their versions once the change commits.
    ``results=False``: only what is shown of the day's running (a match's table, its
    players' presence, a result waiting for confirmation), not what the tables show (the
    fragments looked up with ``results_only`` keep their version)."""
    if not enabled():
        return
    aspects = ("", RESULTS) if results else ("",)
    _drop_twice(sorted({_version_key(pk, aspect) for pk in tournament_ids if pk is not None
                        for aspect in aspects}))  # fmt: skip


def _drop_twice(keys: list[str]) -> None:
    """Drop these versions now (the writing request's own next read sees its change even
    before the commit, and so does a test inside its transaction), and again once
    committed: a reader in between may have kept the older data under the version made
    meanwhile."""
    if keys:
        _drop(keys)
        transaction.on_commit(lambda: _drop(keys))


def _drop(keys: list[str]) -> None:
    try:
        cache.delete_many(keys)
    except Exception:  # a fragment outlives its data by TIMEOUT at most
        log.warning("page cache: could not drop %s", keys, exc_info=True)


def _version_key(pk: int, aspect: str = "") -> str:
    return f"nardy:pages:tournament:{pk}:version" + (f":{aspect}" if aspect else "")


def _version(pk: int, aspect: str = "") -> str:
    key = _version_key(pk, aspect)
    return _versions([key])[key]


def row_digest(row: Any) -> str:
    """A digest of a model row's own values (a tournament's, its club's)."""
    values = [repr(field.value_from_object(row)) for field in row._meta.concrete_fields]
    return hashlib.blake2b("\x1f".join(values).encode(), digest_size=12).hexdigest()


def _key(tournament: Any, name: str, extra: Sequence[str], version: str) -> str:
    return ":".join(("nardy:pages", _release(), str(tournament.pk), name,
                     translation.get_language() or "", version,
                     row_digest(tournament), _digest(extra)))  # fmt: skip


def _digest(values: Sequence[str]) -> str:
    return hashlib.blake2b("\x1f".join(values).encode(), digest_size=8).hexdigest() if values else ""


@memoize
def _release() -> str:
    """A digest of the code and templates that render the fragments, once per process."""
    root = Path(settings.BASE_DIR)
    digest = hashlib.blake2b(digest_size=8)
    for folder, pattern in (("tournaments", "**/*.py"), ("tournaments", "**/*.html"),
                            ("nardy_site", "**/*.py"), ("games", "**/*.py"), ("clubs", "**/*.py"),
                            ("templates", "**/*.html"), ("locale", "**/*.mo"),
                            ("tournaments", "**/*.mo"), ("common", "**/*.py")):  # fmt: skip
        for path in sorted((root / folder).glob(pattern)):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class RowTouchingQuerySet:
    """A mixin for the tournaments' own queryset: a bulk update of event rows drops what
    saving one does (``touch_events``)."""

    def update(self, **kwargs: Any) -> int:
        ids = list(self.values_list("pk", flat=True)) if enabled() else []
        count = super().update(**kwargs)  # type: ignore[misc]
        touch_events(ids)
        return count


class TouchingQuerySet:
    """A mixin for the querysets of models with a ``tournament``: bulk writes, which send
    no signals, drop the versions of the tournaments they change, and what they change of
    the players' own lists (``for_player``): the frames of the events when they write a
    field of ``frame_fields`` or make rows, else the versions of the players of the rows'
    matches (``seated``; none: the model's other fields show in no one's own list)."""

    frame_fields: frozenset[str] = frozenset()
    seated: tuple[str, ...] = ()

    def update(self, **kwargs: Any) -> int:
        frame = self._reaches_frames(kwargs)
        columns = ("tournament_id", *(() if frame else self.seated))
        rows = list(self.values_list(*columns).distinct()) if enabled() else []
        count = super().update(**kwargs)  # type: ignore[misc]
        moved_to = kwargs.get("tournament_id", getattr(kwargs.get("tournament"), "pk", None))
        ids = [row[0] for row in rows] + [moved_to]
        # after the write: see the module's note on races
        touch(ids, results=not self._schedule_only(kwargs))
        if frame:
            touch_frames(ids)
        else:
            touch_players(pk for row in rows for pk in row[1:])
        return count

    def bulk_update(self, objs: Iterable[Any], fields: Any, *args: Any, **kwargs: Any) -> int:
        """Each row its own values, set-based (``common.bulk.update_rows``: one statement a
        batch, not Django's ``CASE WHEN`` per row and field)."""
        objs, fields = list(objs), list(fields)
        count = update_rows(self.model, objs, fields, using=self.db)  # type: ignore[attr-defined]
        touch((obj.tournament_id for obj in objs), results=not self._schedule_only(fields))
        if self._reaches_frames(fields):
            touch_frames(obj.tournament_id for obj in objs)
        elif enabled():
            touch_players(self.seated_players(objs))
        return count

    # fields of these rows that only the day's running shows (``touch``'s ``results``)
    schedule_fields: frozenset[str] = frozenset()
    tables_show_them = True  # False: no table shows these rows (the change log)

    def _schedule_only(self, fields: Iterable[str]) -> bool:
        fields = set(fields)
        return not self.tables_show_them or (bool(fields) and fields <= self.schedule_fields)

    def bulk_create(self, objs: Iterable[Any], *args: Any, **kwargs: Any) -> list[Any]:
        """New rows (``common.bulk.create_objects``: one statement a batch, each value
        prepared once) unless Django's options are asked for."""
        objs = list(objs)
        if args or kwargs or any(obj.pk is not None for obj in objs):
            created = super().bulk_create(objs, *args, **kwargs)  # type: ignore[misc]
        else:
            created = create_objects(self.model, objs, using=self.db)  # type: ignore[attr-defined]
        touch((obj.tournament_id for obj in created), results=self.tables_show_them)
        touch_frames(obj.tournament_id for obj in created)
        # a new entry's player: their copy did not look at this event's frame yet
        touch_players(getattr(obj, "player_id", None) for obj in created)
        return created

    def seated_players(self, objs: list[Any]) -> list[int]:
        """The players whose own lists show these rows (besides the frames): the model's."""
        return []

    def _reaches_frames(self, fields: Iterable[str]) -> bool:
        """Whether writing these fields changes what every entrant's own list shows."""
        return any(field.removesuffix("_id") in self.frame_fields for field in fields)

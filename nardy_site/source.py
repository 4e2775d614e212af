"""The running program's source, as the AGPL (section 13) asks a network service to offer
it to everyone who uses it: every page's footer links here, unless NARDY_SOURCE_URL names a
public copy. The archive is made from the files this process runs (the project folder),
never from what the site stores: the database, uploads, mail, the virtualenv, npm's
folder and hidden files (an environment file with secrets) are left out."""

from __future__ import annotations

import functools
import io
import os
import tarfile
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

# Folders that are not the program: what the site keeps (var/), installed libraries, caches
# and the collected static files of a deployment.
LEFT_OUT = {".git", ".venv", "node_modules", "var", "__pycache__", ".pytest_cache",
            ".hypothesis", ".ruff_cache", "static_collected"}
LEFT_OUT_SUFFIXES = (".pyc", ".sqlite3", ".sqlite3-journal", ".sqlite3-wal", ".sqlite3-shm",
                     ".log", ".nbi", ".nbc")
KEPT_HIDDEN = {".ci"}  # CI's script is part of how the program is built and tested
ARCHIVE_ROOT = "nardy"


def source_files(root: Path) -> list[Path]:
    """The program's files below `root`, in a stable order (left-out folders are not
    walked at all: a virtualenv holds tens of thousands of files)."""
    static_root = Path(settings.STATIC_ROOT).resolve() if settings.STATIC_ROOT else None
    found = []
    for folder, subfolders, files in os.walk(root):
        here = Path(folder)
        subfolders[:] = sorted(
            name for name in subfolders
            if name not in LEFT_OUT and not (name.startswith(".") and name not in KEPT_HIDDEN)
            and (here / name).resolve() != static_root)
        for name in sorted(files):
            path = here / name
            if name.startswith(".") or name.endswith(LEFT_OUT_SUFFIXES) or path.is_symlink():
                continue
            found.append(path)
    return found


@functools.lru_cache(maxsize=1)
def source_archive() -> bytes:
    root = Path(settings.BASE_DIR)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for path in source_files(root):
            info = archive.gettarinfo(str(path), arcname=f"{ARCHIVE_ROOT}/{path.relative_to(root)}")
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with path.open("rb") as handle:
                archive.addfile(info, handle)
    return buffer.getvalue()


@require_safe
def source(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(source_archive(), content_type="application/gzip")
    response["Content-Disposition"] = 'attachment; filename="nardy-source.tar.gz"'
    return response

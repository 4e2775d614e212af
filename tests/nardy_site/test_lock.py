"""The install is the same everywhere: Python dependencies come from requirements.lock
(exact versions, with hashes, for Python 3.11 and 3.12), and every way of installing
(the Makefile, the image, CI) installs exactly that lock and the project on top of it."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

BASE_DIR = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^ ;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def pins(path: Path, python: str) -> dict[str, str]:
    """The lock's pins that apply on Linux/CPython at `python` (3.11 or 3.12)."""
    environment = {**default_environment(), "python_version": python,
                   "python_full_version": f"{python}.5", "sys_platform": "linux",
                   "platform_python_implementation": "CPython", "implementation_name": "cpython"}
    found: dict[str, str] = {}
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        match = PIN.match(line)
        if not match:
            continue
        name, version, marker = match.groups()
        # every pin carries hashes on its following lines
        assert lines[number + 1].strip().startswith("--hash=sha256:"), f"{path.name}: {name}"
        if marker and not Requirement(f"x; {marker}").marker.evaluate(environment):
            continue
        found[canonicalize_name(name)] = version
    return found


def project() -> dict:
    return tomllib.loads((BASE_DIR / "pyproject.toml").read_text())["project"]


def test_every_dependency_is_pinned_with_a_hash_for_both_pythons() -> None:
    wanted = [Requirement(r) for r in project()["dependencies"]]
    for extra in ("dev", "postgres"):
        wanted += [Requirement(r) for r in project()["optional-dependencies"][extra]]
    for python in ("3.11", "3.12"):
        locked = pins(BASE_DIR / "requirements.lock", python)
        for requirement in wanted:
            name = canonicalize_name(requirement.name)
            assert name in locked, f"{name} is not in requirements.lock for Python {python}"
            assert requirement.specifier.contains(locked[name], prereleases=True), (
                f"requirements.lock pins {name}=={locked[name]}, outside pyproject.toml's "
                f"{requirement.specifier}: run `make lock`")
        # the project installs itself without build isolation: its backend is locked too
        assert {"setuptools", "wheel"} <= set(locked)


def test_the_image_installs_the_same_versions_less_the_test_tools() -> None:
    for python in ("3.11", "3.12"):
        everything = pins(BASE_DIR / "requirements.lock", python)
        image = pins(BASE_DIR / "deploy" / "requirements.lock", python)
        for name, version in image.items():
            assert everything.get(name) == version, f"deploy/requirements.lock: {name}"
        assert "playwright" not in image and "psycopg" in image and "gnubg" in image


def test_this_environment_is_the_lock() -> None:
    """What `make test` runs on is exactly what the lock says (the install stamp follows
    requirements.lock, so an edited lock is installed before the next run)."""
    locked = pins(BASE_DIR / "requirements.lock", "3.12" if sys.version_info >= (3, 12) else "3.11")
    differ = {}
    for name, version in locked.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            differ[name] = (version, None)
            continue
        if installed != version:
            differ[name] = (version, installed)
    assert not differ, f"locked vs installed: {differ}"


def test_every_install_path_installs_the_lock() -> None:
    makefile = (BASE_DIR / "Makefile").read_text()
    assert "--require-hashes" in makefile and "-r requirements.lock" in makefile
    assert "--no-deps --no-build-isolation -e ." in makefile
    assert re.search(r"^\$\(PIP_STAMP\): requirements\.lock", makefile, re.MULTILINE)
    dockerfile = (BASE_DIR / "deploy" / "Dockerfile").read_text()
    assert "--require-hashes --no-deps -r deploy/requirements.lock" in dockerfile
    assert 'pip install -e "' not in dockerfile
    assert "make test" in (BASE_DIR / ".ci" / "run").read_text()
    assert re.search(r"^lock:", makefile, re.MULTILINE), "the documented upgrade command"


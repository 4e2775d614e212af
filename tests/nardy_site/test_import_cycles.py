"""No import circles anywhere in the project, counting every import: those inside
functions and under ``TYPE_CHECKING`` too (a lazy import is still a dependency; if two
modules need each other, a third one is missing). See docs/architecture.md.

The graph is grimp's (the library import-linter is built on), so it is the same graph the
contracts in pyproject.toml are checked against.
"""

from __future__ import annotations

import grimp
import pytest

PACKAGES = (
    "common", "engine", "outbox", "clubs", "games", "tournaments", "chouette", "disputes",
    "leaderboard", "money", "nardy_site", "notifications", "webhooks", "accounts",
    "federations",
)


def strongly_connected(graph: grimp.ImportGraph) -> list[set[str]]:
    """The import graph's strongly connected components of more than one module (Tarjan,
    written iteratively: the graph is deeper than Python's recursion limit allows)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[set[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            for child in children:
                if child not in graph.modules:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[module] = min(low[module], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(component)
    return found


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, include_external_packages=False, cache_dir=None)


def test_the_finder_sees_a_circle() -> None:
    """The check itself works: a graph with a circle has one component."""
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c", "d"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert strongly_connected(graph) == [{"a", "b", "c"}]


def test_no_import_circles(graph: grimp.ImportGraph) -> None:
    circles = strongly_connected(graph)
    described = ["; ".join(sorted(circle)) for circle in circles]
    assert circles == [], "import circles:\n" + "\n".join(described)

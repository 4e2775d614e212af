"""The users of the load benchmark (run by benchmarks/load.py, not on its own).

Two kinds of simulated people, with think time between actions:
  Visitor  (anonymous) browses: home, tournaments, a tournament, its bracket, standings and
           crosstable, the rankings, a match page;
  Player   (signed in) looks at their matches and a match page, enters final scores,
           confirms the opponent's, disputes some results and some moves.
Writes go through the REST API with the players' tokens (what the pages' forms and
a phone client do); every request is named "read: ..." or "write: ..." so the driver can
report per class. Each request's time and outcome is written to NARDY_LOAD_SAMPLES.
"""

from __future__ import annotations

import json
import os
import random
from collections import deque
from typing import Any

from locust import HttpUser, between, events, task
from locust.clients import HttpSession

DATA: dict[str, Any] = json.loads(open(os.environ["NARDY_LOAD_DATA"]).read())  # noqa: SIM115
SAMPLES: list[tuple[str, float, str]] = []  # name, milliseconds, error ("" when fine)
FRESH: deque[dict[str, Any]] = deque(DATA["matches"])  # matches with no result yet
ENTERED: deque[dict[str, Any]] = deque()  # results waiting for the opponent
MOVE = {"position_id": "eO8DABj/P4AAAA", "dice": [6, 2], "notation": "10/8"}


@events.request.add_listener
def _record(name: str, response_time: float, exception: Any = None, **_: Any) -> None:
    SAMPLES.append((name, response_time, "" if exception is None else str(exception)[:300]))


@events.quitting.add_listener
def _dump(**_: Any) -> None:
    with open(os.environ["NARDY_LOAD_SAMPLES"], "w") as out:
        json.dump(SAMPLES, out)


def _expect(response: Any, status: int) -> None:
    if response.status_code != status:
        response.failure(f"{response.status_code} (expected {status}): {response.text[:200]}")
    else:
        response.success()


class Browsing(HttpUser):
    abstract = True

    def read(self, name: str, url: str, **kwargs: Any) -> None:
        with self.client.get(url, name=f"read: {name}", catch_response=True, **kwargs) as r:
            _expect(r, 200)

    def browse_tournament(self) -> None:
        event = random.choice(DATA["tournaments"])
        page = random.choice(event["pages"])
        self.read(page, event["urls"][page])


class Visitor(Browsing):
    weight = 3
    wait_time = between(1, 4)

    @task(2)
    def home(self) -> None:
        self.read("home", "/")

    @task(1)
    def tournaments(self) -> None:
        self.read("tournament list", "/tournaments/")

    @task(8)
    def tournament_page(self) -> None:
        self.browse_tournament()

    @task(2)
    def rankings(self) -> None:
        self.read("rankings", "/rankings/")

    @task(3)
    def match(self) -> None:
        self.read("match", random.choice(DATA["match_urls"]))


class Player(Browsing):
    weight = 2
    wait_time = between(2, 6)

    def on_start(self) -> None:
        me = DATA["sessions"][random.randrange(len(DATA["sessions"]))]
        self.client.cookies.set("sessionid", me["sessionid"])
        # The API client: no session cookie (with one, the API would ask for a CSRF token),
        # a token per request (the player of the match who acts).
        self.api = HttpSession(self.host, self.environment.events.request, self)

    def write(self, name: str, url: str, token: str, body: dict[str, Any], status: int) -> Any:
        headers = {"Authorization": f"Token {token}"}
        with self.api.post(url, json=body, headers=headers, name=f"write: {name}",
                           catch_response=True) as response:  # fmt: skip
            _expect(response, status)
            return response.json() if response.status_code == status else None

    @task(3)
    def my_matches(self) -> None:
        self.read("my matches", "/my-matches/")

    @task(3)
    def tournament_page(self) -> None:
        self.browse_tournament()

    @task(4)
    def enter_result(self) -> None:
        if not FRESH:
            return
        match = FRESH.popleft()
        length = match["length"]
        body = {"match": match["id"], "score1": length, "score2": random.randrange(length)}
        result = self.write("enter result", "/api/results/", match["tokens"][0], body, 201)
        if result is not None:
            ENTERED.append({"result": result["id"], **match})

    @task(3)
    def confirm_result(self) -> None:
        if ENTERED:
            entered = ENTERED.popleft()
            url = f"/api/results/{entered['result']}/confirm/"
            self.write("confirm result", url, entered["tokens"][1], {}, 200)

    @task(1)
    def dispute_result(self) -> None:
        if ENTERED:
            entered = ENTERED.popleft()
            url = f"/api/results/{entered['result']}/dispute/"
            body = {"reason": "I won that match."}
            self.write("dispute result", url, entered["tokens"][1], body, 200)

    @task(1)
    def dispute_move(self) -> None:
        match = random.choice(DATA["matches"])
        body = {**MOVE, "match": match["id"]}
        self.write("dispute move", "/api/disputes/", match["tokens"][0], body, 201)

"""The people of the load benchmark (run by benchmarks/load.py, not on its own).

NARDY_LOAD_MIX chooses how many of each (fixed counts, NARDY_LOAD_USERS in all):
  league  half visitors, 40 % players, 10 % directors (50 users: 25, 20, 5);
  finals  80 % spectators, 16 % players, 4 % directors (500 users: 400, 80, 20).

  Visitor    (anonymous) browses the league: its pages, their live fragments (polled with
             the entity tag the last answer gave), the API's standings, home and the list;
  Spectator  (anonymous) opens the final's bracket, standings or TV screen, then polls its
             fragment every 10 s with its entity tag (304 while nothing changed), now and
             then moving to another of the three;
  Player     (signed in) looks at their matches (the page, and the API's "my pairings"),
             enters final scores and confirms the opponent's (the API, with the token of
             the match's player who acts);
  Director   (signed in) reads the console and the API's standings, sets a match's table.

Think time 1-3 s, except the spectators' 10 s polling. Every request is named "read: ..."
or "write: ..." so the driver reports per class; each one's time, outcome and status go to
NARDY_LOAD_SAMPLES.
"""

from __future__ import annotations

import json
import os
import random
from collections import deque
from typing import Any

from locust import HttpUser, between, constant, events, task
from locust.clients import HttpSession

DATA: dict[str, Any] = json.loads(open(os.environ["NARDY_LOAD_DATA"]).read())  # noqa: SIM115
MIX = os.environ.get("NARDY_LOAD_MIX", "league")
USERS = int(os.environ.get("NARDY_LOAD_USERS", "50"))
SAMPLES: list[tuple[str, float, str, int]] = []  # name, milliseconds, error ("" if fine), status
FRESH: deque[dict[str, Any]] = deque(DATA["pairings"])  # pairings with no result yet
ENTERED: deque[dict[str, Any]] = deque()  # results waiting for the opponent
LEAGUE, FINAL = DATA["events"]["league"], DATA["events"]["final"]
SHARES = {"league": {"Visitor": 0.5, "Spectator": 0.0, "Player": 0.4, "Director": 0.1},
          "finals": {"Visitor": 0.0, "Spectator": 0.8, "Player": 0.16, "Director": 0.04}}[MIX]


def _count(name: str) -> int:
    return round(USERS * SHARES[name])


@events.request.add_listener
def _record(name: str, response_time: float, exception: Any = None, response: Any = None,
            **_: Any) -> None:  # fmt: skip
    status = getattr(response, "status_code", 0) or 0
    SAMPLES.append((name, response_time, "" if exception is None else str(exception)[:300], status))


@events.quitting.add_listener
def _dump(**_: Any) -> None:
    with open(os.environ["NARDY_LOAD_SAMPLES"], "w") as out:  # and the matches left unplayed
        json.dump({"samples": SAMPLES, "fresh": list(FRESH)}, out)


def _expect(response: Any, *statuses: int) -> None:
    if response.status_code not in statuses:
        response.failure(f"{response.status_code} (expected {statuses}): {response.text[:200]}")
    else:
        response.success()


class Browsing(HttpUser):
    abstract = True

    def read(self, name: str, url: str, **kwargs: Any) -> Any:
        with self.client.get(url, name=f"read: {name}", catch_response=True, **kwargs) as r:
            _expect(r, 200)
            return r

    def poll(self, name: str, url: str, etags: dict[str, str]) -> None:
        """The live fragment at ``url``, as the page's script asks for it (htmx, with the
        entity tag of what it shows)."""
        headers = {"HX-Request": "true"}
        if url in etags:
            headers["If-None-Match"] = etags[url]
        with self.client.get(url, name=f"read: poll {name}", headers=headers,
                             catch_response=True) as response:  # fmt: skip
            _expect(response, 200, 304)
            if response.headers.get("ETag"):
                etags[url] = response.headers["ETag"]


class Visitor(Browsing):
    fixed_count = _count("Visitor")
    wait_time = between(1, 3)

    def on_start(self) -> None:
        self.etags: dict[str, str] = {}

    @task(1)
    def home(self) -> None:
        self.read("home", "/")

    @task(1)
    def tournaments(self) -> None:
        self.read("tournament list", "/tournaments/")

    @task(4)
    def league_page(self) -> None:
        page = random.choice(list(LEAGUE["pages"]))
        self.read(f"league {page}", LEAGUE["pages"][page])

    @task(6)
    def league_fragment(self) -> None:
        page = random.choice(["crosstable", "standings"])
        self.poll(f"league {page}", LEAGUE["pages"][page], self.etags)

    @task(2)
    def api_standings(self) -> None:
        self.read("API league standings", LEAGUE["api"]["standings"])


class Spectator(Browsing):
    fixed_count = _count("Spectator")
    wait_time = constant(10)

    def on_start(self) -> None:
        self.etags: dict[str, str] = {}
        self.open_page()

    def open_page(self) -> None:
        self.page = random.choice(list(FINAL["pages"]))
        self.read(f"final {self.page} page", FINAL["pages"][self.page])

    @task
    def follow(self) -> None:
        if random.random() < 1 / 30:  # about once in five minutes: another view
            self.open_page()
        else:
            self.poll(f"final {self.page}", FINAL["pages"][self.page], self.etags)


class Signed(Browsing):
    abstract = True
    people: str = ""

    def on_start(self) -> None:
        me = random.choice(DATA[self.people])
        self.client.cookies.set("sessionid", me["session"])
        self.token = me["token"]
        # The API client: no session cookie (with one, the API would ask for a CSRF token),
        # a token per request.
        self.api = HttpSession(self.host, self.environment.events.request, self)

    def api_read(self, name: str, url: str) -> None:
        with self.api.get(url, headers={"Authorization": f"Token {self.token}"},
                          name=f"read: {name}", catch_response=True) as response:  # fmt: skip
            _expect(response, 200)

    def write(self, name: str, url: str, token: str, body: dict[str, Any], status: int) -> Any:
        headers = {"Authorization": f"Token {token}"}
        with self.api.post(url, json=body, headers=headers, name=f"write: {name}",
                           catch_response=True) as response:  # fmt: skip
            _expect(response, status)
            return response.json() if response.status_code == status else None


class Player(Signed):
    fixed_count = _count("Player")
    wait_time = between(1, 3)
    people = "players"

    @task(2)
    def my_matches(self) -> None:
        self.read("my matches", "/my-matches/")

    @task(3)
    def my_pairings(self) -> None:
        self.api_read("API my pairings", "/api/pairings/mine/")

    @task(4)
    def enter_result(self) -> None:
        if not FRESH:
            return
        pairing = FRESH.popleft()
        length = pairing["length"]
        body = {"score1": length, "score2": random.randrange(length)}
        url = f"/api/pairings/{pairing['id']}/result/"
        if self.write("enter result", url, pairing["tokens"][0], body, 201) is not None:
            ENTERED.append(pairing)

    @task(4)
    def confirm_result(self) -> None:
        if ENTERED:
            pairing = ENTERED.popleft()
            url = f"/api/pairings/{pairing['id']}/confirm/"
            self.write("confirm result", url, pairing["tokens"][1], {}, 200)


class Director(Signed):
    fixed_count = _count("Director")
    wait_time = between(1, 3)
    people = "directors"

    @task(2)
    def console(self) -> None:
        event = LEAGUE if MIX == "league" else FINAL
        self.read("console", event["console"])

    @task(2)
    def standings(self) -> None:
        event = LEAGUE if MIX == "league" else FINAL
        self.api_read("API standings (director)", event["api"]["standings"])

    @task(1)
    def set_table(self) -> None:
        if not FRESH:
            return
        pairing = random.choice(FRESH)  # a match not played yet
        url = f"/api/pairings/{pairing['id']}/table/"
        self.write("set table", url, self.token, {"table": str(random.randint(1, 40))}, 200)


for _people in (Visitor, Spectator, Player, Director):
    if _people.fixed_count == 0:  # not in this mix
        _people.abstract = True
del _people

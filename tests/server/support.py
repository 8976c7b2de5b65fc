"""Helpers for the server tests: create tables through the lobby, read pushed fragments,
drive seats over TestClient websockets, and work out which card faces a viewer must not see."""

import html
import json
import re
from typing import Any
from urllib.parse import urlsplit

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hang_guard import wait_for_bots as wait_for_bots  # (where the server tests take it from)
from meeple.engine import Game, State, state_digest
from meeple.server import patches
from meeple.server.store import TableRow
from meeple.server.tables import HUMAN, Replayed, Table, TableManager

GAME = "four-big-strata"
VIEW_SEQ = re.compile(r'<div id="view" data-seq="(-?\d+)"')
ACTION = re.compile(r'data-action="([^"]*)"')
NOTICE = re.compile(r'<div id="notice" class="notice (\w*)" role="\w+">(.*?)</div>', re.S)
LINK = re.compile(r'<span class="who">([^<]*)</span> <a class="invite" href="([^"]*)"')


def create_table(
    client: TestClient,
    seats: list[str],
    hot_seat: bool = False,
    options: dict[str, str] | None = None,
) -> tuple[str, dict[str, str]]:
    """POST the lobby form; returns the table id and its links by who they are for (path + query)."""
    form: dict[str, str] = {"game": GAME, "players": str(len(seats))}
    form.update({f"seat{seat}": who for seat, who in enumerate(seats)})
    form.update({f"opt_{name}": value for name, value in (options or {}).items()})
    if hot_seat:
        form["hot_seat"] = "on"
    response = client.post("/tables", data=form)
    assert response.status_code == 201, response.text
    links = {html.unescape(who): html.unescape(url) for who, url in LINK.findall(response.text)}
    table_id = urlsplit(links["Spectators"]).path.split("/")[2]
    return table_id, {who: _path(url) for who, url in links.items()}


def table_in_memory(game: Game, state: State, seed: int, actions: list[tuple[int, str]]) -> Table:
    """A table holding `state` (reached from `seed` by `actions`), seat 0 a person and the others
    random bots, as the server's views draw it; nothing stored, no bot started."""
    row = TableRow(
        id=f"t-{game.spec.slug}",
        game=game.spec.slug,
        version=game.spec.version,
        players=state.players,
        seed=seed,
        options=dict(game.options),
        seats=[HUMAN] + ["random"] * (state.players - 1),
        hot_seat=False,
        created="2026-01-01T00:00:00.000+00:00",
    )
    table = Table(row, {})
    table.restore(Replayed(game, state, actions, {}))
    return table


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def ws_path(page_link: str) -> str:
    """The websocket path of a table page link: /t/ID?token=T -> /ws/ID?token=T; /t/ID/watch -> /ws/ID."""
    parts = urlsplit(page_link)
    table_id = parts.path.split("/")[2]
    return f"/ws/{table_id}" + (f"?{parts.query}" if parts.query else "")


def view_seq(fragment: str) -> int | None:
    found = VIEW_SEQ.search(fragment)
    return int(found.group(1)) if found else None


def action_ids(fragment: str) -> list[str]:
    """The data-action ids in a fragment (SVG elements and buttons), in order, without repeats."""
    return list(dict.fromkeys(html.unescape(found) for found in ACTION.findall(fragment)))


def notice_text(fragment: str) -> str | None:
    found = NOTICE.search(fragment)
    return html.unescape(found.group(2)) if found else None


class Browser:
    """One websocket connection, as a browser would hold it: the latest view and the notices.
    A view sent as a patch (a socket opened with `?views=patch`) is applied to the last view,
    as meeple.js does; `fragments` holds the views as rebuilt, `patches` counts them."""

    def __init__(self, ws: WebSocketTestSession, name: str) -> None:
        self.ws = ws
        self.name = name
        self.view = ""
        self.seq = -1
        self.notices: list[str] = []
        self.fragments: list[str] = []
        self.patches = 0

    def receive(self) -> str:
        fragment = self.ws.receive_text()
        if fragment.startswith("{"):
            assert self.view, f"{self.name} got a patch before any view"
            fragment = patches.apply(self.view, json.loads(fragment)["patch"])
            self.patches += 1
        self.fragments.append(fragment)
        seq = view_seq(fragment)
        if seq is not None:
            self.view, self.seq = fragment, seq
        else:
            text = notice_text(fragment)
            assert text is not None, f"{self.name} got neither a view nor a notice: {fragment[:200]}"
            self.notices.append(text)
        return fragment

    def sync(self, seq: int) -> None:
        """Receive until the latest view shows `seq` actions."""
        while self.seq < seq:
            self.receive()
        assert self.seq == seq, f"{self.name} saw {self.seq} actions, expected {seq}"

    def play(self, action: str) -> None:
        """Send an action and receive until the view moves past it; fail on a refusal."""
        before, refusals = self.seq, len(self.notices)
        self.send(action)
        while self.seq == before and len(self.notices) == refusals:
            self.receive()
        assert len(self.notices) == refusals, f"{self.name}: {action!r} was refused: {self.notices[-1]}"

    def send(self, action: str, seq: int | None = None, **extra: Any) -> None:
        self.ws.send_json({"action": action, "seq": self.seq if seq is None else seq, **extra})

    def refused(self) -> str:
        """Receive until a notice arrives (a refusal): its text."""
        before = len(self.notices)
        while len(self.notices) == before:
            self.receive()
        return self.notices[-1]

    @property
    def actions(self) -> list[str]:
        return action_ids(self.view)


def restore_all(client: TestClient) -> dict[str, Table]:
    """Wait (from the test's thread) until a started app has restored its unfinished stored
    tables; its tables in memory."""
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.restored)  # type: ignore[union-attr]
    return manager.tables


def fingerprint(table: Table) -> tuple[int, str]:
    """What must not change when an action is refused: the number of actions and the state digest."""
    assert table.state is not None
    return table.seq, state_digest(table.state)


def assert_private(fragment: str, names: set[str], who: str) -> None:
    leaked = sorted(name for name in names if name in fragment)
    assert not leaked, f"{who} was sent hidden card faces: {leaked}"

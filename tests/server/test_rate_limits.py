"""Per-client limits: a request over one is refused with the limit and a retry time (429 and
Retry-After, close code 4429, or a notice for a move), counts for nothing and changes nothing;
and a flood from one address leaves another address's game playing."""

import dataclasses
import html
import http.client
import re
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from email.message import Message
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from hang_guard import HANG_SECONDS
from machine_speed import MACHINE_SPEED
from meeple.server import rates
from meeple.server.rates import Limits
from meeple.server.sqlite_store import SQLiteStore

from .real_server import Remote, free_port, play_remote, running_server
from .support import Browser, create_table, fingerprint, notice_text, view_seq, wait_for_bots, ws_path

FORM = {"game": "four-big-strata", "players": "2", "seat0": "human", "seat1": "random"}
RETRY = re.compile(r"try again in (\d+) s")


def limited(**limits: object) -> Limits:
    """Machine-speed limits but for the ones a test is about."""
    return dataclasses.replace(MACHINE_SPEED, **limits)


def assert_too_fast(response_text: str, headers: dict[str, str], expected: str, window: int) -> None:
    text = html.unescape(response_text)
    assert expected in text, text[:500]
    retry = int(headers["Retry-After"])
    assert 1 <= retry <= window
    assert f"try again in {retry} s" in text


def test_creating_tables_too_often_is_429_with_retry_after(serve: Callable[..., TestClient]) -> None:
    client = serve(limits=limited(tables="3/minute"))
    for _ in range(3):
        create_table(client, ["human", "random"])
    refused = client.post("/tables", data=FORM)
    assert refused.status_code == 429
    assert_too_fast(
        refused.text, refused.headers, "Too many tables created from your address (at most 3 per 1 minute)", 60
    )
    assert len(client.app.state.manager.tables) == 3


def test_posting_forms_too_often_is_429_and_a_refused_join_takes_no_seat(serve: Callable[..., TestClient]) -> None:
    client = serve(limits=limited(forms="2/minute"))
    response = client.post("/tables", data={**FORM, "seat1": "human", "listed": "on"})
    assert response.status_code == 201
    (table,) = client.app.state.manager.tables.values()
    assert client.post(f"/t/{table.id}/join", follow_redirects=False).status_code == 303
    assert table.open_seats() == []
    other = client.post("/tables", data=FORM)
    assert other.status_code == 429
    assert_too_fast(other.text, other.headers, "Too many forms posted from your address (at most 2 per 1 minute)", 60)
    assert len(client.app.state.manager.tables) == 1


def test_a_client_keeps_only_so_many_open_tables_and_finished_ones_do_not_count(
    serve: Callable[..., TestClient],
) -> None:
    client = serve(limits=limited(open_tables=2))
    manager = client.app.state.manager
    for _ in range(2):  # tables of bots play to the end at once: finished, they no longer count
        table_id, _ = create_table(client, ["random", "random"])
        wait_for_bots(manager, manager.tables[table_id])
        assert manager.tables[table_id].is_over()
    for _ in range(2):
        create_table(client, ["human", "random"])
    refused = client.post("/tables", data=FORM)
    assert refused.status_code == 429
    assert "too many open tables: you already have 2 unfinished tables and may have at most 2" in html.unescape(
        refused.text
    )
    assert len(manager.tables) == 4


def test_opening_sockets_too_often_closes_with_4429_and_the_retry_time(serve: Callable[..., TestClient]) -> None:
    client = serve(limits=limited(sockets="2/minute"))
    _, links = create_table(client, ["human", "human"])
    for _ in range(2):
        with client.websocket_connect(ws_path(links["Seat 0"])) as ws:
            Browser(ws, "seat 0").sync(0)
    with client.websocket_connect(ws_path(links["Seat 0"])) as ws:
        notice = notice_text(ws.receive_text())
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == 4429
    assert closed.value.reason.startswith("too many connections from your address (at most 2 per 1 minute)")
    assert RETRY.search(closed.value.reason) and RETRY.search(notice)


def test_moving_too_often_closes_the_socket_with_4429_and_changes_nothing(serve: Callable[..., TestClient]) -> None:
    client = serve(limits=limited(moves="3/minute"))
    _, links = create_table(client, ["human", "human", "human"])
    table = next(iter(client.app.state.manager.tables.values()))
    with client.websocket_connect(ws_path(links["Seat 2"])) as ws:
        seat2 = Browser(ws, "seat 2")
        seat2.sync(0)
        for _ in range(3):  # refused by the rules (a stale board), but counted
            seat2.send(seat2.actions[0], seq=7)
            assert "stale" in seat2.refused()
        before = fingerprint(table)
        seat2.send(seat2.actions[0])  # a legal move, one message too many
        message = seat2.refused()
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                seat2.receive()
    expected = "too many messages from your address (at most 3 per 1 minute); try again in"
    assert message.startswith(expected[0].upper() + expected[1:])
    assert closed.value.code == 4429 and closed.value.reason.startswith(expected)
    assert fingerprint(table) == before


# --- a flood from one address, a game played from another, on a real server -----------------------


def post_from(address: str, port: int, form: str) -> tuple[int, Message, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_SECONDS, source_address=(address, 0))
    try:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        connection.request("POST", "/tables", body=form, headers=headers)
        response = connection.getresponse()
        return response.status, response.headers, response.read().decode()
    finally:
        connection.close()


def seat_sockets(page: str) -> list[str]:
    urls = re.findall(r'<a class="invite" href="([^"]*)"', page)
    return [html.unescape(url).replace("http://", "ws://").replace("/t/", "/ws/") for url in urls if "token=" in url]


class Flood:
    """What a flooding client at 127.0.0.2 sent and what it was told."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.statuses: list[int] = []
        self.closes: list[tuple[int, str]] = []  # (code, reason) of each socket the server closed
        self.messages = 0
        self.error: BaseException | None = None

    def run(self, until: threading.Event) -> None:
        try:
            form = "game=four-big-strata&players=2&seat0=human&seat1=human"
            pages = []
            for _ in range(30):
                status, headers, page = post_from("127.0.0.2", self.port, form)
                self.statuses.append(status)
                if status == 201:
                    pages.append(page)
                else:
                    assert int(headers["Retry-After"]) >= 1
            url = seat_sockets(pages[0])[0]
            while not until.is_set():  # a closed socket (the move limit) is opened again (the socket limit)
                try:
                    with connect(url, source_address=("127.0.0.2", 0)) as ws:
                        while not until.is_set():
                            for _ in range(200):
                                ws.send('{"action": "not-a-move", "seq": 0}')
                            self.messages += 200
                            self.drain(ws)
                except ConnectionClosed as closed:
                    self.closed_by(closed)
            for _ in range(80):  # opened one after another: the default takes 60 a minute
                with connect(url, source_address=("127.0.0.2", 0)) as ws:
                    try:
                        while view_seq(str(ws.recv(timeout=HANG_SECONDS))) is None:
                            pass
                    except ConnectionClosed as closed:
                        self.closed_by(closed)
                        break
        except BaseException as error:
            self.error = error

    def closed_by(self, closed: ConnectionClosed) -> None:
        self.closes.append((closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (0, ""))

    @staticmethod
    def drain(ws: ClientConnection) -> None:
        """Read what the server has sent so far."""
        with suppress(TimeoutError):
            while True:
                ws.recv(timeout=0.05)


def test_a_flood_from_one_address_leaves_another_players_game_playing(tmp_path: Path) -> None:
    """127.0.0.2 floods forms, move messages and connections under the default limits while a
    player at 127.0.0.1 plays: the flooder is refused (429, close code 4429 for its messages and
    for its connections) and every move of the player is taken."""
    db_path = str(tmp_path / "flood.sqlite")
    port = free_port()
    defaults = ("--limit-tables", rates.TABLES, "--limit-forms", rates.FORMS, "--limit-sockets", rates.SOCKETS)
    defaults += ("--limit-moves", rates.MOVES, "--max-open-tables", str(rates.OPEN_TABLES))
    with running_server(db_path, port, *defaults):
        status, _, page = post_from("127.0.0.1", port, "game=four-big-strata&players=2&seat0=human&seat1=human")
        assert status == 201
        flood, done = Flood(port), threading.Event()
        flooder = threading.Thread(target=flood.run, args=(done,))
        with connect(seat_sockets(page)[0]) as ws0, connect(seat_sockets(page)[1]) as ws1:
            remotes = [Remote(ws0), Remote(ws1)]
            flooder.start()
            while flood.messages == 0 and flood.error is None:  # the move flood is under way
                time.sleep(0.01)
            played = 0
            for _ in range(30):  # a quick player: a move every 0.1 s (play_remote fails on any refusal)
                played = play_remote(remotes, 1)
                time.sleep(0.1)
            done.set()
            flooder.join(timeout=120)
        assert flood.error is None, repr(flood.error)
        assert flood.statuses.count(201) == 10 and flood.statuses.count(429) == 20  # the default: 10 a minute
        assert flood.messages > 20 * 3
        reasons = {reason.split(" (")[0] for code, reason in flood.closes if code == 4429}
        assert reasons == {"too many messages from your address", "too many connections from your address"}
    store = SQLiteStore(db_path)
    mine = store.tables()[0]
    assert len(store.events(mine.id)) == played >= 30
    assert all(not store.events(row.id) for row in store.tables()[1:])  # the flood moved nothing
    store.close()


def test_the_moving_window_counts_the_last_window_only_and_forgets_quiet_addresses() -> None:
    """Two a second: a third request within the second waits for the first to leave the
    window; a refused one is not counted; another address has its own count; the counts of an
    address that went quiet are dropped at the next sweep."""
    now = [100.0]
    window = rates.MovingWindow(clock=lambda: now[0])
    throttle = rates.Throttle("messages", "2/second;3/minute", window)
    assert throttle.refusal("a") is None
    now[0] += 0.4
    assert throttle.refusal("a") is None
    refused = throttle.refusal("a")
    assert refused is not None and refused.retry_after == 1 and "at most 2 per 1 second" in refused.message
    assert throttle.refusal("b") is None
    now[0] += 0.61  # the first request has left the second's window, not the minute's
    assert throttle.refusal("a") is None
    now[0] += 1.0
    refused = throttle.refusal("a")
    assert refused is not None and refused.retry_after == 58 and "at most 3 per 1 minute" in refused.message
    assert {address for _, address in window.counted} == {"a", "b"}
    now[0] += rates.MovingWindow.SWEEP_EVERY + 1
    assert throttle.refusal("b") is None  # counted, and the sweep drops what has left its window
    assert {address for _, address in window.counted} == {"b"}


def test_a_limit_of_none_refuses_every_request() -> None:
    throttle = rates.Throttle("tables created", "0/minute", rates.MovingWindow())
    refused = throttle.refusal("a")
    assert refused is not None and refused.retry_after == 60

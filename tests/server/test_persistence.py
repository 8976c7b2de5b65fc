"""Persistence: the event log in SQLite, tables rebuilt identically, a real server killed and restarted."""

import hashlib
import re
import sqlite3
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

from hang_guard import HANG_SECONDS
from machine_speed import MACHINE_SPEED
from meeple.engine import get_game, state_digest
from meeple.server import create_app
from meeple.server.sqlite_store import SQLiteStore

from .real_server import Remote, free_port, play_remote, running_server, settle
from .support import Browser, create_table, fingerprint, notice_text, restore_all, wait_for_bots, ws_path


def play_moves(client: TestClient, table_id: str, links: dict[str, str], moves: int) -> None:
    """Play `moves` human moves (the first legal action each time) over the websocket."""
    manager = client.app.state.manager
    table = manager.tables[table_id]
    seats = sorted(who for who in links if who.startswith("Seat "))
    with (
        client.websocket_connect(ws_path(links[seats[0]])) as first,
        client.websocket_connect(ws_path(links[seats[-1]])) as last,
    ):
        browsers = [Browser(first, seats[0]), Browser(last, seats[-1])]
        for _ in range(moves):
            wait_for_bots(manager, table)
            for browser in browsers:
                browser.sync(table.seq)
            mover = next(browser for browser in browsers if browser.actions)
            mover.play(mover.actions[0])
        wait_for_bots(manager, table)


def test_tables_are_rebuilt_identically(db_path: str) -> None:
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        tables = [
            create_table(client, ["human", "human", "random"]),
            create_table(client, ["human", "heuristic", "human", "random"]),
            create_table(client, ["human", "human"], hot_seat=False, options={"tribute_ratio": "3"}),
        ]
        for number, (table_id, links) in enumerate(tables):
            play_moves(client, table_id, links, 5 + 7 * number)
        before = {table_id: fingerprint(client.app.state.manager.tables[table_id]) for table_id, _ in tables}
        views = {}
        for table_id, links in tables:
            with client.websocket_connect(ws_path(links["Seat 0"])) as ws:
                views[table_id] = ws.receive_text()
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        manager = client.app.state.manager
        restore_all(client)
        assert manager.broken == {}
        for table_id, links in tables:
            table = manager.tables[table_id]
            wait_for_bots(manager, table)
            assert fingerprint(table) == before[table_id]
            assert table.row.options["tribute_ratio"] == (3 if table_id == tables[2][0] else 0)
            with client.websocket_connect(ws_path(links["Seat 0"])) as ws:  # the old links still work
                assert ws.receive_text() == views[table_id]
        play_moves(client, *tables[0], 3)  # and play goes on


def test_store_is_an_append_only_log_with_hashed_tokens(db_path: str) -> None:
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        table_id, links = create_table(client, ["human", "human"])
        play_moves(client, table_id, links, 4)
        store = client.app.state.manager.store
        assert store.journal_mode() == "wal"
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    db = sqlite3.connect(db_path)
    rows = db.execute("SELECT seq, seat, action_id FROM events WHERE table_id = ? ORDER BY seq", (table_id,)).fetchall()
    assert [seq for seq, _, _ in rows] == list(range(4))
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE events SET action_id = 'bid:9' WHERE table_id = ?", (table_id,))
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM events WHERE table_id = ?", (table_id,))
    with pytest.raises(sqlite3.IntegrityError):  # one action per number: a second writer cannot fork the game
        db.execute("INSERT INTO events VALUES (?, 0, 0, 'bid:0', 'now')", (table_id,))
    tokens = [
        urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["token"][0] for url in links.values() if "?" in url
    ]
    stored = {digest for (digest,) in db.execute("SELECT token_sha256 FROM seat_tokens")}
    assert stored == {hashlib.sha256(token.encode()).hexdigest() for token in tokens}
    db.close()
    raw = b"".join(path.read_bytes() for path in Path(db_path).parent.glob("meeple.sqlite*"))
    for token in tokens:
        assert token.encode() not in raw


def test_a_table_that_does_not_replay_is_reported_not_fatal(db_path: str) -> None:
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        bad, bad_links = create_table(client, ["human", "human"])
        good, good_links = create_table(client, ["human", "human"])
        play_moves(client, bad, bad_links, 2)
        play_moves(client, good, good_links, 2)
    db = sqlite3.connect(db_path)
    db.execute("INSERT INTO events VALUES (?, 2, 0, 'not-a-move', 'now')", (bad,))
    db.commit()
    db.close()
    with TestClient(create_app(db_path, limits=MACHINE_SPEED)) as client:
        restore_all(client)
        assert list(client.app.state.manager.broken) == [bad]
        assert "1 stored table could not be restored" in client.get("/").text
        page = client.get(bad_links["Seat 0"])
        assert page.status_code == 503 and "not-a-move" in page.text
        with client.websocket_connect(ws_path(bad_links["Seat 0"])) as ws:
            assert "could not be restored" in notice_text(ws.receive_text())
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4500
        play_moves(client, good, good_links, 2)  # the other table is unharmed
        assert client.app.state.manager.tables[good].seq == 4


# --- a real server, killed with SIGKILL and started again -------------------------------------------------


def test_kill_9_and_restart_continue_the_game_identically(tmp_path: Path) -> None:
    db_path = str(tmp_path / "served.sqlite")
    port = free_port()
    with running_server(db_path, port) as server:
        form = "game=four-big-strata&players=3&seat0=human&seat1=human&seat2=random"
        request = urllib.request.Request(f"http://127.0.0.1:{port}/tables", data=form.encode(), method="POST")
        with urllib.request.urlopen(request, timeout=HANG_SECONDS) as response:
            page = response.read().decode()
        urls = re.findall(r'<a class="invite" href="([^"]*)"', page)
        seat_urls = [url.replace("&amp;", "&") for url in urls if "token=" in url]
        assert len(seat_urls) == 2
        ws_urls = [url.replace("http://", "ws://").replace("/t/", "/ws/") for url in seat_urls]
        with connect(ws_urls[0]) as ws0, connect(ws_urls[1]) as ws1:
            remotes = [Remote(ws0), Remote(ws1)]
            seq = play_remote(remotes, 12)
            before = [remote.view for remote in remotes]
            # A message far over the server's websocket limit closes only that socket.
            with connect(ws_urls[0]) as greedy:
                greedy.recv(timeout=HANG_SECONDS)
                greedy.send("x" * 200_000)
                with pytest.raises(Exception, match=r"1009|too big|message"):
                    greedy.recv(timeout=HANG_SECONDS)
            server.kill()  # SIGKILL: no shutdown, no flush
            server.wait(timeout=10)
    # Everything any browser was shown is in the file.
    store = SQLiteStore(db_path)
    (row,) = store.tables()
    events = store.events(row.id)
    store.close()
    assert len(events) == seq
    game = get_game(row.game, row.options)
    state = game.new_game(row.players, row.seed)
    for _, seat, action_id in events:
        game.apply(state, seat, action_id)
    digest = state_digest(state)
    with running_server(db_path, port), connect(ws_urls[0]) as ws0, connect(ws_urls[1]) as ws1:
        remotes = [Remote(ws0), Remote(ws1)]
        assert settle(remotes) == seq
        assert [remote.view for remote in remotes] == before  # the same board, to the byte
        assert play_remote(remotes, 6) > seq  # and play goes on
    store = SQLiteStore(db_path)
    events = store.events(row.id)
    store.close()
    replayed = game.new_game(row.players, row.seed)
    for number, (_, seat, action_id) in enumerate(events):
        game.apply(replayed, seat, action_id)
        if number + 1 == seq:
            assert state_digest(replayed) == digest


def test_a_table_of_bots_plays_itself_to_the_end(serve: Callable[..., TestClient]) -> None:
    """Bots start on their own as soon as a table is created, and every move is stored."""
    client = serve()
    table_id, _ = create_table(client, ["random", "random"])
    table = client.app.state.manager.tables[table_id]
    deadline = time.monotonic() + HANG_SECONDS
    while not table.is_over():
        assert time.monotonic() < deadline, f"the bots stopped at {table.seq} actions: {table.problem}"
        time.sleep(0.01)
    assert table.seq == len(client.app.state.manager.store.events(table_id))

"""What a visitor sends never names a server resource, never moves a seat twice, and is taken only
from the server's own pages; sockets and requests are bounded (issue: the security review).

The file-path and database cases run a real `meeple serve` process on a real SQLite file; the
origin cases go over real websockets and real HTTP."""

import asyncio
import html
import logging
import random
import re
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from uvicorn.logging import AccessFormatter
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from hang_guard import HANG_SECONDS
from machine_speed import MACHINE_SPEED
from meeple.engine import Game, State, game_specs, get_game
from meeple.server import app as server_app
from meeple.server import connections, create_app
from meeple.server.app import RedactTokens
from meeple.server.sqlite_store import SQLiteStore
from meeple.server.tables import Duplicate, TableManager

from .real_server import Remote, free_port, play_remote, running_server
from .support import Browser, create_table, ws_path

INVITE = re.compile(r'<a class="invite" href="([^"]*)"')


def post_form(base: str, form: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """POST the lobby's form to a real server: (status, page)."""
    request = urllib.request.Request(
        f"{base}/tables",
        data=form.encode(),
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=HANG_SECONDS) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def lobby_error(page: str) -> str:
    found = re.search(r'<p class="notice error" role="alert">(.*?)</p>', page, re.S)
    assert found is not None, page[:500]
    return html.unescape(found.group(1))


# --- 1. deck options name no file; the database survives being named ------------------------------


def test_a_deck_option_from_the_web_reads_no_file_and_loses_no_move(tmp_path: Path) -> None:
    """Paths in `opt_decks` (the system's password file, a binary file, a missing file, the server's
    own database) are refused alike without being read; after a kill -9 every acknowledged move of
    a table is still there."""
    db_path = tmp_path / "served.sqlite"
    binary = tmp_path / "blob.toml"
    binary.write_bytes(bytes(range(256)) * 64)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running_server(str(db_path), port) as server:
        status, page = post_form(base, "game=four-big-strata&players=2&seat0=human&seat1=human")
        assert status == 201
        ws_urls = [
            html.unescape(url).replace("http://", "ws://").replace("/t/", "/ws/")
            for url in INVITE.findall(page)
            if "token=" in url
        ]
        with connect(ws_urls[0]) as ws0, connect(ws_urls[1]) as ws1:
            played = play_remote([Remote(ws0), Remote(ws1)], 12)
        errors = []
        for path in ("/etc/passwd", str(binary), str(tmp_path / "missing.toml"), str(db_path), "meeple.sqlite"):
            status, page = post_form(base, f"game=round-table&players=2&seat0=human&seat1=random&opt_decks={path}")
            assert status == 400, page[:300]
            errors.append(lobby_error(page).replace(path[:60], "PATH"))
            assert "root:" not in page and "build-system" not in page
        assert len(set(errors)) == 1 and "is not a deck name" in errors[0]
        server.kill()
        server.wait(timeout=10)
    store = SQLiteStore(str(db_path))
    tables = store.tables()
    assert [row.game for row in tables] == ["four-big-strata"]  # no refused form made a table
    assert len(store.events(tables[0].id)) == played
    store.close()


def test_a_players_own_deck_travels_as_text_and_replays(serve: Callable[..., TestClient]) -> None:
    client = serve()
    deck = 'name = "Mercenaries"\n[main]\nknight-mercenary = 40\n[demesne]\nfarm = 20\n'
    form = {"game": "round-table", "players": "2", "seat0": "human", "seat1": "random"}
    response = client.post("/tables", data={**form, "opt_decks": "custom,grail", "opt_custom_decks": deck})
    assert response.status_code == 201, response.text
    (table,) = client.app.state.manager.tables.values()
    assert table.row.options["custom_decks"] == deck and table.state.decks == ["custom", "grail"]
    too_big = client.post("/tables", data={**form, "opt_custom_decks": "#" * 40_000})
    assert too_big.status_code == 400 and "at most 32768 are accepted" in too_big.text


# --- 2. every move message applies at most once, in every game -------------------------------------


# The games where the review found a move that leaves the seat's choices as they were (so that
# before, a resend of it was still "current" and applied again).
REPEATABLE = ("four-big-strata", "round-house", "guedelon", "round-table")


def repeatable_move(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """A legal move of `seat` after which it has the same choices, if there is one (the move a
    resend could repeat), else one at random."""
    legal = [action.id for action in game.legal_actions(state, seat)]
    for action in legal:
        after = game.step(state, seat, action)
        if seat in game.to_move(after) and [a.id for a in game.legal_actions(after, seat)] == legal:
            return action
    return rng.choice(legal)


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_a_resent_move_is_applied_at_most_once(slug: str, db_path: str) -> None:
    """Every human move is sent twice with the seq of the board it was made on: the second is
    refused as already done and stores nothing, whether or not the move changed the seat's
    choices (Four Big Strata's exchanges did not), and still after a restart."""

    async def scenario() -> None:
        manager = TableManager(SQLiteStore(db_path), bot_workers=0)
        manager.start()
        spec = get_game(slug).spec
        players = max(spec.min_players, 2)
        table, tokens = await manager.create(slug, players, ["human"] * players, {}, seed=11)
        assert table.game is not None and table.state is not None
        unchanged, rng = 0, random.Random(slug)
        for moves in range(400):
            if table.is_over() or (unchanged and moves >= 60):
                break
            seat = table.to_move()[0]
            action, seq = repeatable_move(table.game, table.state, seat, rng), table.seq
            before = [a.id for a in table.game.legal_actions(table.state, seat)]
            await manager.act(table.id, tokens[seat], seat, action, seq)
            unchanged += [a.id for a in table.game.legal_actions(table.state, seat)] == before
            with pytest.raises(Duplicate, match="already done"):
                await manager.act(table.id, tokens[seat], seat, action, seq)
            assert table.seq == seq + 1
        assert len(manager.store.events(table.id)) == table.seq
        last_seat, _ = table.actions[-1]
        await manager.close()
        again = TableManager(SQLiteStore(db_path), bot_workers=0)
        again.load()
        again.start()
        restored = await again.find(table.id)
        assert restored is not None
        with pytest.raises(Duplicate):
            await again.act(table.id, tokens[last_seat], last_seat, table.actions[-1][1], restored.seq - 1)
        assert restored.seq == table.seq
        await again.close()
        if slug in REPEATABLE:
            assert unchanged > 0  # the case the review found: a move that left the choices as they were

    asyncio.run(scenario())


def test_a_double_click_over_a_websocket_moves_once(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_id, links = create_table(client, ["human", "human"])
    table = client.app.state.manager.tables[table_id]
    with client.websocket_connect(ws_path(links["Seat 0"])) as ws:
        seat0 = Browser(ws, "seat 0")
        seat0.sync(0)
        if not seat0.actions:
            pytest.fail("seat 0 has nothing to do at the start of Four Big Strata")
        action = seat0.actions[0]
        seat0.send(action, seq=0)
        seat0.send(action, seq=0)
        assert seat0.refused().startswith("already done")
        assert table.seq == 1
        assert '<div id="notice" class="notice info"' in seat0.fragments[-1] or any(
            'class="notice info"' in fragment for fragment in seat0.fragments
        )


# --- 3. only the server's own pages act; links come from the public URL ----------------------------


def test_cross_origin_requests_and_websockets_are_refused(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    form = "game=four-big-strata&players=2&seat0=human&seat1=random"
    with running_server(str(tmp_path / "db.sqlite"), port, "--public-url", base):
        assert post_form(base, form, {"Origin": "http://evil.example"})[0] == 403
        assert post_form(base, form, {"Origin": "null"})[0] == 403
        assert post_form(base, form, {"Sec-Fetch-Site": "cross-site"})[0] == 403
        assert post_form(base, form, {"Content-Type": "text/plain"})[0] == 415
        status, page = post_form(base, form, {"Origin": base, "Host": "evil.example"})
        assert status == 201
        links = [html.unescape(url) for url in INVITE.findall(page)]
        assert links and all(url.startswith(f"{base}/t/") for url in links)  # never the request's Host
        same_machine = post_form(base, form, {"Origin": f"http://localhost:{port}"})
        assert same_machine[0] == 201  # the same server under another loopback name
        seat = next(url for url in links if "token=" in url).replace("http://", "ws://").replace("/t/", "/ws/")
        with pytest.raises(InvalidStatus) as refused:
            connect(seat, additional_headers={"Origin": "http://evil.example"})
        assert refused.value.response.status_code == 403
        with connect(seat, additional_headers={"Origin": base}) as ws:
            assert Remote(ws).receive()


def test_a_bad_public_url_is_refused_by_serve() -> None:
    from typer.testing import CliRunner

    from meeple.cli import app

    result = CliRunner().invoke(app, ["serve", "--public-url", "evil.example"])
    assert result.exit_code == 2 and "--public-url must look like" in result.output


# --- 5. deep nesting, log format, caps on sockets and half-sent requests -----------------------------


def test_deeply_nested_json_is_refused_and_the_socket_stays(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_id, links = create_table(client, ["human", "human"])
    with client.websocket_connect(ws_path(links["Seat 0"])) as ws:
        seat0 = Browser(ws, "seat 0")
        seat0.sync(0)
        ws.send_text("[" * 4000)  # under the size limit, far over the parser's depth
        assert "nested too deeply" in seat0.refused()
        seat0.play(seat0.actions[0])  # the same socket still plays
        assert client.app.state.manager.tables[table_id].seq == 1


def test_the_token_filter_keeps_uvicorns_access_format() -> None:
    """uvicorn's access formatter unpacks five arguments: a redacted record must still have them."""
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("1.2.3.4:5", "GET", "/t/abc?token=s3cret", "1.1", 200),
        None,
    )
    RedactTokens().filter(record)
    line = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False).format(record)
    assert "s3cret" not in line and "/t/abc?token=[redacted]" in line and "200" in line


def test_sockets_are_capped_per_table_and_per_address(db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "SOCKETS_PER_TABLE", 3)
    monkeypatch.setattr(server_app, "SOCKETS_PER_ADDRESS", 5)
    with TestClient(create_app(db_path, bot_workers=0, limits=MACHINE_SPEED)) as client:
        first, _ = create_table(client, ["human", "random"])
        second, _ = create_table(client, ["human", "random"])
        with (
            client.websocket_connect(f"/ws/{first}") as a,
            client.websocket_connect(f"/ws/{first}") as b,
            client.websocket_connect(f"/ws/{first}") as c,
        ):
            for ws in (a, b, c):
                ws.receive_text()
            with client.websocket_connect(f"/ws/{first}") as crowded:
                assert "too many browsers" in crowded.receive_text().lower()
                with pytest.raises(WebSocketDisconnect) as closed:
                    crowded.receive_text()
                assert closed.value.code == 4429
            with client.websocket_connect(f"/ws/{second}") as d, client.websocket_connect(f"/ws/{second}") as e:
                d.receive_text()
                e.receive_text()
                with client.websocket_connect(f"/ws/{second}") as sixth:
                    assert "too many connections from your address" in sixth.receive_text().lower()
        with client.websocket_connect(f"/ws/{first}") as later:  # closed sockets were counted out
            assert "too many" not in later.receive_text()


def test_half_sent_requests_are_closed_and_capped_per_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request whose headers never finish is closed after the header deadline; one address
    cannot hold more than its share of connections."""
    import threading

    import uvicorn

    monkeypatch.setattr(connections, "HEADER_SECONDS", 0.5)
    monkeypatch.setattr(connections, "PER_ADDRESS", 4)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(
        str(tmp_path / "db.sqlite"), bot_workers=0, public_url=f"http://127.0.0.1:{port}", limits=MACHINE_SPEED
    )
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", **connections.connection_limits()))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.01)
        slow = socket.create_connection(("127.0.0.1", port), timeout=HANG_SECONDS)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        assert slow.recv(1024) == b""  # closed by the server (a timeout here would raise)
        slow.close()
        held = [socket.create_connection(("127.0.0.1", port), timeout=HANG_SECONDS) for _ in range(4)]
        extra = socket.create_connection(("127.0.0.1", port), timeout=HANG_SECONDS)
        assert extra.recv(1024) == b""  # one too many: closed at once
        for conn in [*held, extra]:
            conn.close()
        deadline, counted = time.monotonic() + HANG_SECONDS, connections.BoundedH11Protocol.open_by_address
        while counted["127.0.0.1"]:  # until the server has seen them go
            assert time.monotonic() < deadline, f"the server still counts {counted}"
            time.sleep(0.01)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=HANG_SECONDS) as response:
            assert response.status == 200  # the address is welcome again
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def test_every_web_input_is_a_value_never_a_resource(serve: Callable[..., TestClient]) -> None:
    """The other inputs a visitor controls: table ids and tokens are looked up, never opened;
    static paths stay inside the static folder; an unknown game is named, not imported."""
    client = serve()
    assert client.get("/t/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404
    unknown = client.post("/tables", data={"game": "os.path", "players": "2"})
    assert unknown.status_code == 400 and "no game called 'os.path'" in html.unescape(unknown.text)
    bad_seat = client.post("/tables", data={"game": "four-big-strata", "players": "2", "seat1": "mcts:seconds=999"})
    assert bad_seat.status_code == 400 and "is not a choice" in html.unescape(bad_seat.text)

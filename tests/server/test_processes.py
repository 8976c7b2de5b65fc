"""`meeple serve --processes 2`: one port, two real server processes, each table held by one.

Tables of every game are played on both processes through the one port, every acknowledged
move is stored once and in order, a connection reaches the table's process whichever way and
order it comes, a table of bots created for process 1 plays to its end by itself, the lobby
lists the open tables of both, a killed process is started again with its tables playable, and
SIGTERM stops every process."""

import asyncio
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import pytest
from websockets.sync.client import connect

from hang_guard import HANG_SECONDS
from meeple.engine import game_specs
from meeple.server.processes.owners import Share, owner_of, table_named
from meeple.server.store import open_store
from meeple.server.tables import TableManager, TooMany

from .postgres import ThrowAwayPostgres
from .real_server import Remote, create_remote_table, free_port, play_remote, running_server
from .support import view_seq

PROCESSES = ("--processes", "2")
MOVES = 4  # moves played at each table


def seats_of(slug: str) -> int:
    spec = next(spec for spec in game_specs() if spec.slug == slug)
    return min(max(2, spec.min_players), spec.max_players)


def tables_on_both(port: int, seats: list[str], game: str = "four-big-strata") -> dict[int, tuple[str, list[str]]]:
    """A table of `game` held by each process: {process: (table id, its seats' websocket paths)}."""
    found: dict[int, tuple[str, list[str]]] = {}
    while len(found) < 2:
        table_id, paths = create_remote_table(port, seats, game)
        found.setdefault(owner_of(table_id, 2), (table_id, paths))
    return found


def play(port: int, paths: list[str], moves: int) -> list[str]:
    """Play `moves` moves at the table of `paths` over real websockets; the actions sent."""
    sent: list[str] = []
    with ExitStack() as stack:
        remotes = [Remote(stack.enter_context(connect(f"ws://127.0.0.1:{port}{path}"))) for path in paths]
        play_remote(remotes, moves, sent)
    return sent


def stored(db: str, table_id: str) -> list[str]:
    """The actions stored for `table_id`, in order."""
    store = open_store(db)
    try:
        return [action for _, _, action in store.events(table_id)]
    finally:
        store.close()


def processes_of(pid: int) -> set[int]:
    """`pid`'s living descendants (server processes and their bot workers; zombies are not living)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def server_process(front: int, index: int) -> int | None:
    """The pid of server process `index` under the front `front` (None while there is none)."""
    for pid in processes_of(front):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--worker-index" in argv and argv[argv.index(b"--worker-index") + 1] == str(index).encode():
            return pid
    return None


def waited(condition: Callable[[], bool], what: str) -> None:
    """Wait until `condition` holds (fail saying `what` did not happen in time)."""
    deadline = time.monotonic() + HANG_SECONDS
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {HANG_SECONDS:.0f} s"
        time.sleep(0.05)


def test_the_request_line_names_the_table() -> None:
    assert table_named(b"GET /t/abc_-9 HTTP/1.1\r\n") == "abc_-9"
    assert table_named(b"GET /t/abc/watch HTTP/1.1\r\n") == "abc"
    assert table_named(b"POST /t/abc/join HTTP/1.1\r\n") == "abc"
    assert table_named(b"GET /ws/abc?token=x&views=patch HTTP/1.1\r\n") == "abc"
    assert table_named(b"GET /t/%61bc HTTP/1.1\r\n") == "abc"  # decoded as the app decodes it
    assert table_named(b"GET / HTTP/1.1\r\n") is None
    assert table_named(b"GET /static/app.js HTTP/1.1\r\n") is None
    assert table_named(b"POST /tables HTTP/1.1\r\n") is None
    assert table_named(b"GET /t/../etc HTTP/1.1\r\n") is None  # no id has dots: nothing is looked up
    assert table_named(b"GET /t/%2e%2e HTTP/1.1\r\n") is None
    assert table_named(b"GET /t/" + b"a" * 65 + b" HTTP/1.1\r\n") is None
    assert table_named(b"GET /t/abc") is None  # the line is not all here
    assert {owner_of(f"table{n}", 2) for n in range(20)} == {0, 1}
    assert all(owner_of(f"table{n}", 1) == 0 for n in range(20))


def test_every_game_is_played_on_both_processes_and_every_move_stored_once(tmp_path: Path) -> None:
    db, port = str(tmp_path / "meeple.sqlite"), free_port()
    with running_server(db, port, *PROCESSES):
        tables = {}
        for spec in game_specs():
            table_id, paths = create_remote_table(port, ["human"] * seats_of(spec.slug), spec.slug)
            tables[table_id] = paths
        for _, (table_id, paths) in tables_on_both(port, ["human", "human"]).items():
            tables[table_id] = paths
        assert {owner_of(table_id, 2) for table_id in tables} == {0, 1}
        played = {}
        for table_id, paths in tables.items():
            played[table_id] = play(port, paths, MOVES)
            assert stored(db, table_id) == played[table_id] and len(played[table_id]) == MOVES  # once, in order
        for table_id, paths in tables.items():  # and on from where each was, on new connections
            played[table_id] += play(port, paths, 2)
            assert stored(db, table_id) == played[table_id]


def test_a_connection_reaches_the_tables_process_in_any_order(tmp_path: Path) -> None:
    port = free_port()
    with running_server(str(tmp_path / "meeple.sqlite"), port, *PROCESSES):
        (first, first_paths), (second, second_paths) = (found := tables_on_both(port, ["human", "human"]))[0], found[1]
        with connect(f"ws://127.0.0.1:{port}{second_paths[0]}") as late, ExitStack() as stack:
            assert view_seq(str(late.recv(timeout=HANG_SECONDS))) == 0
            early = stack.enter_context(connect(f"ws://127.0.0.1:{port}{first_paths[0]}"))
            assert view_seq(str(early.recv(timeout=HANG_SECONDS))) == 0
        keep_alive = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_SECONDS)
        for path in ("/", f"/t/{second}/watch", f"/t/{first}/watch", "/", f"/t/{second}/watch"):
            keep_alive.request("GET", path)  # one client object: each answer closes, the next connects anew
            response = keep_alive.getresponse()
            assert response.status == 200 and response.getheader("connection") == "close", path
            assert "/ws/" in response.read().decode() or path == "/"
        keep_alive.close()
        for table_id in (first, second):  # the line in pieces, the id spelled in percent escapes
            escaped = "".join(f"%{ord(c):02X}" for c in table_id)
            with socket.create_connection(("127.0.0.1", port), timeout=HANG_SECONDS) as raw:
                for piece in (b"GET /t/", escaped.encode(), b"/watch HTT", b"P/1.1\r\nHost: x\r\n\r\n"):
                    raw.sendall(piece)
                    time.sleep(0.05)
                answer = b""
                while chunk := raw.recv(65536):
                    answer += chunk
            assert answer.startswith(b"HTTP/1.1 200") and f"/ws/{table_id}".encode() in answer


def test_a_table_of_bots_made_for_process_1_plays_to_its_end_by_itself(tmp_path: Path) -> None:
    db, port = str(tmp_path / "meeple.sqlite"), free_port()
    with running_server(db, port, *PROCESSES):
        table_id = ""
        while owner_of(table_id, 2) != 1:  # made by process 0, which hands it over
            table_id, _ = create_remote_table(port, ["random", "random"], "lotta-rome")
        store = open_store(db)
        try:
            waited(lambda: (row := store.table(table_id)) is not None and row.finished is not None, "the game ended")
            assert len(store.events(table_id)) > 20
        finally:
            store.close()


def test_the_lobby_lists_the_open_tables_of_both_processes(tmp_path: Path) -> None:
    port = free_port()
    with running_server(str(tmp_path / "meeple.sqlite"), port, *PROCESSES):
        found: dict[int, str] = {}
        while len(found) < 2:
            form = b"game=four-big-strata&players=2&seat0=human&seat1=human&listed=on"
            request = urllib.request.Request(f"http://127.0.0.1:{port}/tables", data=form, method="POST")
            with urllib.request.urlopen(request, timeout=HANG_SECONDS) as response:
                page = response.read().decode()
            table_id = page.split("/watch")[0].rsplit("/t/", 1)[1]
            found.setdefault(owner_of(table_id, 2), table_id)
        lobby = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=HANG_SECONDS).read().decode()
        assert all(f"/t/{table_id}/join" in lobby for table_id in found.values())
        joined = found[1]
        request = urllib.request.Request(f"http://127.0.0.1:{port}/t/{joined}/join", data=b"", method="POST")
        with urllib.request.urlopen(request, timeout=HANG_SECONDS) as response:  # on to the seat's page
            assert response.status == 200 and f"/ws/{joined}?token=" in response.read().decode()
        lobby = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=HANG_SECONDS).read().decode()
        assert f"/t/{joined}/join" not in lobby and f"/t/{found[0]}/join" in lobby


def test_a_killed_process_is_started_again_and_none_outlives_a_killed_front(tmp_path: Path) -> None:
    db, port = str(tmp_path / "meeple.sqlite"), free_port()
    with running_server(db, port, *PROCESSES) as server:
        table_id, paths = tables_on_both(port, ["human", "human"])[1]
        sent = play(port, paths, 2)
        killed = server_process(server.pid, 1)
        assert killed is not None
        os.kill(killed, signal.SIGKILL)
        waited(lambda: not alive(killed), "the process died")
        waited(lambda: server_process(server.pid, 1) not in (None, killed), "process 1 started again")
        deadline = time.monotonic() + HANG_SECONDS
        while True:  # connections routed while it starts may be closed: a browser reconnects
            try:
                sent += play(port, paths, 2)
                break
            except (OSError, AssertionError, http.client.HTTPException):
                assert time.monotonic() < deadline, "the table was not served again"
                time.sleep(0.2)
        assert stored(db, table_id) == sent and len(sent) == 4
        family = processes_of(server.pid)
        server.kill()  # the front itself, with SIGKILL: its processes and their bot workers end by themselves
        server.wait()
        waited(lambda: not any(alive(pid) for pid in family), "every process ended with the front")


def test_sigterm_stops_every_process(tmp_path: Path) -> None:
    port = free_port()
    with running_server(str(tmp_path / "meeple.sqlite"), port, *PROCESSES) as server:
        _, paths = tables_on_both(port, ["human", "random"])[1]
        play(port, paths, 1)  # process 1 has a bot worker now
        family = processes_of(server.pid)
        assert len(family) >= 3  # two server processes and a bot worker at least
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=HANG_SECONDS) == 0
        waited(lambda: not any(alive(pid) for pid in family), "every process stopped")


def test_a_restarted_server_loses_nothing(tmp_path: Path) -> None:
    db, port = str(tmp_path / "meeple.sqlite"), free_port()
    with running_server(db, port, *PROCESSES) as server:
        tables = {table_id: paths for table_id, paths in tables_on_both(port, ["human", "human"]).values()}
        played = {table_id: play(port, paths, 2) for table_id, paths in tables.items()}
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=HANG_SECONDS) == 0
    with running_server(db, port, *PROCESSES):  # every table goes on where it was, at its process
        for table_id, paths in tables.items():
            played[table_id] += play(port, paths, 2)
            assert stored(db, table_id) == played[table_id] and len(played[table_id]) == 4


def test_two_processes_on_postgresql_lose_no_move(postgres: ThrowAwayPostgres) -> None:
    db, port = postgres.database(), free_port()
    with running_server(db, port, *PROCESSES):
        for table_id, paths in tables_on_both(port, ["human", "human"]).values():
            sent = play(port, paths, MOVES)
            assert stored(db, table_id) == sent and len(sent) == MOVES


def test_the_processes_are_checked(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-c",
        "from meeple.cli import app; app()",
        "serve",
        "--db",
        str(tmp_path / "x.sqlite"),
        "--processes",
        "0",
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=HANG_SECONDS)
    assert result.returncode == 2 and "--processes must be at least 1, not 0" in result.stderr


def test_process_0_counts_a_clients_tables_held_by_another_process(tmp_path: Path) -> None:
    """Tables are created in process 0, whichever process holds them: its cap of open tables per
    client counts those it handed over until the store says they are finished; the process that
    holds one adopts it as its creator's."""

    async def scenario() -> None:
        handed: list[str] = []
        store = open_store(str(tmp_path / "meeple.sqlite"))
        manager = TableManager(store, bot_workers=0, share=Share(0, 2), hand_over=lambda t, _: handed.append(t))
        try:
            while not handed:
                table, _ = await manager.create("four-big-strata", 2, ["human", "human"], {}, owner="10.0.0.1")
                assert (table.id in manager.tables) == (owner_of(table.id, 2) == 0)  # held here only if its own
            assert all(owner_of(table_id, 2) == 1 for table_id in handed)
            manager.open_tables_per_client = manager.open_tables_of("10.0.0.1")
            with pytest.raises(TooMany):
                await manager.create("four-big-strata", 2, ["human", "human"], {}, owner="10.0.0.1")
            other = TableManager(open_store(str(tmp_path / "meeple.sqlite")), bot_workers=0, share=Share(1, 2))
            try:  # process 1 adopts it: its bots' thinking charged to the client that made it
                await other.adopt(handed[0], "10.0.0.1")
                assert other.tables[handed[0]].owner == "10.0.0.1" and other.tables[handed[0]].seq == 0
            finally:
                await other.close()
            store.mark_finished(handed[0])  # as process 1 would when its game ends
            await manager.create("four-big-strata", 2, ["human", "human"], {}, owner="10.0.0.1")
            assert await manager.find(handed[0]) is None  # and it never holds another's table
        finally:
            await manager.close()

    asyncio.run(scenario())

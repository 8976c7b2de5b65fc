"""Two real `meeple serve` processes on one PostgreSQL database: each serves its own tables
and no move is lost; when both take the same table, the second to store a move is refused,
reloads the table from the log and shows the other server's move."""

from contextlib import ExitStack

from websockets.sync.client import ClientConnection, connect

from hang_guard import HANG_SECONDS
from meeple.server.store import open_store

from .postgres import ThrowAwayPostgres
from .real_server import Remote, create_remote_table, free_port, play_remote, running_server
from .support import action_ids, notice_text, view_seq


def seats(stack: ExitStack, port: int, paths: list[str]) -> list[ClientConnection]:
    """Every seat's socket at that server (closed with `stack`)."""
    return [stack.enter_context(connect(f"ws://127.0.0.1:{port}{path}")) for path in paths]


def mover(stack: ExitStack, port: int, paths: list[str]) -> tuple[ClientConnection, str, int]:
    """The socket of the seat to move at that server's table, its first legal action and the board's seq."""
    for ws in seats(stack, port, paths):
        view = str(ws.recv(timeout=HANG_SECONDS))
        if action_ids(view):
            seq = view_seq(view)
            assert seq is not None
            return ws, action_ids(view)[0], seq
    raise AssertionError("nobody is to move")


def test_two_servers_on_one_database_lose_no_move(postgres: ThrowAwayPostgres) -> None:
    db = postgres.database()
    ports = [free_port(), free_port()]
    with running_server(db, ports[0]), running_server(db, ports[1]), ExitStack() as stack:
        played = {}
        for port in ports:  # each server plays a table of its own
            table_id, paths = create_remote_table(port, ["human", "human"])
            with ExitStack() as sockets:
                played[table_id] = (port, paths, play_remote([Remote(ws) for ws in seats(sockets, port, paths)], 10))
        store = open_store(db)
        for table_id, (_, _, seq) in played.items():
            assert len(store.events(table_id)) == seq  # every move either server showed is stored

        (first, (home, paths, seq)), (_, (elsewhere, _, _)) = played.items()
        on_home, action, board = mover(stack, home, paths)  # the first server still holds the table at seq
        on_other, other_action, other_board = mover(stack, elsewhere, paths)  # the second loads it from the log
        assert board == other_board == seq
        on_other.send(f'{{"action": "{other_action}", "seq": {seq}}}')
        assert view_seq(str(on_other.recv(timeout=HANG_SECONDS))) == seq + 1
        on_home.send(f'{{"action": "{action}", "seq": {seq}}}')
        refusal = notice_text(str(on_home.recv(timeout=HANG_SECONDS)))
        assert refusal is not None and f"another server stored this table's action {seq} first" in refusal
        assert view_seq(str(on_home.recv(timeout=HANG_SECONDS))) == seq + 1  # reloaded: it shows the other's move
        events = store.events(first)
        assert len(events) == seq + 1 and events[-1][2] == other_action
        store.close()

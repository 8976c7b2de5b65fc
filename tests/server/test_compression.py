"""Boards reach browsers compressed at the level `meeple serve --ws-compression` sets (0: not compressed)."""

from pathlib import Path

import pytest
from typer.testing import CliRunner
from websockets.sync.client import connect

from hang_guard import HANG_SECONDS
from meeple.cli import app
from meeple.server.connections import LeveledDeflateProtocol, websocket_options

from .real_server import create_remote_table, free_port, running_server
from .support import view_seq


@pytest.mark.parametrize("level", ["0", "1", "9"])
def test_boards_are_compressed_at_the_level_asked_for(level: str, tmp_path: Path) -> None:
    port = free_port()
    with running_server(str(tmp_path / "db.sqlite"), port, "--ws-compression", level):
        table_id, _ = create_remote_table(port, ["human", "random"])
        with connect(f"ws://127.0.0.1:{port}/ws/{table_id}") as spectator:
            assert view_seq(str(spectator.recv(timeout=HANG_SECONDS))) is not None
            extensions = spectator.response.headers.get("Sec-WebSocket-Extensions") or ""
    assert ("permessage-deflate" in extensions) == (level != "0")


def test_the_protocol_takes_the_level() -> None:
    protocol = websocket_options(9)["ws"]
    assert issubclass(protocol, LeveledDeflateProtocol) and protocol.level == 9
    assert websocket_options(0)["ws_per_message_deflate"] is False


def test_serve_refuses_a_level_out_of_range() -> None:
    result = CliRunner().invoke(app, ["serve", "--ws-compression", "10"])
    assert result.exit_code == 2 and "--ws-compression must lie between 0 and 9, not 10" in result.output

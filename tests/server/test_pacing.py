"""Views are paced: a browser watching bots play hundreds of moves is sent a few views a second,
the latest each time, not one per move; and the last view it gets is the table's last state."""

from pathlib import Path

from fastapi.testclient import TestClient

from machine_speed import MACHINE_SPEED
from meeple.server import create_app

from .support import Browser, create_table, view_seq, wait_for_bots, ws_path


def test_a_spectator_of_fast_bots_gets_few_views_and_the_last_one(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite"), bot_workers=0, view_interval=0.2, limits=MACHINE_SPEED)
    with TestClient(app) as client:
        table_id, links = create_table(client, ["random"] * 5)
        table = client.app.state.manager.tables[table_id]
        with client.websocket_connect(ws_path(links["Spectators"])) as ws:
            watcher = Browser(ws, "spectator")
            wait_for_bots(client.app.state.manager, table, timeout=120)
            assert table.is_over()
            watcher.sync(table.seq)
            views = sum(1 for fragment in watcher.fragments if 'id="view"' in fragment)
            assert "The game is over." in watcher.view
            first = next(seq for seq in map(view_seq, watcher.fragments) if seq is not None)
            assert first < table.seq / 2, "the spectator watched the bots play"
            assert views < table.seq / 4, f"{views} views for {table.seq} moves"

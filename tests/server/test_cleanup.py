"""Clean-up: finished tables archived after the retention period, abandoned ones closed, both
kept as records that `meeple replay` verifies, in every game; an abandoned table no longer
counts against its creator's bot cap. Time is a fake clock moved on by hand."""

import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from machine_speed import MACHINE_SPEED
from meeple.cli import app as cli
from meeple.engine import decode_record, game_specs, get_game
from meeple.server import create_app
from meeple.server.cleanup import ABANDONED, ARCHIVED, Retention, parse_duration, sweep
from meeple.server.sqlite_store import SQLiteStore

from .support import GAME, Browser, create_table, notice_text, restore_all, wait_for_bots, ws_path

RETENTION = Retention(archive_after=timedelta(days=1), abandon_after=timedelta(hours=3))
CASES = [pytest.param(spec.slug, id=spec.slug) for spec in game_specs()]


class Clock:
    """A clock that stands still until moved on (from the real time: the store marks a game
    finished by the real clock)."""

    def __init__(self) -> None:
        self.start = self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def shown(self, **delta: float) -> str:
        """The time `delta` after the start, as a closed table's link shows it."""
        return (self.start + timedelta(**delta)).strftime("%Y-%m-%d %H:%M UTC")


def swept(client: TestClient) -> dict[str, str]:
    return client.portal.call(sweep, client.app.state.manager, RETENTION)


def export(db_path: str, table_id: str, out: Path) -> str:
    """`meeple export` the table to `out`, then `meeple replay` it: replay's output."""
    link = f"http://127.0.0.1:8000/t/{table_id}?token=x"  # a link names the table too
    exported = CliRunner().invoke(cli, ["export", "--db", db_path, "--out", str(out), "--", table_id])
    assert exported.exit_code == 0, exported.output
    exported = CliRunner().invoke(cli, ["export", "--db", db_path, "--out", str(out), link])
    assert exported.exit_code == 0, exported.output
    replayed = CliRunner().invoke(cli, ["replay", str(out)])
    assert replayed.exit_code == 0, replayed.output
    return replayed.output


@pytest.mark.parametrize("slug", CASES)
def test_finished_tables_are_archived_abandoned_ones_closed_and_both_replay(slug: str, tmp_path: Path) -> None:
    db_path, clock = str(tmp_path / "meeple.sqlite"), Clock()
    spec = get_game(slug).spec
    players = min(max(2, spec.min_players), spec.max_players)
    with TestClient(create_app(db_path, bot_workers=0, limits=MACHINE_SPEED, retention=RETENTION, clock=clock)) as c:
        manager = c.app.state.manager
        create = manager.create
        finished, _ = c.portal.call(create, slug, players, ["random"] * players, {}, False, 3)
        idle, tokens = c.portal.call(create, slug, players, ["human"] + ["random"] * (players - 1), {}, False, 3)
        for table in (finished, idle):
            wait_for_bots(manager, table)
        assert finished.is_over() and not idle.is_over()
        clock.advance(hours=2)
        assert swept(c) == {}
        clock.advance(hours=1)  # three hours without a person's move
        assert swept(c) == {idle.id: ABANDONED}
        clock.advance(hours=20)
        assert swept(c) == {}  # the finished game ended 23 hours ago
        clock.advance(hours=1, minutes=5)  # (it ended a few real seconds after the clock's start)
        assert swept(c) == {finished.id: ARCHIVED}
        assert manager.tables == {}
        page = c.get(f"/t/{idle.id}?token={tokens[0]}")
        assert page.status_code == 410 and f"was {ABANDONED} on {clock.shown(hours=3)}" in page.text
        with c.websocket_connect(f"/ws/{finished.id}") as ws:
            assert f"was {ARCHIVED} on {clock.shown(hours=24, minutes=5)}" in notice_text(ws.receive_text())
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4404
    with TestClient(create_app(db_path, bot_workers=0, limits=MACHINE_SPEED)) as client:  # not served again
        assert restore_all(client) == {} and client.app.state.manager.broken == {}
        for table in (finished, idle):
            assert client.portal.call(client.app.state.manager.find, table.id) is None
    store = SQLiteStore(db_path)
    for table in (finished, idle):
        assert store.table(table.id).closed in (ARCHIVED, ABANDONED)
        output = export(db_path, table.id, tmp_path / f"{table.id}.json")
        assert f"record verified: {len(store.events(table.id))} action" in output
        record = decode_record((tmp_path / f"{table.id}.json").read_bytes())
        assert record.actions == [(seat, action) for _, seat, action in store.events(table.id)]
        assert (record.result is not None) == (table is finished)
    store.close()


def test_a_human_move_keeps_a_table_and_an_abandoned_one_frees_its_creators_bot_cap(
    serve: Callable[..., TestClient],
) -> None:
    clock = Clock()
    client = serve(retention=RETENTION, clock=clock)
    manager = client.app.state.manager
    seats = ["easy", "easy", "human"]  # Four Big Strata: seat 2's setup choice comes first, no bot thinks before
    kept, kept_links = create_table(client, seats)
    left, _ = create_table(client, seats)
    clock.advance(hours=1)
    with client.websocket_connect(ws_path(kept_links["Seat 2"])) as ws:
        seat2 = Browser(ws, "seat 2")
        seat2.sync(0)
        seat2.play(seat2.actions[0])
    wait_for_bots(manager, manager.tables[kept])
    for _ in range(2):
        create_table(client, seats)
    refused = client.post("/tables", data={"game": GAME, "players": "3", "seat0": "easy", "seat1": "easy"})
    assert refused.status_code == 400 and "too many search bots" in refused.text  # 4 tables of 2: the cap of 8
    clock.advance(hours=2, minutes=30)  # `left`: 3.5 hours without a person's move; `kept`: 2.5
    assert swept(client) == {left: ABANDONED}
    create_table(client, seats)


def test_durations_and_an_unknown_table_are_refused_clearly(tmp_path: Path) -> None:
    assert parse_duration("90s") == timedelta(seconds=90) and parse_duration("7d") == timedelta(days=7)
    for bad in ("7", "0h", "-1d", "1w", "soon"):
        with pytest.raises(ValueError, match="is not a duration like 30m, 12h or 7d"):
            parse_duration(bad)
    db_path = str(tmp_path / "meeple.sqlite")
    SQLiteStore(db_path).close()
    result = CliRunner().invoke(cli, ["export", "nope", "--db", db_path])
    assert result.exit_code == 2 and "there is no table 'nope' in this database" in result.output
    result = CliRunner().invoke(cli, ["serve", "--db", db_path, "--abandon-after", "soon"])
    assert result.exit_code == 2 and "'soon' is not a duration" in result.output


def test_export_from_postgresql_without_psycopg_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # `import psycopg` now raises ImportError
    monkeypatch.setitem(sys.modules, "meeple.server.postgres_store", None)
    result = CliRunner().invoke(cli, ["export", "some-table", "--db", "postgresql://nobody@localhost:1/none"])
    assert result.exit_code == 2 and "a PostgreSQL database needs psycopg" in result.output, result.output

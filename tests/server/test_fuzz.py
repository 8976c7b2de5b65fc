"""Fuzzed, not only enumerated: the HTTP API from its OpenAPI schema (schemathesis) and the
websocket's messages (hypothesis). No request is answered with a 500 or logs an error, and a
refused request or message changes nothing: a table is made only by a 201, a seat taken only
by a 303, a move stored only when the board moves on without a refusal.

Example counts are kept small so the suite stays quick; raise FUZZ_EXAMPLES to search longer."""

import json
import logging
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.python.asgi import shutdown_lifespans

from machine_speed import MACHINE_SPEED
from meeple.engine import get_game
from meeple.server import bots, create_app
from meeple.server.sqlite_store import SQLiteStore

from .support import GAME, Browser, create_table, fingerprint, ws_path

POSITIVE, NEGATIVE = GenerationMode.POSITIVE, GenerationMode.NEGATIVE  # requests as the pages send them; forged
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))
# Derandomized: the suite fuzzes the same examples every run (a failure is reproducible, never
# luck); raise MEEPLE_FUZZ_EXAMPLES and drop it by hand to search further.
FUZZ = settings(
    max_examples=EXAMPLES, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
)


class Errors(logging.Handler):
    """Every log record at ERROR or above, or carrying a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.records.append(record)


@pytest.fixture
def logged_errors() -> Iterator[Errors]:
    handler = Errors()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots of fuzzed tables choose at random at once (in the server's bot threads): the fuzz is
    about requests, and a hard bot thinking for seconds would only slow it down."""

    def choose(job: bots.BotJob) -> str:
        game = get_game(job.game, job.options)
        state = bots.rebuild(job)
        return random.Random(len(job.actions)).choice(game.legal_actions(state, job.seat)).id

    monkeypatch.setattr(bots, "choose", choose)


def stored(db_path: str) -> tuple[int, int, int]:
    """(tables, seat tokens, events) in the database file."""
    store = SQLiteStore(db_path)
    try:
        counts = [store.db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in ("tables", "seat_tokens")]
        return counts[0], counts[1], store.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    finally:
        store.close()


def test_the_http_api_fuzzed_from_its_openapi_schema(tmp_path: Path, logged_errors: Errors, quick_bots: None) -> None:
    db_path = str(tmp_path / "fuzz.sqlite")
    app = create_app(db_path, bot_workers=0, limits=MACHINE_SPEED)
    with TestClient(app) as client:  # two tables whose ids the fuzzer also tries: one listed with a free seat
        listed = client.post("/tables", data={"game": GAME, "players": "2", "seat1": "human", "listed": "on"})
        assert listed.status_code == 201
        create_table(client, ["human", "random"])
        known = list(app.state.manager.tables)
    raw = app.openapi()  # what FastAPI serves as /openapi.json (switched off in production: no docs pages)
    for path in raw["paths"].values():
        for operation in path.values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "table_id":
                    parameter["schema"]["examples"] = known
    schema = schemathesis.openapi.from_dict(raw)
    app = create_app(db_path, bot_workers=0, limits=MACHINE_SPEED)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {(op.method.upper(), op.path) for op in operations} >= {("POST", "/tables"), ("POST", "/t/{table_id}/join")}
    statuses: set[int] = set()
    try:
        for operation in operations:

            @FUZZ
            @given(case=operation.as_strategy(POSITIVE) | operation.as_strategy(NEGATIVE))
            def check(case: Any) -> None:
                before = stored(db_path)
                response = case.call(app=app, allow_redirects=False)
                statuses.add(response.status_code)
                assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:300]}"
                tables, tokens, events = stored(db_path)
                made = response.status_code == 201 and case.path == "/tables"
                joined = response.status_code == 303 and case.path.endswith("/join")
                assert tables == before[0] + made, "a table was made without a 201, or a 201 made none"
                assert tokens >= before[1] + joined and (made or tokens == before[1] + joined)
                assert events >= before[2]
                assert not logged_errors.records, logged_errors.records[0].getMessage()

            check()
    finally:
        shutdown_lifespans()
    assert {200, 201, 400, 404} <= statuses  # the fuzz reached pages, made tables and was refused


def fuzz_values() -> st.SearchStrategy[Any]:
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    return st.recursive(
        scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    )


LEGAL = "<a legal action>"
FIELDS = st.sampled_from(["action", "seq", "seat", "ready", "hack"])


def test_websocket_messages_fuzzed(serve: Any, logged_errors: Errors) -> None:
    """Three human seats of a Four Big Strata table; each example sends one message from one
    seat: a legal move on its current board, or anything else (a JSON object of the known fields
    with any values, any JSON, any text, bytes). Every message is answered; one answered by a
    refusal leaves the table unchanged; the table moves on only by a move its seat may make."""
    client = serve()
    table_id, links = create_table(client, ["human", "human", "human"])
    table = client.app.state.manager.tables[table_id]
    with (
        client.websocket_connect(ws_path(links["Seat 0"])) as ws0,
        client.websocket_connect(ws_path(links["Seat 1"])) as ws1,
        client.websocket_connect(ws_path(links["Seat 2"])) as ws2,
    ):
        seats = [Browser(ws, f"seat {n}") for n, ws in enumerate((ws0, ws1, ws2))]
        for seat in seats:
            seat.sync(0)

        @FUZZ
        @given(data=st.data())
        def check(data: st.DataObject) -> None:
            for seat in seats:
                seat.sync(table.seq)
            kind = data.draw(st.sampled_from(["legal", "object", "json", "text", "bytes"]), label="kind")
            n = data.draw(st.integers(0, 2), label="seat")
            deciding = [m for m, seat in enumerate(seats) if seat.actions] if kind == "legal" else []
            n = deciding[n % len(deciding)] if deciding else n  # a legal move from a seat that has one
            seat, before = seats[n], fingerprint(table)
            pick = data.draw(st.integers(0, 99), label="which legal action")  # drawn whatever the board
            legal = seat.actions[pick % len(seat.actions)] if seat.actions else "x"
            if kind == "legal":
                seat.send(legal)
            elif kind == "object":  # the marker LEGAL stands for a legal action id of the seat's board
                message = data.draw(st.dictionaries(FIELDS, fuzz_values() | st.just(LEGAL)), label="object")
                seat.ws.send_text(json.dumps({key: legal if v == LEGAL else v for key, v in message.items()}))
            elif kind == "json":
                seat.ws.send_text(json.dumps(data.draw(fuzz_values(), label="json")))
            elif kind == "text":
                seat.ws.send_text(data.draw(st.text(max_size=200), label="text"))
            else:
                seat.ws.send_bytes(data.draw(st.binary(max_size=64), label="bytes"))
            notices = len(seat.notices)
            while len(seat.notices) == notices and seat.seq == before[0]:
                seat.receive()
            if len(seat.notices) > notices:  # refused: nothing changed
                assert fingerprint(table) == before, f"refused ({seat.notices[-1]}) yet the table changed"
            else:  # taken: one move, by this seat, from its own board
                assert table.seq == before[0] + 1 and table.actions[-1][0] == n
            assert not logged_errors.records, logged_errors.records[0].getMessage()

        check()
    assert table.seq > 0  # legal moves were among the examples, and they were taken

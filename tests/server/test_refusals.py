"""Every refusal: shown to that player only, with the table unchanged and other tables unharmed."""

import asyncio
import json
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.sqlite_store import SQLiteStore
from meeple.server.tables import Duplicate, Refusal, TableManager

from .support import GAME, Browser, create_table, fingerprint, notice_text, wait_for_bots, ws_path


def bidding_table(client: TestClient) -> tuple[str, dict[str, str]]:
    """Three humans; after seat 2's setup choice all three must bid (a sealed simultaneous choice)."""
    return create_table(client, ["human", "human", "human"])


def test_every_refusal_leaves_the_table_unchanged(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_id, links = bidding_table(client)
    table = client.app.state.manager.tables[table_id]
    with (
        client.websocket_connect(ws_path(links["Seat 0"])) as ws0,
        client.websocket_connect(ws_path(links["Seat 1"])) as ws1,
        client.websocket_connect(ws_path(links["Spectators"])) as ws_watch,
    ):
        seat0, seat1, watcher = Browser(ws0, "seat 0"), Browser(ws1, "seat 1"), Browser(ws_watch, "spectator")
        for browser in (seat0, seat1, watcher):
            browser.sync(0)
        assert seat0.actions == [] and table.to_move() == (2,)
        before = fingerprint(table)

        def refused(browser: Browser, send: Callable[[], None], expected: str) -> None:
            send()
            message = browser.refused()
            assert expected in message, message
            assert fingerprint(table) == before, f"the table changed after: {message}"

        # Not your turn: seat 2 makes the setup choice, seat 0 tries a bid.
        refused(seat0, lambda: seat0.send("bid:0"), "seat 0 is not to decide now (waiting for seat 2)")
        # Another seat: seat 0's link speaking for seat 2.
        refused(seat0, lambda: seat0.send("bid:0", seat=2), "this link is for seat 0, not seat 2")
        refused(seat0, lambda: seat0.send("bid:0", seat=9), "there is no seat 9")
        # Stale: the board it answers is not the table's.
        refused(seat0, lambda: seat0.send("bid:0", seq=5), "stale: the game moved on")
        refused(seat0, lambda: seat0.send("bid:0", seq=True), "seq must be the whole number")
        # Malformed messages.
        refused(seat0, lambda: ws0.send_text("{not json"), "not valid JSON")
        refused(seat0, lambda: ws0.send_text("[1, 2]"), "expected a JSON object")
        refused(seat0, lambda: ws0.send_text('{"action": "bid:0", "seq": 0, "hack": 1}'), "unknown fields 'hack'")
        refused(seat0, lambda: ws0.send_text('{"action": "bid:0"}'), "missing seq")
        refused(seat0, lambda: ws0.send_text('{"action": 7, "seq": 0}'), "non-empty string")
        refused(seat0, lambda: ws0.send_text(json.dumps({"action": "x" * 5000, "seq": 0})), "over the limit of 4096")
        refused(seat0, lambda: ws0.send_bytes(b"\x00\x01"), "not binary")
        refused(seat0, lambda: ws0.send_text('{"ready": 0}'), "only a hot-seat screen")
        # A spectator cannot act at all.
        refused(watcher, lambda: watcher.send("bid:0"), "spectators cannot act")
        # None of that reached anyone else: seat 1's next message is the view after a real move.
        with client.websocket_connect(f"/ws/{table_id}?token={tokens_of(links)[2]}") as ws2:
            seat2 = Browser(ws2, "seat 2")
            seat2.sync(0)
            # Illegal: a well-formed id that is not among seat 2's choices.
            refused(seat2, lambda: seat2.send("bid:999"), "'bid:999' is not a legal action for seat 2")
            seat2.play(seat2.actions[0])
        assert 'data-seq="1"' in seat1.receive()
        assert seat1.notices == []
        assert len(watcher.notices) == 1
        assert table.seq == 1
        # The refused player plays on normally.
        seat0.sync(1)
        seat0.play("bid:0")


def tokens_of(links: dict[str, str]) -> dict[int, str]:
    return {int(who.split()[1]): url.split("token=")[1] for who, url in links.items() if who.startswith("Seat ")}


def test_wrong_token_and_unknown_table(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_id, _ = create_table(client, ["human", "random"])
    table = client.app.state.manager.tables[table_id]
    wait_for_bots(client.app.state.manager, table)
    before = fingerprint(table)
    page = client.get(f"/t/{table_id}?token=not-a-token")
    assert page.status_code == 403 and "not valid" in page.text
    for path, code, reason in [
        (f"/ws/{table_id}?token=not-a-token", 4403, "this link's token is not valid for this table"),
        (f"/ws/{table_id}?token=", 4403, "this link's token is not valid for this table"),
        ("/ws/no-such-table", 4404, "there is no table 'no-such-table'"),
    ]:
        with client.websocket_connect(path) as ws:
            assert reason[1:] in notice_text(ws.receive_text())  # the notice, shown in the page
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
        assert (closed.value.code, closed.value.reason) == (code, reason)
    missing = client.get("/t/no-such-table")
    assert missing.status_code == 404 and "There is no table" in missing.text
    assert client.get("/t/no-such-table/watch").status_code == 404
    assert fingerprint(table) == before


def test_refusals_through_the_manager(db_path: str) -> None:
    """act() checks, in order: table, token, seat, human seat, seq, then the rules."""

    async def scenario() -> None:
        manager = TableManager(SQLiteStore(db_path), bot_workers=0)
        manager.start()
        table, tokens = await manager.create(GAME, 3, ["human", "human", "random"], {}, seed=11)
        hot, hot_tokens = await manager.create(GAME, 3, ["human", "human", "random"], {}, hot_seat=True, seed=11)
        while manager.bots_busy(table) or manager.bots_busy(hot):
            await asyncio.sleep(0.01)
        before = fingerprint(table)
        cases = [
            (("nope", tokens[0], 0, "x", 0), "there is no table 'nope'"),
            ((table.id, "forged", 0, "x", 0), "token is not valid"),
            ((table.id, tokens[0], 1, "x", 0), "this link is for seat 0, not seat 1"),
            ((table.id, tokens[0], 0, "x", table.seq + 1), "stale"),
            ((table.id, tokens[0], 0, "x", table.seq), "not a legal action"),
            ((hot.id, hot_tokens[-1], 2, "x", hot.seq), "seat 2 is played by a bot (random)"),
            ((hot.id, tokens[0], 0, "x", hot.seq), "token is not valid"),
        ]
        for args, expected in cases:
            with pytest.raises(Refusal, match=expected.replace("(", r"\(").replace(")", r"\)")):
                await manager.act(*args)
        assert fingerprint(table) == before
        await manager.close()

    asyncio.run(scenario())


def test_concurrent_actions_are_serialized(db_path: str) -> None:
    """Two actions answering the same board, at once: exactly one applies; the other was made on a
    board the seat has since moved from, so it is refused as already done."""

    async def scenario() -> None:
        manager = TableManager(SQLiteStore(db_path), bot_workers=0)
        manager.start()
        table, tokens = await manager.create(GAME, 3, ["human"] * 3, {}, seed=5)
        assert table.game is not None
        for same in (False, True):  # two different actions, then the same action twice
            seq, seat = table.seq, table.to_move()[0]
            legal = [a.id for a in table.game.legal_actions(table.state, seat)]
            first, second = legal[0], legal[0] if same else legal[-1]
            outcomes = await asyncio.gather(
                manager.act(table.id, tokens[seat], seat, first, seq),
                manager.act(table.id, tokens[seat], seat, second, seq),
                return_exceptions=True,
            )
            assert outcomes[0] is None
            assert isinstance(outcomes[1], Duplicate) and str(outcomes[1]).startswith("already done")
            assert table.seq == seq + 1 and table.actions[-1] == (seat, first)
        assert len(manager.store.events(table.id)) == table.seq
        await manager.close()

    asyncio.run(scenario())


def test_concurrent_bids_over_websockets(serve: Callable[..., TestClient]) -> None:
    """Seats 0 and 1 both answer the board at seq 1 at once: a sealed bid does not make the other
    seat's board stale (its choices did not change), so both bids apply. A board shown before a
    seat's own choices changed is stale."""
    client = serve()
    table_id, links = bidding_table(client)
    table = client.app.state.manager.tables[table_id]
    tokens = tokens_of(links)
    with (
        client.websocket_connect(ws_path(links["Seat 0"])) as ws0,
        client.websocket_connect(ws_path(links["Seat 1"])) as ws1,
        client.websocket_connect(f"/ws/{table_id}?token={tokens[2]}") as ws2,
    ):
        seats = [Browser(ws0, "seat 0"), Browser(ws1, "seat 1"), Browser(ws2, "seat 2")]
        seats[2].sync(0)
        seats[2].play(seats[2].actions[0])
        for browser in seats:
            browser.sync(1)
        seats[0].send("bid:0", seq=1)
        seats[1].send("bid:0", seq=1)
        for browser in seats:
            browser.sync(3)
        assert table.seq == 3
        assert sorted(seat for seat, _ in table.actions[1:]) == [0, 1]
        assert seats[0].notices == [] and seats[1].notices == []
        seats[2].send("bid:0", seq=1)  # its choices did not change since its board at seq 1 either
        for browser in seats:
            browser.sync(4)
        assert table.state.phase == "pick"
        picker = table.to_move()[0]
        before = table.seq
        made_on = table.last_acted[picker] + 1  # after its own bid, before the bids were revealed
        assert made_on < before
        seats[picker].send(table.game.legal_actions(table.state, picker)[0].id, seq=made_on)
        assert seats[picker].refused().startswith("stale: the game moved on")
        assert table.seq == before


def test_garbage_on_one_table_does_not_harm_another(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_a, links_a = bidding_table(client)
    table_b, links_b = bidding_table(client)
    manager = client.app.state.manager
    with (
        client.websocket_connect(f"/ws/{table_a}?token={tokens_of(links_a)[2]}") as ws_a,
        client.websocket_connect(f"/ws/{table_b}?token={tokens_of(links_b)[2]}") as ws_b,
    ):
        a, b = Browser(ws_a, "a"), Browser(ws_b, "b")
        a.sync(0)
        b.sync(0)
        for garbage, expected in [
            ("\x00" * 10, "not valid JSON"),
            ("x" * 100_000, "100000 bytes is over the limit"),
            ("🂡" * 2000, "8000 bytes is over the limit"),
            ('{"action": {"nested": [1, 2, 3]}, "seq": 0}', "non-empty string"),
            ("null", "expected a JSON object"),
        ]:
            ws_a.send_text(garbage)
            assert expected in a.refused()
        assert manager.tables[table_a].seq == 0
        b.play(b.actions[0])  # the other table plays on
        a.play(a.actions[0])  # and so does the one that received the garbage
        assert manager.tables[table_a].seq == manager.tables[table_b].seq == 1


def test_a_failing_bot_is_reported_at_its_table_only(
    serve: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_bot(job: object) -> str:
        raise RuntimeError("the bot lost its marbles")

    client = serve()  # bots think in a thread here, so the patch reaches them
    manager = client.app.state.manager
    healthy_id, healthy_links = create_table(client, ["human", "human"])
    monkeypatch.setattr("meeple.server.bots.choose", broken_bot)
    table_id, links = create_table(client, ["human", "human", "random"])
    table = manager.tables[table_id]
    wait_for_bots(manager, table, allow_problem=True)
    assert table.problem == "the bot of seat 2 failed: the bot lost its marbles"
    with client.websocket_connect(ws_path(links["Seat 0"])) as ws:
        seat0 = Browser(ws, "seat 0")
        seat0.sync(0)
        assert "The table is stuck: the bot of seat 2 failed" in seat0.view and seat0.actions == []
    with client.websocket_connect(ws_path(healthy_links["Seat 0"])) as ws_ok:
        other = Browser(ws_ok, "other table")
        other.sync(0)
        assert "stuck" not in other.view
    assert manager.tables[healthy_id].problem is None


def test_an_oversized_create_form_is_refused(serve: Callable[..., TestClient]) -> None:
    client = serve()
    response = client.post(
        "/tables", content=b"game=" + b"x" * 140_000, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 413 and "too large" in response.text

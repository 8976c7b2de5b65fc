"""Playing through the websocket API alone: a whole game, hot seat, and what each browser is sent."""

import html
import re
import sqlite3
from collections.abc import Callable

from fastapi.testclient import TestClient

from hidden_faces import forbidden_names
from meeple.engine import Game, State, get_game
from meeple.server.bots import BOT_LEVELS
from meeple.server.tables import Table

from .support import (
    GAME,
    Browser,
    action_ids,
    assert_private,
    create_table,
    view_seq,
    wait_for_bots,
    ws_path,
)


class Mirror:
    """The table's states by number of actions, replayed from its actions, for checking
    fragments after the fact; and the hidden card faces of each viewer at each of them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.game: Game = get_game(table.row.game, table.row.options)
        self.states: list[State] = [self.game.new_game(table.row.players, table.row.seed)]
        self.forbidden: dict[tuple[int, int | None], set[str]] = {}

    def state(self, seq: int) -> State:
        while len(self.states) <= seq:
            seat, action_id = self.table.actions[len(self.states) - 1]
            self.states.append(self.game.step(self.states[-1], seat, action_id))
        return self.states[seq]

    def names(self, seq: int, seat: int | None) -> set[str]:
        key = (seq, seat)
        if key not in self.forbidden:
            self.forbidden[key] = forbidden_names(self.game, self.state(seq), seat)
        return self.forbidden[key]


def check_fragments(mirror: Mirror, browser: Browser, seat: int | None, start: int, shown: set[str]) -> int:
    """Assert that no fragment `browser` received since index `start` shows a face its seat
    may not see; returns the new start. Adds to `shown` the faces it rightly shows that
    another viewer may not see (so the test can tell that the check had something to find)."""
    for fragment in browser.fragments[start:]:
        seq = view_seq(fragment)
        if seq is not None:
            assert_private(fragment, mirror.names(seq, seat), browser.name)
            for other in (0, 1, None):
                if other != seat:
                    shown.update(name for name in mirror.names(seq, other) if name in fragment)
    return len(browser.fragments)


def test_two_humans_and_a_bot_finish_a_game(serve: Callable[..., TestClient], db_path: str) -> None:
    client = serve(bot_workers=1)  # the bot thinks in a real worker process
    table_id, links = create_table(client, ["human", "human", "random"])
    assert set(links) == {"Seat 0", "Seat 1", "Spectators"}
    for link in links.values():
        page = client.get(link)
        assert page.status_code == 200
        socket = ws_path(link) + ("&" if "?" in ws_path(link) else "?") + "views=patch"  # views come as patches
        assert f'ws-connect="{html.escape(socket)}"' in page.text
    manager = client.app.state.manager
    table = manager.tables[table_id]
    mirror = Mirror(table)
    store = sqlite3.connect(db_path)

    def stored() -> int:
        return store.execute("SELECT count(*) FROM events WHERE table_id = ?", (table_id,)).fetchone()[0]

    with (
        client.websocket_connect(ws_path(links["Seat 0"])) as ws0,
        client.websocket_connect(ws_path(links["Seat 1"])) as ws1,
        client.websocket_connect(ws_path(links["Spectators"])) as ws_watch,
    ):
        seats = [Browser(ws0, "seat 0"), Browser(ws1, "seat 1")]
        watcher = Browser(ws_watch, "spectator")
        viewers: list[tuple[Browser, int | None]] = [(seats[0], 0), (seats[1], 1), (watcher, None)]
        checked = {id(browser): 0 for browser, _ in viewers}
        shown: set[str] = set()
        moves = 0
        while True:
            wait_for_bots(manager, table)
            now = table.seq
            for browser, seat in viewers:
                while browser.seq < now:
                    browser.receive()
                    # Written before broadcast: the store already holds every action a browser is shown.
                    assert stored() >= browser.seq
                assert browser.seq == now
                checked[id(browser)] = check_fragments(mirror, browser, seat, checked[id(browser)], shown)
            assert watcher.actions == [], "a spectator is offered no action"
            if table.is_over():
                break
            movers = [browser for browser in seats if browser.actions]
            assert movers, f"no human can move at {now} but no bot is thinking either"
            movers[0].play(movers[0].actions[0])
            moves += 1
            assert moves < 2000
        assert not any(browser.notices for browser, _ in viewers)
        assert len(shown) >= 3, "seats were shown faces the others may not see (so the check had teeth)"
        assert stored() == table.seq
        human_moves = sum(1 for seat, _ in table.actions if seat < 2)
        assert human_moves == moves and table.seq > moves  # the bot moved too
        for browser, _ in viewers:
            assert "The game is over." in browser.view
            assert '<section class="result"' in browser.view
            assert re.search(
                r'<p class="outcome">(You|Seat \d[^<]*|A tie: [^<]*) (won|share the win)\.</p>', browser.view
            )
        seats[0].send("bid:0")
        assert "the game is over" in seats[0].refused()
    store.close()


def test_sealed_bid_never_reaches_another_seat(serve: Callable[..., TestClient]) -> None:
    """Two tables with the same seed: seat 1 bids differently; what seat 0 and a spectator are
    sent is the same on both tables, so it cannot carry seat 1's bid."""
    client = serve()
    manager = client.app.state.manager
    seen: dict[int, list[str]] = {}
    for bid in (0, 1):
        table, tokens = client.portal.call(manager.create, GAME, 3, ["human"] * 3, {}, False, 7)
        with (
            client.websocket_connect(f"/ws/{table.id}?token={tokens[0]}") as ws0,
            client.websocket_connect(f"/ws/{table.id}?token={tokens[1]}") as ws1,
            client.websocket_connect(f"/ws/{table.id}?token={tokens[2]}") as ws2,
            client.websocket_connect(f"/ws/{table.id}") as ws_watch,
        ):
            browsers = [Browser(ws0, "seat 0"), Browser(ws1, "seat 1"), Browser(ws2, "seat 2"), Browser(ws_watch, "w")]
            for browser in browsers:
                browser.sync(0)
            while f"bid:{bid}" not in browsers[1].actions:  # setup decisions first, the same on both tables
                mover = next(b for b in browsers[:3] if b.actions)
                mover.play(mover.actions[0])
                for browser in browsers:
                    browser.sync(table.seq)
            assert f"bid:{bid}" in browsers[0].actions, "seat 0 bids at the same time"
            browsers[1].play(f"bid:{bid}")
            for browser in browsers:
                browser.sync(table.seq)
            assert "Waiting for 2 players" in browsers[1].view
            assert "Waiting for 2 players" in browsers[3].view
            seen[bid] = [browsers[0].view.replace(table.id, "ID"), browsers[3].view.replace(table.id, "ID")]
    assert seen[0] == seen[1]


def test_hot_seat_passes_the_device(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_id, links = create_table(client, ["human", "human", "random"], hot_seat=True)
    assert set(links) == {"Hot seat (every human seat)", "Spectators"}
    manager = client.app.state.manager
    table = manager.tables[table_id]
    with client.websocket_connect(ws_path(links["Hot seat (every human seat)"])) as ws:
        screen = Browser(ws, "hot seat")
        passes = 0
        while table.seq < 40 and not table.is_over():
            wait_for_bots(manager, table)
            screen.sync(table.seq)
            turn = table.hot_seat_turn()
            assert turn is not None
            if "Pass the device to seat" in screen.view:
                passes += 1
                assert f"Pass the device to seat {turn}" in screen.view
                # Nothing private behind the pass screen: no card at all, no choice.
                assert action_ids(screen.view) == []
                assert "<svg" not in screen.view and "Rice farmer" not in screen.view
                screen.send("bid:0")
                assert f"seat {turn} must first confirm" in screen.refused()
                screen.ws.send_json({"ready": turn})
                while "Pass the device" in screen.view or screen.seq != table.seq:
                    screen.receive()
            assert f"You are seat {turn}" in screen.view
            screen.play(screen.actions[0])
        assert passes >= 3, "the device is passed between the two humans (bids are simultaneous)"


def test_the_planner_bot_plays_its_workers_turns_at_a_guedelon_table(serve: Callable[..., TestClient]) -> None:
    """The lobby's levels run the game's own search in the bot worker process: in
    Guédelon the bot's worker moves, and every action it sends is legal where it is taken."""
    client = serve(bot_workers=1)
    manager = client.app.state.manager
    table, tokens = client.portal.call(manager.create, "guedelon", 2, ["human", BOT_LEVELS["easy"]], {}, False, 5)
    link = f"/t/{table.id}?token={tokens[0]}"
    with client.websocket_connect(ws_path(link)) as ws:
        human = Browser(ws, "seat 0")
        moves = 0
        while sum(1 for seat, action in table.actions if seat == 1 and action.startswith("move:")) < 2:
            wait_for_bots(manager, table)
            human.sync(table.seq)
            assert human.actions, "no bot is thinking, so the human seat must be to move"
            human.play(human.actions[-1])
            moves += 1
            assert moves < 200
    mirror = Mirror(table)
    for seq, (seat, action) in enumerate(table.actions):
        legal = mirror.game.legal_actions(mirror.state(seq), seat)
        assert action in {a.id for a in legal}

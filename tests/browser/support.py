"""Helpers for the browser tests: create a table through the lobby page, follow each browser's
board, click legal choices, and check every page and websocket frame against what the real
game state says that viewer may not see."""

import html
import json
import os
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from hang_guard import wait_for_bots
from hidden_faces import forbidden_names
from meeple.engine import Game, State, game_specs, get_game
from meeple.server.tables import Table, TableManager

GAME = "four-big-strata"
# Screenshots go to the build folder, so a test run leaves the work tree clean; scripts/screenshots
# copies them into docs/screenshots when the README's pictures should change.
SCREENSHOTS = Path(os.environ.get("MEEPLE_SCREENSHOTS", Path(__file__).resolve().parents[2] / "build" / "screenshots"))
SEAT_LINK = re.compile(r'<span class="who">([^<]*)</span> <a class="invite" href="([^"]*)"')
VIEW_SEQ = re.compile(r'<div id="view" data-seq="(-?\d+)"')

# Every text of the SVG drawn between the panel heading `who` ("Seat 1") and the next heading
# that starts with "bid ": the bid marker of that seat's panel as this browser draws it.
PANEL_BID_TEXTS = """(who) => {
  const texts = Array.from(document.querySelectorAll('#view svg text'));
  const start = texts.findIndex(t => t.classList.contains('serif') && t.textContent.trim() === who);
  if (start < 0) return null;
  const found = [];
  for (const t of texts.slice(start + 1)) {
    if (t.classList.contains('serif')) break;
    const s = t.textContent.trim();
    if (s.startsWith('bid ')) found.push(s);
  }
  return found;
}"""
ALL_BID_TEXTS = """() => Array.from(document.querySelectorAll('#view svg text'))
  .map(t => t.textContent.trim()).filter(s => /^bid /.test(s))"""
AT_SEQ = """(n) => { const v = document.getElementById('view'); return !!v && v.dataset.seq === String(n); }"""
MOVED_OR_REFUSED = """(before) => {
  const v = document.getElementById('view'), n = document.getElementById('notice');
  return (!!v && Number(v.dataset.seq) > before) || (!!n && n.textContent.trim() !== '');
}"""


def open_seat0_board(page: Page, base_url: str, slug: str) -> None:
    """A fresh table of `slug` at its smallest count (at least 2), seat 0 a person and the others
    random bots, opened as seat 0 until its choices show."""
    spec = next(spec for spec in game_specs() if spec.slug == slug)
    players = max(spec.min_players, 2)
    form = {"game": slug, "players": str(players), "seat0": "human"}
    form.update({f"seat{seat}": "random" for seat in range(1, players)})
    created = page.request.post(base_url + "/tables", form=form)
    assert created.status == 201, created.text()
    page.goto(dict(SEAT_LINK.findall(created.text()))["Seat 0"].replace("&amp;", "&"))
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#view .actions button").first).to_be_visible()


def create_table_in_lobby(
    page: Page, base_url: str, seats: list[str], slug: str = GAME, listed: bool = False
) -> dict[str, str]:
    """Fill the lobby's form for a game (Four Big Strata unless told) in `page` and submit it;
    returns the links of the created page by who they are for ("Seat 0", ..., "Spectators")."""
    page.goto(base_url + "/")
    page.locator(f'.game-card[data-game="{slug}"]').click()
    form = page.locator(f"#game-{slug} form")
    form.locator('input[name="players"]').fill(str(len(seats)))
    for seat, who in enumerate(seats):
        form.locator(f'select[name="seat{seat}"]').select_option(who)
    form.locator('input[name="listed"]').set_checked(listed)
    form.get_by_role("button", name="Create table").click()
    page.wait_for_selector("ul.links")
    links = {}
    for item in page.locator("ul.links li").all():
        links[item.locator(".who").inner_text().strip()] = item.locator("a.invite").get_attribute("href") or ""
    return links


class Mirror:
    """The table's states by number of actions, replayed with meeple's engine from the actions
    the server took (the real state, hidden cards and sealed bids included), and per viewer
    the card names it must not be shown at each of them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.game: Game = get_game(table.row.game, table.row.options)
        self.states: list[State] = [self.game.new_game(table.row.players, table.row.seed)]
        self._forbidden: dict[tuple[int, int | None], set[str]] = {}

    def state(self, seq: int) -> State:
        actions = list(self.table.actions)  # appended by the server's thread: take a copy
        assert seq <= len(actions), f"a browser shows {seq} actions but the table has {len(actions)}"
        while len(self.states) <= seq:
            seat, action_id = actions[len(self.states) - 1]
            self.states.append(self.game.step(self.states[-1], seat, action_id))
        return self.states[seq]

    def observation(self, seq: int, seat: int | None) -> dict[str, Any]:
        return self.game.observation(self.state(seq), seat)

    def legal(self, seq: int, seat: int) -> list[str]:
        return [action.id for action in self.game.legal_actions(self.state(seq), seat)]

    def offered(self, seq: int, seat: int) -> list[str]:
        """The legal actions a page lists as buttons: a choice reached two ways (marked same_as) once."""
        return [a.id for a in self.game.legal_actions(self.state(seq), seat) if "same_as" not in a.payload]

    def forbidden(self, seq: int, seat: int | None) -> set[str]:
        key = (seq, seat)
        if key not in self._forbidden:
            self._forbidden[key] = forbidden_names(self.game, self.state(seq), seat)
        return self._forbidden[key]


def leaked(markup: str, names: set[str]) -> list[str]:
    """The names in `names` that occur in `markup` (as text or HTML-escaped)."""
    return sorted(name for name in names if name in markup or html.escape(name) in markup)


def view_seq(markup: str) -> int | None:
    found = VIEW_SEQ.search(markup)
    return int(found.group(1)) if found else None


class Viewer:
    """One browser tab on a table link: seat 0, 1, ... or None for a spectator. Keeps every
    websocket frame the tab received, to check each one, not only the page at rest."""

    def __init__(self, page: Page, seat: int | None, link: str) -> None:
        self.seat = seat
        self.link = link
        self.name = "spectator" if seat is None else f"seat {seat}"
        self.frames: list[str] = []
        self.checked = 0
        self.page = page
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(payload if isinstance(payload, str) else ""))

    def open(self) -> None:
        self.page.goto(self.link)

    def reopen(self, page: Page) -> None:
        """Follow the same link in a new tab (the old one is closed by the caller)."""
        self.page = page
        page.on("websocket", self._on_websocket)
        self.open()

    def wait_seq(self, seq: int) -> None:
        self.page.wait_for_function(AT_SEQ, arg=seq)

    def seq(self) -> int:
        return int(self.page.locator("#view").get_attribute("data-seq") or "-1")

    def svg(self) -> str:
        return self.page.locator("#view .bk-board").evaluate("e => e.outerHTML")

    def status(self) -> str:
        return self.page.locator("#view .status").inner_text().strip()

    def notice(self) -> str:
        return self.page.locator("#notice").inner_text().strip()

    def svg_actions(self) -> list[str]:
        found = self.page.locator("#view svg [data-action]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-action'))"
        )
        return list(dict.fromkeys(found))

    def button_actions(self) -> list[str]:
        return self.page.locator("#view .actions button[data-action]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-action'))"
        )

    def click(self, action: str, in_svg: bool) -> None:
        """Click the choice `action` and wait until the board moves on; fail on a refusal."""
        before = self.seq()
        where = "#view svg [data-action=" if in_svg else "#view .actions button[data-action="
        self.page.locator(f"{where}{json.dumps(action)}]").first.click()
        self.page.wait_for_function(MOVED_OR_REFUSED, arg=before)
        assert self.notice() == "", f"{self.name}: {action!r} was refused: {self.notice()}"

    def check_private(self, mirror: "Mirror", shown: set[str]) -> int:
        """Assert that neither the page now nor any frame received since the last check shows a
        card face this viewer may not see. Adds to `shown` the faces it rightly shows that
        another viewer may not see (so the test can tell that the check had something to find).
        Returns the page's number of actions."""
        content = self.page.content()
        seq = view_seq(content)
        assert seq is not None and seq >= 0, f"{self.name} shows no board"
        names = mirror.forbidden(seq, self.seat)
        assert not leaked(content, names), f"{self.name}'s page shows hidden cards: {leaked(content, names)}"
        for other in (0, 1, None):
            if other != self.seat:
                shown.update(name for name in mirror.forbidden(seq, other) if name in content)
        for frame in self.frames[self.checked :]:
            frame_seq = view_seq(frame)
            if frame_seq is not None and frame_seq >= 0:
                names = mirror.forbidden(frame_seq, self.seat)
                assert not leaked(frame, names), f"{self.name} was sent hidden cards: {leaked(frame, names)}"
        self.checked = len(self.frames)
        return seq


class Match:
    """Drives the human seats of a table through their browsers with random legal clicks."""

    def __init__(self, manager: TableManager, table_id: str, viewers: list[Viewer], seed: int = 1) -> None:
        self.manager = manager
        self.table = manager.tables[table_id]
        self.mirror = Mirror(self.table)
        self.viewers = viewers
        self.seats = [viewer for viewer in viewers if viewer.seat is not None]
        self.rng = random.Random(seed)
        self.shown: set[str] = set()
        self.moves = 0
        self.sealed_checks = 0  # times seat 0 was checked to show seat 1's nonzero bid as sealed
        self.sealed_now = False  # whether seat 1's bid is sealed from seat 0 at the last settle

    def settle(self) -> int:
        """Wait for the bots to finish and every browser to show the table's latest board; check
        what each one shows. Returns the number of actions."""
        wait_for_bots(self.manager, self.table)
        now = self.table.seq
        for viewer in self.viewers:
            viewer.wait_seq(now)
            assert viewer.check_private(self.mirror, self.shown) == now
        assert self.table.seq == now, "the table moved while nothing was to move it"
        self.check_sealed_bids(now)
        return now

    def check_sealed_bids(self, seq: int) -> None:
        """While seat 1 has bid and the bids are not revealed, seat 0 sees "bid sealed" in seat 1's
        panel, and no bid amount but its own anywhere on its board."""
        real = self.mirror.observation(seq, 1)["participants"][1]["bid"]  # what seat 1 itself sees
        mine = self.mirror.observation(seq, 0)
        self.sealed_now = isinstance(real, int) and mine["participants"][1]["bid"] == "sealed"
        if not self.sealed_now:
            return
        page = self.seat_viewer(0).page
        assert page.evaluate(PANEL_BID_TEXTS, "Seat 1") == ["bid sealed"]
        expected = []
        for person in mine["participants"]:
            bid = person["bid"]
            if bid == "sealed":
                expected.append("bid sealed")
            elif isinstance(bid, int):
                assert person["seat"] == 0, "only seat 0's own bid is known to seat 0 before the reveal"
                expected.append(f"bid {bid}")
        assert sorted(page.evaluate(ALL_BID_TEXTS)) == sorted(expected)
        self.sealed_checks += real > 0

    def seat_viewer(self, seat: int) -> Viewer:
        return next(viewer for viewer in self.seats if viewer.seat == seat)

    def movers(self, seq: int) -> list[Viewer]:
        """The seats with a choice now (from the real state), checking that each page says so
        and offers exactly the legal choices; seat 1 first (so seat 0 sees its sealed bid)."""
        found = []
        for viewer in self.seats:
            assert viewer.seat is not None
            legal = self.mirror.legal(seq, viewer.seat)
            status = viewer.status()
            if legal:
                assert status.startswith("Your move"), f"{viewer.name}: {status!r}"
                assert viewer.button_actions() == self.mirror.offered(seq, viewer.seat)
                assert set(viewer.svg_actions()) <= set(legal)
                found.append(viewer)
            else:
                assert not status.startswith("Your move"), f"{viewer.name}: {status!r}"
                assert viewer.button_actions() == [] and viewer.svg_actions() == []
        for viewer in self.viewers:
            if viewer.seat is None:
                assert viewer.button_actions() == [] and viewer.svg_actions() == []
        return sorted(found, key=lambda viewer: viewer.seat != 1)

    def play_one(self, viewer: Viewer) -> None:
        """Click one legal choice in `viewer`: an SVG element when the board offers one, else a button."""
        in_svg = True
        choices = viewer.svg_actions()
        if not choices:
            in_svg, choices = False, viewer.button_actions()
        bids = [c for c in choices if c.startswith("bid:") and c != "bid:0"]
        if viewer.seat == 1 and bids:
            choices = bids  # a sealed bid worth hiding
        viewer.click(self.rng.choice(choices), in_svg)
        self.moves += 1

    def move(self, seq: int) -> None:
        """Make one human move on the board settled at `seq`."""
        movers = self.movers(seq)
        assert movers, f"no human can move at {seq} but no bot is thinking either"
        self.play_one(movers[0])
        assert self.moves < 2000

    def step(self) -> bool:
        """Settle, then make one human move; False once the game is over."""
        seq = self.settle()
        if self.table.is_over():
            return False
        self.move(seq)
        return True

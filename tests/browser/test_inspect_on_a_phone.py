"""Tap to inspect, on a 390x844 touch screen where nothing hovers: in every game a tap on a board
element that is not a choice (a room, location, card or tile) shows its full rule text in a
panel; a tap on a choice still plays it."""

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from hang_guard import HANG_SECONDS, stuck
from meeple.engine import game_specs
from meeple.server.tables import Table

from .conftest import TIMEOUT_MS, LiveServer
from .support import open_seat0_board

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
# Per game, the rule text of a thing on its first board: what a tap must bring up.
RULE_TEXT = {
    "four-big-strata": r"\((scholar|peasant|artisan|merchant|empress), \d+ pts?\): ",
    "round-house": r"\((inner|outer) circle\): ",
    "guedelon": r"^\d+ [A-Z][a-z ]+: 7\.\d+: ",
    "lotta-rome": r"points for each ",
    "round-table": r"\[(knight|region|quest|demesne|equipment|title)\] \(",
}
MARK = """(pattern) => {
    const rule = new RegExp(pattern);
    for (const title of document.querySelectorAll("#view .bk-board title")) {
        const holder = title.parentElement;
        const box = holder.getBoundingClientRect();
        if (!rule.test(title.textContent) || holder.closest("[data-action]") || box.width < 8 || box.height < 8) {
            continue;
        }
        holder.setAttribute("data-test-inspect", "");
        return title.textContent;
    }
    return null;
}"""


@pytest.fixture
def phone(chromium: Browser) -> Iterator[BrowserContext]:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def settle(page: Page, table: Table) -> None:
    """Wait until only seat 0 is left to move and the page shows the table's latest view, so that
    no bot's move replaces the board between marking an element and tapping it."""
    deadline = time.monotonic() + HANG_SECONDS
    while set(table.game.to_move(table.state)) != {0}:
        assert time.monotonic() < deadline, f"the bots did not finish moving: {stuck(table)}"
        time.sleep(0.05)
    expect(page.locator("#view")).to_have_attribute("data-seq", str(table.seq))


@pytest.mark.parametrize("slug", sorted(RULE_TEXT))
def test_a_tap_shows_the_full_rule_text_of_what_is_tapped(
    live_server: LiveServer, phone: BrowserContext, slug: str
) -> None:
    assert set(RULE_TEXT) == {spec.slug for spec in game_specs()}, "every game is tried"
    page = phone.new_page()
    open_seat0_board(page, live_server.base_url, slug)
    table = live_server.manager.tables[page.url.split("/t/")[1].split("?")[0]]  # made here: in memory
    settle(page, table)
    panel = page.locator("#inspect")
    expect(panel).to_be_hidden()
    rule = page.evaluate(MARK, RULE_TEXT[slug])
    assert rule, f"{slug}: no room, location, card or tile with its rule text on the first board"

    def own_moves() -> list[str]:
        return [action for seat, action in table.actions if seat == 0]

    mine = own_moves()
    page.locator("[data-test-inspect]").tap()
    expect(panel).to_be_visible()
    expect(panel.locator(".inspect-text")).to_contain_text(rule.strip())
    box = panel.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], "the panel fits the screen"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"inspect-{slug}-phone.png"))
    assert own_moves() == mine, "inspecting plays nothing"
    panel.locator("button", has_text=re.compile("Close")).tap()
    expect(panel).to_be_hidden()
    choice = page.locator("#view .actions button[data-action]").first
    played = choice.get_attribute("data-action")
    choice.tap()  # a choice keeps its tap: it is played, not inspected
    expect(panel).to_be_hidden()
    for _ in range(TIMEOUT_MS // 100):  # the move reaches the server over the websocket
        if own_moves() != mine:
            break
        page.wait_for_timeout(100)
    assert own_moves() == [*mine, played]

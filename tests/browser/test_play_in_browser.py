"""Real browsers (Debian's Chromium, driven by Playwright) playing Four Big Strata on a live
server: two people and a bot finish a game through the UI, no browser ever shows what its seat
may not see, a closed tab comes back to the same board, and screenshots for the docs."""

from collections.abc import Callable

from playwright.sync_api import BrowserContext, expect

from .conftest import LiveServer
from .support import SCREENSHOTS, Match, Viewer, create_table_in_lobby

SEATS = ["human", "human", "heuristic"]


def open_table(
    live_server: LiveServer,
    new_context: Callable[[], BrowserContext],
    spectator: bool,
) -> tuple[Match, list[BrowserContext]]:
    """Create a table for two people and a bot in the lobby (in seat 0's browser), then open
    each invite link in a browser context of its own (and the spectator link if asked)."""
    contexts = [new_context(), new_context()]
    lobby = contexts[0].new_page()
    links = create_table_in_lobby(lobby, live_server.base_url, SEATS)
    assert set(links) == {"Seat 0", "Seat 1", "Spectators"}
    lobby.close()
    table_id = links["Spectators"].split("/t/")[1].split("/")[0]
    viewers = [Viewer(contexts[seat].new_page(), seat, links[f"Seat {seat}"]) for seat in (0, 1)]
    if spectator:
        contexts.append(new_context())
        viewers.append(Viewer(contexts[2].new_page(), None, links["Spectators"]))
    for viewer in viewers:
        viewer.open()
        expect(viewer.page.locator("#connection")).to_have_text("Connected.")
    return Match(live_server.manager, table_id, viewers), contexts


def screenshot(viewer: Viewer, name: str) -> None:
    """The top of `viewer`'s page (the viewport only: small files), nothing hovered."""
    viewer.page.mouse.move(0, 0)
    viewer.page.evaluate("window.scrollTo(0, 0)")
    viewer.page.screenshot(path=SCREENSHOTS / name)


def test_two_people_and_a_bot_finish_a_game_in_browsers(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    match, _ = open_table(live_server, new_context, spectator=True)
    seat0, spectator = match.seat_viewer(0), match.viewers[2]
    board_shot = False
    while not match.table.is_over():
        seq = match.settle()
        if match.table.is_over():
            break
        if not board_shot and match.sealed_now and match.mirror.observation(seq, 0)["round"] >= 5:
            # Seat 0 choosing its bid while seat 1's is sealed: a board mid-game, and what spectators see.
            screenshot(seat0, "board-seat0.png")
            screenshot(spectator, "spectator.png")
            board_shot = True
        match.move(seq)
    match.settle()
    table = match.table
    assert table.is_over() and table.game is not None and table.state is not None
    winners = table.game.result(table.state).winner_seats
    outcome = " won." if len(winners) == 1 else " share the win."  # the lobby draws the seed: a tie can happen
    for viewer in match.viewers:
        expect(viewer.page.locator("#view .status")).to_have_text("The game is over.")
        expect(viewer.page.locator("#view section.result")).to_be_visible()
        expect(viewer.page.locator("#view section.result .outcome")).to_contain_text(outcome)
        assert viewer.button_actions() == [] and viewer.svg_actions() == []
    screenshot(seat0, "result.png")
    assert board_shot, "seat 1 bid while seat 0 was still choosing, at least once"
    assert match.sealed_checks >= 1, "seat 0's board was checked while seat 1's nonzero bid was sealed"
    assert len(match.shown) >= 3, "seats were shown faces the others may not see (so the check had teeth)"
    humans = sum(1 for seat, _ in table.actions if seat < 2)
    assert humans == match.moves and table.seq > match.moves, "the bot moved too"
    assert all(viewer.notice() == "" for viewer in match.viewers)


def test_a_closed_tab_comes_back_to_the_same_board(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    match, contexts = open_table(live_server, new_context, spectator=False)
    seat0 = match.seat_viewer(0)
    # Mid-game, at a moment when the table waits for seat 0 (nothing moves until it does).
    while match.table.seq < 12 or seat0 not in match.movers(match.settle()):
        assert match.step(), "the game ended before the test could close a tab"
    seq = match.settle()
    board, status, choices = seat0.svg(), seat0.status(), seat0.button_actions()
    assert status.startswith("Your move") and choices
    seat0.page.close()
    seat0.reopen(contexts[0].new_page())
    seat0.wait_seq(seq)
    expect(seat0.page.locator("#connection")).to_have_text("Connected.")
    assert seat0.svg() == board, "the reopened tab shows the same board"
    assert seat0.status() == status and seat0.button_actions() == choices
    assert match.settle() == seq
    # Play goes on from the reopened tab: seat 0 moves, and seat 1's browser is shown the move.
    match.play_one(seat0)
    after = match.settle()
    assert after > seq and match.table.actions[seq][0] == 0
    for _ in range(5):
        assert match.step()

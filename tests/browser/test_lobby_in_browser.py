"""The lobby and the table page as a person meets them in Chromium: a lobby that fits a phone,
a refusal beside its form, an open table another browser joins, "My tables" to come back, one
move however often a choice is clicked, and notices that fade (news drawn unlike refusals)."""

import re
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from meeple.server.tables import Table

from .conftest import LiveServer
from .support import SCREENSHOTS, create_table_in_lobby

PHONE = {"width": 390, "height": 844}
WIDTH = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


def table_of(live_server: LiveServer, links: dict[str, str]) -> Table:
    return live_server.manager.tables[links["Spectators"].split("/t/")[1].split("/")[0]]


# The position the page shows, if it offers choices there (else null).
SHOWN_WITH_CHOICES = (
    "() => document.querySelector('#view .actions button') && document.getElementById('view').dataset.seq"
)


def wait_for_my_move(table: Table, page: Page) -> int:
    """Wait until seat 0's page offers choices at the table's latest state. The page's position
    and the table's are read together, again and again until they agree: read once and then
    awaited, the table's could be passed by the page while a bot moved (a busy machine)."""
    expect(page.locator("#connection")).to_have_text("Connected.")
    for _ in range(1200):  # 60 s, 50 ms at a time
        shown, seq = page.evaluate(SHOWN_WITH_CHOICES), table.seq
        if shown and int(shown) == seq:
            return seq
        page.wait_for_timeout(50)
    raise AssertionError(f"seat 0's page never offered choices at the table's position (now {table.seq})")


def test_the_lobby_fits_a_phone_and_shows_one_game_and_its_seats(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = new_context().new_page()
    page.goto(live_server.base_url + "/")
    page.screenshot(path=SCREENSHOTS / "lobby.png")
    page.set_viewport_size(PHONE)
    for card in page.locator(".game-card").all():
        card.click()
        slug = card.get_attribute("data-game")
        expect(page.locator(f"#game-{slug}")).to_be_visible()
        expect(page.locator("section.game:visible")).to_have_count(1)
        assert page.evaluate(WIDTH) <= PHONE["width"], f"the lobby is wider than a phone with {slug} chosen"
    page.locator('.game-card[data-game="four-big-strata"]').click()
    players = page.locator('#game-four-big-strata input[name="players"]')
    players.fill("2")
    expect(page.locator("#game-four-big-strata [data-seat]:visible")).to_have_count(2)
    players.fill("5")
    expect(page.locator("#game-four-big-strata [data-seat]:visible")).to_have_count(5)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=SCREENSHOTS / "lobby-phone.png")


def test_a_refusal_shows_beside_the_form_of_its_game(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    page = new_context().new_page()
    page.goto(live_server.base_url + "/")
    page.locator('.game-card[data-game="round-table"]').click()
    form = page.locator("#game-round-table form")
    form.locator('input[name="players"]').fill("2")
    form.locator("#opt-round-table-decks").fill("grail,nosuchdeck")
    form.get_by_role("button", name="Create table").click()
    error = page.locator("#game-round-table .notice.error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Round Table: ")
    expect(error).to_contain_text("nosuchdeck")
    expect(page.locator("section.game:visible")).to_have_count(1)
    expect(form.locator("#opt-round-table-decks")).to_have_value("grail,nosuchdeck")


def test_an_open_table_is_joined_from_another_browser_and_both_keep_it_in_my_tables(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    links = create_table_in_lobby(host, live_server.base_url, ["human", "human", "random"], "lotta-rome", listed=True)
    assert set(links) == {"Seat 0", "Spectators"}
    table = table_of(live_server, links)
    host.goto(links["Seat 0"])
    expect(host.locator("#connection")).to_have_text("Connected.")
    guest.goto(live_server.base_url + "/")
    expect(guest.locator("#my-tables")).to_be_hidden()  # this browser holds no seat yet
    entry = guest.locator(".open-tables li", has_text=f"table {table.id}")
    expect(entry).to_contain_text("Lotta Rome")
    expect(entry).to_contain_text("1 of 3 seats free")
    entry.get_by_role("button", name=f"Take a seat at table {table.id}").click()
    expect(guest.locator("#connection")).to_have_text("Connected.")
    expect(guest.locator("#view .who")).to_contain_text("You are seat 1")
    assert 1 in table.token_hashes and table.open_seats() == []
    for page, seat in ((host, "seat 0"), (guest, "seat 1")):
        page.goto(live_server.base_url + "/")
        expect(page.locator(f".open-tables li:has-text('table {table.id}')")).to_have_count(0)
        mine = page.locator("#my-tables li", has_text=f"table {table.id}")
        expect(mine).to_contain_text(f"Lotta Rome, table {table.id} ({seat})")
        mine.get_by_role("link").click()
        expect(page.locator("#view .who")).to_contain_text(f"You are {seat}")
    guest.goto(live_server.base_url + "/")
    guest.locator("#my-tables li", has_text=f"table {table.id}").get_by_role("button", name="Forget").click()
    expect(guest.locator("#my-tables")).to_be_hidden()


def test_a_double_click_plays_once_and_a_refusal_fades(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    page = new_context().new_page()
    links = create_table_in_lobby(page, live_server.base_url, ["human", "random"])
    table = table_of(live_server, links)
    page.goto(links["Seat 0"])
    seq = wait_for_my_move(table, page)
    page.locator("#view .actions button").first.dblclick()
    page.wait_for_function("n => Number(document.getElementById('view').dataset.seq) > n", arg=seq)
    page.wait_for_timeout(500)  # time for a second message to be answered, were one sent
    expect(page.locator("#notice")).to_have_text("")
    assert [seat for seat, _ in table.actions[seq:]].count(0) == 1, "seat 0 played once"
    # The same board's move sent again (as from a second tab that had not seen it yet) is news,
    # drawn unlike an error; a choice the game refuses is an error. Both fade.
    seq = wait_for_my_move(table, page)
    page.evaluate("() => document.getElementById('view').setAttribute('data-seq', '0')")
    page.locator("#view .actions button").first.click()
    notice = page.locator("#notice")
    expect(notice).to_have_class(re.compile(r"^notice info\b"))
    expect(notice).to_have_attribute("role", "status")
    expect(notice).to_have_text("")
    page.evaluate(
        "n => { const v = document.getElementById('view'); v.setAttribute('data-seq', String(n));"
        " v.querySelector('.actions button').setAttribute('data-action', 'no-such-move'); }",
        seq,
    )
    page.locator("#view .actions button").first.click()
    expect(notice).to_have_class(re.compile(r"^notice error\b"))
    expect(notice).to_have_attribute("role", "alert")
    expect(notice).to_contain_text("no-such-move")
    assert table.seq == seq
    expect(notice).to_have_text("")
    assert page.evaluate("() => getComputedStyle(document.getElementById('notice')).display") == "none"

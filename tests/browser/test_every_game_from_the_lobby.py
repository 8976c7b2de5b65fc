"""Every game from the lobby form, in Debian's Chromium: a table of each game at its smallest
and its largest player count, every option set through its form control to a value that is not
its default at least once (a deck file read through the file chooser), played to the end by
clicking seat 0's choices while random bots fill the other seats. Screenshots of each game,
desktop and phone, go to the build folder (scripts/screenshots copies them into docs/)."""

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from hang_guard import wait_for_bots
from meeple.engine import game_specs, get_game
from meeple.server.tables import Table

from .conftest import LiveServer
from .support import MOVED_OR_REFUSED, SCREENSHOTS

SPECS = {spec.slug: spec for spec in game_specs()}
DECKS = Path(__file__).parents[2] / "src" / "meeple" / "games" / "round_table" / "content" / "decks"
PHONE = {"width": 390, "height": 844}
TO_PLAY = re.compile(r"\b(seat \d+|you)\W{0,3}\(?(to play|to move|thinking)", re.I)
ENDED_PART = "#view"  # the board and the page's panels
SCREENSHOT_AFTER = 6  # seat 0's moves before the game is photographed mid-play

# The value each option is set to, by game and player count; every option of every game must
# differ from its default in at least one of its two tables (checked below). A Path is a file
# given to the file chooser beside a text area.
OPTIONS: dict[tuple[str, int], dict[str, object]] = {
    ("four-big-strata", 1): {"tribute_ratio": 5, "npc_level": "hard"},
    ("four-big-strata", 7): {"tribute_ratio": 3, "npc_level": "easy"},
    ("guedelon", 1): {
        "difficulty": "special",
        "mill": True,
        "blacksmith": "set",
        "solo_wheelbarrow": "own",
        "extra_rounds": 0,
    },
    ("guedelon", 4): {"difficulty": "hard", "extra_rounds": 0},
    ("lotta-rome", 2): {"merchants": False, "adjacent_groups": "all"},
    ("lotta-rome", 5): {"adjacent_groups": "all"},
    ("round-house", 2): {"neutral_rule": 2, "amulet_experts": "amulet"},
    ("round-house", 5): {"amulet_experts": "never", "grand_hall_fee": "execution"},
    ("round-table", 2): {
        "decks": "custom,orkney",
        "custom_decks": DECKS / "grail.toml",
        "regions": 5,
        "majority_end": False,
    },
    ("round-table", 6): {"decks": "grail,pendragon", "region_list": "camelot,logres,listenoise,lyonesse,gore"},
}
CASES = sorted(OPTIONS)


def photographed(slug: str, players: int) -> bool:
    """Each game is photographed once: at its smallest table of two or more players."""
    return players == min(p for s, p in CASES if s == slug and p >= 2)


def test_the_cases_cover_every_game_count_and_option() -> None:
    for slug, spec in SPECS.items():
        assert {players for s, players in OPTIONS if s == slug} == {spec.min_players, spec.max_players}, slug
        for option in spec.options:
            values = [OPTIONS[(slug, p)].get(option.name, option.default) for p in (spec.min_players, spec.max_players)]
            assert any(value != option.default for value in values), f"{slug}: {option.name} is never changed"


def fill_form(page: Page, base_url: str, slug: str, players: int) -> None:
    """Choose the game on its card, then fill its form as a person would."""
    spec = SPECS[slug]
    page.goto(base_url + "/")
    page.locator(f'.game-card[data-game="{slug}"]').click()
    section = page.locator(f"#game-{slug}")
    expect(section).to_be_visible()
    for other in SPECS:
        if other != slug:
            expect(page.locator(f"#game-{other}")).to_be_hidden()
    section.locator('input[name="players"]').fill(str(players))
    seats = section.locator("[data-seat]")
    for seat in range(spec.max_players):
        shown = seats.nth(seat)
        if seat < players:
            expect(shown).to_be_visible()
        else:
            expect(shown).to_be_hidden()  # only the chosen number of seats is shown
    section.locator('select[name="seat0"]').select_option("human")
    for seat in range(1, players):
        section.locator(f'select[name="seat{seat}"]').select_option("random")
    for option in spec.options:
        if option.name not in OPTIONS[(slug, players)]:
            continue
        value = OPTIONS[(slug, players)][option.name]
        control = section.locator(f"#opt-{slug}-{option.name}")
        if option.control == "checkbox":
            control.set_checked(bool(value))
        elif option.control == "select":
            control.select_option(str(value))
        elif isinstance(value, Path):
            section.locator(f"#opt-{slug}-{option.name}-file").set_input_files(value)
            expect(control).to_have_value(value.read_text())  # the file chooser filled the text area
        else:
            control.fill(str(value))


def table_of(live_server: LiveServer, page: Page) -> Table:
    spectators = page.locator("ul.links li", has_text="Spectators").locator("a.invite").get_attribute("href") or ""
    return live_server.manager.tables[spectators.split("/t/")[1].split("/")[0]]


def settle(live_server: LiveServer, table: Table, page: Page) -> int:
    """Wait until no bot thinks and the page shows the table's latest board."""
    wait_for_bots(live_server.manager, table)
    seq = table.seq
    page.wait_for_function("n => document.getElementById('view').dataset.seq === String(n)", arg=seq)
    return seq


def screenshots(context: BrowserContext, page: Page, slug: str) -> None:
    """The board mid-game at 1400 px and, in a second tab of the same seat, on a phone."""
    page.mouse.move(0, 0)
    page.screenshot(path=SCREENSHOTS / f"game-{slug}.png")
    phone = context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(page.url)
    phone.wait_for_function(
        "n => document.getElementById('view').dataset.seq === String(n)",
        arg=page.locator("#view").get_attribute("data-seq"),
    )
    phone.screenshot(path=SCREENSHOTS / f"game-{slug}-phone.png")
    width = phone.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= PHONE["width"], f"the {slug} page is {width} px wide on a {PHONE['width']} px phone"
    choices = phone.locator("#view .actions").bounding_box()
    assert choices and choices["y"] < 1.5 * PHONE["height"], "on a phone the choices come first, not after the board"
    phone.close()


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{slug}-{players}" for slug, players in CASES])
def test_a_table_of_every_game_is_created_in_the_lobby_and_played_to_the_end(
    live_server: LiveServer, new_context: Callable[[], BrowserContext], slug: str, players: int
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = new_context()
    page = context.new_page()
    fill_form(page, live_server.base_url, slug, players)
    page.get_by_role("button", name="Create table").click()
    expect(page.locator("ul.links")).to_be_visible()
    table = table_of(live_server, page)
    expected = get_game(
        slug, {k: v.read_text() if isinstance(v, Path) else v for k, v in OPTIONS[(slug, players)].items()}
    )
    assert table.row.options == dict(expected.options), "every option arrived as it was set in the form"
    assert table.row.players == players and table.row.seats == ["human"] + ["random"] * (players - 1)
    page.locator("ul.links li", has_text="Seat 0").locator("a.invite").click()
    expect(page.locator("#connection")).to_have_text("Connected.")
    rng = random.Random(players)
    moves = 0
    while True:
        seq = settle(live_server, table, page)
        if table.is_over():
            break
        choices = page.locator("#view .actions button[data-action]")
        assert choices.count() > 0, f"no bot thinks, the game is not over, but seat 0 has no choice at {seq}"
        if moves == SCREENSHOT_AFTER and photographed(slug, players):
            screenshots(context, page, slug)
        choices.nth(rng.randrange(choices.count())).click()
        page.wait_for_function(MOVED_OR_REFUSED, arg=seq)
        notice = page.locator("#notice").inner_text().strip()
        assert notice == "", f"seat 0's move was refused: {notice}"
        moves += 1
    expect(page.locator("#view .status")).to_have_text("The game is over.")
    expect(page.locator("#view section.result .outcome")).to_be_visible()
    ended = page.locator(ENDED_PART).inner_text()
    assert not TO_PLAY.search(ended), f"after the end nobody is to play: {TO_PLAY.search(ended)}"
    assert page.locator("#view [data-action]").count() == 0
    assert (moves > 0 and table.seq > moves) or players == 1

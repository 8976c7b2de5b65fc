"""Accessibility of the boards, checked by axe-core: no serious or critical violation on a board
of each game (seat 0's view of a fresh table, its choices shown)."""

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect

from meeple.engine import game_specs

from .conftest import LiveServer
from .test_accessibility import LINK, describe, serious_violations

SLUGS = [spec.slug for spec in game_specs()]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_board_of_every_game_has_no_serious_accessibility_violation(
    live_server: LiveServer, new_context: Callable[[], BrowserContext], slug: str
) -> None:
    spec = next(spec for spec in game_specs() if spec.slug == slug)
    page = new_context().new_page()
    players = max(spec.min_players, 2)
    form = {"game": slug, "players": str(players), "seat0": "human"}
    form.update({f"seat{seat}": "random" for seat in range(1, players)})
    created = page.request.post(live_server.base_url + "/tables", form=form)
    assert created.status == 201, created.text()
    page.goto(dict(LINK.findall(created.text()))["Seat 0"].replace("&amp;", "&"))
    expect(page.locator("#connection")).to_have_text("Connected.")
    expect(page.locator("#view .actions button").first).to_be_visible(timeout=30_000)
    found = serious_violations(page)
    assert not found, f"{slug}'s board:\n{describe(found)}"

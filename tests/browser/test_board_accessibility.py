"""Accessibility of the boards, checked by axe-core: no serious or critical violation on a board
of each game (seat 0's view of a fresh table, its choices shown)."""

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from meeple.engine import game_specs

from .conftest import LiveServer
from .support import open_seat0_board
from .test_accessibility import describe, serious_violations

SLUGS = [spec.slug for spec in game_specs()]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_board_of_every_game_has_no_serious_accessibility_violation(
    live_server: LiveServer, new_context: Callable[[], BrowserContext], slug: str
) -> None:
    page = new_context().new_page()
    open_seat0_board(page, live_server.base_url, slug)
    found = serious_violations(page)
    assert not found, f"{slug}'s board:\n{describe(found)}"

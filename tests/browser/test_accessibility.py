"""Accessibility, checked by axe-core (vendored in tests/browser/vendor from its npm package):
no serious or critical violation on the lobby (desktop and phone). The same check of a board of
each game is test_board_accessibility.py."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from .conftest import LiveServer

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SERIOUS = ("serious", "critical")
LINK = re.compile(r'<span class="who">([^<]*)</span> <a class="invite" href="([^"]*)"')
# axe's own rules, run over the whole page (the WCAG 2.x A and AA rules and axe's best practices).
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary.replace(/\\s+/g, ' '))}));
}"""


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of serious or critical impact on the page as it is now. The script
    is evaluated through the driver, so the page's CSP (script-src 'self') stays as it is."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())
    return [v for v in page.evaluate(RUN) if v["impact"] in SERIOUS]


def describe(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['impact']} {v['id']} ({v['help']}): {v['nodes']}" for v in violations)


def test_the_lobby_has_no_serious_accessibility_violation(
    live_server: LiveServer, new_context: Callable[[], BrowserContext]
) -> None:
    page = new_context().new_page()
    form = {"game": "four-big-strata", "players": "2", "seat0": "human", "seat1": "human", "listed": "on"}
    created = page.request.post(live_server.base_url + "/tables", form=form)
    assert created.status == 201
    page.goto(dict(LINK.findall(created.text()))["Seat 0"].replace("&amp;", "&"))  # a table of mine
    expect(page.locator("#connection")).to_have_text("Connected.")
    page.goto(live_server.base_url + "/")
    expect(page.locator("#my-tables li")).to_have_count(1)
    expect(page.locator(".open-tables form")).not_to_have_count(0)
    found = serious_violations(page)
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator('.game-card[data-game="round-table"]').click()
    found += serious_violations(page)
    assert not found, describe(found)

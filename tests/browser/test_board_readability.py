"""Every board readable as Chromium renders it (issue 12, item 2), for all five games.

Each game is played at random to several depths (the start, early, mid-game, late and the end);
at each point the server's own `#view` fragment for the seat to move and for a spectator is put
in the site's page (base.html, with style.css and boards.css) and opened at 1400x900 and at
390x844. Every text element of the board is measured as drawn: its computed font size times the
drawing's scale on the screen (its screen transform). None may be under 12 px on the desktop or
under 11 px on the phone; the phone's page may not overflow sideways, and it shows the seat's own
area first, then its choices, above the rest of the board.
"""

import random
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Route

from meeple.engine import Game, State, get_game
from meeple.server.store import TableRow
from meeple.server.tables import HUMAN, Replayed, Table
from meeple.server.views import seat_view, templates

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "server" / "static"
ORIGIN = "http://boards.test"
PLAYERS = {"four-big-strata": 4, "round-house": 4, "guedelon": 2, "lotta-rome": 3, "round-table": 3}
DEPTHS = (0, 6, 25, 70, 160)  # random decisions played before a look (and then the end)
SIZES = {"desktop": ({"width": 1400, "height": 900}, 12.0), "phone": ({"width": 390, "height": 844}, 11.0)}
PAGE = templates.from_string(
    '{% extends "base.html" %}{% block main %}<div id="table">{{ view|safe }}</div>{% endblock %}'
)

# Every text of the board with its size on the screen: computed font size x the screen scale.
MEASURE = """() => Array.from(document.querySelectorAll('#view .bk-board text')).filter(t => {
  const box = t.getBoundingClientRect();
  return t.textContent.trim() !== '' && box.width > 0 && box.height > 0;
}).map(t => {
  const m = t.getScreenCTM();
  const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
  return [t.textContent.trim(), px];
})"""
# A click at the middle of a clickable place (its highlight) must reach that place: no piece drawn
# on it (a leader's pawn on a room) may swallow the click. The places whose middle is covered.
SWALLOWED = """() => Array.from(document.querySelectorAll('#view .bk-board [data-action]')).map(place => {
  const mark = place.querySelector('.bk-hl');
  if (!mark) return null;
  const box = mark.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (box.width === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null;
  const hit = document.elementFromPoint(x, y);
  const reached = hit && hit.closest('[data-action]');
  return reached === place ? null : [place.getAttribute('data-action'), hit ? hit.outerHTML.slice(0, 80) : null];
}).filter(Boolean)"""
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
TOPS = """() => {
  const top = sel => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().top : null; };
  const rest = Array.from(document.querySelectorAll('#view .bk-panel:not(.bk-own):not(.bk-choices)'))
    .map(e => e.getBoundingClientRect().top);
  return {own: top('#view .bk-own'), actions: top('#view .actions'), rest: rest};
}"""


def points(game: Game, players: int, seed: int) -> Iterator[tuple[State, int]]:
    """States of one random game at each of DEPTHS and at its end, with their action counts."""
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    played = 0
    for depth in DEPTHS:
        while played < depth and not game.is_terminal(state):
            seat = rng.choice(game.to_move(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)).id)
            played += 1
        if game.is_terminal(state):
            break
        yield game.clone(state), played
    while not game.is_terminal(state):
        seat = rng.choice(game.to_move(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)).id)
        played += 1
    yield state, played


def page_for(slug: str, players: int, state: State, played: int, seat: int | None) -> str:
    """The site's page with the server's fragment for `seat` at `state`."""
    row = TableRow("boards", slug, "1", players, 1, {}, [HUMAN] * players, False, "")
    table = Table(row, {})
    table.restore(Replayed(get_game(slug), state, [(0, "")] * played, {}))
    return PAGE.render(view=seat_view(table, seat))


def serve(pages: dict[str, str]):
    def handle(route: Route) -> None:
        path = urlsplit(route.request.url).path  # a script's address carries ?v=<its hash>
        if path.startswith("/static/"):
            route.fulfill(path=STATIC / path.removeprefix("/static/"))
        else:
            route.fulfill(body=pages[path], content_type="text/html; charset=utf-8")

    return handle


def check(page: Page, where: str, least: float, phone: bool, seat_moves: bool) -> int:
    texts = page.evaluate(MEASURE)
    assert texts, f"{where}: no text measured"
    small = sorted({(round(px, 1), s[:40]) for s, px in texts if px < least - 0.01})
    assert not small, f"{where}: {len(small)} texts under {least} px, e.g. {small[:6]}"
    swallowed = page.evaluate(SWALLOWED)
    assert not swallowed, f"{where}: a click on the middle of these places does not reach them: {swallowed[:4]}"
    if phone:
        assert page.evaluate(OVERFLOW) <= 0, f"{where}: the page overflows sideways"
        tops = page.evaluate(TOPS)
        if tops["own"] is not None:
            assert all(tops["own"] <= t for t in tops["rest"]), f"{where}: the own area is not first"
            if seat_moves:
                assert tops["actions"] is not None and tops["own"] <= tops["actions"] <= min(
                    tops["rest"], default=1e9
                ), f"{where}: the choices do not follow the own area"
    return len(texts)


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_every_board_is_readable_on_desktop_and_phone(chromium: Browser, slug: str) -> None:
    game = get_game(slug)
    players = PLAYERS[slug]
    pages: dict[str, str] = {}
    looks = []
    for state, played in points(game, players, seed=3):
        movers = game.to_move(state)
        for seat in [movers[0] if movers else 0, None]:
            path = f"/board/{played}/{seat}"
            pages[path] = page_for(slug, players, state, played, seat)
            looks.append((path, seat is not None and seat in movers))
    measured = 0
    for name, (viewport, least) in SIZES.items():
        context = chromium.new_context(viewport=viewport)
        try:
            page = context.new_page()
            page.route(f"{ORIGIN}/**", serve(pages))
            for path, moves in looks:
                page.goto(ORIGIN + path)
                measured += check(page, f"{slug} {name} {path}", least, name == "phone", moves)
        finally:
            context.close()
    assert measured > 100

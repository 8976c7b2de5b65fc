"""The lobby a player expects: every option of every game drawn as its own control and read
back from the form (an unticked box too), refusals beside the form of the game they name,
open tables that anyone may join, a stored listing flag that older databases gain, notices
that tell news from refusals, and a bot seat marked as thinking."""

import html
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.engine import game_specs
from meeple.server import views
from meeple.server.sqlite_store import SQLiteStore

from .support import LINK, Browser, ws_path

SPECS = game_specs()


def lobby_section(page: str, slug: str) -> str:
    found = re.search(rf'<section class="game" id="game-{slug}".*?</section>', page, re.S)
    assert found, f"the lobby has a form for {slug}"
    return found.group(0)


def test_every_option_is_drawn_as_its_control(serve: Callable[..., TestClient]) -> None:
    page = serve().get("/").text
    seen = set()
    for spec in SPECS:
        section = lobby_section(page, spec.slug)
        for option in spec.options:
            name = f'name="opt_{option.name}"'
            control = option.control
            seen.add(control)
            if control == "checkbox":
                assert f'<input type="hidden" {name} value="false">' in section
                box = re.search(rf'<input type="checkbox" id="[^"]+" {name} value="true"[^>]*>', section)
                assert box and (" checked" in box.group(0)) == option.default
            elif control == "select":
                select = re.search(rf"<select id=\"[^\"]+\" {name}.*?</select>", section, re.S)
                assert select, option.name
                assert re.findall(r'<option value="([^"]*)"', select.group(0)) == list(option.choices)
                assert f'<option value="{option.default}" selected>' in select.group(0)
            elif control == "number":
                assert re.search(rf'<input type="number" id="[^"]+" {name} value="{option.default}"', section)
            elif control == "text":
                value = html.escape(str(option.default))
                assert re.search(rf'<input type="text" id="[^"]+" {name} value="{re.escape(value)}"', section)
            else:
                assert control == "textarea"
                assert re.search(
                    rf"<textarea id=\"([^\"]+)\" {name}[^>]*>{re.escape(html.escape(str(option.default)))}</textarea>",
                    section,
                )
                assert "data-fills=" in section, "a file chooser fills the text area"
    assert {"checkbox", "number", "select", "text"} <= seen


@pytest.mark.parametrize(("posted", "expected"), [(["false"], False), (["false", "true"], True)])
def test_a_checkbox_is_read_ticked_or_not(serve: Callable[..., TestClient], posted: list[str], expected: bool) -> None:
    """The form posts a hidden false before each box: alone it means unticked, a ticked box's true after it wins."""
    client = serve()
    body = "game=lotta-rome&players=2&seat0=human&seat1=random&" + "&".join(f"opt_merchants={v}" for v in posted)
    response = client.post("/tables", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 201, response.text
    (table,) = client.app.state.manager.tables.values()
    assert table.row.options["merchants"] is expected


def test_the_round_table_defaults_of_the_form_create_a_table(serve: Callable[..., TestClient]) -> None:
    """Issue 12: the deck list used to be drawn as a number field and sent empty."""
    client = serve()
    page = client.get("/").text
    section = lobby_section(page, "round-table")
    fields: dict[str, str] = {"game": "round-table", "players": "2", "seat0": "human", "seat1": "random"}
    for name, value in re.findall(
        r'<input type="(?:text|number)" id="[^"]+" name="(opt_\w+)" value="([^"]*)"', section
    ):
        fields[name] = html.unescape(value)
    for name in re.findall(r'<input type="checkbox" id="[^"]+" name="(opt_\w+)" value="true"[^>]* checked', section):
        fields[name] = "true"
    response = client.post("/tables", data=fields)
    assert response.status_code == 201, response.text


def test_a_refusal_is_shown_beside_its_form_naming_the_game_and_keeps_what_was_typed(
    serve: Callable[..., TestClient],
) -> None:
    client = serve()
    form = {"game": "round-house", "players": "4", "seat0": "human", "seat1": "hard", "opt_neutral_rule": "7"}
    response = client.post("/tables", data=form)
    assert response.status_code == 400
    section = lobby_section(response.text, "round-house")
    error = re.search(r'<p class="notice error" role="alert">([^<]*)</p>', section)
    assert error and html.unescape(error.group(1)).startswith("The Round House: option 'neutral_rule' must lie")
    assert 'data-game="round-house">' in response.text and 'class="game-card chosen"' in response.text
    assert 'name="players" min="2" max="5" value="4"' in section
    assert re.search(r'name="seat1">\s*(<option[^>]*>[^<]*</option>\s*)*<option value="hard" selected>', section)
    assert 'value="7"' in section
    other = lobby_section(response.text, "guedelon")
    assert "notice error" not in other and response.text.count('role="alert"') == 1


def test_a_listed_table_is_open_until_its_free_seats_are_taken(serve: Callable[..., TestClient]) -> None:
    client = serve()
    assert "No listed table is waiting for players" in client.get("/").text
    form = {"game": "four-big-strata", "players": "3", "seat0": "human", "seat1": "human", "seat2": "human"}
    created = client.post("/tables", data={**form, "listed": "on"})
    assert created.status_code == 201
    links = dict(LINK.findall(created.text))
    assert set(links) == {"Seat 0", "Spectators"}, "the creator holds the first seat; the others are free"
    assert "seats 1, 2 are free for anyone to take" in created.text
    unlisted = client.post("/tables", data=form)
    assert unlisted.status_code == 201 and set(dict(LINK.findall(unlisted.text))) == {
        "Seat 0",
        "Seat 1",
        "Seat 2",
        "Spectators",
    }
    manager = client.app.state.manager
    (table,) = manager.open_tables()
    elsewhere = client.post(f"/t/{table.id}/join", headers={"Origin": "http://evil.example"}, follow_redirects=False)
    assert elsewhere.status_code == 403 and table.open_seats() == [1, 2], "another site cannot take a seat"
    lobby = client.get("/").text
    assert f'action="/t/{table.id}/join"' in lobby and "2 of 3 seats free" in lobby
    taken = []
    for expected_seat in (1, 2):
        joined = client.post(f"/t/{table.id}/join", follow_redirects=False)
        assert joined.status_code == 303
        location = joined.headers["location"]
        assert location.startswith(f"/t/{table.id}?token=")
        with client.websocket_connect(ws_path(location)) as ws:
            browser = Browser(ws, f"joined seat {expected_seat}")
            browser.receive()
            assert f'data-seat="{expected_seat}"' in browser.view
        taken.append(location)
    assert manager.open_tables() == [] and f"/t/{table.id}/join" not in client.get("/").text
    full = client.post(f"/t/{table.id}/join", follow_redirects=False)
    assert full.status_code == 409 and "has no free seat" in full.text
    assert client.get(taken[0]).status_code == 200


def test_a_listed_table_needs_a_free_human_seat_and_no_hot_seat(serve: Callable[..., TestClient]) -> None:
    client = serve()
    base = {"game": "four-big-strata", "players": "2", "seat0": "human", "listed": "on"}
    lone = client.post("/tables", data={**base, "seat1": "random"})
    assert lone.status_code == 400 and "a listed table needs a free human seat" in html.unescape(lone.text)
    hot = client.post("/tables", data={**base, "seat1": "human", "hot_seat": "on"})
    assert hot.status_code == 400 and "cannot be listed" in html.unescape(hot.text)
    assert client.app.state.manager.tables == {}


def test_an_older_database_gains_the_listed_column_and_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, version TEXT NOT NULL,"
        " players INTEGER NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,"
        " hot_seat INTEGER NOT NULL, created TEXT NOT NULL);"
        "INSERT INTO tables VALUES ('old', 'four-big-strata', '1', 2, 7, '{}', '[\"human\", \"random\"]', 0, 'x');"
    )
    db.commit()
    db.close()
    store = SQLiteStore(str(path))
    (row,) = store.tables()
    assert row.id == "old" and row.listed is False
    store.close()
    again = SQLiteStore(str(path))  # a second start finds the column there
    assert [r.id for r in again.tables()] == ["old"]
    again.close()


def test_news_and_refusals_are_drawn_differently() -> None:
    assert 'class="notice info" role="status"' in views.notice("Your move was already played.", "info")
    assert 'class="notice error" role="alert"' in views.notice("stale")


def test_a_bot_seat_to_move_is_marked_thinking(serve: Callable[..., TestClient]) -> None:
    client = serve()
    form = {"game": "four-big-strata", "players": "2", "seat0": "human", "seat1": "random"}
    assert client.post("/tables", data=form).status_code == 201
    (table,) = client.app.state.manager.tables.values()
    table.problem = "held for the test"  # nothing thinks at a stuck table
    assert views.thinking_seats(table) == set()
    table.problem = None
    movers = set(table.to_move())
    assert views.thinking_seats(table) == {seat for seat in movers if seat == 1}
    fragment = views.seat_view(table, 0)
    if 1 in movers:
        assert 'seat 1 (bot: random) <span class="thinking-sign">thinking…</span>' in fragment
    else:
        assert "thinking…" not in fragment

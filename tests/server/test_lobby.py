"""The lobby, creating tables, the pages and their headers, vendored scripts, `meeple serve` arguments."""

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from meeple.agents.levels import BOT_LEVELS
from meeple.cli import app as cli

from .support import GAME, create_table

SERVER = Path(__file__).parents[2] / "src" / "meeple" / "server"


def test_lobby_offers_every_game_with_its_seats_and_options(serve: Callable[..., TestClient]) -> None:
    client = serve()
    page = client.get("/")
    assert page.status_code == 200
    text = page.text
    assert 'name="game" value="four-big-strata"' in text
    for name in ("players", "seat0", "seat6", "opt_tribute_ratio", "opt_npc_level", "hot_seat"):
        assert f'name="{name}"' in text
    for value in ("human", "random", "heuristic", "easy", "medium", "hard"):
        assert f'<option value="{value}"' in text
    assert page.headers["referrer-policy"] == "same-origin"
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_scripts_are_vendored_and_no_page_loads_anything_from_elsewhere(serve: Callable[..., TestClient]) -> None:
    client = serve()
    for name in ("htmx.min.js", "htmx-ext-ws.min.js", "meeple.js", "style.css", "LICENSE-htmx.txt"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and len(response.content) > 100
    assert 'htmx.defineExtension("ws"' in client.get("/static/htmx-ext-ws.min.js").text
    for template in (SERVER / "templates").glob("*.html"):
        assert not re.search(r"(src|href)=\"(https?:)?//", template.read_text()), template.name


def test_the_pages_script_address_changes_with_the_script(serve: Callable[..., TestClient]) -> None:
    """A page loads meeple.js at an address naming its content, so no browser runs a cached
    script that cuts patches where an older server did."""
    client = serve()
    found = re.search(r'<script src="(/static/meeple\.js\?v=([0-9a-f]+))">', client.get("/").text)
    assert found, "the lobby loads meeple.js at a versioned address"
    script = client.get(found.group(1))
    assert script.status_code == 200 and script.content == (SERVER / "static" / "meeple.js").read_bytes()
    assert found.group(2) == hashlib.sha256(script.content).hexdigest()[: len(found.group(2))]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"game": "chess", "players": "2"}, "no game called 'chess'"),
        ({"game": GAME, "players": "9"}, "played by 1 to 7 players"),
        ({"game": GAME, "players": "two"}, "players must be a whole number"),
        ({"game": GAME, "players": "2", "seat1": "wizard"}, "seat 1: 'wizard' is not a choice"),
        ({"game": GAME, "players": "2", "opt_tribute_ratio": "99"}, "must lie between 0 and 12"),
        ({"game": GAME, "players": "2", "opt_npc_level": "godlike"}, "takes one of easy, normal, hard"),
    ],
)
def test_a_bad_create_form_is_refused_with_its_reason(
    serve: Callable[..., TestClient], form: dict[str, str], message: str
) -> None:
    client = serve()
    response = client.post("/tables", data=form)
    assert response.status_code == 400
    assert message in response.text.replace("&#39;", "'")
    assert client.app.state.manager.tables == {}


def test_create_gives_one_link_per_human_seat_or_one_hot_seat_link(serve: Callable[..., TestClient]) -> None:
    client = serve()
    table_id, links = create_table(client, ["human", "hard", "human", "easy"])
    assert set(links) == {"Seat 0", "Seat 2", "Spectators"}
    table = client.app.state.manager.tables[table_id]
    assert table.row.seats == ["human", BOT_LEVELS["hard"], "human", BOT_LEVELS["easy"]]
    assert BOT_LEVELS["hard"].startswith("planner:effort=3,") and BOT_LEVELS["easy"].startswith("planner:effort=1,")
    assert links["Spectators"] == f"/t/{table_id}/watch"
    tokens = {links["Seat 0"].split("token=")[1], links["Seat 2"].split("token=")[1]}
    assert len(tokens) == 2 and all(len(token) >= 32 for token in tokens)
    _, hot_links = create_table(client, ["human", "human", "human"], hot_seat=True)
    assert set(hot_links) == {"Hot seat (every human seat)", "Spectators"}
    # A table page carries its own websocket address and nothing of the game yet.
    page = client.get(links["Seat 2"])
    assert page.status_code == 200 and 'hx-ext="ws,view-patch"' in page.text and "data-action" not in page.text
    assert page.headers["cache-control"] == "no-store"


def test_serve_refuses_bad_arguments(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["serve", "--bot-workers", "-1", "--db", str(tmp_path / "x.sqlite")])
    assert result.exit_code == 2 and "--bot-workers must be at least 0" in result.output
    result = runner.invoke(cli, ["serve", "--db", str(tmp_path / "missing" / "x.sqlite")])
    assert result.exit_code == 2 and "no such directory" in result.output
    result = runner.invoke(cli, ["serve", "--port", "70000", "--db", str(tmp_path / "x.sqlite")])
    assert result.exit_code == 2 and "--port must lie between 1 and 65535" in result.output

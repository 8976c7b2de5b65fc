"""Lotta Rome in the browser app: a table is created through the lobby and the seat's page
shows the SVG board with the seat's legal actions clickable."""

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

from fastapi.testclient import TestClient

from machine_speed import MACHINE_SPEED
from meeple.server import create_app

ACTION = re.compile(r'data-action="([^"]*)"')
LINK = re.compile(r'<span class="who">([^<]*)</span> <a class="invite" href="([^"]*)"')


def test_a_lotta_rome_table_shows_its_board_with_clickable_divisions(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "db.sqlite"), bot_workers=0, limits=MACHINE_SPEED)) as client:
        form = {"game": "lotta-rome", "players": "2", "seat0": "human", "seat1": "human", "opt_merchants": "false"}
        response = client.post("/tables", data=form)
        assert response.status_code == 201, response.text
        links = {html.unescape(who): html.unescape(url) for who, url in LINK.findall(response.text)}
        seat_link = next(url for who, url in links.items() if who != "Spectators")
        assert client.get(seat_link).status_code == 200
        parts = urlsplit(seat_link)
        path = parts.path.replace("/t/", "/ws/", 1) + f"?{parts.query}"
        with client.websocket_connect(path) as ws:
            view = ws.receive_text()
            while 'id="view"' not in view:
                view = ws.receive_text()
        assert "<svg" in view and "Division" in view
        actions = {html.unescape(a) for a in ACTION.findall(view)}
        assert len(actions) >= 10 and all(a.startswith("divide:") for a in actions)

"""The lobby's game picker: one card per game with the game's own picture, an SVG drawn with
meeple.svgkit and carried in the page (nothing fetched from elsewhere)."""

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from fastapi.testclient import TestClient

from meeple.engine import game_specs

SVG = "{http://www.w3.org/2000/svg}"
CARD = re.compile(r'<a class="game-card[^"]*" href="#game-([^"]+)" data-game="[^"]+">(.*?)</a>', re.S)
SHAPES = {f"{SVG}{name}" for name in ("rect", "circle", "ellipse", "polygon", "path", "line", "polyline")}


def test_every_game_card_shows_its_own_picture(serve: Callable[..., TestClient]) -> None:
    page = serve().get("/").text
    cards = dict(CARD.findall(page))
    assert set(cards) == {spec.slug for spec in game_specs()}, "one card per game"
    pictures = {}
    for slug, card in cards.items():
        found = re.search(r'<svg class="game-picture".*?</svg>', card, re.S)
        assert found, f"{slug}'s card has no picture"
        root = ET.fromstring(found.group(0))  # well-formed
        assert root.get("viewBox") == "0 0 64 64" and root.get("aria-hidden") == "true"
        shapes = [element for element in root.iter() if element.tag in SHAPES]
        assert len(shapes) >= 6, f"{slug}'s picture is drawn, not a letter"
        drawing = found.group(0).replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert not re.search(r"href|url\(|<image|<use|https?:", drawing), f"{slug}: nothing from elsewhere"
        pictures[slug] = found.group(0)
    assert len(set(pictures.values())) == len(pictures), "every game has a picture of its own"

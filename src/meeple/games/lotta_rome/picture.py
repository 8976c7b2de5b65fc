"""Lotta Rome's picture for the lobby: a domain of land hexes in their colours, a building, and an
elephant with its tent."""

import math

from meeple import svgkit as kit
from meeple.games.lotta_rome.view import COLOURS

SIZE = 10.5
LANDS = (
    (0, 0, "town"),
    (1, 0, "vineyard"),
    (-1, 0, "olive"),
    (0, -1, "field"),
    (1, -1, "quarry"),
    (-1, 1, "field"),
    (0, 1, "olive"),
)


def _hex(q: int, r: int, fill: str) -> str:
    x, y = 32 + SIZE * math.sqrt(3) * (q + r / 2), 33 + SIZE * 1.5 * r
    corners = " ".join(
        f"{x + SIZE * math.cos(math.radians(60 * i - 30)):.1f},{y + SIZE * math.sin(math.radians(60 * i - 30)):.1f}"
        for i in range(6)
    )
    return f'<polygon points="{corners}" fill="{fill}" stroke="#2b2118" stroke-width="1"/>'


def picture() -> str:
    parts = [_hex(q, r, COLOURS[land]) for q, r, land in LANDS]
    parts.append('<polygon points="27,36 32,31 37,36 37,41 27,41" fill="#f2ece0" stroke="#2b2118"/>')  # a fort
    parts.append(kit.icon("elephant", 41, 50, 7, ""))
    return kit.picture("".join(parts))

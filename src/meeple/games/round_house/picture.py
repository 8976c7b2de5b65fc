"""The Round House's picture for the lobby: the two circles of rooms around the courtyard, the
ancestral hall where they meet, and leaders on their way."""

import math

from meeple import svgkit as kit
from meeple.games.round_house.view import COLOURS


def picture() -> str:
    parts = [
        '<circle cx="32" cy="32" r="30" fill="#e5d3b3" stroke="#6e2c00" stroke-width="1.5"/>',
        '<circle cx="32" cy="32" r="11" fill="#d5f5e3" stroke="#6e2c00"/>',
    ]
    for ring, radius, side in ((0, 22, 7.5), (1, 16, 6)):  # the outer and the inner circle of rooms
        for k in range(6):
            angle = math.radians(60 * k + 30 * ring - 60)
            x, y = 32 + radius * math.cos(angle), 32 + radius * math.sin(angle)
            parts.append(kit.rect(x - side / 2, y - side / 2, side, side, "#fdf2e9", "#6e2c00", 1, 1.5))
    parts.append(kit.rect(26, 1.5, 12, 8, "#fadbd8", "#922b21", 1.2, 2))  # the ancestral hall
    for k, colour in enumerate(COLOURS[:3]):
        parts.append(kit.pawn(25 + 7 * k, 26, 5, colour))
    return kit.picture("".join(parts))

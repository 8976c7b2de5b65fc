"""Round Table's picture for the lobby: the round table, a knight's card upon it, a sword and the
renown a region brings."""

from meeple import svgkit as kit
from meeple.games.round_table.view import TYPE_COLOURS


def picture() -> str:
    band, light = TYPE_COLOURS["knight"]
    card = (
        kit.rect(0, 0, 22, 30, light, band, 1.2, 3)
        + kit.rect(0, 0, 22, 8, band, band, 1, 3)
        + kit.icon("resistance", 11, 19, 5, "")
    )
    parts = [
        '<ellipse cx="32" cy="36" rx="29" ry="22" fill="#8b5a2b" stroke="#4a2f14" stroke-width="1.5"/>',
        '<ellipse cx="32" cy="34" rx="24" ry="17" fill="#b07a45" stroke="#4a2f14"/>',
        kit.group(21, 16, card),
        kit.icon("attack", 48, 30, 8, ""),
        kit.icon("renown", 14, 12, 7, ""),
    ]
    return kit.picture("".join(parts))

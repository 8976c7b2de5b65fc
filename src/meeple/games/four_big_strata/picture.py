"""Four Big Strata's picture for the lobby: the four classes as columns of cards stacked like
strata, under an empress's crown, with grain and money."""

from meeple import svgkit as kit
from meeple.games.four_big_strata.view import COLOURS

CLASSES = ("scholar", "peasant", "artisan", "merchant")


def picture() -> str:
    parts = [kit.rect(2, 2, 60, 60, "#f6efe2", "#2b2118", 1.5, 10)]
    for i, cls in enumerate(CLASSES):  # each class a column of cards, the strata of the empire
        colour, light, _ = COLOURS[cls]
        for k in range(3 - i % 2):
            parts.append(kit.rect(7 + i * 10.5, 45 - k * 7, 9, 12, colour if k else light, colour, 1.2, 2))
    crown = "4,14 8,4 14,10 19,1 24,10 30,4 34,14"
    parts.append(f'<polygon points="{crown}" transform="translate(6,12)" fill="{COLOURS["empress"][0]}"/>')
    parts += [kit.icon("grain", 53, 15, 7, ""), kit.icon("money", 53, 32, 6, "")]
    return kit.picture("".join(parts))

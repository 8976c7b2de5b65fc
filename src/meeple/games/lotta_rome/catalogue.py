"""Every action id of a game of Lotta Rome (the engine's `action_catalogue`).

Contracts are named by number, market slots from 1, pieces by their short name (pieces.py: a
land, its building, the second land of a double), and hexes by axial coordinates "q,r". A
domain grows from its centre one touching piece at a time, so a hex lies at most as many steps
from the centre as a domain can hold hexes beyond its first: every explored tile of every round,
the bonus lands, and both halves of every double land. A division names its smaller lot of at
most two of the five explored single lands (2 DIVISION), in the order of their piece codes.
"""

from itertools import combinations_with_replacement

from meeple.engine.catalogue import catalogue, expand
from meeple.games.lotta_rome.content import FORT, NO_BUILDING, Content
from meeple.games.lotta_rome.pieces import piece, short
from meeple.games.lotta_rome.selection import CHOICE_NAMES


def _hexes(radius: int) -> list[str]:
    """Every "q,r" within `radius` steps of the centre, by q then r."""
    return [
        f"{q},{r}"
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    ]


def action_catalogue(content: Content) -> tuple[str, ...]:
    lands = range(len(content.lands))
    buildings = [NO_BUILDING, *range(FORT + 1)]
    singles = sorted(piece(land, -1, building) for land in lands for building in buildings)
    pieces = [piece(first, second, b) for first in lands for second in [-1, *lands] for b in buildings]
    k, m = content.constants, content.merchants
    radius = k.rounds * k.explored_per_round + len(m.bonus_lands) + 2 * len(m.doubles)
    hexes = _hexes(radius)
    numbers = sorted(content.contracts)
    smaller = [(), *((code,) for code in singles), *combinations_with_replacement(singles, 2)]
    return catalogue(
        expand("keep:{number}", number=numbers),
        expand("bid:{number}", number=numbers),
        expand("lot:{slot}", slot=range(1, m.lots + 1)),
        ["divide:" + ("+".join(short(code, content) for code in lot) or "none") for lot in smaller],
        expand("take:{lot}", lot=CHOICE_NAMES),
        expand("piece:{name}", name=[short(code, content) for code in pieces]),
        expand("place:{at}", at=hexes),
        expand("elephant:{at}", at=hexes),
    )

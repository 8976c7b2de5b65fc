"""The market of lots (expansion, HOW TO PLAY): prepared before each round, emptied after it.

"Reveal the top 5 lands from the stack of double lands ... Moving from left to right, lay out
bonuses next to each land" as the round setup reminder shows (content/merchants.toml): the
bonus land from the top of its stack, the base building of the same type as that bonus land,
a fort, a gem, nothing. A building or fort lies on its double land; the player who takes the
lot chooses which half it goes on.
"""

from functools import lru_cache

from meeple.games.lotta_rome.content import FORT, NO_BUILDING, Content
from meeple.games.lotta_rome.pieces import describe, piece
from meeple.games.lotta_rome.state import Lotta


def prepare_market(state: Lotta, content: Content) -> None:
    m = content.merchants
    state.market, state.market_land, state.market_gem = [], [], []
    bonus_land = -1
    for bonus in m.lot_bonuses:
        if not state.doubles:
            break
        first, second = m.doubles[state.doubles.pop()]
        building, land, gem = NO_BUILDING, -1, 0
        if bonus == "land" and state.bonus_stack:
            land = bonus_land = state.bonus_stack.pop()
        elif bonus == "building" and bonus_land in state.buildings_left:
            state.buildings_left.remove(bonus_land)
            building = bonus_land
        elif bonus == "fort" and state.forts_left:
            state.forts_left -= 1
            building = FORT
        elif bonus == "gem" and state.market_gems:
            state.market_gems -= 1
            gem = 1
        state.market.append(piece(first, second, building))
        state.market_land.append(land)
        state.market_gem.append(gem)
    state.note(f"Market: {'; '.join(lot_text(state, slot, content) for slot in range(len(state.market)))}")


def lot_text(state: Lotta, slot: int, content: Content) -> str:
    return lot_words(slot, state.market[slot], state.market_land[slot], state.market_gem[slot], content)


@lru_cache(maxsize=4096)
def lot_words(slot: int, double: int, land: int, gem: int, content: Content) -> str:
    """A lot in words: the slot, its double land (with its building), bonus land and gem."""
    parts = [describe(double, content)]
    if land >= 0:
        parts.append(f"bonus land {content.lands[land].name}")
    if gem:
        parts.append("a gem")
    return f"lot {slot + 1}: " + " + ".join(parts)


def clear_market(state: Lotta) -> None:
    """END OF THE ROUND: "Put all the unselected lots in the box"."""
    state.boxed_gems += sum(gem for lot, gem in zip(state.market, state.market_gem, strict=True) if lot >= 0)
    state.market, state.market_land, state.market_gem = [], [], []

"""Knights' Influence and Resistance when attacking (2-3, 6, Knight Subtypes; FINDINGS: Leader).

A knight's values are its own plus those of the Equipment and Titles paired with it, plus:
- Round Table: +1 Influence for each other attacking vassal Round Table Knight (Grail Knights
  are Round Table Knights too);
- Grail Knight: +1 Resistance for each other attacking vassal Grail Knight;
- Leader (FINDINGS): +1 Influence and +1 Resistance for each Leader the controller has in play
  other than the knight itself and not on a Quest;
- the texts of the knight and its paired cards (the cardinal rule).
"""

from meeple.games.round_table.content import Pool
from meeple.games.round_table.events import INFLUENCE, RESISTANCE, SUBTYPES, hook
from meeple.games.round_table.state import Rt


def paired_with(state: Rt, seat: int, knight: int) -> list[int]:
    """The Equipment and Titles paired with `knight`."""
    paired = state.paired
    return [u for u in state.play[seat] if paired[u] == knight]


def subtypes(state: Rt, pool: Pool, knight: int) -> set[str]:
    """The knight's subtypes: printed, granted by paired cards, and Grail implying Round Table."""
    seat = state.owner[knight]
    found = set(pool.cards[state.card_of[knight]].subtypes)
    for u in paired_with(state, seat, knight):
        grant = hook(pool.cards[state.card_of[u]].ability, SUBTYPES)
        if grant is not None:
            found.update(grant(state, pool, knight))
    if "grail" in found:
        found.add("round_table")
    return found


def attackers(state: Rt, seat: int, slot: int | None = None) -> list[int]:
    """The seat's knights committed to region `slot` (any region if None)."""
    attack = state.attack
    return [u for u in state.play[seat] if attack[u] >= 0 and (slot is None or attack[u] == slot)]


def strength(state: Rt, pool: Pool, knight: int) -> tuple[int, int]:
    """The (Influence, Resistance) of an attacking knight."""
    seat = state.owner[knight]
    cards, card_of = pool.cards, state.card_of
    card = cards[card_of[knight]]
    influence, resistance = card.influence, card.resistance
    for bearer in [knight, *paired_with(state, seat, knight)]:
        bearer_card = cards[card_of[bearer]]
        if bearer != knight:
            influence += bearer_card.influence
            resistance += bearer_card.resistance
        more = hook(bearer_card.ability, INFLUENCE)
        if more is not None:
            influence += more(state, pool, knight, bearer)
        more = hook(bearer_card.ability, RESISTANCE)
        if more is not None:
            resistance += more(state, pool, knight, bearer)
    mine = subtypes(state, pool, knight)
    others = [subtypes(state, pool, u) for u in attackers(state, seat) if u != knight]
    if "round_table" in mine:
        influence += sum("round_table" in s for s in others)
    if "grail" in mine:
        resistance += sum("grail" in s for s in others)
    leaders = sum(
        1 for u in state.play[seat] if u != knight and state.quest_of[u] < 0 and "leader" in cards[card_of[u]].subtypes
    )
    return influence + leaders, resistance + leaders


def army(state: Rt, pool: Pool, seat: int, slot: int) -> tuple[int, int]:
    """The summed (Influence, Resistance) of the seat's knights attacking region `slot`."""
    influence = resistance = 0
    for knight in attackers(state, seat, slot):
        i, r = strength(state, pool, knight)
        influence += i
        resistance += r
    return influence, resistance

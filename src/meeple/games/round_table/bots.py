"""Fast heuristics for Round Table: the playout policy of search bots and the `heuristic`
agent. They read only what the deciding seat may see (its own hand, cards in play, regions).

The rules of thumb (tuned against random play, see docs/performance.md): RP is the economy,
so open with 8 demesnes and draw a demesne in Winter whenever the hand holds none; play the
best demesne each Spring, then recruit the strongest knight that fits and arm it; commit
knights where they can beat the Region and the enemies already there, the most Renown for
the effort first; quest idle knights for cards and quest the strongest enemy attacker out of
its attack; free your own quested knights with Redirects; never pull support back; discard
surplus demesnes first.
"""

from meeple.engine import Action, Rng
from meeple.games.round_table import rp
from meeple.games.round_table.content import Pool
from meeple.games.round_table.lineup import lineup, lineups
from meeple.games.round_table.state import DECLARE, DISCARD, OTHER, QUESTS, SPRING, START, SUMMER, WINTER, Rt

OPENING_DEMESNES = 8
LOW_CAPACITY = 40  # below this, Winter draws a demesne when the hand holds none


def _power(state: Rt, pool: Pool, knight: int) -> int:
    """A quick estimate of a knight's Influence: its own and its paired cards' (the lineup's)."""
    line = lineup(state, pool, state.owner[knight])
    return line.powers[line.knights.index(knight)]


def _card(pool: Pool, action: Action) -> int:
    return pool.index[action.payload["card"]]


def _start(legal: list[Action]) -> Action:
    for action in legal:
        if action.id in ("keep", f"demesnes:{OPENING_DEMESNES}"):
            return action
    return legal[-1] if legal[0].id.startswith("demesnes:") else legal[0]


def _spring(state: Rt, seat: int, legal: list[Action], pool: Pool) -> Action:
    cards = pool.cards
    best: tuple[float, Action] = (0.0, legal[0])
    for action in legal:
        verb = action.id.partition(":")[0]
        if verb == "demesne":
            score = 100.0 + cards[_card(pool, action)].rp
        elif verb == "recruit":
            card = cards[_card(pool, action)]
            score = 50.0 + card.influence + card.resistance + (3 if card.subtypes else 0)
        elif verb in ("equip", "title") and "knight" in action.payload:
            card = cards[_card(pool, action)]
            score = 20.0 + card.influence + card.resistance + 0.1 * _power(state, pool, action.payload["knight"])
        else:
            continue
        if score > best[0]:
            best = (score, action)
    return best[1]


def _declare(state: Rt, seat: int, legal: list[Action], pool: Pool) -> Action:
    """Commit the strongest free knight to the richest region it can still take: one whose
    Resistance, plus the Resistance and Influence of enemies already there, the seat's knights
    can beat. The knights' powers are the lineups'; the seat's free knights are those Declare
    offers (`legal`: Done, then each free knight's commits to every region, in play order)."""
    if len(legal) < 2:
        return legal[0]
    cards, attack, card_of = pool.cards, state.attack, state.card_of
    regions = state.regions
    slots = len(regions)
    mine_at, influence_at, resistance_at = [0] * slots, [0] * slots, [0] * slots
    every = lineups(state, pool)
    for p, line in enumerate(every):
        for k, u in enumerate(line.knights):  # only knights attack; by place: zip(strict=True) costs a keyword call
            slot = attack[u]
            if 0 <= slot < slots:
                strength = line.powers[k]
                if p == seat:
                    mine_at[slot] += strength
                else:
                    influence_at[slot] += strength
                    resistance_at[slot] += cards[card_of[u]].resistance
    knights, powers = every[seat].knights, every[seat].powers
    free = 0  # the power of the seat's free knights
    most, first = 0, 0  # the most power of one, and the offers of the first free knight with it
    for i in range(1, len(legal), slots):
        strength = powers[knights.index(legal[i].payload["knight"])]
        free += strength
        if not first or strength > most:
            most, first = strength, i
    best, chosen = 0.0, -1
    for slot, region_index in enumerate(regions):
        region = cards[region_index]
        mine, enemy_influence, enemy_resistance = mine_at[slot], influence_at[slot], resistance_at[slot]
        need = region.resistance + enemy_resistance + 1 + (enemy_influence + region.renown if enemy_influence else 0)
        if mine >= need + 1 or mine + free < need:
            continue
        score = region.renown / (1 + need)
        if score > best:
            best, chosen = score, slot
    return legal[first + chosen] if chosen >= 0 else legal[0]


def _quest(state: Rt, seat: int, legal: list[Action], pool: Pool) -> Action:
    """Quest the strongest enemy attacker, or an idle knight of one's own for the cards."""
    best: tuple[float, Action] = (0.0, legal[0])
    for action in legal[1:]:
        knight = action.payload["knight"]
        if state.owner[knight] != seat and state.attack[knight] >= 0:
            score = 10.0 + _power(state, pool, knight)
        elif state.owner[knight] == seat and state.attack[knight] < 0:
            score = 5.0 + pool.cards[_card(pool, action)].rp
        else:
            continue
        if score > best[0]:
            best = (score, action)
    return best[1]


def _redirect(state: Rt, seat: int, legal: list[Action]) -> Action:
    """Free one's own knight from an enemy's Quest by sending it to attack."""
    for action in legal[1:]:
        knight = action.payload["knight"]
        quest = state.quest_of[knight]
        if (
            state.owner[knight] == seat
            and quest >= 0
            and state.quests[quest][3] != seat
            and action.payload["task"] >= 0
        ):
            return action
    return legal[0]


def _discard(state: Rt, seat: int, legal: list[Action], pool: Pool) -> Action:
    """Surplus demesnes first (keeping one), then the cheapest card."""
    cards = pool.cards
    demesnes = sum(1 for u in state.hand[seat] if cards[state.card_of[u]].type == "demesne")

    def worth(action: Action) -> float:
        card = cards[_card(pool, action)]
        if card.type == "demesne":
            return -1.0 if demesnes > 1 else 30.0
        return card.rp + card.influence + card.resistance

    return min(legal, key=worth)


def _winter(state: Rt, seat: int, legal: list[Action], pool: Pool) -> Action:
    if len(legal) == 1:
        return legal[0]
    cards = pool.cards
    holds_demesne = any(cards[state.card_of[u]].type == "demesne" for u in state.hand[seat])
    wants_demesne = not holds_demesne and rp.capacity(state, pool, seat) < LOW_CAPACITY
    return legal[1] if wants_demesne else legal[0]


def playout_action(state: Rt, seat: int, legal: list[Action], rng: Rng, pool: Pool) -> Action:
    phase = state.phase
    if phase == START:
        return _start(legal)
    if phase == SPRING:
        return _spring(state, seat, legal, pool)
    if phase == SUMMER:
        if state.step == DECLARE:
            return _declare(state, seat, legal, pool)
        if state.step == QUESTS:
            return _quest(state, seat, legal, pool)
        if state.step == OTHER:
            return legal[-1]
        return _redirect(state, seat, legal)
    if phase == WINTER:
        return _winter(state, seat, legal, pool)
    if phase == DISCARD:
        return _discard(state, seat, legal, pool)
    return legal[0]  # Autumn: keep support in play

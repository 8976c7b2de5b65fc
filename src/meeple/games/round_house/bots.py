"""Fast heuristics for The Round House: the playout policy of search bots and the `heuristic` agent.
They read only public information (the whole table is public but for face-down piles).

The rules of thumb: worship in the ancestral hall with as many town assistants as possible (the
honor grows along the path, and it ends the game), fulfil orders, use every chair, sell goods
at the markets and pay the Bank when there is money, dispatch without paying the merchant, and
move to a room that the player can use well.
"""

from meeple.engine import Action, Rng
from meeple.games.round_house.content import HALL, Content
from meeple.games.round_house.state import Rh

NOISE = 6.0
ROOM_WORTH = {
    "receiving_goods": 20,
    "pirates": 22,
    "expert_hall": 14,
    "money_lender": 18,
    "grand_hall": 16,
    "black_market": 12,
    "study": 10,
    "tea_house": 18,
}
FLAT = {
    "fulfil": 90,
    "call": 50,
    "temple": 40,
    "activate": 30,
    "pick-amulet": 32,
    "pick-order": 30,
    "invest": 26,
    "hire": 12,
    "take": 10,
    "place": 14,
    "copy": 10,
    "keep": 8,
    "discard": 4,
    "basic": 10,
    "pass": 3,
    "done": 0,
    "skip": 1,
    "end": 0,
    "neutral": 5,
}
DEALS = {"buy": 12, "recruit": 11, "amulet": 14, "sell": 6, "dismiss": 3, "cash": 2}
TRADES = {"invest": 13, "dispatch": 12, "recruit": 10, "gold": 11}


def _room_worth(state: Rh, seat: int, node: int, c: Content) -> float:
    """How well the seat can use a room now (rough), with its chairs."""
    if node == HALL:
        brought = max(state.towns[seat])
        return 35 + 12 * brought if brought >= 2 or not all(state.temples_used) else 4
    kind = c.rooms[state.room_at(node, c.inner)].kind
    coins = state.coins[seat]
    if kind == "market":
        goods = sum(state.goods[seat])
        worth = 18 + 8 * min(goods, 3) if goods else 2
    elif kind == "bank":
        worth = 10 + 5 * min(coins // 3, 4)
    elif kind == "trading_house":
        worth = 8 + 5 * min(coins // 3, 3)
    elif kind == "warehouse":
        worth = 12 if coins >= 3 else 4
    else:
        worth = ROOM_WORTH.get(kind, 10)
    if 1 <= node <= 6:
        per = c.board.rings.chairs_per_inner_room
        worth += 14 * state.chairs[(node - 1) * per : node * per].count(seat)
    return worth


def _worth_of(action_id: str, c: Content) -> float | tuple[bool, int]:
    """The worth of an action that does not depend on the state, or, for a move or a worship in
    the hall (worth what the seat can make of it now), (True, the move's node) or (False, the
    town)."""
    parts = action_id.split(":")
    verb = parts[0]
    if verb == "move":
        return (True, int(parts[2]))
    if verb == "hall":
        return (False, int(parts[1]))
    if verb == "path":  # lead the assistants out to the spaces worth most honor
        return 10 + 4 * c.board.hall.honor[int(parts[1])]
    if verb == "dispatch":
        return 28 - 6 * int(parts[1])
    if verb == "deal":
        return DEALS[parts[1]]
    if verb == "trade":
        return TRADES[parts[1]]
    if verb == "do":
        what = parts[1]
        if what == "bank":
            return 20 + 6 * int(parts[2])
        if what == "retail":
            return 20 + 8 * bin(int(parts[2])).count("1")
        if what == "wholesale":
            return 20 + 7 * int(parts[3])
        if what in ("trade", "warehouse"):
            return 14 + 4 * int(parts[2])
        return 18
    return FLAT.get(verb, 5)


_WORTHS: dict[Content, dict[str, float | tuple[bool, int]]] = {}


def playout_action(state: Rh, seat: int, legal: list[Action], rng: Rng, c: Content) -> Action:
    """The most promising action by the rules of thumb above, with a little noise: the action's
    worth plus `NOISE * rng.random()`, a draw per action in order, the first highest wins (legal[0]
    if none is above -1). The worth of each action id is worked out once per content (`_worth_of`).

    Only the draws that can matter are made: the first action of the highest worth draws first,
    and an action whose worth plus NOISE is below that noisy worth cannot win (its own noise is
    under NOISE), so its draw is skipped, not made; the others read their draws ahead
    (`Rng.random_ahead`) and the stream then skips every action's draw (`Rng.skip`): the same
    choice and the same stream as drawing for each."""
    if len(legal) == 1:
        rng.skip(1)
        return legal[0]
    worths = _WORTHS.get(c)
    if worths is None:
        worths = _WORTHS[c] = {}
    values = []
    reached: dict[int, float] = {}  # the worth of each room a move reaches (two leaders may reach one)
    for action in legal:
        worth = worths.get(action.id)
        if worth is None:
            worth = worths[action.id] = _worth_of(action.id, c)
        if worth.__class__ is tuple:  # a move by the room it reaches, a worship in the hall by the town's assistants
            move, where = worth  # type: ignore[misc]
            if not move:
                worth = 100 + 6 * state.towns[seat][where]
            elif (worth := reached.get(where)) is None:
                worth = reached[where] = _room_worth(state, seat, where, c)
        values.append(worth)
    top = max(values)  # type: ignore[type-var]
    first = values.index(top)
    ahead = rng.random_ahead
    best_worth = top + NOISE * ahead(first + 1)  # type: ignore[operator]
    best = first
    for index, worth in enumerate(values):
        if worth + NOISE >= best_worth and index != first:  # type: ignore[operator]
            worth += NOISE * ahead(index + 1)  # type: ignore[operator]
            if worth > best_worth or (worth == best_worth and index < best):  # type: ignore[operator]
                best, best_worth = index, worth
    rng.skip(len(legal))
    return legal[best] if best_worth > -1.0 else legal[0]

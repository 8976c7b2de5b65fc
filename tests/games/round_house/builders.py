"""Builders for The Round House scenario tests.

Every state starts as a real game (`RoundHouse().new_game`) and is then edited field by field;
edits that move pieces take them from the supplies so that every component stays counted
(`components` gives the totals the invariant tests check). `resume` hands an edited state back
to the game's own flow, which runs it on to the next decision exactly as after any action.
"""

from collections import Counter

from meeple.games.round_house import RoundHouse
from meeple.games.round_house import flow as _flow
from meeple.games.round_house.content import HALL, load_content
from meeple.games.round_house.state import MOVE, ROOM, WORSHIP, Rh

CONTENT = load_content()
ROOM_OF = CONTENT.room_index
EXPERT_OF = {e.id: i for i, e in enumerate(CONTENT.experts)}
ORDER_OF = {o.id: i for i, o in enumerate(CONTENT.orders)}
TEA, FRUIT, CELADON, GOLD = range(4)


def game(**options: object) -> RoundHouse:
    return RoundHouse(options)


def fresh(players: int = 3, seed: int = 1, **options: object) -> tuple[RoundHouse, Rh]:
    g = game(**options)
    return g, g.new_game(players, seed)


def ids(g: RoundHouse, state: Rh) -> list[str]:
    return [a.id for a in g.legal_actions(state, state.current)]


def labels(g: RoundHouse, state: Rh) -> dict[str, str]:
    return {a.id: a.label for a in g.legal_actions(state, state.current)}


def play(g: RoundHouse, state: Rh, *action_ids: str) -> None:
    for action_id in action_ids:
        g.apply(state, state.current, action_id)


def resume(state: Rh) -> None:
    _flow.advance(state, CONTENT)


def node_of_room(state: Rh, room_id: str) -> int:
    """The node where a room lies (its tile placed there if it is an action tile not drawn)."""
    room = ROOM_OF[room_id]
    if room in CONTENT.inner:
        return 1 + CONTENT.inner.index(room)
    if room not in state.outer:
        size = CONTENT.rooms[room].size
        position = next(p for p, r in enumerate(state.outer) if CONTENT.rooms[r].size == size)
        state.outer[position] = room
        if room_id == "warehouse":
            stock(state)
    return 7 + state.outer.index(room)


def stock(state: Rh) -> None:
    """Put one of each basic resource on the Warehouse tile (setup 1 note)."""
    for k in range(3):
        if not state.warehouse[k]:
            state.basics[k] -= 1
            state.warehouse[k] = 1


def give_goods(state: Rh, seat: int, tea: int = 0, fruit: int = 0, celadon: int = 0, gold: int = 0) -> None:
    for kind, amount in enumerate((tea, fruit, celadon, gold)):
        state.basics[kind] -= amount
        state.goods[seat][kind] += amount


def set_coins(state: Rh, seat: int, coins: int) -> None:
    state.bank += state.coins[seat] - coins
    state.coins[seat] = coins


def give_expert(state: Rh, seat: int, expert_id: str) -> None:
    card = EXPERT_OF[expert_id]
    for pile in (state.expert_deck, state.experts_up, state.expert_discard):
        if card in pile:
            pile.remove(card)
            break
    state.experts[seat].append(card)
    while len(state.experts_up) < 3:
        state.experts_up.append(state.expert_deck.pop())


def give_order(state: Rh, seat: int, order_id: str) -> int:
    card = ORDER_OF[order_id]
    for pile in (state.order_deck, state.orders_up, *state.hand):
        if card in pile:
            pile.remove(card)
            break
    state.hand[seat].append(card)
    return card


def seat_chair(state: Rh, seat: int, chair: int, senior: bool = False) -> None:
    """Put an assistant of `seat`'s personal supply on a chair."""
    state.personal[seat] -= 1
    state.chairs[chair] = seat
    state.senior_chairs[chair] = senior


def put_leader(state: Rh, seat: int, node: int, which: int = 0) -> int:
    """Put the seat's `which`-th leader on `node`; returns the leader's number."""
    leader = [i for i, owner in enumerate(state.owners) if owner == seat][which]
    state.leaders[leader] = node
    return leader


def at_room(state: Rh, seat: int, room_id: str) -> int:
    """The seat's turn, its leader just moved into `room_id`: phase 3 with one execution."""
    node = node_of_room(state, room_id)
    for i, where in enumerate(state.leaders):
        if where == node:
            state.leaders[i] = HALL
    state.current = seat
    state.moved = put_leader(state, seat, node)
    state.phase = ROOM
    state.runs = 1
    state.tasks = []
    resume(state)
    return node


def to_phase(state: Rh, seat: int, phase: int = MOVE) -> None:
    state.current = seat
    state.phase = phase
    state.tasks = []
    resume(state)


def enter_hall_with(state: Rh, seat: int, towns: dict[int, int]) -> None:
    """The seat's leader has just entered the ancestral hall, with assistants waiting in towns."""
    for town, count in towns.items():
        state.towns[seat][town] += count
        state.personal[seat] -= count
    state.current = seat
    state.moved = put_leader(state, seat, HALL)
    state.phase = WORSHIP
    state.runs = 1
    state.tasks = []
    resume(state)


def assistants(state: Rh, seat: int) -> int:
    """Every assistant of a seat, wherever it is (1 stays on the point track)."""
    return (
        1
        + state.personal[seat]
        + state.reserve[seat]
        + sum(state.towns[seat])
        + state.chairs.count(seat)
        + bin(state.seniors[seat]).count("1")
        + (state.walk[1] + state.walk[4] if state.walk and seat == state.current else 0)  # on the hall path
    )


def components(state: Rh) -> dict[str, Counter]:
    """Every counted component, wherever it lies."""
    goods = Counter()
    for kind in range(4):
        goods[kind] += state.basics[kind] + sum(g[kind] for g in state.goods)
    for k in range(3):
        goods[k] += state.warehouse[k]
    for spaces in state.spaces:
        goods.update(t for t in spaces if t >= 0)
    amulets = Counter(state.amulets_up + state.amulet_pool + [a for a in state.hall_amulets if a >= 0])
    if state.end_amulet >= 0:
        amulets[state.end_amulet] += 1
    for held in state.amulets:
        amulets.update(held)
    orders = Counter(state.orders_up + state.order_deck)
    for held in (*state.hand, *state.done_orders):
        orders.update(held)
    experts = Counter(state.experts_up + state.expert_deck + state.expert_discard)
    for held in state.experts:
        experts.update(held)
    return {
        "coins": Counter({"coins": sum(state.coins) + state.bank + state.lender}),
        "goods": goods,
        "amulets": amulets,
        "orders": orders,
        "experts": experts,
        "pirates": Counter(state.pirates_up + state.pirate_stack),
    }


FULL = {
    "coins": Counter({"coins": 90}),
    "goods": Counter({0: 15, 1: 15, 2: 15, 3: 10}),
    "amulets": Counter(range(18)),
    "orders": Counter(range(20)),
    "experts": Counter(range(24)),
    "pirates": Counter(range(10)),
}

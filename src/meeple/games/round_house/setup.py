"""Game setup (pp.2-3): the board, the supplies and the player boards."""

from meeple.engine import Rng
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import HALL, HEXAGONS, Content
from meeple.games.round_house.state import Rh


def _draw(pile: list[int], count: int) -> list[int]:
    """Take `count` pieces from the top (the end) of a pile."""
    return [pile.pop() for _ in range(min(count, len(pile)))]


def new_state(players: int, seed: int, content: Content) -> Rh:
    """Setup 1-12 and the player boards. Seat 0 is the (randomly chosen) starting player: seats
    are dealt in clockwise order from it, so the random choice is the seating itself."""
    n = content.numbers
    rng = Rng.from_seed(seed)
    large, small = list(content.large), list(content.small)
    rng.shuffle(large)
    rng.shuffle(small)
    outer: list[int] = []
    for size in content.board.rings.outer_sizes:  # setup 1: large tiles on large spaces, small on small
        outer.append(large.pop() if size == "large" else small.pop())
    amulets = list(range(len(content.amulets)))
    rng.shuffle(amulets)
    hall_amulets = _draw(amulets, HEXAGONS)  # setup 4: the six hexagonal spaces, then the end-of-game space
    end_amulet = amulets.pop()
    amulets_up = _draw(amulets, n.face_up)
    pirates = list(range(len(content.pirates)))
    rng.shuffle(pirates)
    pirates_up = _draw(pirates, n.face_up)
    starting = [i for i, o in enumerate(content.orders) if o.start]
    rng.shuffle(starting)
    dealt = _draw(starting, players)  # setup 7: one starting order each; the rest join the deck
    deck = starting + [i for i, o in enumerate(content.orders) if not o.start]
    rng.shuffle(deck)
    orders_up = _draw(deck, n.face_up)
    experts = list(range(len(content.experts)))
    rng.shuffle(experts)
    experts_up = _draw(experts, n.face_up)
    warehouse_on_board = content.room_index["warehouse"] in outer
    coins = [n.coins_by_seat[seat] for seat in range(players)]
    leaders_each = n.leaders[players - 2]
    owners = [seat for seat in range(players) for _ in range(leaders_each)]
    if players == 2:
        owners += [-1] * n.neutral_leaders
    spaces = [[-1] * len(room.designated) for room in content.rooms]
    state = Rh(
        players=players,
        seed=seed,
        rng=rng,
        outer=outer,
        leaders=[HALL] * len(owners),
        owners=owners,
        chairs=[-1] * content.chairs,
        senior_chairs=[False] * content.chairs,
        spaces=spaces,
        warehouse=[1, 1, 1] if warehouse_on_board else [0, 0, 0],
        lender=n.lender_coins,
        merchant=content.merchant_start,
        end_at=n.end_space[players - 2],
        temples_used=[False] * len(content.temples),
        hall_amulets=hall_amulets,
        end_amulet=end_amulet,
        basics=[n.basic_supply - (1 if warehouse_on_board else 0)] * 3 + [n.gold_supply - players * n.start_gold],
        bank=n.coin_supply - n.lender_coins - sum(coins),
        pirates_up=pirates_up,
        pirate_stack=pirates,
        amulets_up=amulets_up,
        amulet_pool=amulets,
        orders_up=orders_up,
        order_deck=deck,
        experts_up=experts_up,
        expert_deck=experts,
        expert_discard=[],
        coins=coins,
        goods=[[0, 0, 0, n.start_gold] for _ in range(players)],
        honor=[0] * players,
        personal=[n.personal_assistants] * players,
        reserve=[n.assistant_supply] * players,
        towns=[[0] * content.towns for _ in range(players)],
        seniors=[0] * players,
        experts=[[] for _ in range(players)],
        hand=[[order] for order in dealt],
        done_orders=[[] for _ in range(players)],
        done_turn=[[] for _ in range(players)],
        amulets=[[] for _ in range(players)],
        used=[0] * players,
        icons=[0] * players,
    )
    state.note(f"{seat_mark(0)} starts; action tiles: {', '.join(content.rooms[r].name for r in outer)}")
    return state

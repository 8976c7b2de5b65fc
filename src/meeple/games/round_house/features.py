"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
`from_state` reads the same numbers straight from the state for the learner's loop, only
what observation.py shows (tests/rl/test_features.py holds the two equal for every seat).
Blocks, in order (seat blocks relative: the observing seat's first, then the others in turn):

- the table: turn, phase (one-hot), the pending task's kind (one-hot) and count, whether the
  seat is the current player and to move, the leader moved and its runs, the end marker and
  where it ends, ending, turns left, the Money Lender and merchant markers, the bank, the
  supply of each resource, the Warehouse's goods, the piles (pirate stack, amulet pool, order
  deck, expert deck and discard), the temples unused, the Grand Hall's amulets left;
- the board, node by node: the seat's leaders there, other seats' leaders, neutral leaders,
  spaces filled and spaces free; chair by chair: held by the seat, by another, senior;
- the offer: orders face up (honor and total cost each, by slot), experts face up (permanent),
  amulets face up (honor);
- each seat: coins, goods of each resource, honor, personal and reserve merchants, towns
  reached (each), seniors, experts (and how many permanent), orders in hand (and their total
  cost and honor), orders fulfilled, amulets (and their honor), icons, the score's parts.
"""

from array import array
from itertools import chain
from typing import Any

from meeple.engine import Features
from meeple.engine.features import Pieces, floats, names, one_hot, relative, row, seat_names
from meeple.games.round_house.content import RESOURCE_NAMES, RING, Content
from meeple.games.round_house.state import PHASE_NAMES, TASK_NAMES, Rh

EMPTY = -1
OFFER = 3  # face-up orders, experts and amulets encoded (slots beyond are dropped)
SCORE_PARTS = ("track", "orders", "amulets", "total")


def observation_features(players: int, nodes: int, chairs: int, towns: int) -> Features:
    phase, task = one_hot(PHASE_NAMES), one_hot(TASK_NAMES)
    seat_parts = [
        "coins",
        *names("goods", RESOURCE_NAMES),
        "honor",
        "personal",
        "reserve",
        *names("town", range(towns)),
        "seniors",
        "experts",
        "permanent_experts",
        "orders",
        "order_cost",
        "order_honor",
        "fulfilled",
        "amulets",
        "amulet_honor",
        "icons",
        *names("score", SCORE_PARTS),
    ]
    slot_names = (
        ["turn", *names("phase", PHASE_NAMES), *names("task", TASK_NAMES), "tasks", "current", "to_move"]
        + ["moved", "runs", "marker", "end_at", "ending", "turns_left", "lender", "merchant", "bank"]
        + [*names("supply", RESOURCE_NAMES), *names("warehouse", RESOURCE_NAMES[:3])]
        + ["pirate_stack", "amulet_pool", "order_deck", "expert_deck", "expert_discard", "temples", "hall_amulets"]
        + [f"node{n}/{part}" for n in range(nodes) for part in ("mine", "others", "neutral", "filled", "free")]
        + [f"chair{k}/{part}" for k in range(chairs) for part in ("mine", "others", "senior")]
        + [f"order{k}/{part}" for k in range(OFFER) for part in ("present", "honor", "cost")]
        + [f"expert{k}/{part}" for k in range(OFFER) for part in ("present", "permanent")]
        + [f"amulet{k}/{part}" for k in range(OFFER) for part in ("present", "honor")]
        + seat_names(players, seat_parts)
    )

    def offer(items: list[dict[str, Any]], part: Any) -> list[float]:
        row: list[float] = []
        for k in range(OFFER):
            row += [1.0, *part(items[k])] if k < len(items) else [0.0] * (1 + len(part(None)))
        return row

    def order_part(order: dict[str, Any] | None) -> list[float]:
        return [order["honor"], sum(order["cost"].values())] if order else [0.0, 0.0]

    def participant(view: dict[str, Any]) -> list[float]:
        experts, orders, amulets = view["experts"], view["orders"], view["amulets"]
        goods, score = view["goods"], view["score"]
        return [
            view["coins"],
            *(goods[name] for name in RESOURCE_NAMES),
            view["honor"],
            view["personal"],
            view["reserve"],
            *view["towns"],
            len(view["seniors"]),
            len(experts),
            sum(expert["permanent"] for expert in experts),
            len(orders),
            sum(sum(order["cost"].values()) for order in orders),
            sum(order["honor"] for order in orders),
            len(view["fulfilled"]),
            len(amulets),
            sum(amulet["honor"] for amulet in amulets),
            view["icons"],
            *(score[part] for part in SCORE_PARTS),
        ]

    def encode(observation: dict[str, Any]) -> list[float]:
        seat = observation["seat"]
        pending = observation["task"]
        supply, warehouse = observation["supply"], observation["warehouse"]
        row = [
            observation["turn"],
            *phase(observation["phase"]),
            *task(pending["kind"] if pending else None),
            pending["pending"] if pending else 0,
            observation["current"] == seat,
            seat in observation["to_move"],
            observation["moved"],
            observation["runs"],
            observation["marker"],
            observation["end_at"],
            observation["ending"],
            observation["turns_left"],
            observation["lender"],
            observation["merchant"],
            observation["bank"],
            *(supply[name] for name in RESOURCE_NAMES),
            *(warehouse[name] for name in RESOURCE_NAMES[:3]),
            observation["pirate_stack"],
            observation["amulet_pool"],
            observation["order_deck"],
            observation["expert_deck"],
            len(observation["expert_discard"]),
            sum(temple is not None for temple in observation["temples"]),
            sum(amulet is not None for amulet in observation["hall_amulets"]),
        ]
        board = [[0.0] * 5 for _ in range(nodes)]
        for leader in observation["leaders"]:
            owner = leader["owner"]
            board[leader["node"]][0 if owner == seat else 2 if owner < 0 else 1] += 1.0
        for room in observation["rooms"]:
            spaces = room["spaces"]
            filled = sum(space is not None for space in spaces)
            board[room["node"]][3:] = [filled, len(spaces) - filled]
        for node in board:
            row += node
        for chair in observation["chairs"]:
            owner = chair["owner"]
            row += [owner == seat, owner >= 0 and owner != seat, chair["senior"]]
        row += offer(observation["orders"], order_part)
        row += offer(observation["experts"], lambda expert: [expert["permanent"]] if expert else [0.0])
        row += offer(observation["amulets"], lambda amulet: [amulet["honor"]] if amulet else [0.0])
        views = observation["participants"]
        for other in relative(seat, players):
            row += participant(views[other])
        return row

    # --- the same slots read from the state (Features.from_state), as observation.py shows it ---
    orders_of = [relative(seat, players) for seat in range(players)]
    tables: dict[int, tuple[Content, tuple[list[int], ...], Pieces]] = {}

    def content_tables(c: Content) -> tuple[tuple[list[int], ...], Pieces]:
        """Per content: order honor and cost, expert permanence, amulet honor, the hall's size,
        and the seats' blocks (public: the same for every observer) kept by what fixes them."""
        made = tables.get(id(c))
        if made is None or made[0] is not c:
            numbers = (
                [o.honor for o in c.orders],
                [sum(dict(o.cost).values()) for o in c.orders],
                [int(bool(e.permanent)) for e in c.experts],
                [a.honor for a in c.amulets],
                [len(c.board.hall.honor)],
            )
            made = tables[id(c)] = (c, numbers, Pieces(lambda key: seat_block(numbers, *key)))
        return made[1], made[2]

    def seat_block(numbers: tuple[list[int], ...], *key: Any) -> list[float]:
        honor_of, cost_of, permanent, amulet_honor, (hall,) = numbers
        coins, goods, honor, personal, reserve, towns, seniors, experts, hand, done, amulets, icons = key
        orders, charms = sum(honor_of[o] for o in done), sum(amulet_honor[a] for a in amulets)
        return [
            coins,
            *goods,
            honor,
            personal,
            reserve,
            *towns,
            sum(seniors >> space & 1 for space in range(hall)),
            len(experts),
            sum(permanent[e] for e in experts),
            len(hand),
            sum(cost_of[o] for o in hand),
            sum(honor_of[o] for o in hand),
            len(done),
            len(amulets),
            charms,
            icons,
            honor,
            orders,
            charms,
            honor + orders + charms,
        ]

    def board_block(inner: tuple[int, ...], seat: int, *key: tuple[Any, ...]) -> list[float]:
        """Nodes (leaders by owner, market spaces filled and free) and chairs, as `seat` sees them."""
        leaders, owners, spaces, outer, chairs, seniors = key
        board = [[0.0] * 5 for _ in range(nodes)]
        for node, owner in zip(leaders, owners, strict=True):
            board[node][0 if owner == seat else 2 if owner < 0 else 1] += 1.0
        for node in range(1, nodes):
            held = spaces[inner[node - 1] if node <= RING else outer[node - 1 - RING]]
            filled = sum(map(EMPTY.__lt__, held))  # a space holds a good (>= 0) or is empty (-1)
            board[node][3:] = [filled, len(held) - filled]
        made = list(chain.from_iterable(board))
        for owner, senior in zip(chairs, seniors, strict=True):
            made += [owner == seat, owner >= 0 and owner != seat, senior]
        return made

    def offer_block(numbers: tuple[list[int], ...], *up: tuple[int, ...]) -> list[float]:
        """The face-up orders (honor, cost), experts (permanent) and amulets (honor), by slot."""
        honor_of, cost_of, permanent, amulet_honor, _ = numbers
        orders, experts, amulets = up
        made: list[float] = []
        for k in range(OFFER):
            made += [1.0, honor_of[orders[k]], cost_of[orders[k]]] if k < len(orders) else [0.0, 0.0, 0.0]
        for k in range(OFFER):
            made += [1.0, permanent[experts[k]]] if k < len(experts) else [0.0, 0.0]
        for k in range(OFFER):
            made += [1.0, amulet_honor[amulets[k]]] if k < len(amulets) else [0.0, 0.0]
        return made

    board_piece, offer_piece = Pieces(board_block), Pieces(offer_block)

    def from_state(game: Any, state: Rh, seat: int, legal: list[Any]) -> array:
        c = game.content
        numbers, seat_piece = content_tables(c)
        tasks = state.tasks
        head = [
            state.turn,
            *phase(PHASE_NAMES[state.phase]),
            *task(TASK_NAMES[tasks[0][0]] if tasks else None),
            len(tasks),
            state.current == seat,
            state.phase != 7 and state.current == seat,
            state.moved,
            state.runs,
            state.marker,
            state.end_at,
            state.end_by >= 0,
            state.turns_left,
            state.lender,
            state.merchant,
            state.bank,
            *state.basics,
            *state.warehouse,
            len(state.pirate_stack),
            len(state.amulet_pool),
            len(state.order_deck),
            len(state.expert_deck),
            len(state.expert_discard),
            state.temples_used.count(False),
            sum(a >= 0 for a in state.hall_amulets),
        ]
        board_key = (
            seat,
            tuple(state.leaders),
            tuple(state.owners),
            tuple(map(tuple, state.spaces)),
            tuple(state.outer),
            tuple(state.chairs),
            tuple(state.senior_chairs),
        )
        offer_key = (tuple(state.orders_up), tuple(state.experts_up), tuple(state.amulets_up))
        parts = [
            floats(head),
            board_piece.made.get(board_key) or board_piece(board_key, c.inner, *board_key),
            offer_piece.made.get(offer_key) or offer_piece(offer_key, numbers, *offer_key),
        ]
        made = seat_piece.made
        for p in orders_of[seat]:
            key = (
                state.coins[p],
                tuple(state.goods[p]),
                state.honor[p],
                state.personal[p],
                state.reserve[p],
                tuple(state.towns[p]),
                state.seniors[p],
                tuple(state.experts[p]),
                tuple(state.hand[p]),
                tuple(state.done_orders[p]),
                tuple(state.amulets[p]),
                state.icons[p],
            )
            parts.append(made.get(key) or seat_piece(key, key))
        return row(*parts)

    return Features(tuple(slot_names), encode, from_state)

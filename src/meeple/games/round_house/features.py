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
from typing import Any

from meeple.engine import Features
from meeple.engine.features import floats, names, one_hot, packer, relative, seat_names
from meeple.games.round_house.content import RESOURCE_NAMES, Content
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
    # Every part but the head is kept with the state values it was made from, compared by value
    # with copies at each observation and made again only when they differ: the board per
    # observing seat (leaders and chairs are the seat's or others'), and, shared by all seats
    # (the same for every observer), the market spaces, the offer and each participant's block.
    orders_of = [relative(seat, players) for seat in range(players)]
    phase_rows = [floats(phase(name)) for name in PHASE_NAMES]
    task_rows = [*(floats(task(name)) for name in TASK_NAMES), floats(task(None))]  # the last: no task
    turn_pack, head_pack = packer(1), packer(slot_names.index("node0/mine") - slot_names.index("tasks"))
    cells = 5 * nodes
    nodes_pack, blank, chairs_pack = packer(cells), [0.0] * cells, packer(3 * chairs)
    # By observing seat: a leader's or chair's owner (-1 neutral or empty) as its column.
    columns = [
        {owner: 0 if owner == seat else 2 if owner < 0 else 1 for owner in range(-1, players)}
        for seat in range(players)
    ]
    # Numbers to pack are floats here: `struct` packs a float several times faster than an int.
    mine_of = [{owner: float(owner == seat) for owner in range(-1, players)} for seat in range(players)]
    others_of = [
        {owner: float(owner >= 0 and owner != seat) for owner in range(-1, players)} for seat in range(players)
    ]
    flags = {False: 0.0, True: 1.0}
    seat_floats = packer(len(seat_parts))
    # `markets`: the content, outer circle and spaces last seen, a count of changes, and the spaces
    # filled and free by node; `boards`: each seat's leaders, owners and markets count last seen
    # and its nodes block, then its chairs and senior chairs last seen and its chairs block;
    # `shown`: the content, face-up orders, experts and amulets last seen, and the offer block;
    # `seats`: each participant's holdings last seen (with the content) and its block.
    markets: list[Any] = [None, None, None, 0, None, None]
    boards: list[list[Any]] = [[None] * 7 for _ in range(players)]
    shown: list[Any] = [None, None, None]
    seats: list[tuple[Any, ...]] = [((),)] * players

    def content_numbers(c: Content) -> tuple[list[int], ...]:
        """Order honor and cost, expert permanence, amulet honor and the hall's size, by content."""
        return (
            [o.honor for o in c.orders],
            [sum(dict(o.cost).values()) for o in c.orders],
            [int(bool(e.permanent)) for e in c.experts],
            [a.honor for a in c.amulets],
            [len(c.board.hall.honor)],
        )

    tables: dict[int, tuple[Content, tuple[list[int], ...]]] = {}

    def numbers(c: Content) -> tuple[list[int], ...]:
        made = tables.get(id(c))
        if made is None or made[0] is not c:
            made = tables[id(c)] = (c, content_numbers(c))
        return made[1]

    def spaces_by_node(c: Content, outer: list[int], spaces: list[list[int]]) -> tuple[list[float], list[float]]:
        """The market spaces filled and free on each node (none on the hall, node 0)."""
        rooms = [*c.inner, *outer]
        filled, free = [0.0] * nodes, [0.0] * nodes
        for node in range(1, nodes):
            held = spaces[rooms[node - 1]]
            taken = float(len(held) - held.count(EMPTY))  # a space holds a good (>= 0) or is empty (-1)
            filled[node], free[node] = taken, len(held) - taken
        return filled, free

    def nodes_block(state: Rh, seat: int, filled: list[float], free: list[float]) -> bytes:
        """Nodes: leaders by owner as `seat` sees them, market spaces filled and free."""
        made, column = blank[:], columns[seat]
        for node, owner in zip(state.leaders, state.owners, strict=True):
            made[5 * node + column[owner]] += 1.0
        made[3::5], made[4::5] = filled, free
        return nodes_pack(*made)

    def chairs_block(seat: int, chairs: list[int], seniors: list[bool]) -> bytes:
        """Chairs: held by `seat`, by another, senior."""
        mine, others = mine_of[seat], others_of[seat]
        made = [0.0] * (3 * len(chairs))
        made[::3] = map(mine.__getitem__, chairs)
        made[1::3] = map(others.__getitem__, chairs)
        made[2::3] = map(flags.__getitem__, seniors)
        return chairs_pack(*made)

    def offer_block(numbers: tuple[list[int], ...], orders: list[int], experts: list[int], amulets: list[int]) -> bytes:
        """The face-up orders (honor, cost), experts (permanent) and amulets (honor), by slot."""
        honor_of, cost_of, permanent, amulet_honor, _ = numbers
        made: list[float] = []
        for k in range(OFFER):
            made += [1.0, honor_of[orders[k]], cost_of[orders[k]]] if k < len(orders) else [0.0, 0.0, 0.0]
        for k in range(OFFER):
            made += [1.0, permanent[experts[k]]] if k < len(experts) else [0.0, 0.0]
        for k in range(OFFER):
            made += [1.0, amulet_honor[amulets[k]]] if k < len(amulets) else [0.0, 0.0]
        return floats(made)

    def seat_block(numbers: tuple[list[int], ...], held: tuple[Any, ...]) -> bytes:
        honor_of, cost_of, permanent, amulet_honor, (hall,) = numbers
        coins, honor, personal, reserve, seniors, icons, goods, towns, experts, hand, done, amulets = held
        orders, charms = sum(map(honor_of.__getitem__, done)), sum(map(amulet_honor.__getitem__, amulets))
        return seat_floats(
            *map(
                float,
                [
                    coins,
                    *goods,
                    honor,
                    personal,
                    reserve,
                    *towns,
                    (seniors & (1 << hall) - 1).bit_count(),
                    len(experts),
                    sum(map(permanent.__getitem__, experts)),
                    len(hand),
                    sum(map(cost_of.__getitem__, hand)),
                    sum(map(honor_of.__getitem__, hand)),
                    len(done),
                    len(amulets),
                    charms,
                    icons,
                    honor,
                    orders,
                    charms,
                    honor + orders + charms,
                ],
            )
        )

    def from_state(game: Any, state: Rh, seat: int, legal: list[Any]) -> array:
        c = game.content
        tasks, current = state.tasks, state.current
        parts = [
            turn_pack(state.turn),
            phase_rows[state.phase],
            task_rows[tasks[0][0] if tasks else -1],
            head_pack(
                len(tasks),
                current == seat,
                state.phase != 7 and current == seat,
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
                len(state.hall_amulets) - state.hall_amulets.count(-1),  # -1: taken
            ),
        ]
        seen, spaces, outer = markets, state.spaces, state.outer
        if spaces != seen[2] or outer != seen[1] or c is not seen[0]:
            seen[:] = (c, outer[:], list(map(list.copy, spaces)), seen[3] + 1, *spaces_by_node(c, outer, spaces))
        board, leaders = boards[seat], state.leaders
        if leaders != board[0] or seen[3] != board[2] or state.owners != board[1]:
            board[:4] = (leaders[:], state.owners[:], seen[3], nodes_block(state, seat, *seen[4:]))
        chairs, seniors = state.chairs, state.senior_chairs
        if chairs != board[4] or seniors != board[5]:
            board[4:] = (chairs[:], seniors[:], chairs_block(seat, chairs, seniors))
        parts.append(board[3])
        parts.append(board[6])
        up = (state.orders_up, state.experts_up, state.amulets_up)
        if up != shown[1] or c is not shown[0]:
            shown[:] = (c, (up[0][:], up[1][:], up[2][:]), offer_block(numbers(c), *up))
        parts.append(shown[2])
        coins, honor, personal, reserve, icons = state.coins, state.honor, state.personal, state.reserve, state.icons
        goods, towns, experts, hand, done, amulets = (
            state.goods,
            state.towns,
            state.experts,
            state.hand,
            state.done_orders,
            state.amulets,
        )
        hall_seniors = state.seniors
        for p in orders_of[seat]:
            held = (
                coins[p],
                honor[p],
                personal[p],
                reserve[p],
                hall_seniors[p],
                icons[p],
                goods[p],
                towns[p],
                experts[p],
                hand[p],
                done[p],
                amulets[p],
            )
            block = seats[p]
            if held != block[0] or c is not block[1]:
                copied = (*held[:6], *map(list.copy, held[6:]))
                block = seats[p] = (copied, c, seat_block(numbers(c), copied))
            parts.append(block[2])
        return array("f", b"".join(parts))

    return Features(tuple(slot_names), encode, from_state)

"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
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

from typing import Any

from meeple.engine import Features
from meeple.engine.features import names, one_hot, relative, seat_names
from meeple.games.round_house.content import RESOURCE_NAMES
from meeple.games.round_house.state import PHASE_NAMES, TASK_NAMES

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

    return Features(tuple(slot_names), encode)

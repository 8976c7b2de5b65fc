"""What each seat may see, built from an allow-list, and sampling states consistent with it.

Public: everything on the table and on the player boards (the rulebook keeps nothing in hand:
orders, experts and amulets lie face up before their owners), the face-up supplies, the log.
Hidden from every seat: the order of the face-down piles (expert deck, order deck, pirate
stack, face-down amulets); observations show only their sizes, and the used pirate tiles put
under the stack in view of all (bottom first).
"""

from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.round_house.content import BASICS, RESOURCE_NAMES, Content, Room, node_name
from meeple.games.round_house.flow import chairs_of
from meeple.games.round_house.scoring import breakdown
from meeple.games.round_house.state import PHASE_NAMES, TASK_NAMES, Rh


class _Views:
    """What observations show of the content, worked out once per Content: the views of every
    amulet, expert and order, and the texts that never change. Observations copy them."""

    def __init__(self, c: Content) -> None:
        self.content = c
        self.amulets = [{"id": a.id, "name": a.name, "honor": a.honor} for a in c.amulets]
        self.experts = [
            {"id": e.id, "name": e.name, "text": e.text(), "permanent": bool(e.permanent)} for e in c.experts
        ]
        self.orders = [
            {"id": o.id, "cost": dict(o.cost), "honor": o.honor, "effect": o.effect_text()} for o in c.orders
        ]
        self.rewards = {room.id: rewards_text(room) for room in c.rooms}
        self.pirates = [t.gain.text() for t in c.pirates]
        self.temples = [t.gain.text() for t in c.temples]
        self.stairs = [(start, end) for start, ways in enumerate(c.edges) for end, stairs in ways if stairs]
        self.hall_top = [g.text() for g in c.hall_top]
        self.hall_left = [g.text() for g in c.hall_left]


_MADE: dict[int, _Views] = {}


def _views(c: Content) -> _Views:
    views = _MADE.get(id(c))
    if views is None or views.content is not c:
        views = _MADE[id(c)] = _Views(c)
    return views


def _amulet(a: int, c: Content) -> dict[str, Any]:
    return _views(c).amulets[a].copy()


def _expert(e: int, c: Content) -> dict[str, Any]:
    return _views(c).experts[e].copy()


def _order(o: int, c: Content) -> dict[str, Any]:
    view = _views(c).orders[o].copy()
    view["cost"] = view["cost"].copy()
    return view


def rewards_text(room: Room) -> str:
    """What a market's chart or the Bank's payments give (the rulebook's illustrations)."""
    if room.kind == "market":
        return "; ".join(f"{name}: {room.chart[name].text()}" for name in BASICS)
    if room.kind == "bank":
        return "; ".join(
            f"pay {p.coins}: {p.honor} honor" + (", 1 investment" if p.invest else "") for p in room.payments
        )
    return ""


def _rooms(state: Rh, c: Content) -> list[dict[str, Any]]:
    out = []
    for node in range(1, 13):
        room = c.rooms[state.room_at(node, c.inner)]
        index = c.room_index[room.id]
        out.append(
            {
                "node": node,
                "where": node_name(node),
                "id": room.id,
                "name": room.name,
                "size": room.size,
                "spaces": [RESOURCE_NAMES[t] if t >= 0 else None for t in state.spaces[index]],
                "designated": list(room.designated),
                "chairs": list(chairs_of(node, c)),
                "rewards": _views(c).rewards[room.id],
            }
        )
    return out


def _hall(state: Rh, c: Content) -> dict[str, Any]:
    """The ancestral hall grid: each space's honor, the bonuses above columns and left of rows,
    what lies below columns and right of rows, and the path being walked (if any)."""
    hall = c.board.hall
    spots = []
    for what, hexagon in c.hall_spots:
        amulet = state.hall_amulets[hexagon] if hexagon >= 0 else -1
        spots.append({"what": what, "amulet": _amulet(amulet, c) if amulet >= 0 else None})
    walk = {"at": state.walk[0], "left": state.walk[1], "passed": state.walk[2]} if state.walk else None
    return {
        "rows": hall.rows,
        "columns": hall.columns,
        "honor": list(hall.honor),
        "top": _views(c).hall_top[:],
        "left": _views(c).hall_left[:],
        "below": spots[: hall.columns],
        "right": spots[hall.columns :],
        "walk": walk,
    }


def observation(state: Rh, seat: int | None, c: Content) -> dict[str, Any]:
    """The observation of `seat` (None: a spectator); every seat sees the same public table."""
    players = []
    for p in range(state.players):
        players.append(
            {
                "seat": p,
                "coins": state.coins[p],
                "goods": dict(zip(RESOURCE_NAMES, state.goods[p], strict=True)),
                "honor": state.honor[p],
                "personal": state.personal[p],
                "reserve": state.reserve[p],
                "towns": state.towns[p][:],
                "seniors": [s for s in range(len(c.board.hall.honor)) if state.seniors[p] >> s & 1],
                "experts": [_expert(e, c) for e in state.experts[p]],
                "orders": [_order(o, c) for o in state.hand[p]],
                "fulfilled": [_order(o, c) for o in state.done_orders[p]],
                "amulets": [_amulet(a, c) for a in state.amulets[p]],
                "icons": state.icons[p],
                "score": breakdown(state, p, c),
            }
        )
    task = None
    if state.tasks:
        task = {"kind": TASK_NAMES[state.tasks[0][0]], "pending": len(state.tasks)}
    return {
        "game": "round-house",
        "seat": seat,
        "players": state.players,
        "current": state.current,
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "task": task,
        "to_move": [] if state.phase == 7 else [state.current],
        "rooms": _rooms(state, c),
        "stairs": [[start, end] for start, end in _views(c).stairs],
        "track_icons": sorted(c.icons),
        "leaders": [{"node": node, "owner": owner} for node, owner in zip(state.leaders, state.owners, strict=True)],
        "moved": state.moved,
        "runs": state.runs,
        "chairs": [{"owner": o, "senior": s} for o, s in zip(state.chairs, state.senior_chairs, strict=True)],
        "warehouse": dict(zip(BASICS, state.warehouse, strict=True)),
        "lender": state.lender,
        "merchant": state.merchant,
        "towns": list(c.board.towns.names),
        "marker": state.marker,
        "end_at": state.end_at,
        "ending": state.end_by >= 0,
        "turns_left": state.turns_left,
        "temples": [
            None if used else {"id": c.temples[i].id, "reward": _views(c).temples[i]}
            for i, used in enumerate(state.temples_used)
        ],
        "hall_amulets": [_amulet(a, c) if a >= 0 else None for a in state.hall_amulets],
        "hall": _hall(state, c),
        "end_amulet": _amulet(state.end_amulet, c) if state.end_amulet >= 0 else None,
        "supply": dict(zip(RESOURCE_NAMES, state.basics, strict=True)),
        "bank": state.bank,
        "pirates": [_views(c).pirates[t] for t in state.pirates_up],
        "pirate_stack": len(state.pirate_stack),
        "pirate_stack_bottom": [_views(c).pirates[t] for t in state.pirate_stack[: state.pirates_seen]],
        "amulets": [_amulet(a, c) for a in state.amulets_up],
        "amulet_pool": len(state.amulet_pool),
        "orders": [_order(o, c) for o in state.orders_up],
        "order_deck": len(state.order_deck),
        "experts": [_expert(e, c) for e in state.experts_up],
        "expert_deck": len(state.expert_deck),
        "expert_discard": [_expert(e, c) for e in state.expert_discard],
        "participants": players,
        "log": word_log(state.log, seat),
    }


def determinize(state: Rh, seat: int, rng: Rng) -> Rh:
    """A full state `seat` cannot tell from `state`: each face-down pile redrawn in a random
    order, and the state's random stream replaced. Depends on `state` only through what
    `observation(state, seat)` shows (the piles' contents follow from the public pieces)."""
    sampled = state.clone()
    for pile in (sampled.expert_deck, sampled.order_deck, sampled.amulet_pool):
        pile.sort()
        rng.shuffle(pile)
    # the used pirate tiles went under the stack in view of all: only the tiles above them are unknown
    unknown = sorted(sampled.pirate_stack[sampled.pirates_seen :])
    rng.shuffle(unknown)
    sampled.pirate_stack[sampled.pirates_seen :] = unknown
    sampled.rng = Rng(rng.next64())
    sampled.seed = 0  # the real seed would let a bot rebuild every shuffle
    return sampled

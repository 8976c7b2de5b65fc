"""What each seat may see, built from an allow-list, and sampling states consistent with it.

Public: everything on the table and on the player boards (the rulebook keeps nothing in hand:
orders, experts and amulets lie face up before their owners), the face-up supplies, the log.
Hidden from every seat: the order of the face-down piles (expert deck, order deck, pirate
stack, face-down amulets); observations show only their sizes, and the used pirate tiles put
under the stack in view of all (bottom first).
"""

from functools import lru_cache
from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.round_house.content import BASICS, RESOURCE_NAMES, RING, Content, Room, node_name
from meeple.games.round_house.flow import chairs_of
from meeple.games.round_house.scoring import score_parts
from meeple.games.round_house.state import PHASE_NAMES, TASK_NAMES, Rh


class _Views:
    """What observations show of the content, worked out once per Content: the views of every
    amulet, expert and order, of every leader, chair and hall reward spot by what stands there,
    the rooms' views per board and market spaces, and the texts that never change.
    Observations share them (no consumer edits an observation:
    tests/games/round_house/test_shared_actions.py checks the views, the text and SVG boards,
    the prompt, the terminal's menus and meeple.rl's encoder)."""

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
        self.temples = [{"id": t.id, "reward": t.gain.text()} for t in c.temples]
        self.stairs = [[start, end] for start, ways in enumerate(c.edges) for end, stairs in ways if stairs]
        self.hall_top = [g.text() for g in c.hall_top]
        self.hall_left = [g.text() for g in c.hall_left]
        self.hall_honor = list(c.board.hall.honor)
        self.towns = list(c.board.towns.names)
        self.icons = sorted(c.icons)
        # by node and owner (-1: neutral, last), by owner (-1: empty, last) and seniority
        seats = (*range(len(c.numbers.coins_by_seat)), -1)
        self.leaders = [[{"node": node, "owner": owner} for owner in seats] for node in range(2 * RING + 1)]
        self.chairs = [[{"owner": owner, "senior": senior} for senior in (False, True)] for owner in seats]
        # each spot below and right of the hall by the amulet lying there (-1: none, last)
        self.spots = [
            [{"what": what, "amulet": self.amulets[a] if a >= 0 else None} for a in (*range(len(c.amulets)), -1)]
            for what, _ in c.hall_spots
        ]
        self.boards: dict[tuple[int, ...], tuple[list[dict[str, Any]], list[tuple[int, int]]]] = {}
        self.markets: dict[tuple[int, int, tuple[int, ...]], dict[str, Any]] = {}
        self.participants: dict[tuple[Any, ...], dict[str, Any]] = {}

    def board(self, outer: tuple[int, ...]) -> tuple[list[dict[str, Any]], list[tuple[int, int]]]:
        """The rooms of a board whose outer circle holds `outer`, node by node: every room's view
        (a market's without its spaces), and each market's place in that list and room index."""
        made = self.boards.get(outer)
        if made is None:
            c = self.content
            rooms, markets = [], []
            for node in range(1, 13):
                index = c.inner[node - 1] if node <= RING else outer[node - 1 - RING]
                rooms.append(self.room(node, index, ()))
                if c.rooms[index].kind == "market":
                    markets.append((node - 1, index))
            made = self.boards[outer] = (rooms, markets)
        return made

    def room(self, node: int, index: int, spaces: tuple[int, ...]) -> dict[str, Any]:
        """The view of room `index` on `node` with `spaces` on its market spaces."""
        c = self.content
        room = c.rooms[index]
        return {
            "node": node,
            "where": node_name(node),
            "id": room.id,
            "name": room.name,
            "size": room.size,
            "spaces": [SPACE[t] for t in spaces],
            "designated": list(room.designated),
            "chairs": list(chairs_of(node, c)),
            "rewards": self.rewards[room.id],
        }

    def market(self, node: int, index: int, spaces: tuple[int, ...]) -> dict[str, Any]:
        """`room` for a market, made once per node, market and spaces."""
        key = (node, index, spaces)
        view = self.markets.get(key)
        if view is None:
            if len(self.markets) >= CACHED:
                self.markets.clear()
            view = self.markets[key] = self.room(*key)
        return view

    def participant(self, state: Rh, seat: int) -> dict[str, Any]:
        """A seat's view of `state`'s player board, made once per what it shows."""
        key = (
            seat,
            state.coins[seat],
            state.honor[seat],
            state.personal[seat],
            state.reserve[seat],
            state.icons[seat],
            state.seniors[seat],
            (*state.goods[seat], *state.towns[seat]),
            tuple(state.experts[seat]),
            tuple(state.hand[seat]),
            tuple(state.done_orders[seat]),
            tuple(state.amulets[seat]),
        )
        view = self.participants.get(key)
        if view is None:
            if len(self.participants) >= CACHED:
                self.participants.clear()
            view = self.participants[key] = self.participant_of(key)
        return view

    def participant_of(self, key: tuple[Any, ...]) -> dict[str, Any]:
        """`participant` from its key."""
        seat, coins, honor, personal, reserve, icons, seniors, counts, experts, hand, done, amulets = key
        order, amulet = self.orders.__getitem__, self.amulets.__getitem__
        return {
            "seat": seat,
            "coins": coins,
            "goods": _resources(counts[:4]),
            "honor": honor,
            "personal": personal,
            "reserve": reserve,
            "towns": list(counts[4:]),
            "seniors": list(_bits(seniors, len(self.hall_honor))),
            "experts": list(map(self.experts.__getitem__, experts)),
            "orders": list(map(order, hand)),
            "fulfilled": list(map(order, done)),
            "amulets": list(map(amulet, amulets)),
            "icons": icons,
            "score": score_parts(honor, done, amulets, self.content),
        }


CACHED = 1 << 14  # views kept per kind before the cache starts again


_MADE: dict[int, _Views] = {}


def _views(c: Content) -> _Views:
    views = _MADE.get(id(c))
    if views is None or views.content is not c:
        views = _MADE[id(c)] = _Views(c)
    return views


def rewards_text(room: Room) -> str:
    """What a market's chart or the Bank's payments give (the rulebook's illustrations)."""
    if room.kind == "market":
        return "; ".join(f"{name}: {room.chart[name].text()}" for name in BASICS)
    if room.kind == "bank":
        return "; ".join(
            f"pay {p.coins}: {p.honor} honor" + (", 1 investment" if p.invest else "") for p in room.payments
        )
    return ""


SPACE = (*RESOURCE_NAMES, None)  # a market space's view by its token (-1: empty)


def _rooms(state: Rh, views: _Views) -> list[dict[str, Any]]:
    rooms, markets = views.board(tuple(state.outer))
    out = rooms[:]
    for position, index in markets:
        out[position] = views.market(position + 1, index, tuple(state.spaces[index]))
    return out


def _hall(state: Rh, c: Content, views: _Views) -> dict[str, Any]:
    """The ancestral hall grid: each space's honor, the bonuses above columns and left of rows,
    what lies below columns and right of rows, and the path being walked (if any)."""
    hall = c.board.hall
    amulets = state.hall_amulets
    spots = [views.spots[k][amulets[hexagon] if hexagon >= 0 else -1] for k, (_, hexagon) in enumerate(c.hall_spots)]
    walk = {"at": state.walk[0], "left": state.walk[1], "passed": state.walk[2]} if state.walk else None
    return {
        "rows": hall.rows,
        "columns": hall.columns,
        "honor": views.hall_honor,
        "top": views.hall_top,
        "left": views.hall_left,
        "below": spots[: hall.columns],
        "right": spots[hall.columns :],
        "walk": walk,
    }


def observation(state: Rh, seat: int | None, c: Content) -> dict[str, Any]:
    """The observation of `seat` (None: a spectator); every seat sees the same public table."""
    views = _views(c)
    amulet, expert, order = views.amulets.__getitem__, views.experts.__getitem__, views.orders.__getitem__
    players = []
    for p in range(state.players):
        players.append(views.participant(state, p))
    task = None
    if state.tasks:
        task = {"kind": TASK_NAMES[state.tasks[0][0]], "pending": len(state.tasks)}
    leaders, chairs = views.leaders, views.chairs
    return {
        "game": "round-house",
        "seat": seat,
        "players": state.players,
        "current": state.current,
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "task": task,
        "to_move": [] if state.phase == 7 else [state.current],
        "rooms": _rooms(state, views),
        "stairs": views.stairs,
        "track_icons": views.icons,
        "leaders": [leaders[node][owner] for node, owner in zip(state.leaders, state.owners, strict=True)],
        "moved": state.moved,
        "runs": state.runs,
        "chairs": [chairs[o][s] for o, s in zip(state.chairs, state.senior_chairs, strict=True)],
        "warehouse": dict(zip(BASICS, state.warehouse, strict=True)),
        "lender": state.lender,
        "merchant": state.merchant,
        "towns": views.towns,
        "marker": state.marker,
        "end_at": state.end_at,
        "ending": state.end_by >= 0,
        "turns_left": state.turns_left,
        "temples": [None if used else views.temples[i] for i, used in enumerate(state.temples_used)],
        "hall_amulets": [views.amulets[a] if a >= 0 else None for a in state.hall_amulets],
        "hall": _hall(state, c, views),
        "end_amulet": views.amulets[state.end_amulet] if state.end_amulet >= 0 else None,
        "supply": _resources(state.basics),
        "bank": state.bank,
        "pirates": [views.pirates[t] for t in state.pirates_up],
        "pirate_stack": len(state.pirate_stack),
        "pirate_stack_bottom": [views.pirates[t] for t in state.pirate_stack[: state.pirates_seen]],
        "amulets": list(map(amulet, state.amulets_up)),
        "amulet_pool": len(state.amulet_pool),
        "orders": list(map(order, state.orders_up)),
        "order_deck": len(state.order_deck),
        "experts": list(map(expert, state.experts_up)),
        "expert_deck": len(state.expert_deck),
        "expert_discard": list(map(expert, state.expert_discard)),
        "participants": players,
        "log": word_log(state.log, seat),
    }


TEA, FRUIT, CELADON, GOLD = RESOURCE_NAMES


def _resources(counts: list[int]) -> dict[str, int]:
    """Counts of tea, fruit, celadon and Gold by name."""
    return {TEA: counts[0], FRUIT: counts[1], CELADON: counts[2], GOLD: counts[3]}


@lru_cache(maxsize=4096)
def _bits(mask: int, size: int) -> tuple[int, ...]:
    """The hall spaces of a bitmask of senior assistants."""
    return tuple(s for s in range(size) if mask >> s & 1)


def determinize(state: Rh, seat: int, rng: Rng) -> Rh:
    """A full state `seat` cannot tell from `state`: each face-down pile redrawn in a random
    order, and the state's random stream replaced. Depends on `state` only through what
    `observation(state, seat)` shows (the piles' contents follow from the public pieces)."""
    sampled = state.clone()
    for pile in (sampled.expert_deck, sampled.order_deck, sampled.amulet_pool):
        pile.sort()
        rng.permute(pile)
    # the used pirate tiles went under the stack in view of all: only the tiles above them are unknown
    unknown = sorted(sampled.pirate_stack[sampled.pirates_seen :])
    rng.permute(unknown)
    sampled.pirate_stack[sampled.pirates_seen :] = unknown
    sampled.rng = Rng(rng.next64())
    sampled.seed = 0  # the real seed would let a bot rebuild every shuffle
    return sampled

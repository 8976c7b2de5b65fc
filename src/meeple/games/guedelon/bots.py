"""Fast heuristics for Guédelon: the playout policy of search bots and the `heuristic` agent.

A greedy team planner. Each worker goes where its turn adds most to the joint plan, judged by
what the castle still needs (the unfilled spaces of every floor left to build, mortar for
buildings without it, ropes for the highest floor of any unfinished building), what the team
already holds towards it (tokens anywhere on the site), and the visitors that threaten to block
the Castle. Wheelbarrows carry what the destination uses; the cart carries raw materials to
their workshops and products to the Castle along the shortest cart path. Nothing is hidden in
Guédelon, so the planner reads the state directly. planner.py searches over its plan.
"""

from collections import deque
from functools import cache, lru_cache

from meeple.engine import Action, Rng
from meeple.games.guedelon.castle import building_done, can_build_on, needs_mortar
from meeple.games.guedelon.content import KINDS, MATERIALS, MORTAR, PRODUCTS, ROPE, Content
from meeple.games.guedelon.locations import capacity, experience
from meeple.games.guedelon.state import AFTER, BEFORE, EVENT, ORDER, Guedelon
from meeple.games.guedelon.visitors import route, visitors_at


def needs(state: Guedelon, content: Content) -> list[int]:
    """Products (by kind) still wanted on every floor left to build of every building, and on the
    unbuilt Mill. The whole castle, not the next floor or two: the last building's floors go up
    one after another, each waiting for the last, and a team that makes its products only a floor
    ahead finishes it rounds late (the greedy planner alone, easy, 300 games a count: 33/11/14/57%
    won at 1-4 players looking one floor ahead, 80/36/35/94% looking at every floor with the ropes
    below; docs/performance.md)."""
    filled = tuple(map(tuple, state.filled))
    return list(_needs(tuple(state.floor), filled, state.mill == 0, tuple(state.mill_filled), content))


@lru_cache(maxsize=4096)
def _needs(
    floors_done: tuple[int, ...],
    filled: tuple[tuple[int, ...], ...],
    mill_unbuilt: bool,
    mill_filled: tuple[int, ...],
    content: Content,
) -> tuple[int, ...]:
    """`needs` of a castle built this far (searches meet the same castle again and again)."""
    want = [0] * 8
    for b, floors in enumerate(content.floors):
        floor = floors_done[b]
        if floor >= len(floors):  # the building is done
            continue
        for accepted, placed in zip(floors[floor], filled[b], strict=False):
            if placed < 0:
                want[accepted[0]] += 1
        for above in floors[floor + 1 :]:
            for accepted in above:
                want[accepted[0]] += 1
    if mill_unbuilt:
        for space, accepted in enumerate(content.mill_needs):
            if mill_filled[space] < 0:
                want[accepted[0]] += 1
    return tuple(want)


def held(state: Guedelon) -> list[int]:
    """Tokens of each kind anywhere on the site (locations, wheelbarrows, cart)."""
    return list(map(sum, zip(*state.tokens, strict=True)))


def ropes_wanted(state: Guedelon, content: Content) -> int:
    """Ropes for the highest floor of any building still to finish (7.7): the crane is filled for
    the top floors from the start, as their products are (`needs`)."""
    return _ropes_wanted(tuple(state.floor), content)


@lru_cache(maxsize=1024)
def _ropes_wanted(floors_done: tuple[int, ...], content: Content) -> int:
    """`ropes_wanted` of a castle with these floors completed, worked out once."""
    tops = [len(floors) - 1 for floor, floors in zip(floors_done, content.floors, strict=True) if floor < len(floors)]
    return max(tops, default=0) * content.rope_per_floor


class Plan:
    """The team's situation, computed once per decision."""

    def __init__(self, state: Guedelon, content: Content) -> None:
        self.want = needs(state, content)
        self.have = held(state)
        self.short = [max(0, self.want[m + 3] - self.have[m + 3] - self.have[m]) for m in range(3)]
        self.raw_short = [max(0, self.want[m + 3] - self.have[m + 3]) for m in range(3)]
        carried = [0] * 8
        for tokens in state.tokens[state.locations :]:
            for kind in (MORTAR, ROPE):
                carried[kind] += tokens[kind]
        self.carried = carried
        self.without_mortar = len(needs_mortar(state, content))
        self.mortar_missing = max(0, self.without_mortar - carried[MORTAR])
        self.rope_missing = max(0, ropes_wanted(state, content) - state.crane - carried[ROPE])
        self.mortar = self.mortar_missing > 0
        self.rope = self.rope_missing > 0
        self.castle = content.castle
        self.late = state.round / (content.rounds + 2)
        self.visited = frozenset(state.visitor_loc)  # where visitor pawns lie or stand
        self._actors: dict[int, tuple[list[int], int, int]] = {}

    def actor(self, state: Guedelon, actor: int, content: Content) -> tuple[list[int], int, int]:
        """`actor`'s wheelbarrow tokens, experience (3.1, card 11) and tools, worked out once."""
        terms = self._actors.get(actor)
        if terms is None:
            tools = state.tools[state.actor_board[actor]]
            terms = self._actors[actor] = (state.tokens[state.barrow(actor)], experience(state, actor, content), tools)
        return terms

    def buildable(self, state: Guedelon, extra: list[int], content: Content) -> int:
        """Products that could be placed now from the courtyard plus `extra` (a wheelbarrow)."""
        yard = state.tokens[self.castle]
        count = 0
        spare = [yard[k] + extra[k] for k in range(8)]
        for b, floors in enumerate(content.floors):
            if building_done(state, b, content) or not can_build_on(state, b, content):
                continue
            for space, accepted in enumerate(floors[state.floor[b]]):
                if state.filled[b][space] >= 0:
                    continue
                for kind in accepted:
                    if spare[kind]:
                        spare[kind] -= 1
                        count += 1
                        break
        return count


def _visitor_value(state: Guedelon, loc: int, content: Content) -> float:
    """Initiating lying visitors, the more so the closer they are to blocking the Castle."""
    value = 0.0
    castle = content.loc("castle")
    for pawn in visitors_at(state, loc):
        if state.visitor_up[pawn]:
            continue
        steps = route(state, state.visitor_colour[pawn], content)
        left = len(steps) - 1 - steps.index(loc) if loc in steps else 0
        value += 14.0 if loc == castle else 9.0 / (1 + left)
    return value


def destination_value(state: Guedelon, actor: int, loc: int, plan: Plan, content: Content) -> float:
    """How much the team gains when `actor` goes to `loc` this turn. The Mason and the Master
    Builder weigh 1.6 and 1.3 times what they first did: the greedy planner alone then won
    93/54/59/94% of 300 easy games at 1-4 players against 80/36/35/94% (weights chosen on other
    seeds than those; docs/performance.md)."""
    if loc in plan.visited:
        return _visitor_value(state, loc, content) - 0.5
    location = content.locations[loc]
    kind = location.kind
    barrow, exp, tools = plan.actor(state, actor, content)
    reach = exp + tools
    late = plan.late
    if kind == "castle":
        carried = barrow[:]
        here = barrow
        if state.actor_loc[actor] != loc:
            for k in PRODUCTS:
                carried[k] += min(state.tokens[state.actor_loc[actor]][k], content.wheelbarrow - sum(carried))
        built = min(reach, plan.buildable(state, carried, content))
        delivery = 6.0 * min(here[MORTAR], plan.without_mortar) + 5.0 * here[ROPE]
        stored = 1.5 * sum(carried[k] for k in PRODUCTS) if plan.mortar or plan.rope else 0.0
        return 10.0 * built + delivery + stored + _mill_pickup(state, barrow, content)
    if kind == "production":
        m = MATERIALS.index(location.material)
        amount = min(plan.short[m], reach + state.production[loc], state.reserve[m])
        return 4.0 * amount + (0.5 if plan.short[m] else 0.0)
    if kind == "workshop":
        m = MATERIALS.index(location.material)
        raw = state.tokens[loc][m] + barrow[m] + min(state.tokens[state.actor_loc[actor]][m], 3)
        return 6.0 * min(raw, reach, plan.raw_short[m] + 1)
    if kind in ("mason", "ropewalk"):
        token, missing = (MORTAR, plan.mortar_missing) if kind == "mason" else (ROPE, plan.rope_missing)
        if not missing or sum(barrow) >= content.wheelbarrow:
            return 0.0
        if not state.reserve[3 if token == MORTAR else 4] and not state.tokens[loc][token]:
            return 0.0
        if kind == "mason":  # no floor of a building goes up before its mortar (7.6)
            return 12.8 + 4.8 * min(missing, 4)
        return 8.0 + 3.0 * min(missing, 4)
    if kind == "master_builder":
        return max(0.0, 28.6 * (1.0 - late) - 4.55 * exp) + 0.65
    if kind == "blacksmith":
        return max(0.0, (3 - tools) * 2.5 * (1.0 - late * 0.5))
    if kind == "pillory":
        lying = [p for p, at in enumerate(state.visitor_loc) if at >= 0 and not state.visitor_up[p]]
        return 1.0 + (2.0 if lying else 0.0) + (1.0 if tools < 5 else 0.0)
    if kind == "stables":
        return 1.5
    if kind == "mill":
        if state.mill != 0:
            return 0.0
        origin = state.tokens[state.actor_loc[actor]]
        wanted = [accepted[0] for space, accepted in enumerate(content.mill_needs) if state.mill_filled[space] < 0]
        ready = sum(1 for k in wanted if barrow[k] or origin[k] or state.tokens[loc][k])
        return 8.0 * min(reach, ready)
    return 0.2


def _mill_pickup(state: Guedelon, barrow: list[int], content: Content) -> float:
    """12.3: products waiting in the courtyard that the unbuilt Mill needs are worth fetching."""
    if state.mill != 0:
        return 0.0
    yard = state.tokens[content.castle]
    wanted = [accepted[0] for space, accepted in enumerate(content.mill_needs) if state.mill_filled[space] < 0]
    room = content.wheelbarrow - sum(barrow)
    return 4.0 * min(room, sum(1 for k in wanted if yard[k]))


def best_destination(state: Guedelon, actor: int, options: list[int], content: Content) -> int:
    plan = Plan(state, content)
    return max(options, key=lambda loc: (destination_value(state, actor, loc, plan, content), -loc))


@cache
def _cart_distance(mill: bool, goal: int, content: Content) -> dict[int, int]:
    """Breadth-first distances from `goal` over the cart paths (to step the cart towards it), the
    Mill's paths only with the Mill option (12); made once per board and goal, read only."""
    adjacent: dict[int, list[int]] = {}
    for a, b in content.cart_paths:
        if not mill and (a, b) in content.mill_paths:
            continue
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        for nxt in adjacent.get(here, []):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _cart_goal(state: Guedelon, content: Content) -> int:
    """Where the cart should head: with a load, to where it is used; empty, to stranded tokens."""
    cart = state.tokens[state.cart]
    if any(cart[k] for k in (*PRODUCTS, MORTAR, ROPE)):
        return content.castle
    for m in range(3):
        if cart[m]:
            return next(
                i for i, loc in enumerate(content.locations) if loc.kind == "workshop" and loc.material == MATERIALS[m]
            )
    best, most = -1, 0
    for loc, location in enumerate(content.locations):
        tokens = state.tokens[loc]
        if location.kind == "production":
            count = tokens[MATERIALS.index(location.material)]
        elif location.kind == "workshop":
            count = sum(tokens[k] for k in PRODUCTS) * 2
        else:
            continue
        if count > most:
            best, most = loc, count
    return best


def _useful_cart_load(state: Guedelon, kind: int, content: Content) -> bool:
    location = content.locations[state.cart_loc]
    if location.kind == "castle":
        return False
    if location.kind == "workshop":
        return kind in PRODUCTS or kind in (MORTAR, ROPE)
    return True


def cart_choice(state: Guedelon, by_id: dict[str, Action], content: Content) -> Action | None:
    """One cart step of the plan: unload where the load is used, load what is stranded, move."""
    cart = state.tokens[state.cart]
    here = content.locations[state.cart_loc]
    for kind in range(8):
        if not cart[kind]:
            continue
        useful = (here.kind == "castle" and kind >= 3) or (
            here.kind == "workshop" and kind < 3 and MATERIALS[kind] == here.material
        )
        if useful:
            for action_id, action in by_id.items():
                if action_id.startswith(f"cart:unload:{KINDS[kind]}"):
                    return action
    for kind in range(8):
        if state.tokens[state.cart_loc][kind] and _useful_cart_load(state, kind, content):
            action = by_id.get(f"cart:load:{KINDS[kind]}")
            if action:
                return action
    goal = _cart_goal(state, content)
    if goal >= 0 and goal != state.cart_loc:
        dist = _cart_distance(state.mill >= 0, goal, content)
        moves = [a for i, a in by_id.items() if i.startswith("cart:move:")]
        if moves:
            best = min(moves, key=lambda a: dist.get(content.loc(a.id[10:]), 99))
            if dist.get(content.loc(best.id[10:]), 99) < dist.get(state.cart_loc, 99):
                return best
    return by_id.get("cart:done")


def _site(content: Content, kind: str, material: int) -> int:
    """The production location or workshop of a material."""
    return next(
        i for i, loc in enumerate(content.locations) if loc.kind == kind and loc.material == MATERIALS[material]
    )


_UNLOAD = tuple(f"unload:{name}" for name in KINDS)
_UNLOAD_PRODUCTS = tuple(_UNLOAD[kind] for kind in PRODUCTS)
# What the wheelbarrow loads first: what the Castle waits for, then products, then raw materials.
_LOADS = tuple((kind, f"load:{KINDS[kind]}") for kind in (MORTAR, ROPE, *PRODUCTS, 0, 1, 2))


def _barrow_choice(state: Guedelon, actor: int, by_id: dict[str, Action], goal: int, content: Content) -> Action | None:
    """Unload what this location uses; load what the destination uses (goal -1: after the
    action, pick up this location's output: raw at a pit, products at a workshop)."""
    here = content.locations[state.actor_loc[actor]]
    if here.kind == "workshop":
        barrow = state.tokens[state.barrow(actor)]
        for kind in range(3):
            if barrow[kind] and MATERIALS[kind] == here.material:
                return by_id.get(_UNLOAD[kind])
    if here.kind == "castle" and goal == -1:
        return next((a for i, a in by_id.items() if i.startswith(_UNLOAD_PRODUCTS)), None)
    target = content.locations[goal] if goal >= 0 else None
    if here.kind == "mill" or (here.kind == "castle" and (target is None or target.kind != "mill")):
        return None
    for kind, load in _LOADS:
        action = by_id.get(load)
        if action is None:
            continue
        if kind < 3:
            if target is None and here.kind == "production":
                return action
            if target is not None and target.kind == "workshop" and MATERIALS[kind] == target.material:
                return action
        elif target is None or target.kind in ("castle", "mill"):
            return action
    return None


def _pick_actor(state: Guedelon, head: str) -> str:
    if "tools_set" in head:
        board_tools = [(state.tools[state.actor_board[a]], a) for a in range(len(state.actor_loc))]
        return f"pick:{min(board_tools)[1]}"
    board_exp = [(state.exp[state.actor_board[a]], a) for a in range(len(state.actor_loc))]
    return f"pick:{(max if 'experience_as' in head else min)(board_exp)[1]}"


def _event_choice(state: Guedelon, by_id: dict[str, Action], legal: list[Action], content: Content) -> Action:
    head = state.pending[0]
    if head.startswith("pick"):
        return by_id.get(_pick_actor(state, head), legal[0])
    if head.startswith("fairy"):
        plan = Plan(state, content)
        m = max(range(3), key=lambda i: plan.short[i])
        return by_id.get(
            f"fairy:{content.locations[_site(content, 'production', m)].id}",
            legal[0],
        )
    if head.startswith("archaeologists"):
        return next((a for a in legal if a.id != "fetch:done"), legal[-1])
    if head.startswith("side"):
        card = content.cards[state.event]
        return by_id["side:apprentice" if card.number in (1, 5, 18) else "side:workers"]
    return legal[0]


def playout_action(
    state: Guedelon, seat: int, legal: list[Action], rng: Rng, content: Content, move: str = ""
) -> Action:
    """The planner's choice among `legal` (the first legal action when no rule applies). `move`,
    when given, is the move this turn must end in (a search's choice); the planner still decides
    the wheelbarrow and cart around it."""
    by_id = {a.id: a for a in legal}
    if state.phase == EVENT:
        return _event_choice(state, by_id, legal, content)
    if state.phase == ORDER or legal[0].id.startswith("foot:"):
        return legal[0]  # a mortar arriving at the Castle: the first building without one (7.6)
    actor = state.actor
    if state.mode in ("cart_load", "cart_unload"):
        return cart_choice(state, by_id, content) or by_id.get("cart:done", legal[0])
    if state.mode == "build":
        return next((a for a in legal if a.id.startswith("build:")), by_id["done"])
    if "rebelote" in by_id and content.locations[state.actor_loc[actor]].kind not in ("belvedere", "stables"):
        return by_id["rebelote"]
    if state.stage == BEFORE:
        return _before(state, actor, by_id, legal, content, move)
    if state.stage == AFTER:
        action = _barrow_choice(state, actor, by_id, -1, content)
        if action:
            return action
        if "again" in by_id:
            return by_id["again"]
        action = cart_choice(state, by_id, content) if any(i.startswith("cart:") for i in by_id) else None
        return action or by_id.get("end", legal[-1])
    return _effect(state, actor, by_id, legal, content)


def _before(
    state: Guedelon, actor: int, by_id: dict[str, Action], legal: list[Action], content: Content, move: str
) -> Action:
    moves = [a for a in legal if a.id.startswith(("move:", "route:"))]
    if state.cart_left + state.bonus_cart > 0 and any(i.startswith("cart:") for i in by_id):
        action = cart_choice(state, by_id, content)
        if action and action.id != "cart:done":
            return action
    if "route:wait" in by_id:
        return by_id["route:wait"]
    if move in by_id:
        chosen = move
        goal = content.loc(move[5:]) if move.startswith("move:") else apprentice_targets(state, moves, content)[move]
    elif actor == state.apprentice:
        chosen = apprentice_move(state, moves, content)
        goal = apprentice_targets(state, moves, content)[chosen]
    else:
        # the legal moves are `move:<location>` to each of flow.destinations, in its order
        index = content.index
        goal = best_destination(state, actor, [index[action.id[5:]] for action in moves], content)
        chosen = f"move:{content.locations[goal].id}"
    action = _barrow_choice(state, actor, by_id, goal, content)
    return action or by_id[chosen]


def apprentice_targets(state: Guedelon, moves: list[Action], content: Content) -> dict[str, int]:
    """Where each of the apprentice's route moves (`route:<colour>:<steps>`) takes it (11.1)."""
    here = state.actor_loc[state.apprentice]
    targets = {}
    for action in moves:
        _, colour, step = action.id.split(":")
        steps = route(state, ["yellow", "orange", "red"].index(colour), content)
        targets[action.id] = steps[(steps.index(here) if here in steps else 0) + int(step)]
    return targets


def apprentice_move(state: Guedelon, moves: list[Action], content: Content) -> str:
    """The planner's route move for the apprentice among `moves`."""
    return _apprentice_choice(state, state.apprentice, apprentice_targets(state, moves, content), content)


def _apprentice_choice(state: Guedelon, actor: int, targets: dict[str, int], content: Content) -> str:
    """11.1: a new colour is judged by its whole route (the apprentice is bound to it until the
    Castle); a step by its destination, the longer step winning ties (the Castle comes sooner)."""
    plan = Plan(state, content)
    value = {loc: destination_value(state, actor, loc, plan, content) for loc in set(targets.values())}
    if state.app_colour < 0:
        colours = {i.split(":")[1] for i in targets}
        worth = {}
        for colour in colours:
            steps = route(state, ["yellow", "orange", "red"].index(colour), content)
            worth[colour] = sum(destination_value(state, actor, loc, plan, content) for loc in steps[1:]) / len(steps)
        best = max(sorted(colours), key=lambda c: worth[c])
        targets = {i: loc for i, loc in targets.items() if i.split(":")[1] == best}
    return max(sorted(targets), key=lambda i: (value[targets[i]], int(i.split(":")[2])))


def _effect(state: Guedelon, actor: int, by_id: dict[str, Action], legal: list[Action], content: Content) -> Action:
    here = content.locations[state.actor_loc[actor]]
    barrow = state.tokens[state.barrow(actor)]
    if here.kind == "workshop":
        m = MATERIALS.index(here.material)
        if barrow[m] and f"unload:{here.material}" in by_id:
            return by_id[f"unload:{here.material}"]
    counts = [a for a in legal if "count" in a.payload]
    if counts:
        if here.kind == "production":
            base, _ = capacity(state, actor, state.actor_loc[actor], content)
            m = MATERIALS.index(here.material)
            target = max(base, Plan(state, content).short[m])
        else:
            target = 99
        fitting = [a for a in counts if a.payload["count"] <= max(target, 1)]
        return max(fitting or counts, key=lambda a: a.payload["count"])
    for prefix in ("build:", "mortar:barrow", "rope:barrow", "mortar:here", "rope:here", "push:"):
        chosen = next((a for a in legal if a.id.startswith(prefix)), None)
        if chosen:
            if prefix == "push:":
                return _push_choice(state, legal, content)
            return chosen
    return by_id.get("skip", legal[0])


def _push_choice(state: Guedelon, legal: list[Action], content: Content) -> Action:
    """Push an initiated visitor at the Castle home, else one standing on a useful location."""
    castle = content.loc("castle")
    pushes = [a for a in legal if a.id.startswith("push:")]
    for action in pushes:
        pawn = int(action.id[5:])
        if state.visitor_loc[pawn] == castle:
            return action
    standing = [a for a in pushes if state.visitor_up[int(a.id[5:])]]
    return (standing or pushes)[0]

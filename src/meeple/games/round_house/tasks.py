"""Decisions opened by an action and made before the turn goes on (merchant dispatch,
investment, a resource's kind, Black Market deals, ...), first in, first out. A decision that
cannot be made (no assistant left, no empty chair, an empty supply) is dropped."""

from functools import lru_cache

from meeple.engine import Action, merge_alike
from meeple.games.round_house.assistants import (
    can_dispatch,
    can_invest,
    dispatch,
    dispatch_actions,
    invest,
    invest_actions,
)
from meeple.games.round_house.content import BASICS, RESOURCE_NAMES, Content
from meeple.games.round_house.deals import any_deal, black_actions, perform_deal, perform_trade, trade_actions
from meeple.games.round_house.economy import (
    gain_goods,
    gain_honor,
    parse_gold,
    push,
    received,
)
from meeple.games.round_house.experts import DOUBLE, discard_expert, hire_actions, perform_hire, place_actions
from meeple.games.round_house.markets import clear_if_full, market_rooms, place, take_token
from meeple.games.round_house.orders import order_name
from meeple.games.round_house.rooms import any_copy_target, copy_targets, perform_room, room_actions, room_possible
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import (
    T_AMULET,
    T_BASIC,
    T_BLACK,
    T_BONUS,
    T_COPY,
    T_DISPATCH,
    T_EXPERT,
    T_INVEST,
    T_KEEP,
    T_ORDER,
    T_PATH,
    T_PLACE,
    T_ROOM,
    T_RUN,
    T_TAKE,
    T_TRADE,
    TASK_NAMES,
    Rh,
)
from meeple.games.round_house.worship import path_actions, path_open, step_path

OPTIONAL = (T_DISPATCH, T_INVEST, T_BLACK, T_ROOM, T_PLACE)


def _group(state: Rh) -> list[list[int]]:
    """The head group: the decisions opened by one action, which the player takes in any order
    ("Players may decide whether to execute these actions or not and also decide the order of
    these actions", p.7)."""
    group = state.tasks[0][2]
    out = []
    for task in state.tasks:
        if task[2] != group:
            break
        out.append(task)
    return out


def _open(state: Rh, seat: int, c: Content) -> tuple[list[Action], int]:
    """The choices of every decision of the head group (the same choice once), and the index of
    the first decision that may be declined and can be made (-1: none)."""
    group = _group(state)
    if group.count(group[0]) == len(group):  # one decision, or alike ones (a list's kind, argument and group)
        kind, argument, _ = group[0]
        out = _choices(state, seat, kind, argument, c)
        return out, 0 if out and kind in OPTIONAL else -1
    out = []
    seen: set[str] = set()
    known: dict[tuple[int, int], list[Action]] = {}
    skippable = -1
    for index, (kind, argument, _) in enumerate(group):
        key = (kind, argument)
        if key not in known:
            known[key] = _choices(state, seat, kind, argument, c)
            for action in known[key]:
                if action.id not in seen:
                    seen.add(action.id)
                    out.append(action)
        if skippable < 0 and known[key] and kind in OPTIONAL:
            skippable = index
    return out, skippable


def task_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """The choices of the head group's decisions, with "skip" to decline the first optional one;
    [] if none can be made."""
    out, skippable = _open(state, seat, c)
    if skippable >= 0:
        out.append(SKIP[state.tasks[skippable][0]])
    return out


def has_choice(state: Rh, seat: int, c: Content) -> bool:
    """Whether a decision of the head group can be made (`task_actions` is not empty)."""
    group = state.tasks[0][2]
    for kind, argument, opened in state.tasks:
        if opened != group:
            return False
        if _possible(state, seat, kind, argument, c):
            return True
    return False


def _possible(state: Rh, seat: int, kind: int, argument: int, c: Content) -> bool:
    """Whether the decision has a choice, without wording the choices where that costs."""
    if kind in (T_ROOM, T_RUN):
        return room_possible(state, seat, argument, c, own=kind == T_RUN)
    if kind == T_COPY:
        return any_copy_target(state, seat, c)
    if kind == T_BLACK:
        return any_deal(state, seat, c, 0)
    if kind == T_PATH:
        return path_open(state, c)
    if kind == T_AMULET:
        return bool(state.amulets_up)
    if kind == T_ORDER:
        return bool(state.orders_up)
    if kind == T_DISPATCH:
        return can_dispatch(state, seat)
    if kind == T_INVEST:
        return can_invest(state, seat)
    if kind == T_EXPERT:
        held = state.experts[seat]  # with every slot full, one of them is discarded
        return bool(state.experts_up and (len(held) < c.numbers.expert_slots or held))
    if kind == T_BASIC:
        basics = state.basics
        return bool((argument & 1 and basics[0]) or (argument & 2 and basics[1]) or (argument & 4 and basics[2]))
    if kind in (T_BONUS, T_KEEP):
        return True  # 1 honor, or discarding the expert, is always there
    return bool(_choices(state, seat, kind, argument, c))


def drop_group(state: Rh, c: Content) -> None:
    """Drop the head group, none of whose decisions can be made; a Black Market or Warehouse
    action ends with it (amulets refilled, the Warehouse restocked)."""
    group = state.tasks[0][2]
    kinds = set()
    while state.tasks and state.tasks[0][2] == group:
        kinds.add(state.tasks.pop(0)[0])
    if T_BLACK in kinds:
        refill_amulets(state, c)
    if T_TAKE in kinds:
        restock_warehouse(state, c)


def _choices(state: Rh, seat: int, kind: int, argument: int, c: Content) -> list[Action]:
    if kind == T_BASIC:
        return [TAKE_BASIC[k] for k in range(len(BASICS)) if argument >> k & 1 and state.basics[k]]
    if kind == T_DISPATCH:
        return dispatch_actions(state, seat, c)
    if kind == T_INVEST:
        return invest_actions(state, seat, argument, c)
    if kind == T_AMULET:
        return list(_amulet_choices(c, tuple(state.amulets_up)))
    if kind == T_ORDER:
        return list(_order_choices(c, tuple(state.orders_up)))
    if kind == T_EXPERT:
        return hire_actions(state, seat, c)
    if kind in (T_ROOM, T_RUN):
        return room_actions(state, seat, argument, c, own=kind == T_RUN)
    if kind == T_COPY:
        return [
            once((c, "copy", node, room), _copy, node, room, c)
            for node in copy_targets(state, seat, c)
            for room in (state.room_at(node, c.inner),)
        ]
    if kind == T_BONUS:
        return [BONUS_HONOR, BONUS_MORE[argument]] if state.basics[argument] else [BONUS_HONOR]
    if kind == T_PATH:
        return path_actions(state, seat, c)
    if kind == T_BLACK:
        return black_actions(state, seat, c)
    if kind == T_TRADE:
        return trade_actions(state, seat, c)
    if kind == T_TAKE:
        return take_actions(state, c)
    if kind == T_PLACE:
        return place_actions(state, seat, argument & ~DOUBLE, c)
    return [KEEP, DISCARD] if state.amulets[seat] else [DISCARD]  # T_KEEP


SKIP = tuple(Action("skip", f"Skip the {name}") for name in TASK_NAMES)  # by the kind of decision declined
BONUS_HONOR = Action("bonus:honor", "Order effect: take 1 honor")
BONUS_MORE = tuple(Action("bonus:extra", f"Order effect: take 1 more {name}") for name in BASICS)
KEEP = Action("keep", "Pay an amulet to keep the expert")
DISCARD = Action("discard", "Discard the expert")


def _copy(node: int, room: int, c: Content) -> Action:
    return Action(f"copy:{node}", f"Copy {c.rooms[room].name}")


@lru_cache(maxsize=1024)
def _amulet_choices(c: Content, amulets_up: tuple[int, ...]) -> tuple[Action, ...]:
    """Taking a face-up amulet (worked out once per row of amulets)."""
    out = [Action(f"amulet:{i}", f"Take amulet {c.amulets[a].name}", {"amulet": a}) for i, a in enumerate(amulets_up)]
    return tuple(merge_alike(out))


@lru_cache(maxsize=1024)
def _order_choices(c: Content, orders_up: tuple[int, ...]) -> tuple[Action, ...]:
    """Taking a face-up order (worked out once per row of orders)."""
    out = [Action(f"order:{i}", f"Take the {order_name(c.orders[o])}", {"order": o}) for i, o in enumerate(orders_up)]
    return tuple(merge_alike(out))


TAKE_BASIC = tuple(Action(f"basic:{k}", f"Take 1 {name}") for k, name in enumerate(BASICS))


def take_actions(state: Rh, c: Content) -> list[Action]:
    """Warehouse (p.10 7): one resource from any room (a market's spaces or the Warehouse tile)."""
    out = [TAKE_STOCKED[k] for k in range(3) if state.warehouse[k]]
    for room in market_rooms(state, c):
        for token in sorted(set(state.spaces[room]) - {-1}):
            out.append(once((c, "take", room, token), _take, room, token, c))
    return out


TAKE_STOCKED = tuple(Action(f"take:w:{k}", f"Take 1 {name} from the Warehouse") for k, name in enumerate(BASICS))


def _take(room: int, token: int, c: Content) -> Action:
    return Action(f"take:{room}:{token}", f"Take 1 {RESOURCE_NAMES[token]} from {c.rooms[room].name}")


def perform_task(state: Rh, seat: int, action: Action, keep_rule: str, c: Content) -> None:
    """Make a decision of the head group (the first whose choices hold `action`; "skip" declines the
    first); decisions it opens come next, before the rest of the queue."""
    kind, argument, _ = state.tasks.pop(_chosen(state, seat, action, c))
    before = len(state.tasks)
    _perform(state, seat, kind, argument, action, c)
    if len(state.tasks) > before:
        opened = state.tasks[before:]
        del state.tasks[before:]
        state.tasks[0:0] = opened
    if kind == T_TAKE and not (state.tasks and state.tasks[0][0] == T_TAKE):
        restock_warehouse(state, c)
    if kind == T_BLACK and action.id == "skip":
        while state.tasks and state.tasks[0][0] == T_BLACK:
            state.tasks.pop(0)
    if kind == T_BLACK and not (state.tasks and state.tasks[0][0] == T_BLACK):
        refill_amulets(state, c)  # "replenish amulet supply after finishing this action"


VERB_KINDS = {
    "basic": (T_BASIC,),
    "dispatch": (T_DISPATCH,),
    "invest": (T_INVEST,),
    "amulet": (T_AMULET,),
    "order": (T_ORDER,),
    "hire": (T_EXPERT,),
    "do": (T_ROOM, T_RUN),
    "copy": (T_COPY,),
    "bonus": (T_BONUS,),
    "path": (T_PATH,),
    "deal": (T_BLACK,),
    "trade": (T_TRADE,),
    "take": (T_TAKE,),
    "place": (T_PLACE,),
    "keep": (T_KEEP,),
    "discard": (T_KEEP,),
}  # the decisions whose choices an action's verb (its id up to the first colon) can name


def _chosen(state: Rh, seat: int, action: Action, c: Content) -> int:
    """The index of the decision `action` (legal now) makes: "skip" declines the first optional one
    that can be made; another action makes the first decision of the head group whose choices hold
    it, found without listing the choices when one decision only can name it."""
    tasks = state.tasks
    if len(tasks) == 1 or tasks[1][2] != tasks[0][2]:
        return 0  # the head group's only decision
    group = _group(state)
    if group.count(group[0]) == len(group):
        return 0  # alike decisions: the first
    if action.id == "skip":
        return next(
            i
            for i, (kind, argument, _) in enumerate(group)
            if kind in OPTIONAL and _possible(state, seat, kind, argument, c)
        )
    kinds = VERB_KINDS[action.id.partition(":")[0]]
    candidates: dict[tuple[int, int], int] = {}  # alike decisions offer alike choices: the first of them
    for i, (kind, argument, _) in enumerate(group):
        if kind in kinds:
            candidates.setdefault((kind, argument), i)
    if len(candidates) == 1:
        return next(iter(candidates.values()))
    return next(
        i
        for (kind, argument), i in candidates.items()
        if any(a.id == action.id for a in _choices(state, seat, kind, argument, c))
    )


def _perform(state: Rh, seat: int, kind: int, argument: int, action: Action, c: Content) -> None:
    parts = _parts(action.id)
    verb = parts[0]
    if verb == "skip":
        return
    if verb == "basic":
        gain_goods(state, seat, int(parts[1]), 1, c)
    elif verb == "dispatch":
        dispatch(state, seat, int(parts[1]), c)
    elif verb == "invest":
        invest(state, seat, int(parts[1]), bool(argument), c)
    elif verb == "amulet":
        state.amulets[seat].append(state.amulets_up.pop(int(parts[1])))
        refill_amulets(state, c)
    elif verb == "order":
        state.hand[seat].append(state.orders_up.pop(int(parts[1])))
    elif verb == "hire":
        perform_hire(state, seat, action, c)
    elif verb == "do":
        perform_room(state, seat, argument, action, c)
    elif verb == "copy":
        push(state, T_RUN, state.room_at(int(parts[1]), c.inner))
    elif verb == "bonus":
        if parts[1] == "honor":
            gain_honor(state, seat, 1, c)
        else:
            state.basics[argument] -= 1
            state.goods[seat][argument] += 1
    elif verb == "path":
        step_path(state, seat, int(parts[1]), c)
    elif verb == "deal":
        perform_deal(state, seat, parts, c)
    elif verb == "trade":
        perform_trade(state, seat, parts, c)
    elif verb == "take":
        if parts[1] == "w":
            state.warehouse[int(parts[2])] -= 1
            state.goods[seat][int(parts[2])] += 1
        else:
            take_token(state, seat, int(parts[1]), int(parts[2]))
        received(state, seat, int(parts[-1]), c)
    elif verb == "place":
        times = 2 if argument & DOUBLE else 1
        place(state, seat, int(parts[1]), int(parts[2]), c, times, assist=False, gold=parse_gold(parts) is not None)
        clear_if_full(state, int(parts[1]))
    elif verb == "keep":
        state.amulet_pool.append(state.amulets[seat].pop(_cheapest_amulet(state, seat, c)))
        state.rng.shuffle(state.amulet_pool)
    elif verb == "discard":
        discard_expert(state, seat, argument)


@lru_cache(maxsize=1 << 12)
def _parts(action_id: str) -> tuple[str, ...]:
    """The parts of a decision's action id, split at its colons once per id."""
    return tuple(action_id.split(":"))


def _cheapest_amulet(state: Rh, seat: int, c: Content) -> int:
    """The amulet paid to keep an expert: the one worth least (a ruling: no choice is offered)."""
    held = state.amulets[seat]
    return min(range(len(held)), key=lambda i: (c.amulets[held[i]].honor, held[i]))


def refill_amulets(state: Rh, c: Content) -> None:
    while len(state.amulets_up) < c.numbers.face_up and state.amulet_pool:
        state.amulets_up.append(state.amulet_pool.pop())


def restock_warehouse(state: Rh, c: Content) -> None:
    """ "Replenish resources so that there is 1 of each basic resource in the warehouse" (after
    the whole action, when the Warehouse is on the board)."""
    if c.room_index["warehouse"] not in state.outer:
        return
    for k in range(3):
        if not state.warehouse[k] and state.basics[k]:
            state.basics[k] -= 1
            state.warehouse[k] = 1

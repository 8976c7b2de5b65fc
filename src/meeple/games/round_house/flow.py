"""A player's turn (p.3): the five phases in order, the 2-player neutral move before them, the
decisions each action opens, and the end of the game (p.13)."""

from functools import cache, lru_cache

from meeple.engine import Action, merge_alike
from meeple.engine.wording import seat_mark
from meeple.games.round_house.content import HALL, RING, Content
from meeple.games.round_house.economy import pay_coins, push
from meeple.games.round_house.experts import activation_actions, perform_activation
from meeple.games.round_house.movement import STEPS, neutral_reaches, nodes, occupied, reachable, seat_leaders
from meeple.games.round_house.orders import (
    can_fulfil,
    fulfil,
    fulfil_actions,
    icon_actions,
    icons_open,
    perform_icon,
    refill_supplies,
)
from meeple.games.round_house.rooms import perform_room, room_actions, room_possible
from meeple.games.round_house.shared import once
from meeple.games.round_house.state import EXPERT, FULFIL, MOVE, NEUTRAL, ORDERS, OVER, ROOM, T_ROOM, T_RUN, WORSHIP, Rh
from meeple.games.round_house.tasks import drop_group, has_choice, perform_task, task_actions
from meeple.games.round_house.worship import can_worship, worship_actions, worship_hall, worship_temple

PASS = Action("pass", "Activate no expert")
DONE = Action("done", "End the room action")
END = Action("end", "End the turn")


class Rules:
    """The options that change the rules, resolved once per game."""

    def __init__(self, content: Content, neutral_rule: int, amulet_experts: str) -> None:
        self.content = content
        self.neutral_rule = neutral_rule
        self.amulet_experts = amulet_experts


def to_move(state: Rh) -> tuple[int, ...]:
    return () if state.phase == OVER else (state.current,)


def legal_actions(state: Rh, seat: int, rules: Rules) -> list[Action]:
    """The decisions pending first, else the choices of the phase."""
    phase = state.phase
    if phase == OVER or seat != state.current:
        return []
    c = rules.content
    if state.tasks:
        return task_actions(state, seat, c)
    if phase == NEUTRAL:
        return neutral_actions(state, c)
    if phase == EXPERT:
        actions = activation_actions(state, seat, c)
        return [*actions, PASS] if actions else []
    if phase == MOVE:
        return move_actions(state, seat, c)
    if phase == WORSHIP:
        return worship_actions(state, seat, c) if state.runs else []
    if phase == ROOM:
        return room_phase_actions(state, seat, c)
    if phase == ORDERS:
        return icon_actions(state, seat, c)
    actions = fulfil_actions(state, seat, c)
    return [*actions, END] if actions else []


def neutral_actions(state: Rh, c: Content) -> list[Action]:
    """2 players: move one neutral leader 1-3 rooms before the player's own leader (p.14)."""
    return list(_neutral_choices(seat_leaders(state, -1), tuple(state.leaders), tuple(state.outer), c))


@lru_cache(maxsize=512)
def _neutral_choices(
    neutral: tuple[int, ...], leaders: tuple[int, ...], outer: tuple[int, ...], c: Content
) -> tuple[Action, ...]:
    """`neutral_actions` with the leaders on `leaders` and the outer circle `outer` (listed once
    per board: the flow asks whether there is a move, then lists them)."""
    out: list[Action] = []
    reaches = neutral_reaches(leaders, neutral, c)
    for leader, start, reached in reaches:
        out += _neutral_moves(leader, start, reached, outer, c)
    return tuple(merge_alike(out) if reaches[0][1] == reaches[1][1] else out)  # the two neutral leaders are alike


@lru_cache(maxsize=1 << 16)
def _neutral_moves(leader: int, start: int, reached: int, outer: tuple[int, ...], c: Content) -> tuple[Action, ...]:
    """A neutral leader's moves from `start` to the nodes of the bitmask `reached` (worded once
    per leader, nodes and board)."""
    here = _room(start, outer, c)
    return tuple(
        once((c, "neutral", leader, start, node, here, there), _neutral, leader, start, node, here, there, c)
        for node in nodes(reached)
        for there in (_room(node, outer, c),)
    )


def _neutral(leader: int, start: int, node: int, here: int, there: int, c: Content) -> Action:
    label = f"Move the neutral leader from {_name(start, here, c)} to {_name(node, there, c)}"
    return Action(f"neutral:{leader}:{node}", label)


def move_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Phase 2 (mandatory): move one of the seat's leaders; onto the Grand Hall only with its fee
    in hand when the fee is due on the stop (p.8 6, `_fee`), unless no other stop is left
    (the move is mandatory; the player then pays what they have)."""
    moves, merged, fees, dearest = _seat_moves(seat_leaders(state, seat), tuple(state.leaders), tuple(state.outer), c)
    if state.hall_fee_at_stop and dearest > state.coins[seat]:
        coins = state.coins[seat]
        kept = [action for action, fee in zip(moves, fees, strict=True) if fee <= coins] or list(moves)
        return kept if merged is moves else merge_alike(kept)
    return list(merged)


@lru_cache(maxsize=512)
def _seat_moves(
    mine: tuple[int, ...], leaders: tuple[int, ...], outer: tuple[int, ...], c: Content
) -> tuple[tuple[Action, ...], tuple[Action, ...], tuple[int, ...], int]:
    """The moves of the leaders `mine` with the leaders on `leaders` and the outer circle `outer`
    (listed once per board), the same merged where two of them wait in the hall, the fee of each
    stop and the highest of them."""
    moves: list[Action] = []
    fees: list[int] = []
    dearest = 0
    taken = occupied(leaders)
    for leader in mine:
        start = leaders[leader]
        actions, stop_fees, top = _moves(leader, start, taken & ~(1 << start), outer, c)
        moves += actions
        fees += stop_fees
        dearest = max(dearest, top)
    listed = tuple(moves)
    alike = len({leaders[leader] for leader in mine}) < len(mine)  # two leaders waiting in the hall
    return listed, tuple(merge_alike(moves)) if alike else listed, tuple(fees), dearest


@lru_cache(maxsize=1 << 16)
def _moves(
    leader: int, start: int, others: int, outer: tuple[int, ...], c: Content
) -> tuple[tuple[Action, ...], tuple[int, ...], int]:
    """The moves of a seat's leader from `start` past the rooms `others` holds (a bitmask; the
    nodes it reaches by `reachable`), each worded once per leader, nodes and rooms; the fee of each
    stop when the fee is due on the stop, and the highest of them."""
    here = _room(start, outer, c)
    rooms = [(node, _room(node, outer, c)) for node in nodes(reachable(start, others, False, STEPS, c))]
    actions = tuple(
        once((c, "move", leader, start, node, here, there), _move, leader, start, node, here, there, c)
        for node, there in rooms
    )
    fees = tuple(_fee(there, c) for _, there in rooms)
    return actions, fees, max(fees, default=0)


def _fee(room: int, c: Content) -> int:
    """p.8 6: "When leader stand on Grand Hall, player have to pay 2 coins to Money Lender": the
    coins a player's leader stopping in `room` (-1: the hall) costs when the fee is due on the
    stop (option grand_hall_fee=stop, the default)."""
    return c.rooms[room].fee if room >= 0 and c.rooms[room].kind == "grand_hall" else 0


def _move(leader: int, start: int, node: int, here: int, there: int, c: Content) -> Action:
    label = f"Move your leader from {_name(start, here, c)} to {_name(node, there, c)}"
    return Action(f"move:{leader}:{node}", label, {"node": node})


def _room(node: int, outer: tuple[int, ...], c: Content) -> int:
    """The room on a node of a board whose outer circle holds `outer` (-1: the hall)."""
    return -1 if node == HALL else c.inner[node - 1] if node <= RING else outer[node - 1 - RING]


def _name(node: int, room: int, c: Content) -> str:
    """A node holding `room` as labels name it."""
    return "the ancestral hall" if node == HALL else c.rooms[room].name


@lru_cache(maxsize=1 << 12)
def _moved(seat: int, who: str, node: int, room: int, c: Content) -> str:
    """The log line of `seat` moving `who` to `node`, holding `room` (worded once)."""
    return f"{seat_mark(seat)} moves {who} to {_name(node, room, c)}"


@lru_cache(maxsize=64)
def chairs_of(node: int, c: Content) -> range:
    """The chairs beside an inner room (none beside outer rooms)."""
    if not 1 <= node <= RING:
        return range(0)
    per = c.board.rings.chairs_per_inner_room
    return range((node - 1) * per, node * per)


def room_phase_actions(state: Rh, seat: int, c: Content) -> list[Action]:
    """Phase 3: the room's own execution (optional), and for each of the seat's assistants on the
    room's chairs, retrieving it to execute the room once more (p.7 Important, p.11): offered only
    while one more execution is possible, and the execution follows at once (it cannot be declined)."""
    chairs = _chairs_here(state, seat, c)
    if not (chairs or state.runs):
        return []
    actions = room_actions(state, seat, state.room_at(state.leaders[state.moved], c.inner), c)
    out = []
    if actions:
        for chair in chairs:
            out.append(once((c, "call", chair, state.senior_chairs[chair]), _call, chair, state.senior_chairs[chair]))
        if state.runs:
            out += actions
    return [*out, DONE] if out else []


def room_phase_open(state: Rh, seat: int, c: Content) -> bool:
    """Whether `room_phase_actions` offers anything: the room can be executed, and the room's own
    execution or an assistant on its chairs is left."""
    if not (state.runs or _chairs_here(state, seat, c)):
        return False
    return room_possible(state, seat, state.room_at(state.leaders[state.moved], c.inner), c)


def _chairs_here(state: Rh, seat: int, c: Content) -> list[int]:
    """The seat's assistants on the chairs beside the moved leader's room, not yet activated."""
    chairs = state.chairs
    return [ch for ch in chairs_of(state.leaders[state.moved], c) if chairs[ch] == seat and ch not in state.activated]


def _call(chair: int, senior: bool) -> Action:
    kind = "senior assistant (it stays on the chair)" if senior else "assistant (back to your personal supply)"
    label = f"Activate your {kind} beside this room and execute the room once more"
    return Action(f"call:{chair}", label, {"chair": chair})


def perform(state: Rh, seat: int, action: Action, rules: Rules) -> None:
    """Carry out a legal action (a pending decision's, else the phase's, found by the verb that
    starts its id), then run the game on to the next decision."""
    if state.tasks:
        perform_task(state, seat, action, rules.amulet_experts, rules.content)
    else:
        verb, _, rest = action.id.partition(":")
        _PHASE_ACTIONS[verb](state, seat, action, rest, rules)
    advance(state, rules.content)


def _perform_neutral(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    c = rules.content
    leader, node = _leader_node(rest)
    state.leaders[leader] = node
    state.note(_moved(seat, "a neutral leader", node, state.room_at(node, c.inner), c))
    if rules.neutral_rule == 2:
        push(state, T_ROOM, state.room_at(node, c.inner))
    state.phase = EXPERT


@cache
def _leader_node(rest: str) -> tuple[int, int]:
    """The leader and the node named by a move's id after its verb ("2:7"), read once per id."""
    leader, node = rest.split(":")
    return int(leader), int(node)


def _perform_activation(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    perform_activation(state, seat, action, rules.amulet_experts, rules.content)
    state.phase = MOVE


def _perform_pass(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    """Activate no expert (phase 1), or take nothing more (phase 4 A)."""
    if state.phase == EXPERT:
        state.phase = MOVE
    else:
        perform_icon(state, seat, action)


def _perform_move(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    c = rules.content
    leader, node = _leader_node(rest)
    state.leaders[leader] = node
    state.moved = leader
    room = state.room_at(node, c.inner)
    state.note(_moved(seat, "a leader", node, room, c))
    if state.hall_fee_at_stop and (fee := min(_fee(room, c), state.coins[seat])):
        pay_coins(state, seat, fee, to_lender=True)
        state.note(f"{seat_mark(seat)} pays {fee} coins to the Money Lender on the Grand Hall")
    state.phase = WORSHIP if node == HALL else ROOM
    state.runs = 1  # one worship, or the room's own execution


def _perform_temple(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    worship_temple(state, seat, int(rest), rules.content)
    state.runs = 0  # the worship is made; its decisions follow in this phase


def _perform_hall(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    worship_hall(state, seat, int(rest), rules.content)
    state.runs = 0


def _perform_call(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    chair = int(rest)
    state.activated.append(chair)
    if not state.senior_chairs[chair]:
        state.chairs[chair] = -1
        state.personal[seat] += 1
    push(state, T_RUN, state.room_at(state.leaders[state.moved], rules.content.inner))


def _perform_room(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    c = rules.content
    state.runs -= 1
    perform_room(state, seat, state.room_at(state.leaders[state.moved], c.inner), action, c)


def _perform_done(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    state.phase = ORDERS


def _perform_icon(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    perform_icon(state, seat, action)


def _perform_fulfil(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    fulfil(state, seat, action, rules.content)


def _perform_end(state: Rh, seat: int, action: Action, rest: str, rules: Rules) -> None:
    end_turn(state, rules.content)


_PHASE_ACTIONS = {
    "neutral": _perform_neutral,
    "activate": _perform_activation,
    "pass": _perform_pass,
    "move": _perform_move,
    "temple": _perform_temple,
    "hall": _perform_hall,
    "call": _perform_call,
    "do": _perform_room,
    "done": _perform_done,
    "pick-order": _perform_icon,
    "pick-amulet": _perform_icon,
    "fulfil": _perform_fulfil,
    "end": _perform_end,
}  # what a phase's action does, by its verb


def advance(state: Rh, c: Content) -> None:
    """Skip every step with nothing to decide, until the player must choose or the game is over.
    Whether a step has a choice is asked without listing (and wording) its choices."""
    while state.phase != OVER:
        seat = state.current
        if state.tasks:
            if has_choice(state, seat, c):
                return
            drop_group(state, c)
            continue
        phase = state.phase
        if phase == NEUTRAL:
            if _neutral_choices(seat_leaders(state, -1), tuple(state.leaders), tuple(state.outer), c):
                return
            state.phase = EXPERT
        elif phase == EXPERT:
            if activation_actions(state, seat, c):
                return
            state.phase = MOVE
        elif phase == MOVE:
            return  # a leader can always move: 12 rooms for at most 8 leaders, and the hall
        elif phase == WORSHIP:
            if state.runs and can_worship(state, seat, c):
                return
            state.phase = ORDERS
        elif phase == ROOM:
            if room_phase_open(state, seat, c):
                return
            state.phase = ORDERS
        elif phase == ORDERS:
            if icons_open(state, seat):
                return
            state.icons[seat] = 0
            refill_supplies(state, c)
            state.phase = FULFIL
        else:
            if can_fulfil(state, seat, c):
                return
            end_turn(state, c)


def end_turn(state: Rh, c: Content) -> None:
    """The merchant moves on if the player dispatched this turn (p.11); the end of the game:
    the player whose turn reached the end space takes its amulet, then every other player has
    one more turn (p.13)."""
    seat = state.current
    if state.dispatched:
        state.merchant = (state.merchant + 1) % c.towns
    if state.end_by >= 0:
        if state.turns_left < 0:
            state.amulets[seat].append(state.end_amulet)
            state.end_amulet = -1
            state.turns_left = state.players - 1
        else:
            state.turns_left -= 1
        if state.turns_left == 0:
            state.phase = OVER
            state.note("the game is over")
            return
    state.current = (seat + 1) % state.players
    state.turn += 1
    state.used = [0] * state.players
    state.phase = NEUTRAL if state.players == 2 else EXPERT
    state.moved = -1
    state.runs = 0
    state.activated = []
    state.dispatched = False

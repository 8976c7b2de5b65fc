"""Builders for Guédelon scenario tests.

Every state starts as a real game (`Guedelon().new_game`) and is then edited field by field:
`turn_state` clears the first round's event and hands the turn to a chosen worker before its
move, exactly as `flow.start_turn` does after any turn. Token edits take tokens from, or return
them to, the reserves, so the conservation checks of test_invariants hold in scenarios too.
"""

from meeple.engine import Action
from meeple.games.guedelon import Guedelon, flow
from meeple.games.guedelon.content import KIND_INDEX, RESERVE_OF, load_content
from meeple.games.guedelon.state import TURN
from meeple.games.guedelon.state import Guedelon as State

CONTENT = load_content()


def game(**options: object) -> Guedelon:
    return Guedelon(options)


def loc(location_id: str) -> int:
    return CONTENT.loc(location_id)


def building(letter: str) -> int:
    return next(i for i, b in enumerate(CONTENT.buildings) if b.id == letter)


def turn_state(players: int = 4, actor: int = 0, seed: int = 1, **options: object) -> tuple[Guedelon, State]:
    """A game in round 1 with no event in force and `actor` about to move."""
    g = game(**options)
    state = g.new_game(players, seed)
    state.event, state.side, state.pending = 0, "workers", []
    state.production = [0] * len(state.production)
    state.closed, state.no_cart, state.bonus_cart, state.trainee, state.shared_master = [], False, 0, False, False
    state.first_bonus, state.picked = 0, -1
    state.phase = TURN
    state.order = [a for a in range(len(state.actor_loc)) if a != state.apprentice]
    if state.apprentice >= 0:
        state.order.append(state.apprentice)
    state.pos = state.order.index(actor)
    flow.start_turn(state, CONTENT)
    return g, state


def put(state: State, container: int, kind: str, count: int = 1) -> None:
    """Take `count` tokens of `kind` from their reserve and put them in a container."""
    k = KIND_INDEX[kind]
    state.reserve[RESERVE_OF[k]] -= count
    assert state.reserve[RESERVE_OF[k]] >= 0, f"the {kind} reserve is exhausted"
    state.tokens[container][k] += count


def count(state: State, container: int, kind: str) -> int:
    return state.tokens[container][KIND_INDEX[kind]]


def ids(g: Guedelon, state: State) -> list[str]:
    return [a.id for a in g.legal_actions(state, g.to_move(state)[0])]


def act(g: Guedelon, state: State, *action_ids: str) -> list[Action]:
    """Apply actions for whoever is to move, checked by the engine."""
    return [g.apply(state, g.to_move(state)[0], action_id) for action_id in action_ids]


def mortar_all(state: State) -> None:
    """Every building has its mortar (taken from the reserve), no visitor drawn."""
    for b in range(len(state.mortar)):
        if not state.mortar[b]:
            state.mortar[b] = 1
            state.reserve[3] -= 1


def ropes(state: State, n: int) -> None:
    state.reserve[4] -= n - state.crane
    state.crane = n


def with_event(number: int, players: int = 4, seed: int = 1, **options: object) -> tuple[Guedelon, State]:
    """Round 1 again, with event card `number` drawn (no visitor on the board)."""
    g = game(**options)
    state = g.new_game(players, seed)
    for b in range(state.boards):
        state.exp[b], state.tools[b] = CONTENT.sliders[players]
    state.round, state.deck, state.discard = 0, [number], []
    state.visitor_loc, state.visitor_up = [-1] * 9, [False] * 9
    castle = CONTENT.loc("castle")
    state.actor_loc = [
        CONTENT.loc("belvedere") if a == state.apprentice else castle for a in range(len(state.actor_loc))
    ]
    flow.begin_round(state, CONTENT)
    flow.advance(state, CONTENT)
    return g, state

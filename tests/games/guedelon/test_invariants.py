"""Guédelon invariants, checked after every action of random and planner games at every
player count and with every option:

- tokens are conserved: each material's 9 two-sided tokens, the 6 mortars and the 5 ropes are
  always somewhere (reserve, a location, a wheelbarrow, the cart, a floor, the Mill, the crane,
  the foot of a building);
- nothing is over-filled: wheelbarrows hold at most 3 tokens, the cart 6, no count is negative,
  sliders stay on their tracks, a floor holds only what its spaces accept;
- visitors are conserved: 9 pawns, each in the bag (lying) or on a location of its colour's
  route (6.3; the Belvedere, where every route starts, included);
- the apprentice stands on the route of the colour it follows (11.1), or on the Belvedere or
  the Castle between two routes;
- nobody (worker or apprentice) joins another pawn at the Master Builder unless card 18 is in
  force (7.1).
"""

import pytest

from meeple.engine import Rng, derive_seed
from meeple.games.guedelon.content import RESERVE_OF
from meeple.games.guedelon.visitors import route

from .builders import CONTENT, game

CASES = [
    (players, options, policy)
    for players in (1, 2, 3, 4)
    for options, policy in (({}, "random"), ({"difficulty": "hard", "mill": True}, "planner"))
]
CASES += [(2, {"difficulty": "special"}, "random"), (3, {"difficulty": "intermediate", "mill": True}, "random")]
CASES += [(players, {"solo_wheelbarrow": "own"}, policy) for players in (1, 2) for policy in ("random", "planner")]


def check(state) -> None:
    totals = [0] * 5
    for container in state.tokens:
        assert all(n >= 0 for n in container)
        for kind, n in enumerate(container):
            totals[RESERVE_OF[kind]] += n
    for b, filled in enumerate(state.filled):
        for space, kind in enumerate(filled):
            if kind >= 0:
                assert kind in CONTENT.floors[b][state.floor[b]][space]
                totals[RESERVE_OF[kind]] += 1
    for kind in state.mill_filled:
        if kind >= 0:
            totals[RESERVE_OF[kind]] += 1
    totals[3] += sum(state.mortar)
    totals[4] += state.crane
    held = [totals[i] + state.reserve[i] for i in range(5)]
    assert held == list(CONTENT.reserve), f"tokens not conserved: {held}"
    assert state.cart == len(state.tokens) - 1
    for barrow in range(state.locations, state.cart):
        assert sum(state.tokens[barrow]) <= CONTENT.wheelbarrow
    for b in range(state.boards):
        assert CONTENT.exp_range[0] <= state.exp[b] <= CONTENT.exp_range[1]
        assert CONTENT.tools_range[0] <= state.tools[b] <= CONTENT.tools_range[1]
    assert sum(state.tokens[state.cart]) <= CONTENT.cart
    assert len(state.visitor_loc) == 9 and sorted(state.visitor_colour) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    for pawn, at in enumerate(state.visitor_loc):
        assert -1 <= at < len(CONTENT.locations)
        if at < 0:
            assert not state.visitor_up[pawn]
        else:
            assert at in route(state, state.visitor_colour[pawn], CONTENT), "a visitor left its route"
    if state.apprentice >= 0:
        at = state.actor_loc[state.apprentice]
        ends = (CONTENT.loc("belvedere"), CONTENT.castle)
        assert at in ends or (state.app_colour >= 0 and at in route(state, state.app_colour, CONTENT))
    if state.mill < 0:
        assert all(sum(t) == 0 for t in state.tokens[CONTENT.loc("mill") : CONTENT.loc("mill") + 1])


@pytest.mark.parametrize(("players", "options", "policy"), CASES)
def test_invariants_hold_after_every_action(players: int, options: dict, policy: str) -> None:
    g = game(**options)
    for index in range(5):
        seed = derive_seed(55, players, policy, index)
        state = g.new_game(players, seed)
        rng = Rng.from_seed(seed, "moves")
        check(state)
        while not g.is_terminal(state):
            seat = g.to_move(state)[0]
            legal = g.legal_actions(state, seat)
            action = legal[rng.below(len(legal))] if policy == "random" else g.playout_action(state, seat, legal, rng)
            master = CONTENT.loc("master_builder")
            held = state.shared_master or master not in state.actor_loc
            mover = state.actor if state.phase == "turn" else -1
            g.apply(state, seat, action.id)
            if action.id.startswith(("move:", "route:")) and state.actor_loc[mover] == master:
                assert held, "a worker or the apprentice joined another pawn at the Master Builder"
            check(state)
        assert g.result(state).team is not None

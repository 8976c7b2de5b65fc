"""The team planner (bots.py) on situations where a wrong greedy step strands the game."""

from meeple.engine import Rng

from .builders import act, count, loc, put, turn_state


def test_the_planner_keeps_its_mortar_while_building_the_mill() -> None:
    """A mortar unloaded at the Mill lies where nothing uses it; with the six mortars all out,
    the castle could then never be finished (seen in a 4-player Mill game)."""
    g, state = turn_state(4, actor=0, mill=True)
    state.exp[0], state.actor_loc[0] = 3, loc("mason")
    put(state, loc("mill"), "beam", 2)
    put(state, state.barrow(0), "mortar")
    act(g, state, "move:mill", "build:mill:beam")
    rng = Rng(0)
    while state.mode == "build":
        act(g, state, g.playout_action(state, 0, g.legal_actions(state, 0), rng).id)
    assert count(state, loc("mill"), "mortar") == 0 and count(state, state.barrow(0), "mortar") == 1

"""The option solo_wheelbarrow (11.3): `shared` (default) the two solo worker pawns push one
wheelbarrow, as the text reads; `own` each pushes its own of the same capacity, experience and
tools staying common. At 2-4 players the option changes nothing."""

import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Rng, state_digest
from meeple.games.guedelon.state import EVENT

from .builders import CONTENT, act, count, game, ids, loc, put, turn_state, with_event

OWN = {"solo_wheelbarrow": "own"}


def test_own_gives_each_solo_worker_its_own_wheelbarrow_on_the_shared_board() -> None:
    state = game(**OWN).new_game(1, 3)
    assert state.actor_board == [0, 0, 1]  # experience and tools stay common
    assert len({state.barrow(0), state.barrow(1), state.barrow(2), state.cart}) == 4
    assert state.cart == len(state.tokens) - 1 == state.locations + 3
    assert len(game().new_game(1, 3).tokens) == state.locations + 3  # shared: one fewer


def test_what_worker_1_loads_worker_2_cannot_unload() -> None:
    """The shortcut of the `shared` ruling (test_review_fixes) is gone with `own`."""
    g, state = turn_state(1, actor=0, **OWN)
    state.order = [0, 1, 2]
    put(state, loc("quarry"), "stone", 3)
    act(g, state, "move:quarry", "skip", "load:stone", "load:stone", "load:stone", "end")
    assert state.actor == 1
    act(g, state, "move:stonemason")
    assert not any(i.startswith("unload:") for i in ids(g, state))
    assert count(state, state.barrow(0), "stone") == 3 and count(state, state.barrow(1), "stone") == 0


def test_each_solo_wheelbarrow_holds_its_capacity_on_its_own() -> None:
    g, state = turn_state(1, actor=0, **OWN)
    state.order = [0, 1, 2]
    put(state, loc("castle"), "beam", 2 * CONTENT.wheelbarrow)
    act(g, state, *["load:beam"] * CONTENT.wheelbarrow)
    assert "load:beam" not in ids(g, state)
    act(g, state, "move:quarry", "skip", "end")
    assert state.actor == 1 and "load:beam" in ids(g, state)
    act(g, state, *["load:beam"] * CONTENT.wheelbarrow)
    assert "load:beam" not in ids(g, state)
    assert count(state, state.barrow(0), "beam") == count(state, state.barrow(1), "beam") == CONTENT.wheelbarrow


def test_the_observation_and_both_views_show_both_solo_wheelbarrows() -> None:
    g, state = turn_state(1, actor=0, **OWN)
    put(state, state.barrow(0), "stone", 2)
    put(state, state.barrow(1), "beam")
    put(state, state.barrow(2), "clay")
    obs = g.observation(state, 0)
    solo, apprentice = obs["boards"]
    assert "wheelbarrow" not in solo
    assert solo["wheelbarrows"] == [
        {"worker": "worker 1", "tokens": {"stone": 2}},
        {"worker": "worker 2", "tokens": {"beam": 1}},
    ]
    assert apprentice["wheelbarrow"] == {"clay": 1}
    text = g.render_text(obs)
    assert "worker 1's wheelbarrow 2 stone; worker 2's wheelbarrow 1 beam" in text
    svg = ET.fromstring(g.render_svg(obs, []))
    shown = {e.text for e in svg.iter() if e.text}
    assert {"worker 1's wheelbarrow: 2 stone", "worker 2's wheelbarrow: 1 beam", "wheelbarrow: 1 clay"} <= shown


def test_card_13_names_each_solo_wheelbarrow_by_its_worker() -> None:
    g, state = with_event(2, players=1, **OWN)
    put(state, state.barrow(1), "tile")
    state.pending, state.phase = ["archaeologists:2"], EVENT
    labels = {a.id: a.label for a in g.legal_actions(state, 0)}
    assert labels[f"fetch:{state.barrow(1)}:tile"] == "Bring a tile from the wheelbarrow of worker 2"


@pytest.mark.parametrize("policy", ["random", "planner"])
def test_a_solo_game_with_own_wheelbarrows_plays_to_the_end_using_both(policy: str) -> None:
    g = game(**OWN)
    state = g.new_game(1, 17)
    rng = Rng(5)
    apart = 0  # actions after which both workers carry something, not the same load
    while not g.is_terminal(state):
        legal = g.legal_actions(state, 0)
        action = legal[rng.below(len(legal))] if policy == "random" else g.playout_action(state, 0, legal, rng)
        g.apply(state, 0, action.id)
        first, second = state.tokens[state.barrow(0)], state.tokens[state.barrow(1)]
        apart += sum(first) > 0 and sum(second) > 0 and first != second
    assert apart > 0
    assert g.result(state).team is not None


def test_at_two_players_the_option_changes_nothing() -> None:
    shared, own = game(), game(**OWN)
    a, b = shared.new_game(2, 29), own.new_game(2, 29)
    rng = Rng(7)
    while not shared.is_terminal(a):
        seat = shared.to_move(a)[0]
        assert shared.observation(a, seat) == own.observation(b, seat)
        legal = shared.legal_actions(a, seat)
        assert legal == own.legal_actions(b, seat)
        action = legal[rng.below(len(legal))].id
        shared.apply(a, seat, action)
        own.apply(b, seat, action)
    assert own.is_terminal(b) and state_digest(a) == state_digest(b)

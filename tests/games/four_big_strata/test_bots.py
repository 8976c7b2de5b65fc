"""The heuristic playout policy (bots.py): always a legal move, never a hidden face, and
better than chance."""

import pytest

from meeple.agents import make_agent
from meeple.engine import Rng, get_game
from meeple.simulation import play_match


@pytest.mark.parametrize("players", range(1, 8))
def test_the_playout_policy_returns_a_legal_action_in_every_state_random_play_reaches(players: int) -> None:
    game = get_game("four-big-strata")
    for seed in range(12):
        state = game.new_game(players, seed)
        rng = Rng(seed)
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            assert game.playout_action(state, seat, legal, rng) in legal
            game.play(state, seat, legal[rng.below(len(legal))])


def test_the_playout_policy_does_not_depend_on_hidden_faces() -> None:
    """Two states that look the same to the deciding seat get the same heuristic move."""
    game = get_game("four-big-strata")
    for seed in range(30):
        state = game.new_game(3, seed)
        rng = Rng(seed)
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            twin = game.determinize(state, seat, Rng(seed + 99))
            twin_legal = game.legal_actions(twin, seat)
            assert [a.id for a in twin_legal] == [a.id for a in legal]
            mine = game.playout_action(state, seat, legal, Rng(7)).id
            assert game.playout_action(twin, seat, twin_legal, Rng(7)).id == mine
            game.play(state, seat, legal[rng.below(len(legal))])


def test_the_heuristic_agent_beats_random_play() -> None:
    game = get_game("four-big-strata")
    wins = 0
    for index in range(20):
        heuristic_seat = index % 2
        agents = [make_agent("random", index), make_agent("random", index + 100)]
        agents[heuristic_seat] = make_agent("heuristic", index)
        state, _ = play_match(game, 2, index, agents)
        wins += heuristic_seat in game.result(state).winner_seats
    assert wins >= 15


def test_a_search_bot_bids_instead_of_opening_and_closing_the_menu_for_ever() -> None:
    """A position where the lobby's easy bot (here without its time cap, so that its play does
    not depend on the machine) chose to open the menu and then to close it, decision after
    decision, while a person's bid was awaited: it must come to its bid (the menu is not offered
    again once closed unused)."""
    game = get_game("four-big-strata")
    state = game.new_game(3, 4)
    game.apply(state, 2, "extra:1")
    game.apply(state, 0, "bid:3")
    chosen = []
    while state.bids[1] < 0:
        assert len(chosen) < 6, f"seat 1 has not bid after {chosen}"
        agent = make_agent("planner:effort=1,iterations=300", state.decisions)
        chosen.append(agent.choose(game, state, 1))
        game.apply(state, 1, chosen[-1])

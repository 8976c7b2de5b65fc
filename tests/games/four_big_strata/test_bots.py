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

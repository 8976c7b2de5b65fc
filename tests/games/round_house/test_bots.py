"""The heuristic bot: always a legal choice, worships in the hall with its biggest town group,
and beats random play (seeded games, seats rotated)."""

from meeple.agents.heuristic_agent import HeuristicAgent
from meeple.agents.random_agent import RandomAgent
from meeple.engine import Rng, derive_seed
from meeple.games.round_house.content import HALL
from meeple.simulation import play_match

from .builders import enter_hall_with, fresh


def test_the_heuristic_prefers_the_biggest_town_group_in_the_hall() -> None:
    g, state = fresh(3)
    enter_hall_with(state, 0, {0: 1, 2: 3})
    legal = g.legal_actions(state, 0)
    assert g.playout_action(state, 0, legal, Rng(1)).id == "hall:2"


def test_the_heuristic_moves_to_the_hall_with_assistants_waiting() -> None:
    g, state = fresh(3)
    state.towns[0][1] = 3
    state.personal[0] -= 3
    leader = next(i for i, o in enumerate(state.owners) if o == 0)
    state.leaders[leader] = 6
    legal = g.legal_actions(state, 0)
    assert g.playout_action(state, 0, legal, Rng(1)).id == f"move:{leader}:{HALL}"


def test_the_heuristic_beats_random_play() -> None:
    wins = 0
    for index in range(8):
        seed = derive_seed(77, index)
        heuristic_seat = index % 2
        agents = [HeuristicAgent(seed), RandomAgent(seed)]
        if heuristic_seat:
            agents.reverse()
        state, _ = play_match(fresh(2)[0], 2, seed, agents)
        wins += heuristic_seat in fresh(2)[0].result(state).winner_seats
    assert wins >= 7

"""The heuristics (playout policy and `heuristic` agent) and the search bot on Lotta Rome."""

from meeple.agents import make_agent
from meeple.engine import Rng
from meeple.games.lotta_rome.bots import _noisy_least, lot_worth
from meeple.games.lotta_rome.division import lots
from meeple.games.lotta_rome.state import CHOOSE, DIVIDE, ELEPHANT
from meeple.simulation import play_match

from .builders import game, play_random


def test_the_heuristic_divides_into_lots_of_about_equal_worth() -> None:
    g = game(merchants=False)
    state = g.new_game(2, 3)
    assert state.phase == DIVIDE
    legal = g.legal_actions(state, 0)
    chosen = g.playout_action(state, 0, legal, Rng(1))
    g.apply(state, 0, chosen.id)
    smaller, larger = lots(state, 0)
    best = min(
        abs(
            lot_worth([p for i, p in enumerate(state.explored[0]) if a.payload["mask"] >> i & 1], 1)
            - lot_worth([p for i, p in enumerate(state.explored[0]) if not a.payload["mask"] >> i & 1], 0)
        )
        for a in legal
    )
    assert abs(lot_worth(smaller, 1) - lot_worth(larger, 0)) <= best + 0.5


def test_the_heuristic_takes_the_lot_worth_more() -> None:
    g = game(merchants=False)
    state = play_random(g, g.new_game(3, 4), 4, until=lambda s: s.phase == CHOOSE)
    legal = g.legal_actions(state, 0)
    maker = legal[0].payload["maker"]
    smaller, larger = lots(state, maker)
    taken = g.playout_action(state, 0, legal, Rng(2))
    worth = {"take:smaller": lot_worth(smaller, state.lot_gem[maker]), "take:larger": lot_worth(larger, 0)}
    assert worth[taken.id] == max(worth.values())


def test_the_heuristic_places_an_elephant_where_it_brings_most_contracts() -> None:
    g = game()
    state = play_random(g, g.new_game(2, 5), 5, until=lambda s: s.phase == ELEPHANT)
    seat = g.to_move(state)[0]
    legal = g.legal_actions(state, seat)
    assert g.playout_action(state, seat, legal, Rng(3)).payload["cards"] == max(a.payload["cards"] for a in legal)


def test_the_heuristic_agent_beats_random_play() -> None:
    g = game()
    wins = 0
    for seed in range(6):
        seats = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        agents = [make_agent(spec, seed * 10 + i) for i, spec in enumerate(seats)]
        state, _ = play_match(g, 2, seed, agents)
        wins += seats.index("heuristic") in g.result(state).winner_seats
    assert wins >= 5


def test_mcts_decides_a_sealed_division_and_a_lot_choice() -> None:
    g = game(merchants=False)
    state = g.new_game(2, 6)
    agent = make_agent("mcts:iterations=20", 1)
    for _ in range(2):
        for seat in g.to_move(state):
            g.apply(state, seat, agent.choose(g, state, seat))
    assert state.phase == "add" and state.choices_revealed


def test_the_tie_break_draws_only_among_what_can_win() -> None:
    """`_noisy_least`: the least value plus a random half; a value half a point or more above the
    least never wins, and equal least values are each picked."""
    picks = {_noisy_least([2.0, 1.0, 1.5, 1.0, 1.0], Rng(seed)) for seed in range(60)}
    assert picks == {1, 3, 4}
    picks = {_noisy_least([1.2, 1.0, 1.6], Rng(seed)) for seed in range(200)}
    assert picks == {0, 1}
    assert _noisy_least([3.0, 0.5, 1.0], Rng(1)) == 1

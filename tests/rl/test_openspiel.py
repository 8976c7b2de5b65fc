"""meeple games as OpenSpiel games (meeple.rl.openspiel), and OpenSpiel's MCTSBot playing one.

Skipped, with the reason printed in pytest's summary, only where open_spiel is not installed
(it is in the test extra, so CI runs these)."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'meeple[openspiel]')")

from open_spiel.python.algorithms import mcts  # noqa: E402

from meeple.engine import state_digest  # noqa: E402
from meeple.rl import openspiel  # noqa: E402
from meeple.rl.rewards import final_rewards  # noqa: E402


@pytest.mark.parametrize("slug", ["four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table"])
def test_a_random_game_through_openspiel_s_api(slug: str) -> None:
    game = openspiel.game(slug, 2, seed=3)
    assert game.num_players() == 2 and game.num_distinct_actions() == len(game.space)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        assert legal and all(0 <= a < game.num_distinct_actions() for a in legal)
        if state.move_number() % 50 == 0:  # now and then, as a learner would
            assert len(state.observation_tensor(player)) == game.encoder.size
        action = int(rng.choice(legal))
        assert state.action_to_string(player, action) == game.space.ids[action]
        state.apply_action(action)
    assert state.returns() == final_rewards(game.meeple.result(state.state), 2)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_openspiel_s_mcts_bot_plays_lotta_rome() -> None:
    game = openspiel.game("lotta-rome", 2, seed=1)
    state = game.new_initial_state()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=np.random.RandomState(1))
    for _ in range(4):
        before = state_digest(state.state)
        action = bot.step(state)
        assert state_digest(state.state) == before, "the search worked on clones"
        assert action in state.legal_actions()
        decisions = state.state.decisions
        state.apply_action(action)
        assert state.state.decisions == decisions + 1


def test_a_determinized_state_is_what_the_seat_knows() -> None:
    game = openspiel.game("round-table", 2, seed=2)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    sample = state.determinized(seat, seed=4)
    assert state_digest(sample.state) != state_digest(state.state)
    assert sample.observation_string(seat) == state.observation_string(seat)
    assert sample.legal_actions() == state.legal_actions()

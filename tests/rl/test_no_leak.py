"""No hidden information reaches the tensors: states that one seat cannot tell apart (the
engine's determinizations, which keep that seat's observation and redraw all it cannot see) give
that seat identical observation arrays and action masks, for every game and player count.
(A determinization unmakes other seats' sealed choices; they are made again first, as in
tests/test_every_game.py, since the seat sees only that they were made.)"""

import numpy as np
import pytest
from tests.rl.cases import every_game_and_count, played_states
from tests.test_every_game import resealed

import meeple.rl as rl
from meeple.engine import Rng, get_game, state_digest

EVERY = 17  # look at every 17th state of a game
DRAWS = 2  # determinizations per seat and state
SAMPLES = 10  # states looked at per game


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_states_a_seat_cannot_tell_apart_encode_alike(slug: str, players: int) -> None:
    game = get_game(slug)
    env, twin = rl.env(game, players), rl.env(game, players)
    env.reset(seed=0)
    twin.reset(seed=0)
    differed = looked = 0
    for index, state in enumerate(played_states(game, players, seed=4, heuristic=False)):
        if index % EVERY or game.is_terminal(state):
            continue
        looked += 1
        if looked > SAMPLES:
            break
        env.state = game.clone(state)
        for seat, agent in enumerate(env.possible_agents):
            mine = env.observe(agent)
            for draw in range(DRAWS):
                sample = game.determinize(game.clone(state), seat, Rng.from_seed(index, seat, draw))
                twin.state = resealed(game, sample, state)
                assert game.observation(twin.state, seat) == game.observation(state, seat)
                differed += state_digest(twin.state) != state_digest(state)
                theirs = twin.observe(agent)
                np.testing.assert_array_equal(mine["observation"], theirs["observation"])
                np.testing.assert_array_equal(mine["action_mask"], theirs["action_mask"])
    assert differed, "no drawn state differed from the real one: the test would prove nothing"

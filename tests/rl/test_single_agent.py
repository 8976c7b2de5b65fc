"""The Gymnasium single-agent environment: one seat learns, meeple bots play the others."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from meeple.agents.factory import BadAgent
from meeple.engine import IllegalAction, state_digest
from meeple.rl import SingleAgentEnv
from meeple.rl.rewards import final_rewards

CASES = [
    ("guedelon", 1),
    ("guedelon", 2),
    ("four-big-strata", 2),
    ("round-house", 2),
    ("lotta-rome", 2),
    ("round-table", 2),
]


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_gymnasium_s_checker_passes(slug: str, players: int) -> None:
    # The checker steps actions sampled without the mask, so it runs with illegal="lose".
    check_env(SingleAgentEnv(slug, players, seat=players - 1, opponents="heuristic", illegal="lose"))


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_an_episode_plays_to_the_end_with_the_seat_s_reward(slug: str, players: int) -> None:
    env = SingleAgentEnv(slug, players, seat=0, opponents="random")
    observation, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total, done = 0.0, False
    while not done:
        assert (env.action_masks() == observation["action_mask"]).all() and observation["action_mask"].any()
        observation, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert not truncated
        total += reward
    game = env.aec.game
    assert game.is_terminal(env.aec.state)
    assert total == final_rewards(game.result(env.aec.state), players)[0]


def test_a_move_outside_the_mask_is_refused_or_loses_as_asked() -> None:
    env = SingleAgentEnv("guedelon", 1)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = state_digest(env.aec.state)
    with pytest.raises(IllegalAction, match="not legal for seat_0"):
        env.step(illegal)
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(len(observation["action_mask"]))
    assert state_digest(env.aec.state) == before
    losing = SingleAgentEnv("guedelon", 1, illegal="lose")
    losing.reset(seed=1)
    _, reward, done, _, info = losing.step(illegal)
    assert (reward, done) == (-1.0, True) and "not legal" in info["illegal_action"]
    assert state_digest(losing.aec.state) == before


def test_bad_settings_are_refused_at_once() -> None:
    with pytest.raises(BadAgent):
        SingleAgentEnv("lotta-rome", 3, opponents="grandmaster")
    with pytest.raises(ValueError, match="2 other seats need 2 bots"):
        SingleAgentEnv("lotta-rome", 3, opponents=["random"])
    with pytest.raises(ValueError, match="learning seat"):
        SingleAgentEnv("lotta-rome", 3, seat=3)
    with pytest.raises(ValueError, match="illegal takes"):
        SingleAgentEnv("lotta-rome", 3, illegal="ignore")
    SingleAgentEnv("lotta-rome", 3, opponents=["easy", "hard"])  # the lobby's levels are bots too

"""The PettingZoo AEC environment of every game at every player count (meeple.rl.env):
PettingZoo's own API and seed tests, refusals of bad actions with nothing changed, sealed
choices as turns that see nothing of each other, rewards, and the text view."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from tests.rl.cases import every_game_and_count

import meeple.rl as rl
from meeple.engine import IllegalAction, game_specs, get_game, state_digest
from meeple.rl.aec import MeepleEnv
from meeple.rl.rewards import final_rewards


def _play_masked(env: MeepleEnv, steps: int, seed: int) -> None:
    """`steps` legal moves (or fewer if the game ends), drawn from the masks."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if env.terminations[env.agent_selection]:
            return
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_pettingzoo_api_and_seed_tests(slug: str, players: int) -> None:
    api_test(rl.env(slug, players), num_cycles=40)
    seed_test(lambda: rl.env(slug, players), num_cycles=40)


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_bad_actions_are_refused_and_change_nothing(slug: str, players: int) -> None:
    env = rl.env(slug, players)
    env.reset(seed=3)
    _play_masked(env, 25, seed=3)
    agent = env.agent_selection
    before = (state_digest(env.state), agent, dict(env._cumulative_rewards))
    mask = env.observe(agent)["action_mask"]
    for bad in (-1, len(mask), 10**9, None, "0", 1.0, True):
        with pytest.raises(ValueError, match="action"):
            env.step(bad)
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=f"action {illegal} .* is not legal for {agent}"):
        env.step(illegal)
    assert (state_digest(env.state), env.agent_selection, dict(env._cumulative_rewards)) == before
    env.step(int(np.flatnonzero(mask)[0]))  # a legal move still goes through
    assert env.state.decisions == 26 or env.terminations[env.agent_selection]


def _first_sealed_choice(env: MeepleEnv) -> bool:
    """Play legal moves until several seats must choose at once; False if the game ends first."""
    rng = np.random.default_rng(0)
    while not env.terminations[env.agent_selection]:
        if len(env.game.to_move(env.state)) > 1:
            return True
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    return False


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs() if spec.simultaneous])
def test_a_sealed_choice_is_consecutive_turns_that_see_nothing_of_each_other(slug: str) -> None:
    assert get_game(slug).spec.simultaneous
    env = rl.env(slug, 3)
    env.reset(seed=5)
    assert _first_sealed_choice(env)
    first = env.agent_selection
    legal, indices = env.legal(first)
    choices = [k for action, k in zip(legal, indices, strict=True) if action.payload.get("sealed")]
    assert len(choices) > 1
    start = env.clone()
    seen = []
    for choice in (choices[0], choices[-1]):
        env.restore(start)
        env.step(int(choice))
        after = env.agent_selection
        assert after != first and after in env.agents, "the next seat of the sealed choice acts next"
        seen.append((after, env.observe(after)))
    (agent_a, obs_a), (agent_b, obs_b) = seen
    assert agent_a == agent_b
    np.testing.assert_array_equal(obs_a["observation"], obs_b["observation"])
    np.testing.assert_array_equal(obs_a["action_mask"], obs_b["action_mask"])


@pytest.mark.parametrize(("slug", "players"), [("guedelon", 2), ("guedelon", 3), ("lotta-rome", 3), ("round-house", 2)])
def test_rewards_come_at_the_end_and_guedelon_shares_the_team_s(slug: str, players: int) -> None:
    env = rl.env(slug, players)
    env.reset(seed=11)
    totals = dict.fromkeys(env.agents, 0.0)
    rng = np.random.default_rng(11)
    for agent in env.agent_iter():
        observation, reward, terminated, _, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    result = env.game.result(env.state)
    expected = final_rewards(result, players)
    assert [totals[f"seat_{seat}"] for seat in range(players)] == expected
    if env.game.spec.cooperative:
        assert len(set(expected)) == 1 and expected[0] == (1.0 if result.team.won else -1.0)
    else:
        assert sorted(expected, reverse=True)[0] == 1.0 and -1.0 in expected


@pytest.mark.parametrize("slug", ["four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table"])
def test_render_is_the_game_s_text_view_for_a_spectator(slug: str) -> None:
    env = rl.env(slug, 2, render_mode="ansi")
    env.reset(seed=1)
    _play_masked(env, 10, seed=1)
    text = env.render()
    assert text == env.game.render_text(env.game.observation(env.state, None)) and text.strip()
    with pytest.raises(ValueError, match="render_mode"):
        rl.env(slug, 2, render_mode="video")


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_each_observation_is_new_writable_arrays(slug: str) -> None:
    """A learner may write into what it is handed (say, mask out moves it will not try): the next
    observation of the same decision, whose legal moves are the same, is untouched by that."""
    env = rl.env(slug, get_game(slug).spec.min_players)
    env.reset(seed=5)
    _play_masked(env, 5, seed=5)
    agent = env.agent_selection
    first = env.observe(agent)
    legal = first["action_mask"].copy()
    row = first["observation"].copy()
    first["action_mask"][:] = 0
    first["observation"][:] = -1
    again = env.observe(agent)
    np.testing.assert_array_equal(again["action_mask"], legal)
    np.testing.assert_array_equal(again["observation"], row)
    assert legal.any() and again["action_mask"].flags.writeable and again["observation"].flags.writeable

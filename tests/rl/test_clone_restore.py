"""`clone()` / `restore()` on the AEC environment, for tree search and RL on one object: after
clone, steps and restore, every agent observes and may do exactly what it could before, and the
same moves lead to the same states again."""

import numpy as np
import pytest
from tests.rl.cases import every_game_and_count

import meeple.rl as rl
from meeple.engine import state_digest
from meeple.rl.aec import MeepleEnv


def _views(env: MeepleEnv) -> list:
    return [
        env.agent_selection,
        dict(env._cumulative_rewards),
        *((o["observation"].tobytes(), o["action_mask"].tobytes()) for o in map(env.observe, env.agents)),
    ]


def _play(env: MeepleEnv, rng: np.random.Generator, steps: int) -> list[int]:
    played = []
    for _ in range(steps):
        if env.terminations[env.agent_selection]:
            break
        played.append(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
        env.step(played[-1])
    return played


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_clone_step_restore_gives_back_the_same_environment(slug: str, players: int) -> None:
    env = rl.env(slug, players)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    _play(env, rng, 30)
    snapshot = env.clone()
    before, digest = _views(env), state_digest(env.state)
    moves = _play(env, rng, 40)
    after = (_views(env), state_digest(env.state))
    assert moves and after[1] != digest
    env.restore(snapshot)
    assert (_views(env), state_digest(env.state)) == (before, digest)
    for move in moves:  # the same moves replay to the same place: the snapshot shared nothing
        env.step(move)
    assert (_views(env), state_digest(env.state)) == after
    env.restore(snapshot)  # a snapshot serves again
    assert _views(env) == before


@pytest.mark.parametrize("slug", ["four-big-strata", "lotta-rome", "round-table", "round-house"])
def test_a_seat_s_clone_is_what_it_knows_and_observes_the_same(slug: str) -> None:
    env = rl.env(slug, 3)
    env.reset(seed=2)
    _play(env, np.random.default_rng(2), 30)
    agent = env.agent_selection
    mine = env.observe(agent)
    search = rl.env(slug, 3)
    search.restore(env.clone(agent, seed=9))
    assert state_digest(search.state) != state_digest(env.state), "hidden values were redrawn"
    theirs = search.observe(agent)
    np.testing.assert_array_equal(mine["observation"], theirs["observation"])
    np.testing.assert_array_equal(mine["action_mask"], theirs["action_mask"])

"""Each seat's last row of slots, kept by the games' state readers (`meeple.engine.features.Kept`)
so that only the blocks whose inputs changed are written again, never shows another seat's or
another environment's numbers, nor a state the environment has left: along random play of two
environments of the same game taking turns, after `restore` of earlier snapshots and of one
seat's determinization (hidden cards redrawn) into the same environment, every seat's
observation is exactly the slots of its own `observation()` of the environment's state."""

import numpy as np
import pytest

import meeple.rl as rl
from meeple.rl.aec import MeepleEnv
from meeple.rl.encoding import SlotEncoder

CASES = [
    ("four-big-strata", 4),
    ("round-house", 3),
    ("guedelon", 2),
    ("guedelon", 4),
    ("lotta-rome", 3),
    ("lotta-rome", 4),
    ("round-table", 3),
]


def _check_every_seat(env: MeepleEnv) -> None:
    encoder = SlotEncoder(env.encoder.features)
    for seat, agent in enumerate(env.possible_agents):
        expected = encoder.encode(env.game.observation(env.state, seat))
        np.testing.assert_array_equal(env.observe(agent)["observation"], expected, err_msg=agent)


def _step(env: MeepleEnv, rng: np.random.Generator) -> None:
    if env.terminations[env.agent_selection]:
        env.reset()
    env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_kept_rows_follow_each_env_through_steps_restores_and_determinizations(slug: str, players: int) -> None:
    env, other = rl.env(slug, players), rl.env(slug, players)
    env.reset(seed=11)
    other.reset(seed=12)
    rng = np.random.default_rng(11)
    snapshots = []
    for step in range(90):
        for playing in (env, other):
            _check_every_seat(playing)
            _step(playing, rng)
        if step % 30 == 10:
            snapshots += [env.clone(), env.clone(env.agent_selection, seed=step)]
    for snapshot in reversed(snapshots):  # back in time, and into what one seat knows, on the same env
        env.restore(snapshot)
        _check_every_seat(env)
        _step(env, rng)
        _check_every_seat(env)

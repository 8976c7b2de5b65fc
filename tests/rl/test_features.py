"""The games' own observation features (`Game.observation_features`, each game's features.py):
for every game, player count and option variant, along random and heuristic games, each
observation fills exactly the named slots with finite numbers, the same observation always
gives the same array (and is left untouched), and the arrays change as the game does."""

import copy
import math

import numpy as np
import pytest
from tests.rl.cases import every_game_and_count, games_of, played_states

import meeple.rl as rl
from meeple.engine import Features, get_game
from meeple.rl.encoding import SlotEncoder

EVERY = 7  # look at every 7th state of a game


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_every_observation_fills_the_named_slots_alike(slug: str, players: int) -> None:
    for variant, game in enumerate(games_of(slug)):
        features = game.observation_features(players)
        assert len(set(features.names)) == len(features.names), "a slot name is used twice"
        encoder = SlotEncoder(features)
        seen: set[bytes] = set()
        for index, state in enumerate(played_states(game, players, seed=variant, heuristic=variant == 1)):
            if index % EVERY and not game.is_terminal(state):
                continue
            for seat in range(players):
                observation = game.observation(state, seat)
                kept = copy.deepcopy(observation)
                row = features.encode(observation)
                assert len(row) == len(features.names)
                assert all(math.isfinite(value) for value in row)
                array = encoder.encode(observation)
                np.testing.assert_array_equal(array, encoder.encode(kept))
                assert observation == kept, "encoding changed the observation"
                seen.add(array.tobytes())
        assert len(seen) > 5, f"{slug}: the features hardly change along a game ({len(seen)} distinct)"


def test_the_environment_observes_the_game_slots_and_hashing_on_request() -> None:
    env = rl.env("lotta-rome", 2)
    env.reset(seed=3)
    slots = len(env.game.observation_features(2))
    assert env.observation_space("seat_0")["observation"].shape == (slots,)
    assert env.last()[0]["observation"].shape == (slots,)
    hashed = rl.env("lotta-rome", 2, encoding="hashed", features=512)
    hashed.reset(seed=3)
    assert hashed.last()[0]["observation"].shape == (512,)


@pytest.mark.parametrize(("option", "value"), [("encoding", "json"), ("reward", "points")])
def test_an_unknown_encoding_or_reward_is_refused_by_name(option: str, value: str) -> None:
    with pytest.raises(ValueError, match=f"{option} takes one of .*not '{value}'"):
        rl.env("guedelon", 1, **{option: value})


def test_the_margin_reward_is_the_score_less_the_best_other_score() -> None:
    env = rl.env("lotta-rome", 3, reward="margin")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    while not env.terminations[env.agent_selection]:
        env.step(int(rng.choice(np.flatnonzero(env.last()[0]["action_mask"]))))
    scores = env.game.result(env.state).scores
    assert len(set(scores)) > 1, "a drawn game would not tell a margin from a win"
    for seat, agent in enumerate(env.possible_agents):
        assert env.rewards[agent] == scores[seat] - max(scores[:seat] + scores[seat + 1 :])


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_the_slots_read_from_the_state_are_those_of_the_observation(slug: str, players: int) -> None:
    """`from_state` (the learner's fast path) gives, for every seat of every third state along
    random and heuristic games of every option variant, exactly the slots of that seat's
    observation: it can show no more than the observation does."""
    for variant, game in enumerate(games_of(slug)):
        features = game.observation_features(players)
        assert features.from_state is not None, f"{slug} reads its slots from the observation only"
        encoder = SlotEncoder(features)
        for index, state in enumerate(played_states(game, players, seed=10 + variant, heuristic=variant == 1)):
            if index % 3 and not game.is_terminal(state):
                continue
            for seat in range(players):
                expected = encoder.encode(game.observation(state, seat))
                legal = game.legal_actions(state, seat) if seat in game.to_move(state) else []
                found = encoder.observe(game, state, seat, legal)
                np.testing.assert_array_equal(found, expected, err_msg=f"seat {seat}")


def test_slots_without_a_state_reader_are_encoded_from_the_observation() -> None:
    """A game whose features have no `from_state` (the hook is optional) is observed through its
    JSON view, with the same numbers."""
    game = get_game("round-house")
    state = game.new_game(3, 4)
    features = game.observation_features(3)
    plain = SlotEncoder(Features(features.names, features.encode))
    legal = game.legal_actions(state, 0)
    np.testing.assert_array_equal(
        plain.observe(game, state, 0, legal), SlotEncoder(features).observe(game, state, 0, legal)
    )

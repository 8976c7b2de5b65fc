"""Every reader of an observation, run over one: for the tests of games whose observations share
never-changing parts with each other (made once per content), which must prove no reader edits them."""

from collections.abc import Iterator
from typing import Any

import msgspec

from meeple.engine import Action, Features, Game, Rng, State
from meeple.rl.encoding import Encoder

_SLOTS: dict[tuple[int, int], tuple[Game, Features]] = {}


def _slots(game: Game, players: int) -> Features:
    """The game's observation slots at `players` (made once per game object and count)."""
    made = _SLOTS.get((id(game), players))
    if made is None or made[0] is not game:
        made = _SLOTS[(id(game), players)] = (game, game.observation_features(players))
    return made[1]


def read_everywhere(game: Game, observation: dict[str, Any], legal: list[Action], encoder: Encoder) -> None:
    """The text views, the board, the prompt, the RL encoders (the hashed one, and the game's own
    slots for a seat's observation) and JSON, each reading `observation`."""
    game.render_text(observation)
    game.render_text_brief(observation)
    game.render_svg(observation, legal)
    game.prompt(observation, legal)
    encoder.encode(observation)
    encoder.feature_names(observation)
    if observation["seat"] is not None:
        _slots(game, observation["players"]).encode(observation)
    msgspec.json.encode(observation)


def observations_along_a_game(
    game: Game, state: State, every: int, rng: Rng
) -> Iterator[tuple[dict[str, Any], list[Action]]]:
    """Play `state` out with uniformly random moves (drawn from `rng`); at about one decision in
    `every`, yield the observation of the seat to move with its legal actions, then a
    spectator's with none."""
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if rng.below(every) == 0:
            for viewer in (seat, None):
                yield game.observation(state, viewer), legal if viewer == seat else []
        game.play(state, seat, legal[rng.below(len(legal))])

"""Every reader of an observation, run over one: for the tests of games whose observations share
never-changing parts with each other (made once per content), which must prove no reader edits them."""

from typing import Any

import msgspec

from meeple.engine import Action, Game
from meeple.rl.encoding import Encoder


def read_everywhere(game: Game, observation: dict[str, Any], legal: list[Action], encoder: Encoder) -> None:
    """The text views, the board, the prompt, the RL encoder and JSON, each reading `observation`."""
    game.render_text(observation)
    game.render_text_brief(observation)
    game.render_svg(observation, legal)
    game.prompt(observation, legal)
    encoder.encode(observation)
    encoder.feature_names(observation)
    msgspec.json.encode(observation)

"""meeple.rl: every meeple game as a reinforcement-learning environment (`pip install meeple[rl]`).

`env(slug, players, options)` is a PettingZoo AEC environment of all seats; `SingleAgentEnv`
a Gymnasium environment where one seat learns and meeple bots play the others. Both act over a
fixed discrete action space per game and player count (the game's action catalogue) and
observe numpy arrays encoded from the seat's own observation. See docs/rl.md.
"""

from typing import Any

from meeple.rl.aec import MeepleEnv, Snapshot
from meeple.rl.single import SingleAgentEnv


def env(game: str, players: int, options: dict[str, Any] | None = None, **kwargs: Any) -> MeepleEnv:
    """The PettingZoo AEC environment of `game` for `players` seats with `options` checked."""
    return MeepleEnv(game, players, options, **kwargs)


__all__ = ["MeepleEnv", "SingleAgentEnv", "Snapshot", "env"]

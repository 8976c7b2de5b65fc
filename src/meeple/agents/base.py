"""The agent interface: given a game, a state and a seat, choose one legal action id.

Contract: an agent may read the state only through `game.legal_actions`,
`game.observation` and `game.determinize` for its own seat, never its hidden
fields directly, so that no agent plays on information its seat cannot see.
"""

from typing import Protocol

from meeple.engine import Game, State


class Agent(Protocol):
    """Something that plays a seat."""

    name: str

    def choose(self, game: Game, state: State, seat: int) -> str:
        """The id of a legal action for `seat` in `state`."""
        ...

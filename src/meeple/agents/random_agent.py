"""The random agent: a uniformly random legal action, reproducible under its seed."""

from meeple.engine import Game, Rng, State


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed, "random-agent")

    def choose(self, game: Game, state: State, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        return legal[self.rng.below(len(legal))].id

"""The heuristic agent: plays the game's own fast playout policy (its `bots.py`)."""

from meeple.engine import Game, Rng, State


class HeuristicAgent:
    """Picks what `game.playout_action` picks: the game's hand-written heuristics."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed, "heuristic-agent")

    def choose(self, game: Game, state: State, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        return game.playout_action(state, seat, legal, self.rng).id

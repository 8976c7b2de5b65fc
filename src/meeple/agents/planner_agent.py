"""The planner agent: the game's own search (`Game.plan_action`), or ISMCTS where it has none.

Some games defeat a generic tree search: in Guédelon a worker's turn is a handful of atomic
decisions (cart, wheelbarrow, move) and a playout is a whole game of several hundred, so ISMCTS
manages a few dozen iterations a second. Such a game brings its own search; this agent plays it,
and plays ISMCTS in every other game (by default `mcts:iterations=200,seconds=3`; the agent's
`iterations`, `seconds` and `depth` set that search, so one spec names a strength in every game).
Both keep what they learnt between the agent's decisions: the game's memo, the search's tree.
"""

from typing import Any

from meeple.agents.mcts import DEFAULT_DEPTH, MctsAgent
from meeple.engine import Game, Rng, State


class PlannerAgent:
    """Plays `game.plan_action` at the given effort, keeping the memo the game's plan needs."""

    name = "planner"

    def __init__(
        self,
        seed: int,
        effort: int = 1,
        iterations: int = 200,
        seconds: float | None = 3.0,
        depth: int | None = DEFAULT_DEPTH,
    ) -> None:
        self.rng = Rng.from_seed(seed, "planner-agent")
        self.effort = effort
        self.memo: dict[str, Any] = {}
        self.fallback = MctsAgent(seed, iterations=iterations, seconds=seconds, depth=depth)

    def choose(self, game: Game, state: State, seat: int) -> str:
        legal = game.legal_actions(state, seat)
        action = game.plan_action(state, seat, legal, self.rng, self.memo, self.effort)
        if action is None:
            return self.fallback.choose(game, state, seat)
        return action.id

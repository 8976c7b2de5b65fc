"""One seat of a meeple game as a Gymnasium environment; meeple bots play the other seats.

The learner acts over the same action space and observes the same dict as in the AEC
environment (aec.py); after each of its moves the other seats play (bots named as the CLI and
the lobby name them: random, heuristic, easy, medium, hard, mcts:iterations=50 ...) until it
must act again or the game ends. Its reward is its seat's (aec.py, rewards.py): in Guédelon the
team's. `illegal="raise"` (the default) refuses a move outside the mask with IllegalAction and
changes nothing; `illegal="lose"` instead ends the episode with reward -1, the game untouched,
for learners that ignore masks (and for Gymnasium's checker, which samples unmasked actions).
"""

from typing import Any

import gymnasium
import numpy as np

from meeple.agents.base import Agent
from meeple.agents.factory import make_agent
from meeple.engine import IllegalAction, derive_seed
from meeple.rl.aec import SEED_LIMIT, MeepleEnv, agent_name
from meeple.rl.encoding import DEFAULT_SIZE

ILLEGAL_MODES = ("raise", "lose")


class SingleAgentEnv(gymnasium.Env):
    """A Gymnasium environment: seat `seat` learns, `opponents` bots play the other seats."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str,
        players: int,
        seat: int = 0,
        opponents: str | list[str] = "heuristic",
        options: dict[str, Any] | None = None,
        illegal: str = "raise",
        render_mode: str | None = None,
        features: int = DEFAULT_SIZE,
        encoding: str = "slots",
        reward: str = "win",
    ) -> None:
        self.aec = MeepleEnv(
            game, players, options, render_mode=render_mode, features=features, encoding=encoding, reward=reward
        )
        if not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"the learning seat must be one of 0 to {players - 1}, not {seat!r}")
        others = [s for s in range(players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} other seats need {len(others)} bots, not {len(names)}")
        for name in set(names):
            make_agent(name, 0)  # a bad name fails now, not at the first reset
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal takes one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        self.seat, self.agent, self.illegal = seat, agent_name(seat), illegal
        self.bot_names = dict(zip(others, names, strict=True))
        self.bots: dict[int, Agent] = {}
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_LIMIT))
        self.aec.reset(seed=game_seed)
        self.bots = {s: make_agent(name, derive_seed(game_seed, "bot", s)) for s, name in self.bot_names.items()}
        self._play_others()
        return self.aec.observe(self.agent), {}

    def _play_others(self) -> None:
        aec = self.aec
        while not aec.terminations[aec.agent_selection] and aec.agent_selection != self.agent:
            seat = int(aec.agent_selection.removeprefix("seat_"))
            action_id = self.bots[seat].choose(aec.game, aec.state, seat)
            aec.step(aec.space.index[action_id])

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        aec = self.aec
        try:
            aec.step(action)
        except IllegalAction as refused:
            if self.illegal == "raise":
                raise
            return aec.observe(self.agent), -1.0, True, False, {"illegal_action": str(refused)}
        self._play_others()
        done = aec.terminations[self.agent]
        return aec.observe(self.agent), float(aec._cumulative_rewards[self.agent]), done, False, {}

    def action_masks(self) -> np.ndarray:
        """The learner's legal moves now (the name sb3-contrib's MaskablePPO asks for)."""
        return self.aec.space.mask(self.aec.legal(self.agent)[1])

    def render(self) -> str | None:
        return self.aec.render()

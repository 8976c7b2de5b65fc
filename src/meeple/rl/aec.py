"""A meeple game as a PettingZoo AEC environment (`meeple.rl.env`).

One agent per seat, "seat_0" ... "seat_{n-1}". The agent to act is the first seat of the
engine's `to_move`; in a sealed simultaneous choice (bids, divisions) the seats that must choose
act as consecutive AEC turns, each observing only what the engine shows it (others' choices
"sealed"), so none sees another's choice before the reveal. An observation is a dict:
"observation", the seat's `observation()` encoded (encoding.py: the game's own slots, or with
`encoding="hashed"` feature hashing of the JSON), and "action_mask", its legal moves over the
game's fixed action space (actions.py; zeros for a seat that need not act). Rewards come at the
end (rewards.py: a win, or with `reward="margin"` the score margin). `clone()` and `restore()`
snapshot the whole environment for tree search.
"""

from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from meeple.engine import Action, Game, IllegalAction, Rng, State, get_game
from meeple.rl.actions import ActionSpace
from meeple.rl.encoding import BOUND, DEFAULT_SIZE, Encoder, SlotEncoder
from meeple.rl.rewards import REWARDS, final_rewards

ENCODINGS = ("slots", "hashed")

SEED_LIMIT = 2**62


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


@dataclass(frozen=True)
class Snapshot:
    """Everything `restore` needs to put an environment back as it was (reusable)."""

    state: State
    agents: tuple[str, ...]
    agent_selection: str
    rewards: dict[str, float]
    cumulative: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    seeds: dict[str, Any]


class MeepleEnv(AECEnv):
    """A PettingZoo AEC environment of one meeple game at one player count (see the module doc)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "meeple_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        features: int = DEFAULT_SIZE,
        encoding: str = "slots",
        reward: str = "win",
    ) -> None:
        super().__init__()
        self.game: Game = get_game(game, options) if isinstance(game, str) else game
        self.game.spec.check_players(players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"render_mode takes one of {', '.join(self.metadata['render_modes'])}, not {render_mode!r}"
            )
        if encoding not in ENCODINGS:
            raise ValueError(f"encoding takes one of {', '.join(ENCODINGS)}, not {encoding!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward takes one of {', '.join(REWARDS)}, not {reward!r}")
        self.render_mode = render_mode
        self.players = players
        self.reward = reward
        self.space = ActionSpace(self.game, players)
        self.encoder: SlotEncoder | Encoder = (
            SlotEncoder(self.game.observation_features(players)) if encoding == "slots" else Encoder(features)
        )
        self._encode = self.encoder.observe
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seat = {name: seat for seat, name in enumerate(self.possible_agents)}
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (len(self.space),), np.int8),
            }
        )
        self._size = len(self.space)
        self._action_space = gymnasium.spaces.Discrete(self._size)
        self._seeds = np.random.default_rng()
        self.state: State | None = None
        self._legal: tuple[int, int, list[Action], list[int]] | None = None
        self._movers: tuple[int, tuple[int, ...]] | None = None

    # --- spaces ---------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_space

    def action_id(self, index: int) -> str:
        """The engine's action id that index `index` of the action space names."""
        return self.space.ids[self.space.check(index)]

    # --- playing ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; its seed is drawn from a generator that `seed` seeds (as Gymnasium does)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state = self.game.new_game(self.players, int(self._seeds.integers(SEED_LIMIT)))
        self._legal = self._movers = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._next_agent()

    def _next_agent(self, state: State | None = None) -> str:
        """The first seat to decide in `state` (default: the game's, whose seats to decide are then
        kept for `legal` until the next decision), or any agent once it is over."""
        if state is None:
            movers = self.game.to_move(self.state)
            self._movers = (self.state.decisions, movers)
        else:
            movers = self.game.to_move(state)
        return self.possible_agents[movers[0]] if movers else self.agents[0]

    def legal(self, agent: str) -> tuple[list[Action], list[int]]:
        """The legal actions of `agent` now and their indices (empty if it need not act), worked
        out once per decision and agent (an observation's mask and the step share them); whether
        it acts is read from the seats `_next_agent` kept for this decision, else asked again."""
        seat = self._seat[agent]
        state = self.state
        decisions = state.decisions
        cached = self._legal
        if cached is not None and cached[0] == decisions and cached[1] == seat:
            return cached[2], cached[3]
        kept = self._movers
        movers = kept[1] if kept is not None and kept[0] == decisions else self.game.to_move(state)
        legal = self.game.legal_actions(state, seat) if seat in movers else []
        indices = self.space.indices(legal)
        self._legal = (decisions, seat, legal, indices)
        return legal, indices

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        legal, indices = self.legal(agent)
        return {
            "observation": self._encode(self.game, self.state, self._seat[agent], legal),
            "action_mask": self.space.mask(indices),
        }

    def step(self, action: int | None) -> None:
        """Play action index `action` for the agent to act. An index outside the action space is a
        ValueError, one outside its mask an IllegalAction; either way nothing changes."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is an action only for an agent whose game is over")
        # A plain int in range is an index as it is (the common case); anything else is checked.
        index = action if type(action) is int and 0 <= action < self._size else self.space.check(action)
        legal, indices = self.legal(agent)
        try:
            chosen = legal[indices.index(index)]
        except ValueError:
            sample = ", ".join(f"{k} ({self.space.ids[k]})" for k in indices[:6]) + (
                ", ..." if len(indices) > 6 else ""
            )
            raise IllegalAction(
                f"action {index} ({self.space.ids[index]!r}) is not legal for {agent} now (legal: {sample})"
            ) from None
        self._cumulative_rewards[agent] = 0.0
        self.game.play(self.state, self._seat[agent], chosen)
        self.agent_selection = self._next_agent()
        # Rewards come only at the end: until then every reward stays 0 and nothing accumulates.
        # A game that is over has no seat to move (`Game.to_move`), so only then is it asked.
        if not self._movers[1] and self.game.is_terminal(self.state):
            finals = final_rewards(self.game.result(self.state), self.players, self.reward)
            self.rewards = {name: finals[self._seat[name]] for name in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- search -------------------------------------------------------------------------
    def clone(self, agent: str | None = None, seed: int = 0) -> Snapshot:
        """A snapshot of the environment to `restore` later (the game state is cloned, never shared).

        With `agent`, the snapshot's game is only what that agent knows: a determinization
        (`game.determinize`, drawn with `seed`): hidden values redrawn, others' sealed choices
        unmade. Searching from the true state instead would read hidden information."""
        state = self.game.clone(self.state)
        if agent is not None:
            state = self.game.determinize(state, self._seat[agent], Rng.from_seed(seed))
        return Snapshot(
            state=state,
            agents=tuple(self.agents),
            agent_selection=self.agent_selection if agent is None else self._next_agent(state),
            rewards=dict(self.rewards),
            cumulative=dict(self._cumulative_rewards),
            terminations=dict(self.terminations),
            truncations=dict(self.truncations),
            seeds=self._seeds.bit_generator.state,
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Put the environment back as `snapshot` found it (the snapshot stays usable)."""
        self.state = self.game.clone(snapshot.state)
        self._legal = self._movers = None
        self.agents = list(snapshot.agents)
        self.agent_selection = snapshot.agent_selection
        self.rewards = dict(snapshot.rewards)
        self._cumulative_rewards = dict(snapshot.cumulative)
        self.terminations = dict(snapshot.terminations)
        self.truncations = dict(snapshot.truncations)
        self.infos = {agent: {} for agent in self.agents}
        self._seeds = np.random.default_rng()
        self._seeds.bit_generator.state = snapshot.seeds

    # --- showing ----------------------------------------------------------------------------
    def render(self) -> str | None:
        """The game's text view as a spectator sees it (no seat's hidden information)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: env(..., render_mode='ansi' or 'human')")
            return None
        text = self.game.render_text(self.game.observation(self.state, None))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: a game is plain data."""

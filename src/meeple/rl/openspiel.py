"""A meeple game as an OpenSpiel Python game (`pip install meeple[openspiel]`), so OpenSpiel's
algorithms run on it: `game(slug, players, options)` is a `pyspiel.Game`.

Mapping: OpenSpiel's actions are the indices of meeple.rl's fixed action space (the game's
action catalogue); the player to act is the first seat of the engine's `to_move`, so a sealed
simultaneous choice is a run of sequential turns (the game is declared sequential with imperfect
information, and an observation shows others' sealed choices only as made); chance happens
inside the engine from the state's own seeded stream, so a state fixes its whole future and the
game is declared deterministic (no chance nodes; each new initial state has a new seed); the
returns are
meeple.rl's final rewards (rewards.py; identical for a cooperative team). Observation tensors
and strings are the seat's encoded observation (encoding.py) and its JSON.

OpenSpiel's tree searches (MCTSBot and the like) read the whole state they are given, hidden
cards and the random stream included; to search only on what a seat knows, give them a state
made by `MeepleState.determinized(seat, seed)` (the engine's `determinize`).
"""

from typing import Any

import msgspec
import numpy as np
import pyspiel

from meeple.engine import Game, Rng, derive_seed, get_game
from meeple.rl.actions import ActionSpace
from meeple.rl.encoding import SlotEncoder
from meeple.rl.rewards import final_rewards

MAX_GAME_LENGTH = 1_000_000  # decisions; OpenSpiel asks for a bound, no meeple game comes near


class MeepleGame(pyspiel.Game):
    """One meeple game at one player count with its options, as an OpenSpiel game."""

    def __init__(self, slug: str, players: int, options: dict[str, Any] | None = None, seed: int = 0) -> None:
        self.meeple: Game = get_game(slug, options)
        self.meeple.spec.check_players(players)
        self.players, self.seed, self.games = players, seed, 0
        self.space = ActionSpace(self.meeple, players)
        self.encoder = SlotEncoder(self.meeple.observation_features(players))
        spec = self.meeple.spec
        game_type = pyspiel.GameType(
            short_name=f"meeple_{slug.replace('-', '_')}",
            long_name=f"meeple {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.IDENTICAL if spec.cooperative else pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=players,
            min_num_players=players,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, {})

    def new_initial_state(self) -> "MeepleState":
        """A new game; the n-th one this object makes is seeded by (seed, n)."""
        self.games += 1
        return MeepleState(self, self.meeple.new_game(self.players, derive_seed(self.seed, self.games)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "MeepleObserver":
        return MeepleObserver(self)


class _Shared:
    """The game, shared by every state: OpenSpiel clones a Python state by deep-copying its
    attributes, and a game is immutable."""

    def __init__(self, game: MeepleGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> "_Shared":
        return self


class _Held:
    """The meeple state, copied by the game's own clone (no deepcopy)."""

    def __init__(self, game: Game, state: Any) -> None:
        self.game, self.state = game, state

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.game, self.game.clone(self.state))


class MeepleState(pyspiel.State):
    """A meeple state inside an OpenSpiel state."""

    def __init__(self, game: MeepleGame, state: Any) -> None:
        super().__init__(game)
        self._shared, self._held = _Shared(game), _Held(game.meeple, state)

    @property
    def owner(self) -> MeepleGame:
        return self._shared.game

    @property
    def state(self) -> Any:
        return self._held.state

    def current_player(self) -> int:
        if self.owner.meeple.is_terminal(self.state):
            return pyspiel.PlayerId.TERMINAL
        return self.owner.meeple.to_move(self.state)[0]

    def _legal_actions(self, player: int) -> list[int]:
        game = self.owner.meeple
        if game.is_terminal(self.state) or player not in game.to_move(self.state):
            return []
        return sorted(self.owner.space.indices(game.legal_actions(self.state, player)))

    def _apply_action(self, action: int) -> None:
        self.owner.meeple.apply(self.state, self.current_player(), self.owner.space.ids[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self.owner.space.ids[action]

    def is_terminal(self) -> bool:
        return self.owner.meeple.is_terminal(self.state)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.owner.players
        return final_rewards(self.owner.meeple.result(self.state), self.owner.players)

    def determinized(self, seat: int, seed: int) -> "MeepleState":
        """This state as `seat` may know it: hidden values redrawn (the engine's determinize)."""
        return MeepleState(self.owner, self.owner.meeple.determinize(self.state, seat, Rng.from_seed(seed)))

    def __str__(self) -> str:
        return self.owner.meeple.render_text(self.owner.meeple.observation(self.state, None))


class MeepleObserver:
    """A seat's observation: its encoded tensor (encoding.py) and its JSON string."""

    def __init__(self, game: MeepleGame) -> None:
        self.game = game
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MeepleState, player: int) -> None:
        game, now = self.game.meeple, state.state
        legal = game.legal_actions(now, player) if player in game.to_move(now) else []
        self.tensor[:] = self.game.encoder.observe(game, now, player, legal)

    def string_from(self, state: MeepleState, player: int) -> str:
        return msgspec.json.encode(self.game.meeple.observation(state.state, player)).decode()


def game(slug: str, players: int, options: dict[str, Any] | None = None, seed: int = 0) -> MeepleGame:
    """The OpenSpiel game of `slug` for `players` seats; its games are seeded from `seed`."""
    return MeepleGame(slug, players, options, seed)

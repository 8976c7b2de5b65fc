"""A seat's observation as a fixed-size numpy vector: the game's own slots, or feature hashing.

`SlotEncoder`, the default, fills the slots the game names (`Game.observation_features`,
each game's features.py: a few dozen to a few hundred numbers read straight from the
observation, µs per observation). `Encoder`, the generic fallback for a game without them, is
feature hashing of the JSON, described below: one encoding for any observation, slower (it
walks every leaf) and lossy (features collide).

Either is built from `game.observation(state, seat)` alone, so it can hold nothing the seat may not see.
The observation (a JSON-ready dict) is walked as a tree; each leaf makes one feature, named by
its path of keys ("participants/2/money") and hashed (CRC-32, the same on every machine) into
one of `size` slots, where its value is added:

- a number adds sign(v)·ln(1 + |v|) at its path (numbers keep their order and stay small);
- a string, a bool or null adds 1 at "path=value" (a one-hot of the value);
- a list of dicts or of numbers puts the item's index in the path ("display/3/face_up");
  a list of strings is a bag: each item adds 1 at "path[]=item";
- keys holding prose for people (`PROSE`: names, labels, card texts, the log) are skipped, the
  ids and numbers beside them carry the same facts.

Feature hashing (Weinberger et al. 2009) lets one encoding serve five games whose observations
differ and grow; colliding features share a slot, and a slot is clipped to ±`BOUND`. The
features are listed, in words, by `feature_names` for inspection.
"""

import math
from collections.abc import Callable
from typing import Any
from zlib import crc32

import numpy as np

from meeple.engine import Action, Features, Game, State

DEFAULT_SIZE = 4096
BOUND = 1e4  # each slot is clipped to [-BOUND, BOUND] (a sum of squashed values: never reached in play)
FLOAT32 = np.dtype(np.float32)  # a dtype object: numpy converts a type given as the dtype at every call
PROSE = frozenset({"name", "label", "text", "effect", "log", "notes", "history", "rewards", "summary", "title"})


class Encoder:
    """Observation dicts to float32 vectors of `size` slots (see the module docstring)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 2:
            raise ValueError(f"an encoding needs at least 2 slots, not {size}")
        self.size = size
        self._slots: dict[str, int] = {}

    def slot(self, feature: str) -> int:
        found = self._slots.get(feature)
        if found is None:
            found = self._slots[feature] = crc32(feature.encode()) % self.size
        return found

    def encode(self, observation: dict[str, Any]) -> np.ndarray:
        values = [0.0] * self.size
        slots, slot = self._slots, self.slot

        def add(feature: str, value: float) -> None:
            found = slots.get(feature)
            values[slot(feature) if found is None else found] += value

        _walk(observation, "", add)
        return np.clip(np.array(values, dtype=np.float32), -BOUND, BOUND)

    def observe(self, game: Game, state: State, seat: int, legal: list[Action]) -> np.ndarray:
        """The seat's observation of `state`, encoded (`legal`, its legal actions, unused)."""
        return self.encode(game.observation(state, seat))

    def feature_names(self, observation: dict[str, Any]) -> list[str]:
        """The features one observation makes, in walking order (for people, not speed)."""
        names: list[str] = []
        _walk(observation, "", lambda feature, _value: names.append(feature))
        return names


def _walk(node: Any, path: str, add: Callable[[str, float], None]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in PROSE:
                _walk(value, f"{path}/{key}", add)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            if isinstance(item, str):
                add(f"{path}[]={item}", 1.0)
            else:
                _walk(item, f"{path}/{index}", add)
    elif isinstance(node, (bool, str)) or node is None:
        add(f"{path}={node}", 1.0)
    else:
        add(path, math.copysign(math.log1p(abs(node)), node))


class SlotEncoder:
    """Observation dicts to float32 vectors through a game's own `Features` (fixed, named slots)."""

    def __init__(self, features: Features) -> None:
        self.features = features
        self.size = len(features)
        self._from_state = features.from_state
        self._shape = (self.size,)

    def encode(self, observation: dict[str, Any]) -> np.ndarray:
        row = self.features.encode(observation)
        if len(row) != self.size:
            raise ValueError(f"the game's features gave {len(row)} numbers for its {self.size} named slots")
        return np.array(row, dtype=np.float32)

    def observe(self, game: Game, state: State, seat: int, legal: list[Action]) -> np.ndarray:
        """The seat's slots of `state`: read from the state by the game's `from_state` where it has
        one (equal to the slots of its observation, tested for every game), else encoded from
        `game.observation(state, seat)`. `legal` is the seat's legal actions now (empty if it
        need not act)."""
        from_state = self._from_state
        if from_state is None:
            return self.encode(game.observation(state, seat))
        row = from_state(game, state, seat, legal)
        if len(row) != self.size:
            raise ValueError(f"the game's features gave {len(row)} numbers for its {self.size} named slots")
        return np.ndarray(self._shape, FLOAT32, row)  # over the row's own memory (cheaper than np.frombuffer)

    def feature_names(self, observation: dict[str, Any]) -> list[str]:
        """The slots' names, in order (the same for every observation)."""
        return list(self.features.names)

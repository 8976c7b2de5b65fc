"""The fixed discrete action space of a game at a player count: its action catalogue, indexed.

Index k is the k-th id of `game.action_catalogue(players)` (each game documents its order in
its `catalogue.py`; docs/rl.md lists the patterns), so it names the same move in every state,
game and run of the same rules version and options. The legal moves of a seat are a mask over
it.
"""

import numpy as np

from meeple.engine import Action, Game

INT8 = np.dtype(np.int8)  # a dtype object: numpy converts a type given as the dtype at every call
MASKS = 4096  # masks kept per action space (a kept mask is its length in bytes)


class ActionSpace:
    """The catalogue of one game and player count, with id -> index and masks."""

    def __init__(self, game: Game, players: int) -> None:
        self.ids: tuple[str, ...] = game.action_catalogue(players)
        self.index: dict[str, int] = {action_id: k for k, action_id in enumerate(self.ids)}
        if len(self.index) != len(self.ids):
            raise ValueError(f"{game.spec.slug}: its action catalogue names an id twice")
        self.slug = game.spec.slug
        self._masks: dict[tuple[int, ...], np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def indices(self, legal: list[Action]) -> list[int]:
        """The index of each legal action; a legal id missing from the catalogue is the game's bug."""
        index = self.index
        try:
            return [index[action.id] for action in legal]
        except KeyError as missing:
            raise LookupError(f"{self.slug}: legal action {missing} is missing from its action catalogue") from None

    def mask(self, indices: list[int]) -> np.ndarray:
        """1 at each of `indices`, 0 elsewhere (int8, a new writable array each call): a copy of
        the mask kept for these indices. The same legal moves come back again and again (about
        500 different masks in 30,000 decisions of Four Big Strata), and copying a kept array
        costs a third of setting a fresh one; the kept ones are read-only and at most MASKS."""
        key = tuple(indices)
        kept = self._masks.get(key)
        if kept is None:
            if len(self._masks) >= MASKS:
                self._masks.clear()
            mask = bytearray(len(self.ids))
            for index in indices:
                mask[index] = 1
            kept = self._masks[key] = np.frombuffer(bytes(mask), INT8)
        return kept.copy()

    def check(self, action: object) -> int:
        """`action` as an index of this space; ValueError naming why if it is none."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is an index of the action space (an int), not {action!r}")
        if not 0 <= action < len(self.ids):
            raise ValueError(f"action index {action} is outside the action space (0 to {len(self.ids) - 1})")
        return int(action)

"""The fixed discrete action space of a game at a player count: its action catalogue, indexed.

Index k is the k-th id of `game.action_catalogue(players)` (each game documents its order in
its `catalogue.py`; docs/rl.md lists the patterns), so it names the same move in every state,
game and run of the same rules version and options. The legal moves of a seat are a mask over
it.
"""

import numpy as np

from meeple.engine import Action, Game

INT8 = np.dtype(np.int8)  # a dtype object: numpy converts a type given as the dtype at every call


class ActionSpace:
    """The catalogue of one game and player count, with id -> index and masks."""

    def __init__(self, game: Game, players: int) -> None:
        self.ids: tuple[str, ...] = game.action_catalogue(players)
        self.index: dict[str, int] = {action_id: k for k, action_id in enumerate(self.ids)}
        if len(self.index) != len(self.ids):
            raise ValueError(f"{game.spec.slug}: its action catalogue names an id twice")
        self.slug = game.spec.slug
        self._size = len(self.ids)
        self._shape = (self._size,)

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
        """1 at each of `indices`, 0 elsewhere (int8, a new writable array each call). Set in a
        zeroed bytearray: a seat has a handful of moves among thousands of ids, and numpy's index
        arrays cost more; the array is made over it with the `ndarray` constructor, cheaper than
        `np.frombuffer`. (Masks kept per set of legal moves were tried: Four Big Strata meets the
        same few hundred sets again and again, but Lotta Rome, Round Table and Guédelon meet
        thousands, and a kept mask is its action space in bytes, 35,209 in Lotta Rome.)"""
        mask = bytearray(self._size)
        for index in indices:
            mask[index] = 1
        return np.ndarray(self._shape, INT8, mask)

    def check(self, action: object) -> int:
        """`action` as an index of this space; ValueError naming why if it is none."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise ValueError(f"an action is an index of the action space (an int), not {action!r}")
        if not 0 <= action < len(self.ids):
            raise ValueError(f"action index {action} is outside the action space (0 to {len(self.ids) - 1})")
        return int(action)

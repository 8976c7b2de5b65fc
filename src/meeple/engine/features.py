"""Observation features: a seat's observation as a fixed list of numbers, for learners.

A game that offers them (the optional `Game.observation_features` hook) names every slot once,
in a fixed order for its options and player count, and gives a function from the seat's own
observation (`game.observation(state, seat)`, the allow-listed JSON view) to one number per
slot. Built from the observation alone, the numbers can hold nothing the seat may not see.

Conventions every game follows (docs/rl.md): seat blocks are relative, the observing seat's
first and then the others in turn order after it, so a policy learnt in one seat plays in
any; a categorical value is a one-hot over its documented values (an unknown value sets none);
a collection is counts of its kinds; numbers are the observation's own (counts, points, coins),
unscaled. The helpers below keep each game's encoder a few lines per part of its view.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Features:
    """The slots' names, in order, and the function filling them from one seat's observation."""

    names: tuple[str, ...]
    encode: Callable[[dict[str, Any]], list[float]]

    def __len__(self) -> int:
        return len(self.names)


def one_hot(values: Sequence[object]) -> Callable[[object], list[float]]:
    """A function: 1 at its argument's place among `values`, 0 elsewhere (all 0 for a value not
    among them). Built once per game and player count: each call is a dict look-up."""
    place = {value: k for k, value in enumerate(values)}
    empty = [0.0] * len(values)

    def encode(value: object) -> list[float]:
        row = empty[:]
        k = place.get(value)  # type: ignore[call-overload]
        if k is not None:
            row[k] = 1.0
        return row

    return encode


def counts(values: Sequence[object]) -> Callable[[Iterable[object]], list[float]]:
    """A function: how many of its items are each of `values` (others not counted)."""
    place = {value: k for k, value in enumerate(values)}
    empty = [0.0] * len(values)

    def encode(items: Iterable[object]) -> list[float]:
        row = empty[:]
        for item in items:
            k = place.get(item)  # type: ignore[call-overload]
            if k is not None:
                row[k] += 1.0
        return row

    return encode


def relative(seat: int, players: int) -> list[int]:
    """The seats in the order their blocks take: `seat` first, then the others after it in turn."""
    return [(seat + k) % players for k in range(players)]


def names(prefix: str, parts: Iterable[object]) -> list[str]:
    """Slot names `prefix/part` for each part."""
    return [f"{prefix}/{part}" for part in parts]


def seat_names(players: int, parts: Sequence[str]) -> list[str]:
    """Slot names of the per-seat blocks: `me/part`, then `next1/part`, `next2/part` ..."""
    return [f"{'me' if k == 0 else f'next{k}'}/{part}" for k in range(players) for part in parts]

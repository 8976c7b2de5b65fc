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

A game may also give `from_state(game, state, seat, legal)`, the same numbers read straight from
a state, as float32 (an `array('f')`; `legal` is the seat's legal actions now, empty if it need
not act, which a caller that also shows the moves has at hand): a learner observes at every
step, and building the JSON view first costs more than the move. It must equal
`encode(observation(state, seat))` number for number, for every state and seat, so it shows
nothing the observation does not: tests/rl/test_features.py compares the two along random and
heuristic games of every game, player count and option variant, for every seat. `Pieces` keeps
the parts of such a row that repeat from step to step.
"""

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Features:
    """The slots' names, in order, the function filling them from one seat's observation, and
    optionally the same numbers read from a state for a seat (`from_state(game, state, seat,
    legal)`, see above)."""

    names: tuple[str, ...]
    encode: Callable[[dict[str, Any]], list[float]]
    from_state: Callable[[Any, Any, int, list[Any]], array] | None = None

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


class Pieces:
    """Parts of a row of slots as float32 (`array('f')`), each made once per key that fixes it:
    `pieces(key, *args)` returns `make(*args)` as float32, made on the first call with `key` and
    kept (at most `limit` keys, then all are dropped). The key must determine what `make` gives.
    A learner's consecutive observations share most parts (a display, a hand, the seats that did
    not move), so a row is mostly joined from kept pieces (`row`)."""

    def __init__(self, make: Callable[..., Iterable[float]], limit: int = 4096) -> None:
        self.make = make
        self.limit = limit
        self.made: dict[Any, array] = {}

    def __call__(self, key: Any, *args: Any) -> array:
        made = self.made.get(key)
        if made is None:
            if len(self.made) >= self.limit:
                self.made.clear()
            made = self.made[key] = array("f", self.make(*args))
        return made


def row(*parts: array) -> array:
    """A new float32 row of the parts' numbers in order (it shares no memory with them)."""
    made = array("f")
    made.frombytes(b"".join(parts))
    return made

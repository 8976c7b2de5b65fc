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
the parts of such a row that repeat from step to step; `Kept` keeps each seat's last row, so that
only the blocks whose inputs changed since that seat's last observation are made again.
"""

from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from struct import Struct
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


def at(names: Sequence[str], name: str) -> int:
    """The offset in a row's bytes of slot `name` (float32: 4 bytes a slot)."""
    return 4 * list(names).index(name)


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
    """Parts of a row of slots as float32 bytes, each made once per key that fixes it:
    `pieces(key, *args)` returns `make(*args)` as float32 bytes, made on the first call with `key`
    and kept (at most `limit` keys, then all are dropped). The key must determine what `make`
    gives. A learner's consecutive observations share most parts (a display, a hand, the seats
    that did not move), so a row is mostly joined from kept pieces (`row`, `Kept`)."""

    def __init__(self, make: Callable[..., Iterable[float]], limit: int = 4096) -> None:
        self.make = make
        self.limit = limit
        self.made: dict[Any, array] = {}

    def __call__(self, key: Any, *args: Any) -> bytes:
        made = self.made.get(key)
        if made is None:
            if len(self.made) >= self.limit:
                self.made.clear()
            made = self.made[key] = floats(self.make(*args))
        return made


def floats(numbers: Sequence[float]) -> bytes:
    """Numbers as float32 bytes, a piece of a row."""
    return packer(len(numbers))(*numbers)


@cache
def packer(count: int) -> Callable[..., bytes]:
    """A function of `count` numbers giving them as float32 bytes (`struct`: a fraction of the
    cost of an `array('f')`'s items, which parse each number as a call's argument)."""
    return Struct(f"{count}f").pack


def row(*parts: bytes | array) -> array:
    """A new float32 row of the parts' numbers in order (it shares no memory with them)."""
    made = array("f")
    made.frombytes(b"".join(parts))
    return made


class Kept:
    """One seat's row of slots (float32) as its last observation left it, with what each of its
    blocks was made from (`seen`, one entry a block): a reader compares a block's inputs with its
    entry by value and writes the block again only when they differ, then hands out a copy
    (`fresh`). The entries must be copies (`list[:]`), never a list the state goes on changing.
    Blocks are written as float32 bytes into `bytes`, the row's bytes (slot k at 4k: `at`).
    A learner's consecutive observations differ in a few blocks: a decision changes one seat's
    holdings, a display, a phase."""

    __slots__ = ("bytes", "row", "seen")

    def __init__(self, size: int, blocks: int) -> None:
        self.row = array("f", bytes(4 * size))
        self.bytes = memoryview(self.row).cast("B")
        self.seen: list[Any] = [None] * blocks

    def fresh(self) -> array:
        """A copy of the row that shares no memory with it."""
        return self.row[:]

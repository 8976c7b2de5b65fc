"""Panels drawn once for every viewer who would be shown the same panel.

A server redraws every connected seat's board after every action, and most panels of those
boards are the same as a moment before, or the same as another seat's: another player's
area, the map, the recent events. `drawn_once` wraps a panel's drawing function whose
arguments are everything it reads, and keeps what it drew by those arguments, written as
bytes by `marshal` (version 2, which writes no references between objects: the plain data of
observations, str, int, float, bool, None and lists, tuples, dicts and frozensets of them, is
written by value and type, and bytes read back as one value only, so equal bytes mean equal
arguments of the same types; three times quicker than their `repr`, which is the key of
arguments marshal cannot write), so the same arguments are drawn once and looked up after that.
A seat's choices (a list or tuple of msgspec structs: the engine's `Action`) are written
as tuples of their fields behind an `Ellipsis` and their type's name, which no observation
holds (observations are JSON-ready), when marshal refuses the arguments as they are: keyed by
marshal too, two to three times quicker than the `repr` of the arguments.

Why this shows no seat anything it may not see: the function is pure and reads its arguments
only, so what is looked up is exactly what it would draw for this seat's own arguments, taken
from this seat's own observation. A panel is shared between seats only when their arguments
are equal; whatever a seat sees that another does not (its hand, its own name as "You", its
choices) is in its arguments and keeps its panel apart. tests/test_drawn_once.py draws
every seat of every game with and without the memo and finds them byte for byte equal.

The memo is bounded (least recently used out first), per function, in this process.
"""

import marshal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

from msgspec import Struct
from msgspec.structs import astuple

ENTRIES = 2048  # panels kept per drawing function: a few hundred tables' current boards
MARSHAL_VERSION = 2  # the last version without references between objects (see the module)
_MEMOS: list[dict[bytes | str, Any]] = []
Drawn = TypeVar("Drawn")  # a panel's text, or a part of one with what it needs to go on (where it ends)


def drawn_once(draw: Callable[..., Drawn]) -> Callable[..., Drawn]:
    """`draw`, looked up by its arguments when it has drawn them before (see the module)."""
    memo: dict[bytes | str, Any] = {}
    _MEMOS.append(memo)

    @wraps(draw)
    def looked_up(*args: Any) -> Drawn:
        try:
            key: bytes | str = marshal.dumps(args, MARSHAL_VERSION)
        except ValueError:  # a seat's choices (structs) as their fields, else (an enum...) the repr
            try:
                key = marshal.dumps(tuple(map(_plain, args)), MARSHAL_VERSION)
            except ValueError:
                key = repr(args)
        found = memo.pop(key, None)
        if found is None:
            found = draw(*args)
            if len(memo) >= ENTRIES:
                del memo[next(iter(memo))]
        memo[key] = found  # (re)inserted last: the least recently used go first
        return found

    return looked_up


def _plain(arg: Any) -> Any:
    """`arg`, a list or tuple of structs (a seat's choices) written as plain data that no
    observation holds: `Ellipsis`, its kind, then each struct's type name and fields."""
    if isinstance(arg, list | tuple) and arg and isinstance(arg[0], Struct):
        return (..., type(arg).__name__, *(_fields(item) for item in arg))
    return arg


def _fields(item: Any) -> Any:
    """A struct's type name and fields (anything else as it is: marshal writes it or refuses)."""
    return (type(item).__qualname__, *astuple(item)) if isinstance(item, Struct) else item


def held() -> list[int]:
    """How many panels each memo holds now."""
    return [len(memo) for memo in _MEMOS]


def forget() -> None:
    """Empty every memo."""
    for memo in _MEMOS:
        memo.clear()


@contextmanager
def set_aside() -> Iterator[None]:
    """Draw as if nothing had been drawn yet, then have the memos back as they were (tests
    compare a board drawn with the memos to the same board drawn from nothing). A memo made
    meanwhile (a game's drawing imported when first drawn) keeps what it drew."""
    kept = [(memo, dict(memo)) for memo in _MEMOS]
    forget()
    try:
        yield
    finally:
        for memo, entries in kept:
            memo.clear()
            memo.update(entries)


def narrowed(observation: dict[str, Any], *keys: str) -> dict[str, Any]:
    """The part of `observation` under `keys`: what a panel drawn once reads, and nothing more
    (a panel that reads another key fails with a KeyError, not with a stale drawing)."""
    return {key: observation[key] for key in keys}

"""2 DIVISION (FINDINGS): "behind the screen, split the 5 tiles into two lots of any sizes
(3/2, 4/1, even 5/0); add 1 gem to the smaller lot. Buildings stay on their tiles."

A division is a sealed choice: the smaller lot is named by the pieces in it (identical pieces
are interchangeable, so each distinct division is offered once). The gem comes from the
divider's own stock (ruling) when the lots are revealed.
"""

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, repeat
from operator import add, call, itemgetter
from typing import Any, NamedTuple

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.pieces import names_of, piece_names, short
from meeple.games.lotta_rome.state import CHOOSE, Lotta


def lots(state: Lotta, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's (smaller, larger) lots as divided."""
    return divided(tuple(state.explored[seat]), state.division[seat])


def divided(explored: tuple[int, ...], mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pieces of the smaller lot (bit `i` of `mask` set: piece `i`) and of the larger."""
    smaller, larger = _mask_pickers(len(explored), mask)
    return smaller(explored), larger(explored)


Pick = Callable[[tuple[int, ...]], tuple[int, ...]]


def _picker(indices: tuple[int, ...]) -> Pick:
    """A function taking the items at `indices` from a tuple, as a tuple (itemgetter alone gives
    a bare item for one index)."""
    if len(indices) > 1:
        return itemgetter(*indices)
    return itemgetter(slice(indices[0], indices[0] + 1) if indices else slice(0, 0))


@lru_cache(maxsize=256)
def _mask_pickers(count: int, mask: int) -> tuple[Pick, Pick]:
    """What takes the smaller lot's pieces of `count` explored pieces divided by `mask`, and the
    larger's."""
    members = tuple(i for i in range(count) if mask >> i & 1)
    return _picker(members), _picker(tuple(i for i in range(count) if not mask >> i & 1))


def _names(indices: tuple[int, ...]) -> str:
    """A template naming the pieces at `indices` ("{0}, {3}": `str.format` with the pieces' names)."""
    return ", ".join(map("{{{}}}".format, indices))


class _Splits(NamedTuple):
    """The distinct divisions of explored pieces of one pattern, in the order offered: what takes
    each smaller lot's pieces and each larger lot's, and each payload (with the smaller lot's
    mask; shared by every division of this pattern, read-only)."""

    smaller: tuple[Pick, ...]
    larger: tuple[Pick, ...]
    payloads: tuple[dict[str, Any], ...]


@lru_cache(maxsize=256)
def _splits(pattern: tuple[int, ...]) -> _Splits:
    """Every distinct way to divide pieces by index, smallest lots first. `pattern` names each
    piece by the index of its first copy: lots of the same pieces are one division, offered once
    (the first way met)."""
    count = len(pattern)
    smaller, larger, payloads = [], [], []
    seen = set()
    for size in range(count // 2 + 1):
        for members in combinations(range(count), size):
            lot = tuple(sorted(pattern[i] for i in members))
            if lot not in seen:
                seen.add(lot)
                mask = sum(1 << i for i in members)
                small, large = _mask_pickers(count, mask)
                smaller.append(small)
                larger.append(large)
                payloads.append({"kind": "divide", "mask": mask, "sealed": True})
    return _Splits(tuple(smaller), tuple(larger), tuple(payloads))


@lru_cache(maxsize=8192)
def _smaller_lot(pieces: tuple[int, ...], content: Content) -> tuple[str, str]:
    """The id of the division whose smaller lot holds `pieces` (the id names them in code order),
    and its label up to the larger lot's pieces."""
    ident = "divide:" + ("+".join(short(p, content) for p in sorted(pieces)) or "none")
    return ident, f"Smaller lot (with a gem): {names_of(pieces, content) or 'nothing'}; larger lot: "


@lru_cache(maxsize=8192)
def _division_offers(
    explored: tuple[int, ...], content: Content
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[dict[str, Any], ...]]:
    """The ids, the labels and the payloads of every distinct division of the explored pieces,
    memoised on them. A search meets new explored pieces in most playouts, so this is built for
    speed: the splits by index, the ids and the smaller lots' words are made once, and each
    offer is put together by C-level maps (no Python step per offer). The memo holds strings and
    the pattern's shared payloads, not actions: tens of thousands of cached actions made the
    garbage collector's passes longer and more frequent than the hits saved."""
    splits = _splits(tuple(map(explored.index, explored)))
    names = tuple(map(piece_names(content).__getitem__, explored))
    smaller = tuple(map(_smaller_lot, map(call, splits.smaller, repeat(explored)), repeat(content)))
    larger = map(_JOIN, map(call, splits.larger, repeat(names)))
    return tuple(map(_FIRST, smaller)), tuple(map(add, map(_SECOND, smaller), larger)), splits.payloads


_FIRST, _SECOND = itemgetter(0), itemgetter(1)
_JOIN = ", ".join


def division_actions(state: Lotta, seat: int, content: Content) -> list[Action]:
    return list(map(Action, *_division_offers(tuple(state.explored[seat]), content)))


@lru_cache(maxsize=256)
def _division_words(count: int, mask: int) -> str:
    """The template of a revealed division's log line after the divider's mark: piece `i`'s name
    goes at `{i}`, the gem paid at `{count}`."""
    small = _names(tuple(i for i in range(count) if mask >> i & 1)) or "nothing"
    large = _names(tuple(i for i in range(count) if not mask >> i & 1))
    return f" divides: smaller lot {small} (+{{{count}}} gem); larger lot {large}"


def reveal_divisions(state: Lotta, content: Content) -> None:
    """3 SELECTION: "all reveal their lots"; each divider's gem goes onto his smaller lot."""
    gem = content.constants.gem_on_smaller_lot
    names = piece_names(content).__getitem__
    for seat in range(state.players):
        paid = min(gem, state.gems[seat])
        state.gems[seat] -= paid
        state.lot_gem[seat] = paid
        explored = state.explored[seat]
        words = _division_words(len(explored), state.division[seat]).format(*map(names, explored), paid)
        state.note(seat_mark(seat) + words)
    state.divisions_revealed = True
    state.phase = CHOOSE

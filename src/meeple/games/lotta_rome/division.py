"""2 DIVISION (FINDINGS): "behind the screen, split the 5 tiles into two lots of any sizes
(3/2, 4/1, even 5/0); add 1 gem to the smaller lot. Buildings stay on their tiles."

A division is a sealed choice: the smaller lot is named by the pieces in it (identical pieces
are interchangeable, so each distinct division is offered once). The gem comes from the
divider's own stock (ruling) when the lots are revealed.
"""

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.pieces import names_of, piece_names, short
from meeple.games.lotta_rome.state import CHOOSE, Lotta


def lots(state: Lotta, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seat's (smaller, larger) lots as divided (shared, read-only)."""
    return divided(tuple(state.explored[seat]), state.division[seat])


@lru_cache(maxsize=8192)
def divided(explored: tuple[int, ...], mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pieces of the smaller lot (bit `i` of `mask` set: piece `i`) and of the larger."""
    return (
        tuple(code for i, code in enumerate(explored) if mask >> i & 1),
        tuple(code for i, code in enumerate(explored) if not mask >> i & 1),
    )


Pick = Callable[[tuple[int, ...]], tuple[int, ...]]


def _picker(indices: tuple[int, ...]) -> Pick:
    """A function taking the items at `indices` from a tuple, as a tuple (itemgetter alone gives
    a bare item for one index)."""
    if len(indices) > 1:
        return itemgetter(*indices)
    return itemgetter(slice(indices[0], indices[0] + 1) if indices else slice(0, 0))


@lru_cache(maxsize=256)
def _splits(pattern: tuple[int, ...]) -> tuple[tuple[Pick, Pick, dict[str, Any]], ...]:
    """Every distinct way to divide pieces by index, smallest lots first: what takes the smaller
    lot's pieces and the larger's, and the action's payload (with the smaller lot's mask; shared
    by every division of this pattern, read-only). `pattern` names each piece by the index of
    its first copy: lots of the same pieces are one division, offered once (the first way met)."""
    count = len(pattern)
    splits = []
    seen = set()
    for size in range(count // 2 + 1):
        for members in combinations(range(count), size):
            lot = tuple(sorted(pattern[i] for i in members))
            if lot not in seen:
                seen.add(lot)
                others = tuple(i for i in range(count) if i not in members)
                payload = {"kind": "divide", "mask": sum(1 << i for i in members), "sealed": True}
                splits.append((_picker(members), _picker(others), payload))
    return tuple(splits)


@lru_cache(maxsize=8192)
def _smaller_lot(pieces: tuple[int, ...], content: Content) -> tuple[str, str]:
    """The id of the division whose smaller lot holds `pieces` (the id names them in code order),
    and its label up to the larger lot's pieces."""
    ident = "divide:" + ("+".join(short(p, content) for p in sorted(pieces)) or "none")
    return ident, f"Smaller lot (with a gem): {names_of(pieces, content) or 'nothing'}; larger lot: "


@lru_cache(maxsize=8192)
def _division_actions(explored: tuple[int, ...], content: Content) -> tuple[Action, ...]:
    """Every distinct division of the explored pieces, memoised on them. A search meets new
    explored pieces in nearly every playout, so this is built for speed: the splits by index,
    the ids and the smaller lots' words are made once."""
    names = tuple(map(piece_names(content).__getitem__, explored))
    actions = []
    for smaller, larger, payload in _splits(tuple(map(explored.index, explored))):
        ident, label = _smaller_lot(smaller(explored), content)
        actions.append(Action(ident, label + ", ".join(larger(names)), payload))
    return tuple(actions)


def division_actions(state: Lotta, seat: int, content: Content) -> list[Action]:
    return list(_division_actions(tuple(state.explored[seat]), content))


@lru_cache(maxsize=8192)
def _division_words(smaller: tuple[int, ...], larger: tuple[int, ...], paid: int, content: Content) -> str:
    """The log line of a revealed division after the divider's mark."""
    shown = names_of(smaller, content) or "nothing"
    return f" divides: smaller lot {shown} (+{paid} gem); larger lot {names_of(larger, content)}"


def reveal_divisions(state: Lotta, content: Content) -> None:
    """3 SELECTION: "all reveal their lots"; each divider's gem goes onto his smaller lot."""
    gem = content.constants.gem_on_smaller_lot
    for seat in range(state.players):
        paid = min(gem, state.gems[seat])
        state.gems[seat] -= paid
        state.lot_gem[seat] = paid
        state.note(seat_mark(seat) + _division_words(*lots(state, seat), paid, content))
    state.divisions_revealed = True
    state.phase = CHOOSE

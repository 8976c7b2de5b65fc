"""2 DIVISION (FINDINGS): "behind the screen, split the 5 tiles into two lots of any sizes
(3/2, 4/1, even 5/0); add 1 gem to the smaller lot. Buildings stay on their tiles."

A division is a sealed choice: the smaller lot is named by the pieces in it (identical pieces
are interchangeable, so each distinct division is offered once). The gem comes from the
divider's own stock (ruling) when the lots are revealed.
"""

from functools import lru_cache
from itertools import combinations

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.pieces import describe, short
from meeple.games.lotta_rome.state import CHOOSE, Lotta


def lots(state: Lotta, seat: int) -> tuple[list[int], list[int]]:
    """The seat's (smaller, larger) lots as divided."""
    mask = state.division[seat]
    explored = state.explored[seat]
    smaller = [p for i, p in enumerate(explored) if mask >> i & 1]
    larger = [p for i, p in enumerate(explored) if not mask >> i & 1]
    return smaller, larger


@lru_cache(maxsize=8192)
def _division_actions(explored: tuple[int, ...], content: Content) -> list[Action]:
    names = [describe(p, content) for p in explored]
    shorts = {p: short(p, content) for p in explored}
    actions = []
    seen = set()
    for size in range(len(explored) // 2 + 1):
        for members in combinations(range(len(explored)), size):
            key = tuple(sorted(explored[i] for i in members))
            if key in seen:
                continue
            seen.add(key)
            mask = sum(1 << i for i in members)
            smaller = ", ".join(names[i] for i in members) or "nothing"
            larger = ", ".join(names[i] for i in range(len(explored)) if i not in members)
            ident = "divide:" + ("+".join(shorts[p] for p in key) or "none")
            label = f"Smaller lot (with a gem): {smaller}; larger lot: {larger}"
            actions.append(Action(ident, label, {"kind": "divide", "mask": mask, "sealed": True}))
    return actions


def division_actions(state: Lotta, seat: int, content: Content) -> list[Action]:
    return _division_actions(tuple(state.explored[seat]), content)


def reveal_divisions(state: Lotta, content: Content) -> None:
    """3 SELECTION: "all reveal their lots"; each divider's gem goes onto his smaller lot."""
    gem = content.constants.gem_on_smaller_lot
    for seat in range(state.players):
        paid = min(gem, state.gems[seat])
        state.gems[seat] -= paid
        state.lot_gem[seat] = paid
        smaller, larger = lots(state, seat)
        shown = ", ".join(describe(p, content) for p in smaller) or "nothing"
        state.note(
            f"{seat_mark(seat)} divides: smaller lot {shown} (+{paid} gem); "
            f"larger lot {', '.join(describe(p, content) for p in larger)}"
        )
    state.divisions_revealed = True
    state.phase = CHOOSE

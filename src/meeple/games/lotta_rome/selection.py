"""3 SELECTION (FINDINGS): "each player secretly chooses one of the two lots of a neighbour
(left neighbour in rounds 1 and 3, right neighbour in rounds 2 and 4), then all reveal choice
cards together. The lot not taken stays with its maker." 4 ADDITION then adds "the lot you
took and your own leftover lot" to the domain.
"""

from functools import lru_cache

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.division import lots
from meeple.games.lotta_rome.pieces import names_of
from meeple.games.lotta_rome.state import ADD, LARGER, SMALLER, Lotta

CHOICE_NAMES = ("smaller", "larger")


def choice_actions(state: Lotta, seat: int, content: Content) -> list[Action]:
    maker = state.source_of(seat)
    smaller, larger = lots(state, maker)
    return [
        _choice_action(maker, SMALLER, smaller, state.lot_gem[maker], content),
        _choice_action(maker, LARGER, larger, 0, content),
    ]


@lru_cache(maxsize=8192)
def _choice_action(maker: int, which: int, pieces: tuple[int, ...], gem: int, content: Content) -> Action:
    """Taking one lot of `maker` (the gem lies on the smaller lot), memoised on the lot (shared,
    read-only): a search meets the same lots in many playouts."""
    shown = names_of(pieces, content) or "no land"
    extra = f" and {gem} gem" if gem else ""
    name = CHOICE_NAMES[which]
    return Action(
        f"take:{name}",
        f"Take seat {maker}'s {name} lot: {shown}{extra}",
        {"kind": "choose", "lot": name, "maker": maker, "sealed": True},
    )


@lru_cache(maxsize=1024)
def _taking_line(taker: int, maker: int, taken: int) -> str:
    return f"{seat_mark(taker)} takes {seat_mark(maker, possessive=True)} {CHOICE_NAMES[taken]} lot"


def resolve_choices(state: Lotta, content: Content) -> None:
    """Reveal the choices together; every player gets the lot he took and keeps the one of his
    own that was not taken; the gem goes with the smaller lot."""
    taker_of = {state.source_of(seat): seat for seat in range(state.players)}
    received: list[list[int]] = [[] for _ in range(state.players)]
    for maker in range(state.players):
        taker = taker_of[maker]
        smaller, larger = lots(state, maker)
        taken = state.choice[taker]
        received[taker] += smaller if taken == SMALLER else larger
        received[maker] += larger if taken == SMALLER else smaller
        gem_to = taker if taken == SMALLER else maker
        state.gems[gem_to] += state.lot_gem[maker]
        state.lot_gem[maker] = 0
        state.note(_taking_line(taker, maker, taken))
    for seat in range(state.players):
        state.pending[seat] = received[seat]
        state.explored[seat] = []
        state.note(f"{seat_mark(seat)} adds {names_of(received[seat], content)}")
    state.choices_revealed = True
    state.phase = ADD

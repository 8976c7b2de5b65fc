"""A seat's cards in play, summed up for the rules that read them at every decision: the cards'
names as labels show them, the seat's capacity and upkeep (Resource Points), its knights with
what each holds and its printed strength with it, its Equipment and Titles, and its cards whose
text changes what it pays.

The summaries are kept with the state (`Rt.lineups`, outside its serialized fields: a state's
encoding, digest and equality never see them) and kept true by the rules that change a seat's
cards in play: bringing a card into play (`added`), taking one out (`leaving`) and moving an
item between knights (`moved`) update the seat's summary. A state without summaries (new,
decoded, unpickled) builds each from the state on first use (`build`). A summary is immutable,
so a clone shares it safely. Code that edits a state's cards in play by hand, outside the rules,
must drop them (`state.lineups = None`).
"""

from functools import cache
from typing import TYPE_CHECKING

import msgspec

from meeple.games.round_table.events import COST
from meeple.games.round_table.state import Rt

if TYPE_CHECKING:  # content.py loads the card texts, which move cards (zones.py, which reads this module)
    from meeple.games.round_table.content import Card, Pool

ORDINALS = ("1st", "2nd", "3rd")


def label_in(pool: "Pool", kinds: list[int], place: int) -> str:
    """How labels, the log and the board name the card at `place` of a seat's cards in play
    (given as pool indices): its name, and when its owner has several of that card in play,
    which of them in the order they lie ("Knight Bachelor (2nd)")."""
    kind = kinds[place]
    name = pool.cards[kind].name
    if kinds.count(kind) < 2:
        return name
    return _copy_label(name, kinds[:place].count(kind))


@cache
def _copy_label(name: str, place: int) -> str:
    return f"{name} ({ORDINALS[place] if place < len(ORDINALS) else f'{place + 1}th'})"


def labels_of(pool: "Pool", kinds: list[int] | tuple[int, ...]) -> list[str]:
    """`label_in` of every card of a seat's cards in play, given as pool indices."""
    cards = pool.cards
    labels = [cards[kind].name for kind in kinds]
    if len(set(kinds)) == len(kinds):
        return labels
    counts: dict[int, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    places: dict[int, int] = {}  # per card with several copies in play: how many are labelled
    for i, kind in enumerate(kinds):
        if counts[kind] > 1:
            place = places[kind] = places.get(kind, -1) + 1
            labels[i] = _copy_label(labels[i], place)
    return labels


class Lineup(msgspec.Struct, frozen=True, gc=False):
    """A seat's cards in play, summed up (see the module's docstring); immutable (a msgspec
    struct: made and replaced in C, several times faster than a NamedTuple)."""

    kinds: tuple[int, ...]  # per card in play, in play order: its pool index
    names: tuple[str, ...]  # per card in play: its label (`labels_of`)
    capacity: int  # rp.capacity: the RP of its demesnes
    upkeep: int  # the RP its cards in play hold (rp.allocated without this Summer's spending)
    knights: tuple[int, ...]  # its knights, in play order
    knight_names: tuple[str, ...]  # per knight: its label
    holdings: tuple[frozenset[int | str], ...]  # per knight: what it holds one of (Pool.holding of its paired cards)
    powers: tuple[int, ...]  # per knight: its printed Influence plus that of its paired cards (before any text)
    guards: tuple[int, ...]  # per knight: its printed Resistance plus that of its paired cards (before any text)
    items: tuple[int, ...]  # its Equipment and Titles (the cards a knight may hold), in play order
    item_names: tuple[str, ...]  # per item: its label
    changers: tuple[int, ...]  # its cards whose text changes what it pays (rp.cost_changers), in play order


def build(state: Rt, pool: "Pool", seat: int) -> Lineup:
    """The seat's `Lineup`, worked out afresh from the state."""
    play, card_of, paired = state.play[seat], state.card_of, state.paired
    kinds = [card_of[u] for u in play]
    names = labels_of(pool, kinds)
    knight_kinds, holding, cost = pool.of_type["knight"], pool.holding, pool.hooked[COST]
    knights = [u for u, kind in zip(play, kinds, strict=True) if kind in knight_kinds]
    items = [u for u, kind in zip(play, kinds, strict=True) if kind not in knight_kinds and holding[kind] is not None]
    held: dict[int, set[int | str]] = {knight: set() for knight in knights}
    cards = pool.cards
    powers = {knight: cards[card_of[knight]].influence for knight in knights}
    guards = {knight: cards[card_of[knight]].resistance for knight in knights}
    for u in items:
        holder = held.get(paired[u])
        if holder is not None:
            holder.add(holding[card_of[u]])
            powers[paired[u]] += cards[card_of[u]].influence
            guards[paired[u]] += cards[card_of[u]].resistance
    return Lineup(
        tuple(kinds),
        tuple(names),
        sum([pool.income[kind] for kind in kinds]),
        sum([state.paid[u] for u in play]),
        tuple(knights),
        tuple([names[play.index(u)] for u in knights]),
        tuple([frozenset(held[knight]) for knight in knights]),
        tuple([powers[knight] for knight in knights]),
        tuple([guards[knight] for knight in knights]),
        tuple(items),
        tuple([names[play.index(u)] for u in items]),
        tuple([u for u, kind in zip(play, kinds, strict=True) if kind in cost]),
    )


def lineup(state: Rt, pool: "Pool", seat: int) -> Lineup:
    """The seat's kept `Lineup`, built first if the state has none for it."""
    kept = state.lineups
    if kept is None:
        kept = state.lineups = [None] * state.players
    found = kept[seat]
    if found is None:
        found = kept[seat] = build(state, pool, seat)
    return found


def lineups(state: Rt, pool: "Pool") -> list[Lineup]:
    """Every seat's kept `Lineup` (the state's own list when it keeps them all: read it only)."""
    kept = state.lineups
    if kept is None or None in kept:
        return [lineup(state, pool, seat) for seat in range(state.players)]
    return kept


def added(state: Rt, pool: "Pool", seat: int, uid: int) -> None:
    """Card `uid` was put at the end of the seat's cards in play, its payment and pairing set:
    update the kept `Lineup`."""
    kept = state.lineups
    if kept is None or kept[seat] is None:
        return
    old = kept[seat]
    kind = state.card_of[uid]
    card = pool.cards[kind]
    name = card.name
    knights, knight_names, holdings = old.knights, old.knight_names, old.holdings
    powers, guards = old.powers, old.guards
    items, item_names = old.items, old.item_names
    key = pool.holding[kind]
    if kind in pool.of_type["knight"]:
        knights, knight_names, holdings = (*knights, uid), (*knight_names, name), (*holdings, frozenset())
        powers, guards = (*powers, card.influence), (*guards, card.resistance)
    elif key is not None:
        items, item_names = (*items, uid), (*item_names, name)
        knight = state.paired[uid]
        if knight in knights:
            holdings, powers, guards = _paired(holdings, powers, guards, knights.index(knight), key, card, 1)
    kinds = (*old.kinds, kind)
    names = (*old.names, name)
    if kind in old.kinds:  # a namesake in play: the copies are numbered anew
        names, knight_names, item_names = _renamed(pool, state.play[seat], kinds, knights, items)
    kept[seat] = Lineup(
        kinds,
        names,
        old.capacity + pool.income[kind],
        old.upkeep + state.paid[uid],
        knights,
        knight_names,
        holdings,
        powers,
        guards,
        items,
        item_names,
        (*old.changers, uid) if kind in pool.hooked[COST] else old.changers,
    )


def leaving(state: Rt, pool: "Pool", seat: int, uid: int) -> None:
    """Card `uid` of the seat's cards in play is about to leave play (zones.leave_play), and
    whatever is paired with it to become unpaired: update the kept `Lineup`."""
    kept = state.lineups
    if kept is None or kept[seat] is None:
        return
    old = kept[seat]
    place = state.play[seat].index(uid)
    kind = old.kinds[place]
    kinds = (*old.kinds[:place], *old.kinds[place + 1 :])
    knights, knight_names, holdings = old.knights, old.knight_names, old.holdings
    powers, guards = old.powers, old.guards
    items, item_names = old.items, old.item_names
    if uid in knights:  # what it held becomes unpaired: its holding goes with it
        i = knights.index(uid)
        knights, knight_names = (*knights[:i], *knights[i + 1 :]), (*knight_names[:i], *knight_names[i + 1 :])
        holdings = (*holdings[:i], *holdings[i + 1 :])
        powers, guards = (*powers[:i], *powers[i + 1 :]), (*guards[:i], *guards[i + 1 :])
    elif uid in items:
        i = items.index(uid)
        items, item_names = (*items[:i], *items[i + 1 :]), (*item_names[:i], *item_names[i + 1 :])
        knight = state.paired[uid]
        if knight in knights:
            holdings, powers, guards = _paired(
                holdings, powers, guards, knights.index(knight), pool.holding[kind], pool.cards[kind], -1
            )
    names = (*old.names[:place], *old.names[place + 1 :])
    if kind in kinds:  # a namesake stays in play: the copies are numbered anew
        play = [u for u in state.play[seat] if u != uid]
        names, knight_names, item_names = _renamed(pool, play, kinds, knights, items)
    kept[seat] = Lineup(
        kinds,
        names,
        old.capacity - pool.income[kind],
        old.upkeep - state.paid[uid],
        knights,
        knight_names,
        holdings,
        powers,
        guards,
        items,
        item_names,
        tuple([u for u in old.changers if u != uid]) if uid in old.changers else old.changers,
    )


def _renamed(
    pool: "Pool", play: list[int], kinds: tuple[int, ...], knights: tuple[int, ...], items: tuple[int, ...]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The names of a seat's cards in play (`play`, of pool indices `kinds`), of its knights and
    of its items, when copies of a card are numbered anew."""
    names = labels_of(pool, kinds)
    named = dict(zip(play, names, strict=True))
    return tuple(names), tuple([named[u] for u in knights]), tuple([named[u] for u in items])


def moved(state: Rt, pool: "Pool", seat: int, uid: int, before: int) -> None:
    """Item `uid` of the seat, paired with knight `before` (or -1), is now paired with the knight
    `state.paired[uid]`: update the kept `Lineup`'s holdings, powers and guards."""
    kept = state.lineups
    if kept is None or kept[seat] is None:
        return
    old = kept[seat]
    kind, after = state.card_of[uid], state.paired[uid]
    key, card = pool.holding[kind], pool.cards[kind]
    knights, holdings, powers, guards = old.knights, old.holdings, old.powers, old.guards
    if before in knights:
        holdings, powers, guards = _paired(holdings, powers, guards, knights.index(before), key, card, -1)
    if after in knights:
        holdings, powers, guards = _paired(holdings, powers, guards, knights.index(after), key, card, 1)
    kept[seat] = msgspec.structs.replace(old, holdings=holdings, powers=powers, guards=guards)


def _paired(
    holdings: tuple[frozenset[int | str], ...],
    powers: tuple[int, ...],
    guards: tuple[int, ...],
    i: int,
    key: int | str,
    card: "Card",
    sign: int,
) -> tuple[tuple[frozenset[int | str], ...], tuple[int, ...], tuple[int, ...]]:
    """Knight `i`'s holdings, powers and guards once item `card` (holding `key`) is paired with
    it (`sign` 1) or unpaired from it (-1)."""
    held, power, guard = list(holdings), list(powers), list(guards)
    held[i] = held[i] | {key} if sign > 0 else held[i] - {key}
    power[i] += sign * card.influence
    guard[i] += sign * card.resistance
    return tuple(held), tuple(power), tuple(guard)

"""Fast heuristics for Lotta Rome: the playout policy of search bots and the `heuristic` agent.
They read only what the deciding seat may see (domains, explored lands, revealed lots, the
market, its own contracts), never a hidden value.

The rules of thumb: a building wants lands of its type around it and a land wants to join its
own area and the buildings of its type (scoring); offer two lots of about equal worth (the
neighbour takes the better one, 2 DIVISION); take the lot worth most; place an elephant where
it brings the most contracts; bid with the contract whose points and coins together are best.
"""

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import compress, count, repeat
from operator import attrgetter, ge, itemgetter
from typing import NamedTuple

from meeple.engine import Action, Rng
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import FORT, NO_BUILDING
from meeple.games.lotta_rome.contracts import contract_points
from meeple.games.lotta_rome.division import lots
from meeple.games.lotta_rome.flow import Rules
from meeple.games.lotta_rome.pieces import (
    CELLS,
    PIECES,
    cell_building,
    cell_land,
    first_land,
    is_double,
    piece_building,
    second_land,
)
from meeple.games.lotta_rome.scoring import Domain
from meeple.games.lotta_rome.state import Lotta

BUILDING_WORTH = 2.5  # a building is worth about this many plain lands
GEM_WORTH = 2.0


def piece_worth(code: int) -> float:
    return (2.0 if is_double(code) else 1.0) + (BUILDING_WORTH if piece_building(code) != NO_BUILDING else 0.0)


_WORTHS = tuple(map(piece_worth, range(PIECES)))  # `piece_worth` of every piece code, looked up
_WORTH = _WORTHS.__getitem__


def lot_worth(pieces: Sequence[int], gems: int) -> float:
    return sum(map(_WORTH, pieces)) + GEM_WORTH * gems


def _divide(state: Lotta, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Offer two lots of about equal worth: the neighbour will take the better one."""
    worths = tuple(map(_WORTH, state.explored[seat]))
    masks = tuple(map(_MASK, map(_PAYLOAD, legal)))
    return legal[_pick_contender(_division_contenders(worths, masks), rng)]


_PAYLOAD = attrgetter("payload")
_MASK = itemgetter("mask")
_POSITION = itemgetter("position")


@lru_cache(maxsize=4096)
def _division_contenders(worths: tuple[float, ...], masks: tuple[int, ...]) -> "_Contenders":
    """`_contenders` of the imbalances of the divisions `masks` of pieces of these worths,
    memoised on them (a search's divisions have few patterns of worths and of offers)."""
    return _contenders(tuple(map(_imbalances(worths).__getitem__, masks)))


def _noisy_least(values: Sequence[float], rng: Rng) -> int:
    """The index of the least value plus a random tie-break (uniform in [0, 0.5)), the first on
    a tie. Only a value less than half above the least can win, so only those draw; when they
    are all equal (the usual case), that is a uniform pick among them, one draw."""
    return _pick_contender(_contenders(tuple(values)), rng)


class _Contenders(NamedTuple):
    """The values that may be least once a random half is added: their indices, whether they
    all equal the least, and every value."""

    indices: tuple[int, ...]
    tied: bool
    values: tuple[float, ...]


def _pick_contender(contenders: _Contenders, rng: Rng) -> int:
    """`_noisy_least`'s draw among the contenders."""
    candidates = contenders.indices
    if len(candidates) == 1:
        return candidates[0]
    if contenders.tied:
        return candidates[rng.below(len(candidates))]
    values = contenders.values
    best, lowest = candidates[0], math.inf
    for index in candidates:
        score = values[index] + rng.random() * 0.5
        if score < lowest:
            best, lowest = index, score
    return best


@lru_cache(maxsize=4096)
def _contenders(values: tuple[float, ...]) -> _Contenders:
    """The indices of the values less than half above the least, and whether they all equal it
    (memoised on the values: a division's offers have few patterns of worths)."""
    least = min(values)
    cutoff = least + 0.5
    candidates = tuple(index for index, value in enumerate(values) if value < cutoff)
    return _Contenders(candidates, all(values[index] == least for index in candidates), values)


@lru_cache(maxsize=256)
def _imbalances(worths: tuple[float, ...]) -> tuple[float, ...]:
    """By the smaller lot's bit mask: how much the two lots' worths differ (the smaller lot with
    its gem), for pieces of these worths (each a few halves: every sum is exact)."""
    table = []
    for mask in range(1 << len(worths)):
        smaller = [w for i, w in enumerate(worths) if mask >> i & 1]
        larger = [w for i, w in enumerate(worths) if not mask >> i & 1]
        table.append(abs(sum(smaller) + GEM_WORTH - sum(larger)))
    return tuple(table)


def _choose(state: Lotta, legal: list[Action]) -> Action:
    maker = legal[0].payload["maker"]
    smaller, larger = lots(state, maker)
    small = lot_worth(smaller, state.lot_gem[maker])
    return legal[0] if small >= lot_worth(larger, 0) else legal[1]


_NO_FIT = (0.0,) * 6  # what a neighbour outside the domain adds


def _fits(
    spots: Sequence[int], cells: Sequence[int], land: int, building: int, positions: Sequence[int]
) -> list[float]:
    """How well a land (with a building) fits at each of `positions`: lands of its type and
    buildings of its type nearby; for a building, lands of its type; touching many lands keeps
    the domain compact. Each domain hex (at `spots`, holding `cells`) adds its share to each of
    its six neighbours: a position's fit is the sum over its neighbours in the domain."""
    worth_at = dict(zip(spots, map(_worth_table(land, building).__getitem__, cells), strict=True)).get
    around = map(geometry.NEIGHBOURS.__getitem__, positions)
    return list(map(sum, map(map, repeat(worth_at), around, repeat(_NO_FIT))))


@lru_cache(maxsize=64)
def _worth_table(land: int, building: int) -> tuple[float, ...]:
    """What a neighbouring cell of each value adds to the fit of `land` with `building`."""
    table = []
    for value in range(CELLS):
        other_land, other_building = cell_land(value), cell_building(value)
        worth = 0.2
        if other_land == land:
            worth += 1.0
        if other_building in (land, FORT):
            worth += 1.5
        if building != NO_BUILDING and (other_land == building or building == FORT):
            worth += 1.5
        table.append(worth)
    return tuple(table)


def _place(state: Lotta, seat: int, legal: list[Action], rng: Rng) -> Action:
    code = state.holding[seat]
    if code < 0:
        code = state.pending[seat][0]
    positions = tuple(map(_POSITION, map(_PAYLOAD, legal)))
    ties = _best_fits(tuple(state.spots[seat]), tuple(state.cells[seat]), code, state.half[seat] >= 0, positions)
    return legal[ties[rng.below(len(ties))] if len(ties) > 1 else ties[0]]


@lru_cache(maxsize=8192)
def _best_fits(
    spots: tuple[int, ...], cells: tuple[int, ...], code: int, second_half: bool, positions: tuple[int, ...]
) -> tuple[int, ...]:
    """The indices of `positions` where the piece `code` (its second half if `second_half`) fits
    best (`_fits`, within 0.01 of the best), memoised on the domain, the piece and the positions:
    a search places the same pieces in the same domains again and again (86% of its placements
    at 2 players, 96% at 4)."""
    if is_double(code) and second_half:
        land, building = second_land(code), NO_BUILDING
    else:
        land, building = first_land(code), piece_building(code)
    scores = _fits(spots, cells, land, building, positions)
    return tuple(compress(count(), map(ge, scores, repeat(max(scores) - 0.01))))


def _pick(legal: list[Action]) -> Action:
    """Plain lands first, buildings last: a building placed late can sit next to the most lands."""
    return min(legal, key=lambda a: (piece_building(a.payload["code"]) != NO_BUILDING, a.id))


def _lot(state: Lotta, legal: list[Action]) -> Action:
    def worth(action: Action) -> float:
        slot = action.payload["slot"]
        extra = 1.0 if state.market_land[slot] >= 0 else 0.0
        return piece_worth(state.market[slot]) + extra + GEM_WORTH * state.market_gem[slot]

    return max(legal, key=worth)


def _contract(state: Lotta, seat: int, legal: list[Action], rules: Rules) -> Action:
    """Keep the starting contract that pays most on the domain as it is. In the auction the
    chosen card is both the bid and the contract kept: weigh what it pays now with its coins."""
    domain = Domain(state.domain(seat))
    typed = domain.best_typing(rules.adjacent_groups, rules.content)[0]
    cards = rules.content.contracts

    def kept(action: Action) -> float:
        return contract_points(domain, typed, cards[action.payload["number"]], rules.content)

    if legal[0].payload["kind"] == "keep":
        return max(legal, key=kept)
    return max(legal, key=lambda a: 0.5 * kept(a) + cards[a.payload["number"]].coins)


def playout_action(state: Lotta, seat: int, legal: list[Action], rng: Rng, rules: Rules) -> Action:
    """A sensible move at once, for search playouts and the heuristic agent."""
    kind = legal[0].payload["kind"]
    if kind == "place":
        return _place(state, seat, legal, rng)
    if kind == "divide":
        return _divide(state, seat, legal, rng)
    if kind == "choose":
        return _choose(state, legal)
    if kind == "piece":
        return _pick(legal)
    if kind == "elephant":
        return legal[_noisy_least([-action.payload["cards"] for action in legal], rng)]
    if kind == "lot":
        return _lot(state, legal)
    return _contract(state, seat, legal, rules)

"""How a game of The Round House in progress will probably end, for searches that cut their
playouts short (`Game.evaluate`).

A seat's final honor (final scoring, p.13: the track, fulfilled orders and amulets) is estimated
from its honor so far and from what turns into honor later: coins and goods (orders, the Bank,
the markets), the orders in hand and the honor they promise, assistants in the towns (worship in
the ancestral hall), its experts and senior assistants. The game's clock is the round marker
(the ancestral hall's worships, up to the end space). The weights were fitted on heuristic games
(benchmarks/fit_evaluation.py).
"""

from meeple.engine import Estimate, LinearModel
from meeple.games.round_house.content import Content
from meeple.games.round_house.scoring import order_honor, total
from meeple.games.round_house.state import Rh

MODEL = LinearModel(
    names=(
        "honor",
        "coins",
        "goods",
        "gold",
        "town_most",
        "towns",
        "supply",
        "hand_honor",
        "hand",
        "experts",
        "seniors",
    ),
    weights=(
        30.71,
        0.9576,
        -0.01623,
        0.5825,
        -0.4902,
        0.6151,
        -0.3258,
        0.005319,
        -0.4067,
        1.891,
        -0.407,
        -0.9087,
        -2.221,
        0.4416,
        -2.838,
        1.053,
        -0.9928,
        -1.736,
        1.184,
        4.776,
        -4.958,
        4.525,
        -7.224,
    ),
    spread=(11.7, 4.91),
)


def progress(state: Rh) -> float:
    """How far the round marker has come towards the end space (1 once the last turns are played)."""
    if state.turns_left >= 0:
        return 1.0
    return min(1.0, state.marker / max(1, state.end_at))


def features(state: Rh, seat: int, content: Content) -> list[float]:
    """What MODEL weighs for one seat (whole numbers, which the model weighs as floats)."""
    goods = state.goods[seat]
    towns = state.towns[seat]
    hand = state.hand[seat]
    return [
        total(state, seat, content),
        state.coins[seat],
        sum(goods),
        goods[3],
        max(towns),
        sum(towns),
        state.personal[seat] + state.reserve[seat],
        sum(map(order_honor(content).__getitem__, hand)),
        len(hand),
        len(state.experts[seat]),
        state.seniors[seat].bit_count(),
    ]


def observe(state: Rh, content: Content) -> tuple[float, list[list[float]]]:
    """The progress and every seat's features."""
    return progress(state), [features(state, seat, content) for seat in range(state.players)]


def evaluate(state: Rh, content: Content) -> Estimate:
    """Every seat's expected final honor."""
    done, rows = observe(state, content)
    return MODEL.estimate(rows, done)

"""How a game of Round Table in progress will probably end, for searches that cut their playouts
short (`Game.evaluate`).

A seat's final Renown (Winning the Game: the Renown of its captured Regions) is estimated from
its Renown so far and from what captures more: its Resource Points (the sum of its demesnes, 2.
Knights), its knights in play with their Influence and Resistance (equipment and abilities
counted, army.py), its hand and what is left of its main deck. The game's clock is the share of
the Regions already captured. The weights were fitted on heuristic games
(benchmarks/fit_evaluation.py).
"""

from meeple.engine import Estimate, LinearModel
from meeple.games.round_table.army import strengths
from meeple.games.round_table.content import Pool
from meeple.games.round_table.flow import renown
from meeple.games.round_table.rp import capacity
from meeple.games.round_table.state import Rt

MODEL = LinearModel(
    names=("renown", "rp", "knights", "influence", "resistance", "hand", "main"),
    weights=(
        2.621,
        1.266,
        -0.272,
        -0.05199,
        0.1083,
        0.2918,
        -0.05582,
        0.3524,
        -0.4143,
        -0.09373,
        0.1846,
        0.02928,
        -0.1339,
        0.05318,
        -0.1849,
    ),
    spread=(4.1, 1.51),
)


def progress(state: Rt) -> float:
    """The share of the game's Regions already captured."""
    captured = sum(len(regions) for regions in state.captured)
    return captured / max(1, captured + len(state.regions) + len(state.regions_deck))


def features(state: Rt, seat: int, pool: Pool) -> list[float]:
    """What MODEL weighs for one seat."""
    knights = strengths(state, pool, seat)
    influence = resistance = 0
    for i, r in knights.values():
        influence += i
        resistance += r
    return [
        float(renown(state, pool, seat)),
        float(capacity(state, pool, seat)),
        float(len(knights)),
        float(influence),
        float(resistance),
        float(len(state.hand[seat])),
        float(len(state.main[seat])),
    ]


def observe(state: Rt, pool: Pool) -> tuple[float, list[list[float]]]:
    """The progress and every seat's features."""
    return progress(state), [features(state, seat, pool) for seat in range(state.players)]


def evaluate(state: Rt, pool: Pool) -> Estimate:
    """Every seat's expected final Renown."""
    done, rows = observe(state, pool)
    return MODEL.estimate(rows, done)

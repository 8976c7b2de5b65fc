"""How a game of Lotta Rome in progress will probably end, for searches that cut their playouts
short (`Game.evaluate`).

A seat's final victory points are estimated from what its domain would score if the game ended
now (scoring.py: buildings, gems, contracts, with the forts typed at best), its lands (the
tie-break, and room for the pieces to come), its gems, the pieces still to place, and the
contracts it holds. The game's clock is the round. The weights were fitted on heuristic games
(benchmarks/fit_evaluation.py).
"""

from meeple.engine import Estimate, LinearModel
from meeple.games.lotta_rome.flow import Rules, held_contracts
from meeple.games.lotta_rome.scoring import seat_score
from meeple.games.lotta_rome.state import ADD, BID, CHOOSE, ELEPHANT, OVER, PICK, Lotta

# How far into its round each phase comes (1 EXPLORATION ... 6 AUCTION and PURCHASE).
PHASE_SHARE = {CHOOSE: 0.2, ADD: 0.4, ELEPHANT: 0.6, BID: 0.7, PICK: 0.8, OVER: 1.0}

MODEL = LinearModel(
    names=("points", "buildings", "contract_points", "lands", "gems", "pending", "contracts"),
    weights=(
        106.7,
        1.241,
        -0.4136,
        -0.1375,
        0.1832,
        -0.7296,
        0.9748,
        -0.6439,
        -0.891,
        -3.596,
        1.232,
        -0.09749,
        1.648,
        1.713,
        -10.51,
    ),
    spread=(9.71, 6.46),
)


def progress(state: Lotta, rules: Rules) -> float:
    """The share of the game already played: rounds, and phases within the round."""
    return min(1.0, (state.round - 1 + PHASE_SHARE.get(state.phase, 0.0)) / rules.content.constants.rounds)


def features(state: Lotta, seat: int, rules: Rules) -> list[float]:
    """What MODEL weighs for one seat."""
    held = held_contracts(state, seat)
    buildings, _gems, contract_points, total, lands = seat_score(
        state.spots[seat], state.cells[seat], state.gems[seat], held, rules.content, rules.adjacent_groups
    )
    pending = len(state.pending[seat]) + (1 if state.holding[seat] >= 0 else 0)
    return [
        float(total),
        float(buildings),
        float(contract_points),
        float(lands),
        float(state.gems[seat]),
        float(pending),
        float(len(held)),
    ]


def observe(state: Lotta, rules: Rules) -> tuple[float, list[list[float]]]:
    """The progress and every seat's features."""
    return progress(state, rules), [features(state, seat, rules) for seat in range(state.players)]


def evaluate(state: Lotta, rules: Rules) -> Estimate:
    """Every seat's expected final victory points."""
    done, rows = observe(state, rules)
    return MODEL.estimate(rows, done)

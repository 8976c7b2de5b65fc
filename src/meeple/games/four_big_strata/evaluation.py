"""How a game of Four Big Strata in progress will probably end, for searches that cut their
playouts short (`Game.evaluate`).

A participant's final lowest class (9 Game end: the lowest class is the score) is estimated from
its class scores now, with the free points placed as well as they can be (scoring.py), and from
what keeps the classes rising: the grain and money in hand and their flow per round after
feeding (8.3.1), and the cards held. The weights were fitted on heuristic games
(benchmarks/fit_evaluation.py). Solo (10): the player's lead over the Magistrate is the margin.
"""

from functools import lru_cache

from meeple.engine import Estimate, LinearModel
from meeple.games.four_big_strata.bots import tableau_flows
from meeple.games.four_big_strata.content import Content
from meeple.games.four_big_strata.scoring import tableau_final_scores
from meeple.games.four_big_strata.state import Fbs

MODEL = LinearModel(
    names=("lowest", "second", "total", "grain", "money", "grain_flow", "money_flow", "cards"),
    weights=(
        3.962,
        0.0942,
        0.2855,
        0.1003,
        0.1485,
        0.0256,
        0.05681,
        0.1172,
        -0.08787,
        0.1979,
        -0.2001,
        0.5845,
        -0.5843,
        0.2326,
        -0.2593,
        0.0565,
        -0.3421,
    ),
    spread=(2.32, 0.708),
)


def progress(state: Fbs, content: Content) -> float:
    """The share of the game's rounds already played."""
    return min(1.0, (state.round - 1) / content.constants.rounds)


def features(state: Fbs, seat: int, content: Content) -> list[float]:
    """What MODEL weighs for one participant (a seat or the Magistrate)."""
    cards = state.cards[seat]
    lowest, second, total, grain_flow, money_flow = _tableau_features(
        tuple(cards), tuple(state.columns[seat]), tuple(state.face_up[seat]), content
    )
    return [
        lowest,
        second,
        total,
        float(state.grain[seat]),
        float(state.money[seat]),
        grain_flow,
        money_flow,
        float(len(cards)),
    ]


@lru_cache(maxsize=1 << 14)
def _tableau_features(
    cards: tuple[int, ...], columns: tuple[int, ...], face_up: tuple[bool, ...], content: Content
) -> tuple[float, float, float, float, float]:
    """The features that depend on the tableau alone (its lowest, second and total class score
    with the free points placed at best, its net grain and money flows), once per tableau."""
    classes = sorted(tableau_final_scores(cards, columns, face_up, content))
    grain_flow, money_flow = tableau_flows(cards, face_up, content)
    return float(classes[0]), float(classes[1]), float(sum(classes)), float(grain_flow), float(money_flow)


def observe(state: Fbs, content: Content) -> tuple[float, list[list[float]]]:
    """The progress and every participant's features (the Magistrate's last, in solo)."""
    return progress(state, content), [features(state, p, content) for p in range(state.participants)]


def evaluate(state: Fbs, content: Content) -> Estimate:
    """Every seat's expected final lowest class; solo, the expected margin over the Magistrate."""
    done, rows = observe(state, content)
    estimate = MODEL.estimate(rows, done)
    if state.solo:
        return Estimate([estimate.scores[0] - estimate.scores[1]], estimate.spread, team=True)
    return estimate

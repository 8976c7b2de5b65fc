"""How a game of Guédelon in progress will probably end, for searches that cut their playouts
short (`Game.evaluate`).

The team's final margin (8 Game end: the rounds to spare, negative for the extra rounds needed)
is estimated from the castle so far (floors completed and spaces filled on the current floors,
7.10), the materials already out of the quarries on their way or waiting (locations,
wheelbarrows, the cart), the workers' experience and tools (3.1, 3.2), mortar at the buildings'
feet and ropes on the crane (7.6, 7.7), the visitors standing or out of the bag (6.2), and the
number of workers. The game's clock is the round. The weights were fitted on games of the greedy
team planner (benchmarks/fit_evaluation.py).
"""

from meeple.engine import Estimate, LinearModel
from meeple.games.guedelon.content import Content
from meeple.games.guedelon.state import Guedelon

MODEL = LinearModel(
    names=(
        "floors",
        "filled",
        "carried",
        "waiting",
        "experience",
        "tools",
        "mortar",
        "crane",
        "standing",
        "visitors",
        "workers",
    ),
    weights=(
        -5.702,
        0.1915,
        -0.02705,
        0.00562,
        -0.04746,
        0.09049,
        -0.02089,
        0.04585,
        -0.006114,
        -0.0335,
        -0.1372,
        0.05745,
        -0.0674,
        1.057,
        -1.128,
        -0.2839,
        0.5315,
        0.2914,
        -0.3659,
        -0.5108,
        0.364,
        1.5,
        -0.8872,
    ),
    spread=(0.831, 0.66),
)


def progress(state: Guedelon, content: Content) -> float:
    """The share of the game's rounds already played."""
    return min(1.0, state.round / content.rounds)


def features(state: Guedelon) -> list[float]:
    """What MODEL weighs for the team."""
    locations = state.locations
    tokens = state.tokens
    return [
        float(sum(state.floor)),
        float(sum(1 for spaces in state.filled for kind in spaces if kind >= 0)),
        float(sum(sum(container) for container in tokens[locations:])),
        float(sum(sum(container) for container in tokens[:locations])),
        float(sum(state.exp)),
        float(sum(state.tools)),
        float(sum(state.mortar)),
        float(state.crane),
        float(sum(1 for up, loc in zip(state.visitor_up, state.visitor_loc, strict=True) if up and loc >= 0)),
        float(sum(1 for loc in state.visitor_loc if loc >= 0)),
        float(len(state.actor_board)),
    ]


def observe(state: Guedelon, content: Content) -> tuple[float, list[list[float]]]:
    """The progress and the team's features (one row)."""
    return progress(state, content), [features(state)]


def evaluate(state: Guedelon, content: Content) -> Estimate:
    """The team's expected margin, the same for every seat."""
    done, rows = observe(state, content)
    estimate = MODEL.estimate(rows, done, team=True)
    return Estimate(estimate.scores * state.players, estimate.spread, team=True)

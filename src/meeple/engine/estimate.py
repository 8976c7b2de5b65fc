"""Estimates of how a game in progress will end, for searches that cut their playouts short.

A game may offer `Game.evaluate`: from a full state, each seat's expected final score and how
sure that is. Most games build it from a `LinearModel`: a few numbers the game reads off the
state for each seat (its score so far, its money, its cards...), weighed by coefficients fitted
on recorded games (benchmarks/fit_evaluation.py), with weights that shift as the game goes on.
"""

from collections.abc import Sequence
from operator import mul

import msgspec


class Estimate(msgspec.Struct, frozen=True):
    """How a game in progress will probably end.

    `scores`: each seat's expected final score, in the points the game ranks by (cooperative
    games: the team's expected margin, the same for every seat, positive when it wins).
    `spread`: the score lead that makes the leader about three times as likely to win as not
    (the scale of a logistic), so a search can turn leads into chances of winning.
    `team`: the scores are a team's margin (a cooperative game, or a solo game against the game).
    """

    scores: list[float]
    spread: float
    team: bool = False


class LinearModel(msgspec.Struct, frozen=True):
    """A final score estimated as a linear function of features, each weighed by `a + b * progress`.

    `names`: the features, in the order a game's feature function gives them. `weights`: the
    intercept, then `a` and `b` for each feature (progress runs from 0 at setup to 1 at the end).
    `spread`: `(at_start, at_end)`, the Estimate's spread at progress 0 and 1, linear between.
    """

    names: tuple[str, ...]
    weights: tuple[float, ...]
    spread: tuple[float, float]

    def coefficients(self, progress: float) -> list[float]:
        """Each feature's weight `a + b * progress` at this progress."""
        weights = self.weights
        return [weights[index] + weights[index + 1] * progress for index in range(1, len(weights), 2)]

    def estimate(self, rows: Sequence[Sequence[float]], progress: float, team: bool = False) -> Estimate:
        """The Estimate for every seat's features (one row a seat; a team game passes one row);
        the spread and weights at a progress are worked out once and remembered (`_AT_PROGRESS`)."""
        key = (id(self), progress)
        known = _AT_PROGRESS.get(key)
        if known is None:
            if len(_AT_PROGRESS) >= _REMEMBERED:
                _AT_PROGRESS.clear()
            start, end = self.spread
            spread = max(1e-6, start + (end - start) * progress)
            known = _AT_PROGRESS[key] = (self, spread, self.weights[0], tuple(self.coefficients(progress)))
        _, spread, intercept, coefficients = known
        width = len(coefficients)
        scores = []
        for row in rows:
            if len(row) != width:
                raise ValueError(f"a row of {len(row)} features for a model of {width}: {self.names}")
            total = intercept
            for term in map(mul, row, coefficients):
                total += term
            scores.append(total)
        return Estimate(scores, spread, team)


# The spread, intercept and coefficients of a model at a progress, by (the model's id, progress):
# a search estimates many positions at the few progress values a game passes through. Each entry
# holds its model, so no other model can take that id while the entry lasts (and hashing the id
# is cheaper than hashing the weights).
_AT_PROGRESS: dict[tuple[int, float], tuple["LinearModel", float, float, tuple[float, ...]]] = {}
_REMEMBERED = 4096


def design_row(features: Sequence[float], progress: float) -> list[float]:
    """The regressors `LinearModel.score` weighs: 1, then each feature and feature * progress."""
    row = [1.0]
    for value in features:
        row += [value, value * progress]
    return row

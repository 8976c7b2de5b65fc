"""Placeholder heuristics, replaced below."""

from meeple.engine import Action, Rng
from meeple.games.round_table.content import Pool
from meeple.games.round_table.state import Rt


def playout_action(state: Rt, seat: int, legal: list[Action], rng: Rng, pool: Pool) -> Action:
    return legal[rng.below(len(legal))]

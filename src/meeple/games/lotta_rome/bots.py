"""Placeholder while the heuristics are written."""

from meeple.engine import Action, Rng


def playout_action(state, seat, legal: list[Action], rng: Rng, rules) -> Action:
    return legal[rng.below(len(legal))]

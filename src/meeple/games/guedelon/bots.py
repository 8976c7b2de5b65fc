"""Fast heuristics for Guédelon."""

from meeple.engine import Action, Rng
from meeple.games.guedelon.content import Content
from meeple.games.guedelon.state import Guedelon


def playout_action(state: Guedelon, seat: int, legal: list[Action], rng: Rng, content: Content) -> Action:
    return legal[rng.below(len(legal))]

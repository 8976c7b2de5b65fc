"""Fast heuristics for The Round House: the playout policy of search bots and the `heuristic` agent."""

from meeple.engine import Action, Rng
from meeple.games.round_house.content import Content
from meeple.games.round_house.state import Rh


def playout_action(state: Rh, seat: int, legal: list[Action], rng: Rng, c: Content) -> Action:
    return legal[rng.below(len(legal))]

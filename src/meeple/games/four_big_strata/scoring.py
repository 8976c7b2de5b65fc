"""Game end (rulebook 9): Empresses to classes, class scores, lowest class wins.

A class scores the points of its cards (a face-down card scores its back's upper
area, 5 Note), plus the face-up cards' end-of-game bonuses (5 C). Each Empress's
points, and each "2 points to any one class" bonus, go to a class of the owner's
choice; we make that choice for the player in the way that maximises their
sorted class scores, which is what the ranking compares (a ruling: no other
choice can rank better).
"""

from meeple.games.four_big_strata.content import CLASSES, EMPRESS, Content
from meeple.games.four_big_strata.state import Fbs


def base_scores(state: Fbs, seat: int, content: Content) -> list[int]:
    """Class scores before the free choices: card points, backs, fixed end bonuses."""
    scores = [0] * len(CLASSES)
    each = 0
    for card_type, column, up in zip(state.cards[seat], state.columns[seat], state.face_up[seat], strict=True):
        card = content.cards[card_type]
        if not up:
            scores[column] += content.backs[column]
            continue
        if column != EMPRESS:
            scores[column] += card.points
        each += card.end_each
        if card.end_class:
            scores[CLASSES.index(card.end_class)] += card.end_class_points
    return [score + each for score in scores]


def free_points(state: Fbs, seat: int, content: Content) -> list[int]:
    """The amounts the owner places in a class of their choice: face-up Empresses' points (9)
    and "2 points to any one class" bonuses (5 C)."""
    free = []
    for card_type, column, up in zip(state.cards[seat], state.columns[seat], state.face_up[seat], strict=True):
        if up:
            card = content.cards[card_type]
            if column == EMPRESS and card.points:
                free.append(card.points)
            if card.end_any:
                free.append(card.end_any)
    return free


def best_assignment(scores: list[int], free: list[int]) -> tuple[list[int], list[int]]:
    """The class for each free amount that maximises the sorted scores (lowest first, then the
    next lowest...), and the resulting scores. Search over reachable score multisets."""
    frontier: dict[tuple[int, ...], tuple[list[int], list[int]]] = {tuple(sorted(scores)): (scores, [])}
    for amount in sorted(free, reverse=True):
        following: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
        for current, chosen in frontier.values():
            for column in range(len(CLASSES)):
                raised = current[:]
                raised[column] += amount
                following.setdefault(tuple(sorted(raised)), (raised, [*chosen, column]))
        frontier = following
    best = max(frontier)
    final, chosen = frontier[best]
    order = sorted(range(len(free)), key=lambda i: -free[i])
    columns = [0] * len(free)
    for rank, index in enumerate(order):
        columns[index] = chosen[rank]
    return final, columns


def final_scores(state: Fbs, seat: int, content: Content, bonus: int = 0) -> list[int]:
    """A participant's class scores at the end, with the best placement of free points."""
    scores, _ = best_assignment(base_scores(state, seat, content), free_points(state, seat, content))
    return [score + bonus for score in scores]


def ranking_key(scores: list[int]) -> list[int]:
    """9 Game end: compare the lowest class, then the second lowest, and so on."""
    return sorted(scores)

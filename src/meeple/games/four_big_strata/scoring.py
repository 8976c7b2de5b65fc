"""Game end (rulebook 9): Empresses to classes, class scores, lowest class wins.

A class scores the points of its cards (a face-down card scores its back's upper
area, 5 Note), plus the face-up cards' end-of-game bonuses (5 C). Each Empress's
points, and each "2 points to any one class" bonus, go to a class of the owner's
choice; we make that choice for the player in the way that maximises their
sorted class scores, which is what the ranking compares (a ruling: no other
choice can rank better).
"""

from functools import cache, lru_cache
from typing import Any

from meeple.games.four_big_strata.content import CLASSES, COLUMN_INDEX, EMPRESS, Content
from meeple.games.four_big_strata.state import Fbs


def base_scores(state: Fbs, seat: int, content: Content) -> list[int]:
    """Class scores before the free choices: card points, backs, fixed end bonuses."""
    return list(_tally(tuple(state.cards[seat]), tuple(state.columns[seat]), tuple(state.face_up[seat]), content)[0])


def tableau_scores(
    cards: tuple[int, ...], columns: tuple[int, ...], face_up: tuple[bool, ...], content: Content
) -> tuple[int, ...]:
    """`base_scores` of a tableau given as tuples (remembered per tableau, read only)."""
    return _tally(cards, columns, face_up, content)[0]


@lru_cache(maxsize=1 << 14)
def _tally(
    cards: tuple[int, ...], columns: tuple[int, ...], face_up: tuple[bool, ...], content: Content
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`base_scores` of a tableau, and the amounts its owner places in a class of their choice:
    face-up Empresses' points (9) and "2 points to any one class" bonuses (5 C). Worked out once
    per tableau (searches score the same tableaux again and again)."""
    scores = [0] * len(CLASSES)
    each = 0
    free = []
    backs = content.backs
    points = _face_points(content)
    for card_type, column, up in zip(cards, columns, face_up, strict=True):
        if not up:
            scores[column] += backs[column]
            continue
        own, end_each, end_class, end_class_points, end_any = points[card_type]
        if column != EMPRESS:
            scores[column] += own
        elif own:
            free.append(own)
        if end_any:
            free.append(end_any)
        each += end_each
        if end_class >= 0:
            scores[end_class] += end_class_points
    return tuple(score + each for score in scores), tuple(free)


@cache
def _face_points(content: Content) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per card type, what it scores face up (5 C): its points, the bonus to every class, the
    class given points by name (-1: none) with those points, and the points to any one class.
    Content-keyed, read only."""
    return tuple(
        (
            card.points,
            card.end_each,
            COLUMN_INDEX[card.end_class] if card.end_class else -1,
            card.end_class_points,
            card.end_any,
        )
        for card in content.cards
    )


def best_assignment(scores: list[int], free: list[int]) -> tuple[list[int], list[int]]:
    """The class for each free amount that maximises the sorted scores (lowest first, then the
    next lowest...), and the resulting scores.

    The amounts are placed largest first; among placements reaching the same best sorted
    scores, the first in column order wins (the first amount's lowest class, then the next
    amount's...). A depth-first search in that order, visiting each sorted score multiset once
    per depth, finds it; a branch is cut when even pouring its remaining amounts into its lowest
    classes as water (`_lowest_bound`) could not lift its lowest class to the best found (at
    first, to what placing each amount on the lowest class reaches)."""
    amounts = sorted(free, reverse=True)
    left = [sum(amounts[depth:]) for depth in range(len(amounts) + 1)]
    seen: set[tuple[int, tuple[int, ...]]] = set()
    best: list[Any] = [None, scores, []]  # sorted key, scores, columns by amount
    greedy = scores[:]
    for amount in amounts:  # each amount to the lowest class: the best can only be as good
        greedy[greedy.index(min(greedy))] += amount
    floor = min(greedy)

    def visit(current: list[int], key: tuple[int, ...], chosen: list[int]) -> None:
        depth = len(chosen)
        if depth == len(amounts):
            if best[0] is None or key > best[0]:
                best[:] = [key, current, chosen]
            return
        amount = amounts[depth]
        for column, score in enumerate(current):
            raised = current[:]
            raised[column] = score + amount
            ordered = tuple(sorted(raised))
            mark = (depth, ordered)
            if mark in seen:
                continue
            seen.add(mark)
            if _lowest_bound(ordered, left[depth + 1]) < (floor if best[0] is None else best[0][0]):
                continue
            visit(raised, ordered, [*chosen, column])

    visit(scores, tuple(sorted(scores)), [])
    final, chosen = best[1], best[2]
    order = sorted(range(len(free)), key=lambda i: -free[i])
    columns = [0] * len(free)
    for rank, index in enumerate(order):
        columns[index] = chosen[rank]
    return final, columns


def _lowest_bound(ordered: tuple[int, ...], remaining: int) -> float:
    """At least the lowest class score any placement of `remaining` points could reach: the
    level the lowest classes (`ordered`: the scores sorted) would rise to if the points could
    be split freely."""
    filled = 0
    for count, score in enumerate(ordered[:-1], start=1):
        filled += score
        if (filled + remaining) / count <= ordered[count]:
            return (filled + remaining) / count
    return (sum(ordered) + remaining) / len(ordered)


def final_scores(state: Fbs, seat: int, content: Content, bonus: int = 0) -> list[int]:
    """A participant's class scores at the end, with the best placement of free points."""
    best = tableau_final_scores(
        tuple(state.cards[seat]), tuple(state.columns[seat]), tuple(state.face_up[seat]), content
    )
    return [score + bonus for score in best]


def tableau_final_scores(
    cards: tuple[int, ...], columns: tuple[int, ...], face_up: tuple[bool, ...], content: Content
) -> tuple[int, ...]:
    """`final_scores` (no bonus) of a tableau given as tuples (remembered per tableau, read only)."""
    return _best_scores(*_tally(cards, columns, face_up, content))


@lru_cache(maxsize=1 << 14)
def _best_scores(scores: tuple[int, ...], free: tuple[int, ...]) -> tuple[int, ...]:
    """`best_assignment`'s scores, kept by value: searches evaluate the same few displays often."""
    return tuple(best_assignment(list(scores), list(free))[0])


def ranking_key(scores: list[int]) -> list[int]:
    """9 Game end: compare the lowest class, then the second lowest, and so on."""
    return sorted(scores)

"""Rulebook 9 Game end: Empresses to classes, class scores, the lowest class, tie-breaks;
and the 5 Note: a face-down card counts only its upper area."""

import itertools

import pytest

from meeple.engine import Rng
from meeple.games.four_big_strata.scoring import best_assignment

from .builders import CONTENT, card, end_game, give, started

CLASSES = ("scholar", "peasant", "artisan", "merchant")


def give_backs(state, seat: int, column: str, n: int) -> None:
    """`n` class cards from the draw pile, face down under `column`: 1 point each."""
    for _ in range(n):
        card_type = next(t for t in state.draw if CONTENT.cards[t].cls != "empress")
        give(state, seat, CONTENT.cards[card_type].id, up=False, column=column)


def scores_of(cards: list[tuple[str, bool, str | None]], players: int = 2) -> list[int]:
    """Seat 0's final class scores (scholar, peasant, artisan, merchant) with these cards."""
    g, state = started(players, seed=1)
    for card_id, up, column in cards:
        give(state, 0, card_id, up=up, column=column)
    end_game(g, state)
    return state.final[0]


def finished(class_points: list[list[int]]):
    """A finished game whose seats hold face-down cards worth these class scores."""
    g, state = started(len(class_points), seed=2)
    for seat, points in enumerate(class_points):
        for column, n in zip(CLASSES, points, strict=True):
            give_backs(state, seat, column, n)
    end_game(g, state)
    return g, state


# --- the rulebook example ---------------------------------------------------------------


def test_the_rulebook_scoring_example() -> None:
    """9: Guo Shanzhu places one Empress with the Peasants and one with the Scholars:
    Peasants 8, Scholars 7, Merchants 7, Artisans 10; his final score is 7."""
    guo = [
        ("peasant-1", True, None),
        ("scholar-1x", True, None),
        ("merchant-1f", True, None),
        ("merchant-2", True, None),
        ("artisan-plain", True, None),
        ("artisan-plain", True, None),
        ("artisan-set-grain", True, None),
        ("empress-plain", True, None),  # 3 points to place
        ("empress-each", True, None),  # 2 points to place, +1 to each class
    ]
    assert [card(c).points for c, _, _ in guo] == [4, 4, 4, 2, 4, 4, 1, 3, 2]
    g, state = started(2, seed=3)
    for card_id, up, column in guo:
        give(state, 0, card_id, up=up, column=column)
    end_game(g, state)
    scholars, peasants, artisans, merchants = state.final[0]
    assert artisans == 10
    assert merchants == 7
    assert sorted([peasants, scholars]) == [7, 8]  # one Empress each, as Guo placed them
    assert g.result(state).scores[0] == 7


# --- 9: the lowest class, then the second lowest... -------------------------------------------


def test_the_highest_lowest_class_wins() -> None:
    g, state = finished([[3, 9, 9, 9], [4, 4, 4, 4], [2, 9, 9, 9]])
    result = g.result(state)
    assert result.scores == [3.0, 4.0, 2.0]
    assert result.winner_seats == [1]
    assert result.ranking == [2, 1, 3]


def test_a_tie_on_the_lowest_class_goes_to_the_second_lowest() -> None:
    g, state = finished([[3, 5, 5, 5], [3, 4, 6, 6]])
    result = g.result(state)
    assert result.scores == [3.0, 3.0]
    assert result.winner_seats == [0]
    assert result.ranking == [1, 2]


def test_then_to_the_third_lowest() -> None:
    g, state = finished([[3, 4, 5, 9], [6, 3, 4, 6]])
    result = g.result(state)
    assert result.winner_seats == [1]
    assert result.ranking == [2, 1]


def test_then_to_the_highest() -> None:
    g, state = finished([[2, 3, 4, 6], [5, 4, 3, 2]])
    assert g.result(state).winner_seats == [0]


def test_a_tie_on_every_class_is_shared() -> None:
    g, state = finished([[3, 4, 5, 6], [6, 5, 4, 3], [2, 6, 6, 6]])
    result = g.result(state)
    assert result.winner_seats == [0, 1]
    assert result.ranking == [1, 1, 3]


# --- placing Empresses and "+2 to any one class" -----------------------------------------------


def exhaustive(base: list[int], free: list[int]) -> list[int]:
    best = None
    for columns in itertools.product(range(4), repeat=len(free)):
        scores = base[:]
        for amount, column in zip(free, columns, strict=True):
            scores[column] += amount
        if best is None or sorted(scores) > best:
            best = sorted(scores)
    return best


@pytest.mark.parametrize(
    ("base", "free", "best"),
    [
        ([0, 0, 0, 0], [3, 3, 2, 2, 2], [2, 3, 3, 4]),  # in the given order, greedy makes [2, 2, 3, 5]
        ([0, 1, 4, 4], [2, 3, 2], [4, 4, 4, 4]),  # largest first into the lowest makes [3, 4, 4, 5]
        ([3, 3, 2, 2], [2, 2, 3, 3, 3, 2], [6, 6, 6, 7]),
        ([5, 5, 5, 5], [], [5, 5, 5, 5]),
    ],
)
def test_free_points_are_placed_to_rank_best(base, free, best) -> None:
    final, columns = best_assignment(base, free)
    assert sorted(final) == best
    placed = base[:]
    for amount, column in zip(free, columns, strict=True):
        placed[column] += amount
    assert placed == final


def test_free_points_placement_matches_an_exhaustive_search() -> None:
    rng = Rng.from_seed(7)
    for _ in range(150):
        base = [rng.below(6) for _ in range(4)]
        free = [1 + rng.below(3) for _ in range(rng.below(6))]
        final, _ = best_assignment(base, free)
        assert sorted(final) == exhaustive(base, free), (base, free)


def test_empresses_are_placed_where_a_greedy_placement_would_go_wrong() -> None:
    # base: Scholars 0, Peasants 1, Artisans 4, Merchants 4 (face-down cards)
    g, state = started(2, seed=4)
    give_backs(state, 0, "peasant", 1)
    give_backs(state, 0, "artisan", 4)
    give_backs(state, 0, "merchant", 4)
    give(state, 0, "empress-any")  # 2 points and "+2 to any one class"
    give(state, 0, "empress-plain")  # 3 points
    assert sorted([card("empress-any").points, card("empress-any").end_any, card("empress-plain").points]) == [2, 2, 3]
    end_game(g, state)
    assert state.final[0] == [4, 4, 4, 4]


# --- 5 Note: face down, only the upper area counts ----------------------------------------------


def test_a_face_down_card_scores_1_point_for_the_class_it_lies_under() -> None:
    assert card("peasant-1").points == 4
    assert scores_of([("peasant-1", False, "merchant")]) == [0, 0, 0, 1]
    assert scores_of([("peasant-1", True, None)]) == [0, 4, 0, 0]


def test_end_each_bonus_counts_only_face_up() -> None:
    architect = card("artisan-each")
    assert scores_of([("artisan-each", True, None)]) == [
        architect.end_each,
        architect.end_each,
        architect.points + architect.end_each,
        architect.end_each,
    ]
    assert scores_of([("artisan-each", False, "artisan")]) == [0, 0, 1, 0]


def test_end_class_bonus_counts_only_face_up() -> None:
    letters = card("empress-scholar")
    assert letters.end_class == "scholar"
    up = scores_of([("empress-scholar", True, None), ("peasant-2", False, "scholar")])
    # 3 to the Scholars, and the Empress's own point placed in a class with nothing
    assert sorted(up) == sorted([1 + letters.end_class_points, letters.points, 0, 0])
    assert up[0] >= 1 + letters.end_class_points
    assert scores_of([("empress-scholar", False, "peasant")]) == [0, 1, 0, 0]


def test_end_any_bonus_counts_only_face_up() -> None:
    favour = card("empress-any")
    assert sorted(scores_of([("empress-any", True, None)])) == sorted([favour.points, favour.end_any, 0, 0])
    assert scores_of([("empress-any", False, "artisan")]) == [0, 0, 1, 0]


def test_empress_points_go_to_the_weakest_class() -> None:
    cards = [("peasant-1", True, None), ("scholar-1x", True, None), ("artisan-plain", True, None)]
    assert scores_of([*cards, ("empress-plain", True, None)]) == [4, 4, 4, card("empress-plain").points]

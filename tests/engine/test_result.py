"""Results: competition ranking with tie-breaks, winners."""

import msgspec

from meeple.engine import Result, TeamOutcome, competitive_result, rank_by_keys


def test_rank_by_single_key() -> None:
    assert rank_by_keys([[3], [5], [1], [4]]) == [3, 1, 4, 2]


def test_equal_keys_share_a_rank_and_the_next_rank_is_skipped() -> None:
    # competition ranking: 1, 1, 3 (not 1, 1, 2)
    assert rank_by_keys([[3], [5], [5], [1]]) == [3, 1, 1, 4]
    assert rank_by_keys([[2], [2], [2]]) == [1, 1, 1]
    assert rank_by_keys([[0], [7], [0], [0]]) == [2, 1, 2, 2]


def test_tie_breaks_are_further_key_entries() -> None:
    # equal score, the second entry decides; a higher score still beats any tie-break
    assert rank_by_keys([[5, 10], [5, 12], [3, 99]]) == [2, 1, 3]
    # equal on the first tie-break too, the third decides
    assert rank_by_keys([[5, 1, 0], [5, 1, 2], [5, 0, 9]]) == [2, 1, 3]
    # equal on every entry: a true tie
    assert rank_by_keys([[4, 2], [4, 2], [4, 1]]) == [1, 1, 3]


def test_negative_and_fractional_keys() -> None:
    assert rank_by_keys([[-1.5], [-0.5], [-2.0]]) == [2, 1, 3]


def test_rank_of_no_seats_and_one_seat() -> None:
    assert rank_by_keys([]) == []
    assert rank_by_keys([[0]]) == [1]


def test_competitive_result_single_winner() -> None:
    result = competitive_result([4, 7, 2], [(4,), (7,), (2,)])
    assert result.scores == [4, 7, 2]
    assert result.ranking == [2, 1, 3]
    assert result.winner_seats == [1]
    assert result.team is None
    assert result.detail == {}


def test_competitive_result_tie_break_decides_the_winner() -> None:
    # seats 0 and 2 tie on score; seat 2 wins the tie-break
    result = competitive_result([6, 3, 6], [(6, 10), (3, 50), (6, 11)], detail={"why": "tie-break"})
    assert result.ranking == [2, 3, 1]
    assert result.winner_seats == [2]
    assert result.detail == {"why": "tie-break"}


def test_competitive_result_true_tie_has_several_winners() -> None:
    result = competitive_result([6, 3, 6], [(6, 10), (3, 50), (6, 10)])
    assert result.ranking == [1, 3, 1]
    assert result.winner_seats == [0, 2]


def test_competitive_result_keeps_its_own_copy_of_the_scores() -> None:
    scores = [1.0, 2.0]
    result = competitive_result(scores, [(1.0,), (2.0,)])
    scores[0] = 99.0
    assert result.scores == [1.0, 2.0]


def test_results_round_trip_through_json() -> None:
    result = Result(scores=[1.0, 0.0], ranking=[1, 2], winner_seats=[0], team=TeamOutcome(won=True, margin=2.5))
    assert msgspec.json.decode(msgspec.json.encode(result), type=Result) == result

"""Win rates with Wilson intervals, win shares, and how choices relate to winning."""

import pytest

from meeple.lab.stats import Rate, choice_stats, seat_rates, summary, team_rate, win_share


def row(winners: list[int], choices: list[list[tuple[str, str, int]]], team_won: bool | None = None) -> dict:
    return {"winner_seats": winners, "team_won": team_won, "choices": choices, "scores": [0.0] * len(choices)}


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962)],
)
def test_wilson_interval_matches_the_published_values(successes: int, trials: int, low: float, high: float) -> None:
    interval = Rate(successes, trials).interval
    assert interval == pytest.approx((low, high), abs=1e-4)


def test_a_rate_without_trials_knows_nothing() -> None:
    assert Rate(0, 0).interval == (0.0, 1.0)
    assert Rate(3, 4).describe() == "75.0% [30.1, 95.4]"


def test_a_shared_win_is_split_and_a_team_wins_together() -> None:
    shared = row([0, 2], [[], [], []])
    assert [win_share(shared, seat) for seat in range(3)] == [0.5, 0.0, 0.5]
    team = row([], [[], []], team_won=True)
    assert [win_share(team, seat) for seat in range(2)] == [1.0, 1.0]
    assert seat_rates([shared, row([1], [[], [], []])], 3)[1].value == 0.5
    assert team_rate([shared]) is None
    assert team_rate([team, row([], [[], []], team_won=False)]).value == 0.5


def test_choices_count_by_kind_or_label_and_split_winners_from_the_others() -> None:
    rows = [
        row([0], [[("take", "Take a", 2), ("bid", "Bid 1", 1)], [("bid", "Bid 1", 3)]]),
        row([1], [[("take", "Take b", 1)], [("bid", "Bid 2", 1)]]),
    ]
    kinds = {stat.name: stat for stat in choice_stats(rows, by_label=False)}
    assert [stat.name for stat in choice_stats(rows, by_label=False)] == ["bid", "take"]  # most chosen first
    assert kinds["bid"].count == 5 and kinds["take"].count == 3
    assert kinds["bid"].share == pytest.approx(5 / 8)
    # winners: game 1 seat 0 (bid 1, take 2), game 2 seat 1 (bid 1); others: game 1 seat 1 (bid 3), game 2 seat 0
    assert kinds["bid"].winners == pytest.approx(2 / 2) and kinds["bid"].others == pytest.approx(3 / 2)
    assert kinds["take"].winners == pytest.approx(2 / 2) and kinds["take"].others == pytest.approx(1 / 2)
    assert kinds["take"].rate_when_chosen.value == 0.5  # chosen in two seat-games, won one
    labels = {stat.name for stat in choice_stats(rows, by_label=True)}
    assert labels == {"take: Take a", "take: Take b", "bid: Bid 1", "bid: Bid 2"}


def test_summary_of_a_distribution() -> None:
    s = summary([1, 2, 3, 4, 5])
    assert (s["mean"], s["min"], s["median"], s["max"]) == (3, 1, 3, 5)
    assert summary([7])["sd"] == 0.0

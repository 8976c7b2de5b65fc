"""Tournaments: every seat arrangement in turn, openskill ratings, reproducible from the seed, every game."""

from collections import Counter
from pathlib import Path

import pytest

from meeple.engine import get_game
from meeple.lab.runs import Where, tournament
from meeple.lab.store import load
from meeple.lab.tournament import THE_GAME, arrangements, rate

GAMES = ["four-big-strata", "round-house", "guedelon", "lotta-rome", "round-table"]


def test_arrangements_seat_every_agent_everywhere() -> None:
    assert arrangements(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    three = arrangements(["a", "b", "c"], 2)
    assert len(three) == 6 and len(set(three)) == 6  # every ordered pair of different agents
    four = arrangements(["a", "b"], 4)  # a,b,a,b in every distinct order
    assert len(four) == 6 and all(Counter(seating) == {"a": 2, "b": 2} for seating in four)
    for seat in range(4):
        assert Counter(seating[seat] for seating in four) == {"a": 3, "b": 3}


def game_row(agents: list[str], ranking: list[int], team_won: bool | None = None) -> dict:
    winners = [seat for seat, rank in enumerate(ranking) if rank == 1]
    return {
        "agents": agents,
        "ranking": ranking,
        "winner_seats": [] if team_won is not None else winners,
        "scores": [10.0 - rank for rank in ranking],
        "team_won": team_won,
    }


def test_the_agent_that_keeps_winning_is_rated_above_with_shrinking_uncertainty() -> None:
    rows = [game_row(["strong", "weak"], [1, 2]), game_row(["weak", "strong"], [2, 1])] * 10
    standings = rate(rows, ["weak", "strong"])
    assert [s.agent for s in standings] == ["strong", "weak"]
    strong, weak = standings
    assert strong.mu > 25 > weak.mu
    assert strong.sigma < 25 / 3 and weak.sigma < 25 / 3
    assert strong.wins.value == 1.0 and strong.seat_games == 20 and strong.mean_score == 9.0
    assert strong.ordinal == pytest.approx(strong.mu - 3 * strong.sigma)


def test_ties_leave_equal_agents_equal() -> None:
    standings = rate([game_row(["a", "b"], [1, 1])] * 5, ["a", "b"])
    assert standings[0].mu == pytest.approx(standings[1].mu)
    assert standings[0].wins.value == 0.5


def test_a_cooperative_table_is_rated_against_the_game() -> None:
    rows = [game_row(["a", "b"], [1, 1], team_won=False)] * 6
    standings = rate(rows, ["a", "b"])
    assert standings[0].agent == THE_GAME and standings[0].wins.value == 1.0
    assert {s.agent for s in standings[1:]} == {"a", "b"} and all(s.mu < 25 for s in standings[1:])


@pytest.mark.parametrize("slug", GAMES)
def test_a_tournament_on_every_game_is_reproducible_and_kept(slug: str, tmp_path: Path) -> None:
    game = get_game(slug)
    players = 2
    where = Where(results=tmp_path / "results")
    report = tournament(game, players, ["random", "heuristic"], 4, 17, where)
    assert report["arrangements"] == 2 and report["games"] == 4
    names = {standing["agent"] for standing in report["standings"]}
    assert names == ({"random", "heuristic", THE_GAME} if slug == "guedelon" else {"random", "heuristic"})
    for standing in report["standings"]:
        assert (
            standing["sigma"] > 0 and standing["win_rate_95"][0] <= standing["win_rate"] <= standing["win_rate_95"][1]
        )
        if standing["agent"] != THE_GAME:
            assert standing["seat_games"] == 4
    seats = load(tmp_path / "results", "seats").to_pylist()
    assert len(seats) == 4 * players
    assert Counter((row["seat"], row["agent"]) for row in seats) == {
        (0, "random"): 2,
        (1, "heuristic"): 2,
        (0, "heuristic"): 2,
        (1, "random"): 2,
    }
    again = tournament(game, players, ["random", "heuristic"], 4, 17, Where(workers=2, results=None))
    assert again["standings"] == report["standings"]  # same seed, two workers: the same ratings
    runs = load(tmp_path / "results", "runs").to_pylist()
    assert [run["command"] for run in runs] == ["tournament"] and runs[0]["code_version"]

"""`meeple simulate`: JSON and summary output, reproducible for a seed whatever the workers."""

import functools
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from meeple import simulation

ROW_KEYS = {"seed", "agents", "scores", "ranking", "winner_seats", "decisions"}


def simulate_json(cli, *args: str) -> dict:
    result = cli("simulate", "toy-race", "--json", *args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return json.loads(result.stdout)


def test_json_structure(cli) -> None:
    args = ("--players", "3", "--games", "6", "--seed", "11", "--agents", "random,heuristic", "-o", "target=8")
    report = simulate_json(cli, *args)
    assert set(report) == {"game", "players", "games", "seed", "agents", "options", "results"}
    assert report["game"] == "toy-race"
    assert (report["players"], report["games"], report["seed"]) == (3, 6, 11)
    assert report["agents"] == ["random", "heuristic"]
    assert report["options"] == {"target": 8, "variant": "sealed", "collisions": True}
    assert len(report["results"]) == 6
    for row in report["results"]:
        assert set(row) == ROW_KEYS
        assert len(row["agents"]) == len(row["scores"]) == len(row["ranking"]) == 3
        assert row["winner_seats"] == [seat for seat, rank in enumerate(row["ranking"]) if rank == 1]
        assert row["decisions"] > 0
    # the agents rotate through the seats from game to game
    assert report["results"][0]["agents"] == ["random", "heuristic", "random"]
    assert report["results"][1]["agents"] == ["random", "random", "heuristic"]


def test_players_default_to_one_per_agent_within_the_games_range(cli) -> None:
    assert simulate_json(cli, "--games", "1", "--agents", "random,heuristic,random")["players"] == 3
    assert simulate_json(cli, "--games", "1", "--agents", "random")["players"] == 2


def test_no_rotate_keeps_every_agent_in_its_seat(cli) -> None:
    report = simulate_json(cli, "--games", "4", "--seed", "2", "--agents", "heuristic,random", "--no-rotate")
    assert all(row["agents"] == ["heuristic", "random"] for row in report["results"])


def test_same_seed_same_output_and_another_seed_differs(cli) -> None:
    args = ("--games", "8", "--agents", "random,mcts:iterations=10,exploration=0.5", "--players", "2")
    first = cli("simulate", "toy-race", "--json", "--seed", "5", *args)
    second = cli("simulate", "toy-race", "--json", "--seed", "5", *args)
    other = cli("simulate", "toy-race", "--json", "--seed", "6", *args)
    assert first.exit_code == second.exit_code == other.exit_code == 0, first.output
    assert first.stdout == second.stdout
    assert json.loads(first.stdout)["results"] != json.loads(other.stdout)["results"]
    assert json.loads(first.stdout)["agents"] == ["random", "mcts:iterations=10,exploration=0.5"]


def test_default_seed_is_reported(cli) -> None:
    report = simulate_json(cli, "--games", "2")
    again = simulate_json(cli, "--games", "2", "--seed", str(report["seed"]))
    assert again == report


def test_summary_tables(cli) -> None:
    result = cli("simulate", "toy-race", "--games", "10", "--seed", "3", "--agents", "random,heuristic")
    assert result.exit_code == 0, result.output
    for text in ("Toy Race: 10 games, 2 players, seed 3", "Agents", "Seats", "win rate", "Mean decisions per game"):
        assert text in result.stdout, text
    assert "random" in result.stdout and "heuristic" in result.stdout


def test_summary_splits_shared_wins(cli) -> None:
    # one agent in all four seats: it plays 4 seat-games per game and wins exactly one game per game
    result = cli("simulate", "toy-race", "--games", "5", "--seed", "4", "--players", "4")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if line.startswith("│ random"))
    assert [cell.strip() for cell in row.strip("│").split("│")] == [
        "random",
        "20",
        "5",
        "25.0%",
        row.split("│")[-2].strip(),
    ]


def test_workers_do_not_change_the_output(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    # Worker processes are forked so that they inherit the toy game's registration.
    fork = multiprocessing.get_context("fork")
    monkeypatch.setattr(simulation, "ProcessPoolExecutor", functools.partial(ProcessPoolExecutor, mp_context=fork))
    args = ("--games", "6", "--seed", "9", "--agents", "random,heuristic", "--players", "3")
    one = cli("simulate", "toy-race", *args, "--json")
    two = cli("simulate", "toy-race", *args, "--json", "--workers", "2")
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    table_one = cli("simulate", "toy-race", *args)
    table_two = cli("simulate", "toy-race", *args, "--workers", "2")
    assert table_one.stdout == table_two.stdout

"""The CLI against the real registry and Four Big Strata, including worker processes.

Worker processes load the games through the real entry points, so these tests use the
real registry rather than the toy game.
"""

import json
from pathlib import Path

import pytest

from meeple.engine import game_specs

GAME = "four-big-strata"


@pytest.fixture(autouse=True)
def toy_registry() -> None:
    """Overrides the folder-wide fixture: leave the real registry in place."""


def test_games_lists_four_big_strata(cli) -> None:
    result = cli("games")
    assert result.exit_code == 0, result.output
    assert GAME in result.stdout and "Four Big Strata" in result.stdout


@pytest.mark.parametrize("as_json", [True, False])
def test_output_does_not_depend_on_the_number_of_workers(cli, as_json: bool) -> None:
    args = ["simulate", GAME, "--players", "3", "--games", "4", "--seed", "21", "--agents", "random,heuristic"]
    args += ["--json"] if as_json else []
    one = cli(*args)
    two = cli(*args, "--workers", "2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    if as_json:
        report = json.loads(one.stdout)
        assert [row["agents"] for row in report["results"]][:2] == [
            ["random", "heuristic", "random"],
            ["random", "random", "heuristic"],
        ]


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_every_game_simulates_byte_identically_on_one_and_two_workers(cli, slug: str) -> None:
    """Issue 20 item 3's condition, on every registered game: the JSON of a run is the same bytes
    whatever the number of workers (twenty single-game batches shared by two forked workers),
    and the games differ from each other."""
    args = ["simulate", slug, "--players", "2", "--games", "20", "--seed", "7", "--agents", "random", "--json"]
    one = cli(*args)
    two = cli(*args, "--workers", "2")
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert one.stdout_bytes == two.stdout_bytes
    rows = json.loads(one.stdout)["results"]
    assert len(rows) == 20 and len({row["seed"] for row in rows}) == 20
    assert len({row["decisions"] for row in rows}) > 1


def test_bots_play_a_saved_game_that_replays(cli, tmp_path: Path) -> None:
    path = tmp_path / "strata.json"
    result = cli("play", GAME, "--seats", "heuristic,random", "--seed", "5", "--save", path)
    assert result.exit_code == 0, result.output
    actions = len(json.loads(path.read_text())["actions"])
    replayed = cli("replay", path)
    assert replayed.exit_code == 0, replayed.output
    assert f"record verified: {actions} actions" in replayed.stdout

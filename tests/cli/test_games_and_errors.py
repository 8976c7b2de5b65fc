"""`meeple games`, and every error a user can cause: one `error:` line on stderr, exit code 2."""

import json
from pathlib import Path

import msgspec
import pytest

from meeple.engine import registry


def test_games_lists_the_registered_games_with_their_options(cli) -> None:
    result = cli("games")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any(
        all(cell in line for cell in ("toy-race", "Toy Race", "2-4", "competitive, hidden info, simultaneous"))
        for line in lines
    )
    assert "toy-race options" in result.stdout
    for option in (
        ("target", "10", "3..30", "the square to reach"),
        ("variant", "sealed", "sealed|open", "sealed: everyone chooses at once"),
        ("collisions", "true", "true|false", "players choosing the same step"),
    ):
        assert any(all(cell in line for cell in option) for line in lines), option


def test_games_says_when_a_game_has_no_options(cli, toy_game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game, "spec", msgspec.structs.replace(toy_game.spec, options=()))
    result = cli("games")
    assert result.exit_code == 0, result.output
    assert "toy-race has no options" in result.stdout


def test_games_with_no_game_registered(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "game_classes", dict)
    result = cli("games")
    assert result.exit_code == 0
    assert "No games are registered" in result.stdout


def test_a_game_that_fails_to_load_is_one_error_line(cli, assert_error, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> dict:
        raise AttributeError("module 'meeple.games.nope' has no attribute 'Nope'")

    monkeypatch.setattr(registry, "game_classes", broken)
    assert_error(cli("games"), "could not be loaded")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["play", "nope"], "no game called 'nope'"),
        (["simulate", "nope"], "no game called 'nope'"),
        (["play", "toy-race", "--players", "5", "--seats", "random"], "2 to 4 players"),
        (["play", "toy-race", "--seats", "random"], "2 to 4 players"),
        (["simulate", "toy-race", "--players", "1"], "2 to 4 players"),
        (["play", "toy-race", "--option", "speed=3"], "no option 'speed'"),
        (["simulate", "toy-race", "--option", "target=99"], "between 3 and 30"),
        (["simulate", "toy-race", "--option", "variant=fast"], "takes one of sealed, open"),
        (["simulate", "toy-race", "--option", "collisions=maybe"], "true or false"),
        (["simulate", "toy-race", "--option", "target"], "should look like name=value"),
        (["simulate", "toy-race", "--option", "=3"], "should look like name=value"),
        (["simulate", "toy-race", "-o", "target=5", "-o", "target=6"], "given twice"),
        (["simulate", "toy-race", "--agents", "genius"], "no agent called 'genius'"),
        (["simulate", "toy-race", "--agents", "mcts:depth=3"], "no parameter depth"),
        (["simulate", "toy-race", "--agents", "random,,mcts"], "empty entry"),
        (["simulate", "toy-race", "--agents", "human,random"], "bots only"),
        (
            ["simulate", "toy-race", "--players", "2", "--agents", "random,heuristic,mcts"],
            "3 agents but the game has 2 seats",
        ),
        (["simulate", "toy-race", "--games", "0"], "--games must be at least 1"),
        (["simulate", "toy-race", "--workers", "0"], "--workers must be at least 1"),
        (["play", "toy-race", "--seats", "human,robot"], "no agent called 'robot'"),
        (["play", "toy-race", "--players", "3", "--seats", "random,random"], "2 seats but there are 3 players"),
        (["play", "toy-race", "--seats", "random,random", "--save", "/no/such/dir/game.json"], "no such directory"),
    ],
)
def test_bad_arguments_are_one_error_line(cli, assert_error, args: list[str], fragment: str) -> None:
    assert_error(cli(*args), fragment)


def test_replay_of_a_missing_file(cli, assert_error, tmp_path: Path) -> None:
    assert_error(cli("replay", tmp_path / "missing.json"), "cannot read the record", "missing.json")


def test_replay_of_a_directory(cli, assert_error, tmp_path: Path) -> None:
    assert_error(cli("replay", tmp_path), "cannot read the record")


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\xff garbage", b"{not json", b'{"game": "toy-race"}', b"[1, 2, 3]"],
)
def test_replay_of_a_corrupt_file(cli, assert_error, tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "corrupt.json"
    path.write_bytes(content)
    assert_error(cli("replay", path), "not a meeple game record")


def test_replay_of_a_record_of_an_unknown_game(cli, assert_error, tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    record = {"game": "chess", "version": "1", "players": 2, "seed": 1, "options": {}, "actions": []}
    path.write_text(json.dumps(record))
    assert_error(cli("replay", path), "no game called 'chess'")


def test_replay_of_a_record_in_an_unknown_format(cli, assert_error, tmp_path: Path) -> None:
    path = tmp_path / "future.json"
    record = {"game": "toy-race", "version": "1", "players": 2, "seed": 1, "options": {}, "actions": []}
    path.write_text(json.dumps({**record, "format": "meeple-record/9"}))
    assert_error(cli("replay", path), "not supported")

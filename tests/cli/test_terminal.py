"""Playing in the terminal: choices told apart, ids printed as typed, --save checked first,
--resume, replay --step, and the result's breakdown (forced choices: tests/terminal/)."""

import io
import json
from pathlib import Path

from meeple.engine import (
    Action,
    Result,
)
from meeple.terminal import make_console, print_result
from meeple.terminal.screen import menu_lines

QUICK = ("--option", "variant=open", "--option", "target=3")


def test_identical_labels_are_told_apart_and_ids_print_as_typed() -> None:
    same = [Action("do:bank:1", "Use the Bank"), Action("do:bank:2", "Use the Bank"), Action("pass", "Pass")]
    lines = menu_lines(same)
    assert "[do:bank:1]" in lines[0] and "[do:bank:2]" in lines[1] and "[" not in lines[2].replace("[dim]", "")
    console = make_console()
    console.file = io.StringIO()
    for line in lines:
        console.print(line)
    printed = console.file.getvalue()
    assert "[do:bank:1]" in printed and "🏦" not in printed  # no emoji code expanded


def test_save_is_checked_before_the_game_starts(cli, tmp_path: Path, assert_error) -> None:
    assert_error(cli("play", "toy-race", "--seats", "random,random", "--save", tmp_path), "it is a directory")
    assert_error(cli("play", "toy-race", "--seats", "random,random", "--save", tmp_path / "no" / "g.json"), "no such")
    assert not list(tmp_path.iterdir())  # nothing was played nor written


def test_resume_continues_a_stopped_game(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    stopped = cli("play", "toy-race", "--seats", "human,random", "--seed", "4", "--save", path, input="1\nq\n")
    assert stopped.exit_code == 0 and "Game stopped after" in stopped.stdout
    first = json.loads(path.read_text())["actions"]
    assert first
    resumed = cli("play", "toy-race", "--resume", path, "--seats", "random,random", "--save", path)
    assert resumed.exit_code == 0, resumed.output
    assert f"Continuing after {len(first)} action" in resumed.stdout and "Result" in resumed.stdout
    record = json.loads(path.read_text())
    assert record["actions"][: len(first)] == first and record["result"] is not None
    again = cli("play", "toy-race", "--resume", path, "--seats", "random,random")
    assert again.exit_code == 2 and "is over" in again.output


def test_replay_steps_through_a_record_with_a_seats_view(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert cli("play", "toy-race", "--seats", "random,random", "--seed", "3", "--save", path).exit_code == 0
    actions = json.loads(path.read_text())["actions"]
    stepped = cli("replay", path, "--step", "--seat", "0")
    assert stepped.exit_code == 0, stepped.output
    out = stepped.stdout
    assert f"{len(actions)}. " in out and "1. " in out
    before_end = out.split(f"{len(actions)}. ")[0]
    assert "Seat 1 made a sealed choice" in before_end  # seat 0 never learnt it before the end
    assert "Result" in out
    assert cli("replay", path, "--step", "--seat", "5").exit_code == 2


def test_the_result_shows_the_games_breakdown_seat_by_seat() -> None:
    console = make_console()
    console.file = io.StringIO()
    console.width = 120
    result = Result(
        scores=[7, 5], ranking=[1, 2], winner_seats=[0], detail={"class_scores": [[3, 4], [5, 0]], "end": "round 6"}
    )
    print_result(console, result)
    text = console.file.getvalue()
    assert "class scores:" in text and "seat 0: 3, 4" in text and "seat 1: 5, 0" in text and "end: round 6" in text

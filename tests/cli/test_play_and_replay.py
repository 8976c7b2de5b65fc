"""`meeple play` with bots and humans, `--save`, and `meeple replay` of the saved records."""

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from meeple.cli import split_agents
from meeple.engine import Result, TeamOutcome, decode_record
from meeple.terminal import print_result

# In the open variant with target 3 and no collisions, a player who moves 3 wins at once.
QUICK = ("--option", "variant=open", "--option", "target=3")


def saved_record(path: Path) -> dict:
    return json.loads(path.read_text())


def test_all_bots_play_to_the_end_and_save_a_replayable_record(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = cli("play", "toy-race", "--seats", "random,heuristic,random", "--seed", "7", "--save", path)
    assert result.exit_code == 0, result.output
    assert "3 players, seed 7" in result.stdout
    assert "Result" in result.stdout
    assert re.search(r"Winner(: seat|s \(shared\): seats) \d", result.stdout)
    assert f"Record saved to {path}" in result.stdout
    record = decode_record(path.read_bytes())
    assert (record.game, record.players, record.seed) == ("toy-race", 3, 7)
    assert record.result is not None and record.digest is not None

    replayed = cli("replay", path)
    assert replayed.exit_code == 0, replayed.output
    assert f"record verified: {len(record.actions)} actions" in replayed.stdout
    assert "Result" in replayed.stdout


def test_sealed_bot_choices_are_not_shown(cli) -> None:
    result = cli("play", "toy-race", "--seats", "random,random", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert "Seat 1 (random) made a sealed choice" in result.stdout
    assert " chose " not in result.stdout


def test_open_bot_moves_are_shown(cli) -> None:
    result = cli("play", "toy-race", "--seats", "random,mcts:iterations=10", "--seed", "3", *QUICK)
    assert result.exit_code == 0, result.output
    assert re.search(r"Seat [01] \((random|mcts:iterations=10)\) chose “move \d square", result.stdout)
    assert "sealed choice" not in result.stdout


def test_default_seed_is_printed_and_reproduces_the_game(cli) -> None:
    first = cli("play", "toy-race", "--seats", "random,random")
    assert first.exit_code == 0, first.output
    seed = re.search(r"replay it with --seed (\d+)", first.stdout).group(1)
    again = cli("play", "toy-race", "--seats", "random,random", "--seed", seed)
    assert again.stdout == first.stdout


def test_options_reach_the_game(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = cli("play", "toy-race", "--seats", "random,random", "--seed", "1", "-o", "target=5", "--save", path)
    assert result.exit_code == 0, result.output
    assert saved_record(path)["options"] == {"target": 5, "variant": "sealed", "collisions": True}


def test_a_human_seat_reads_numbers_and_reprompts_on_bad_input(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    moves = "abc\n9\n0\n\n3\n" + "3\n" * 5
    result = cli("play", "toy-race", "--seats", "human,random", "--seed", "1", "--save", path, *QUICK, input=moves)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "first to square 3 wins" in out  # the human's view, rendered by the game
    assert "Seat 0, your move:" in out
    assert "1. move 1 square\n" in out and "3. move 3 squares\n" in out  # distinct labels: no ids shown
    for bad in ("'abc'", "'9'", "'0'", "''"):
        assert f"{bad} is not a choice" in out, bad
    assert "Result" in out
    human_moves = [action for seat, action in saved_record(path)["actions"] if seat == 0]
    assert human_moves and set(human_moves) == {"step-3"}


def test_a_human_can_type_an_action_id(cli, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = cli(
        "play", "toy-race", "--seats", "human,human", "--seed", "2", "--save", path, *QUICK, input="\nstep-2\n" * 4
    )
    assert result.exit_code == 0, result.output
    assert {action for _, action in saved_record(path)["actions"]} == {"step-2"}


def test_default_seats_are_a_human_then_the_planner(cli) -> None:
    """The planner agent: the game's own search, or ISMCTS in a game without one (as toy-race)."""
    result = cli("play", "toy-race", "--players", "3", "--seed", "1", input="q\n")
    assert result.exit_code == 0, result.output
    assert "seat 0: human" in result.stdout
    assert "seat 1: planner" in result.stdout and "seat 2: planner" in result.stdout


@pytest.mark.parametrize("keys", ["q\n", "", "1\nq\n"])
def test_quitting_saves_what_was_played(cli, tmp_path: Path, keys: str) -> None:
    path = tmp_path / "game.json"
    result = cli("play", "toy-race", "--seats", "human,random", "--seed", "4", "--save", path, input=keys)
    assert result.exit_code == 0, result.output
    assert "Game stopped after" in result.stdout
    assert "Result" not in result.stdout
    record = saved_record(path)
    assert record["result"] is None
    replayed = cli("replay", path)
    assert replayed.exit_code == 0, replayed.output
    assert f"record verified: {len(record['actions'])} actions" in replayed.stdout
    assert "The game was not finished" in replayed.stdout


def test_hot_seat_asks_to_pass_the_device_and_hides_sealed_choices(cli) -> None:
    # seat 0 always moves 3, seat 1 always moves 1: seat 0 reaches 10 in the fourth round
    keys = "\n3\n\n1\n" * 4
    result = cli("play", "toy-race", "--seats", "human,human", "--seed", "5", input=keys)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("pass the device to seat 0 — press Enter (q to quit)") == 4
    assert out.count("pass the device to seat 1 — press Enter (q to quit)") == 4
    assert out.count("Seat 0 (human) made a sealed choice") == 4
    assert " chose " not in out
    assert "Winner: seat 0." in out
    # what seat 1 is shown never includes seat 0's pending choice
    for turn in out.split("pass the device to seat 1")[1:]:
        seat_1_turn = turn.split("pass the device to seat 0")[0]
        assert "your sealed choice: 3" not in seat_1_turn


def tamper(path: Path, change) -> Path:
    record = saved_record(path)
    change(record)
    path.write_text(json.dumps(record))
    return path


@pytest.fixture
def record_file(cli, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = cli("play", "toy-race", "--seats", "random,random", "--seed", "8", "--save", path, *QUICK)
    assert result.exit_code == 0, result.output
    return path


def change_first_action(record: dict) -> None:
    seat, action = record["actions"][0]
    record["actions"][0] = [seat, "step-1" if action != "step-1" else "step-2"]


def change_digest(record: dict) -> None:
    record["digest"] = "0" * 64


def change_score(record: dict) -> None:
    record["result"]["scores"][0] += 1


def drop_last_action(record: dict) -> None:
    record["actions"].pop()


def illegal_action(record: dict) -> None:
    record["actions"][0][1] = "step-7"


def change_version(record: dict) -> None:
    record["version"] = "0"


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (change_first_action, "altered"),
        (change_digest, "digest does not match"),
        (change_score, "result does not match"),
        (drop_last_action, "altered"),
        (illegal_action, "does not replay"),
        (change_version, "rules version"),
    ],
)
def test_a_tampered_record_is_refused(cli, assert_error, record_file: Path, change, fragment: str) -> None:
    tamper(record_file, change)
    assert_error(cli("replay", record_file), fragment)


def test_split_agents_keeps_parameters_together() -> None:
    assert split_agents(["human,mcts:iterations=300,exploration=0.5,random"]) == [
        "human",
        "mcts:iterations=300,exploration=0.5",
        "random",
    ]
    assert split_agents(["random", "heuristic, mcts"]) == ["random", "heuristic", "mcts"]
    assert split_agents(None) == []


def render_result(result: Result, names: list[str] | None = None, cooperative: bool = False) -> str:
    console = Console(file=io.StringIO(), width=120, highlight=False)
    print_result(console, result, names, cooperative)
    return console.file.getvalue()


def test_print_result_shows_shared_wins_team_outcomes_and_no_winner() -> None:
    shared = render_result(Result(scores=[3, 3, 1], ranking=[1, 1, 3], winner_seats=[0, 1]), ["a", "b", "c"])
    assert "Winners (shared): seats 0, 1." in shared
    alone = Result(
        scores=[2.5], ranking=[1], winner_seats=[], team=TeamOutcome(won=False, margin=-10, detail="flooded")
    )
    text = render_result(alone, ["human"])
    assert "Seat 0 (human) lost: flooded." in text and "team" not in text  # one player against the game
    assert "rank" not in text  # no ranking of one
    won = Result(scores=[4, 4], ranking=[1, 1], winner_seats=[0, 1], team=TeamOutcome(won=True, margin=1.5))
    assert "The team won, with a margin of 1.5 to spare." in render_result(won, cooperative=True)
    assert "Nobody won." in render_result(Result(scores=[0, 0], ranking=[1, 1], winner_seats=[]))


def test_q_at_the_hand_over_prompt_quits(cli) -> None:
    result = cli("play", "toy-race", "--seats", "human,human", "--seed", "5", input="\n3\nq\n")
    assert result.exit_code == 0, result.output
    assert "Game stopped after 1 action." in result.stdout

"""Forced single choices in the terminal, in every game: taken for the person, told, recorded.
Driven through the real `meeple` command's stdin and stdout, from a saved record (--resume)
stopped just before a seat has a single legal action."""

import random
import re
from pathlib import Path

import pytest
from terminal_driving import meeple

from meeple.engine import Game, GameRecord, decode_record, encode_record, finish_record, game_specs, get_game


def forced_prefix(game: Game, players: int) -> tuple[list[tuple[int, str]], int]:
    """Random moves until a seat to move has a single legal action: the moves, and that seat."""
    state, rng = game.new_game(players, 1), random.Random(1)
    actions: list[tuple[int, str]] = []
    while not game.is_terminal(state):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1 and actions:
            return actions, seat
        action = rng.choice(legal).id
        game.apply(state, seat, action)
        actions.append((seat, action))
    raise AssertionError(f"{game.spec.slug}: no forced choice in a whole game")


@pytest.mark.parametrize("slug", [spec.slug for spec in game_specs()])
def test_a_forced_single_choice_is_taken_not_asked(slug: str, tmp_path: Path) -> None:
    """In every game, a person with a single legal action has it taken (and is told so); the
    record still holds it, as a decision like any other."""
    game = get_game(slug)
    players = max(2, game.spec.min_players)
    actions, seat = forced_prefix(game, players)
    state = game.new_game(players, 1)
    for mover, action in actions:
        game.apply(state, mover, action)
    forced = game.legal_actions(state, seat)[0]
    record = GameRecord(
        game=slug, version=game.spec.version, players=players, seed=1, options=dict(game.options), actions=actions
    )
    path = tmp_path / "game.json"
    path.write_bytes(encode_record(finish_record(game, record, state)))
    seats = ",".join("human" if s == seat else "random" for s in range(players))
    result = meeple("play", slug, "--resume", str(path), "--seats", seats, "--save", str(path), stdin="q\n")
    assert result.returncode == 0, result.stderr
    after = result.stdout.split("Continuing after", 1)[1].splitlines()[1:]
    told = next(line for line in after if not line.startswith("  seat "))  # the first decision told
    if forced.payload.get("sealed"):  # others at the device learn only that a sealed choice was made
        assert told == f"Seat {seat} (human) made a sealed choice"
    else:
        assert told == f"Seat {seat} (human) had a single choice: “{forced.label}”"
    saved = decode_record(path.read_bytes())
    assert saved.actions[len(actions)] == (seat, forced.id)
    menus = result.stdout.split(f"Seat {seat}, your move:")[1:]
    for menu in menus:  # whatever the person was asked offered a real choice
        assert len(re.findall(r"^\s+\d+\. ", menu.split("choice [")[0], re.M)) >= 2

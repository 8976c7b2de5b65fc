"""Driving the real `meeple` command for the terminal tests: a process of its own with its input
piped, and a saved record stopped where a seat faces a chosen kind of decision (--resume)."""

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from meeple.engine import Action, Game, GameRecord, State, encode_record, finish_record


def meeple(*args: str, stdin: str = "", columns: int = 120, tty: bool = False) -> subprocess.CompletedProcess[str]:
    """The real `meeple` command in a process of its own, its input piped (with `tty`, its
    output drawn as on a terminal: Rich's TTY_COMPATIBLE)."""
    command = [sys.executable, "-c", "from meeple.cli import app; app()", *args]
    env = {"COLUMNS": str(columns), **{key: os.environ[key] for key in ("PYTHONPATH",) if key in os.environ}}
    if tty:
        env["TTY_COMPATIBLE"] = "1"
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=300, env=env)


def stop_where(
    game: Game, players: int, wanted: Callable[[list[Action]], bool], seeds: range = range(1, 40)
) -> tuple[State, list[tuple[int, str]], int]:
    """Random games until the seat to move has a real choice (two actions or more) that `wanted`
    picks out: the state then, the moves that led there, and that seat."""
    for seed in seeds:
        state, rng = game.new_game(players, seed), random.Random(seed)
        actions: list[tuple[int, str]] = []
        while not game.is_terminal(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and wanted(legal):
                return state, actions, seat
            action = rng.choice(legal).id
            game.apply(state, seat, action)
            actions.append((seat, action))
    raise AssertionError(f"{game.spec.slug}: no such decision in {len(seeds)} random games")


def save_record(path: Path, game: Game, state: State, actions: list[tuple[int, str]]) -> None:
    """Write the record of `actions` (which led to `state`) for --resume."""
    spec = game.spec
    record = GameRecord(
        game=spec.slug,
        version=spec.version,
        players=state.players,
        seed=state.seed,
        options=dict(game.options),
        actions=actions,
    )
    path.write_bytes(encode_record(finish_record(game, record, state)))

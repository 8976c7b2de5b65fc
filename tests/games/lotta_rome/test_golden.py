"""Golden playthroughs of Lotta Rome: recorded games that must play out exactly as recorded.

Each file in `golden/` holds one game (players, seed, options), the seeds of the random agents
that played it, every action, the result, and a SHA-256 of every seat's and the spectator's
observation after setup and after every action (with running checkpoints). The hashing and the
file layout are Four Big Strata's (imported from its golden test, so the two stay one format).

A deliberate change to the rules, the order of legal actions or the observations changes the
golden games. Regenerate them on purpose, then review and commit the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/lotta_rome/test_golden.py
"""

import json
import os
from pathlib import Path
from typing import Any

import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import derive_seed, get_game
from meeple.simulation import play_match

from ..four_big_strata.test_golden import CHECKPOINT, GoldenCase, dump, observation_hashes

SLUG = "lotta-rome"
GOLDEN_DIR = Path(__file__).with_name("golden")
REGENERATE = os.environ.get("MEEPLE_REGENERATE_GOLDEN", "") not in ("", "0")
CASES = [
    GoldenCase("base-two-players", 2, 21, {"merchants": False}),
    GoldenCase("merchants-three-players", 3, 33, {}),
    GoldenCase("merchants-five-players-all-groups", 5, 55, {"adjacent_groups": "all"}),
]


def golden_path(case: GoldenCase) -> Path:
    return GOLDEN_DIR / f"{case.name}.json"


def play_case(case: GoldenCase) -> dict[str, Any]:
    game = get_game(SLUG, case.options)
    agent_seeds = [derive_seed(case.seed, "golden-seat", seat) for seat in range(case.players)]
    state, record = play_match(game, case.players, case.seed, [RandomAgent(s) for s in agent_seeds])
    actions = [[seat, action_id] for seat, action_id in record.actions]
    final, checkpoints = observation_hashes(game, case.players, case.seed, actions)
    result = game.result(state)
    return {
        "game": SLUG,
        "version": game.spec.version,
        "players": case.players,
        "seed": case.seed,
        "options": dict(game.options),
        "agent": "random",
        "agent_seeds": agent_seeds,
        "result": {"scores": result.scores, "ranking": result.ranking, "winner_seats": result.winner_seats},
        "observations_sha256": final,
        "checkpoints": checkpoints,
        "actions": actions,
    }


def load(case: GoldenCase) -> dict[str, Any]:
    path = golden_path(case)
    if REGENERATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(dump(play_case(case)), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: run MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest {Path(__file__).name}")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_game_replays_with_the_same_observations_and_agents(case: GoldenCase) -> None:
    golden = load(case)
    game = get_game(golden["game"], golden["options"])
    final, checkpoints = observation_hashes(game, golden["players"], golden["seed"], golden["actions"])
    differs = next(
        (i for i, (a, b) in enumerate(zip(checkpoints, golden["checkpoints"], strict=False)) if a != b), None
    )
    where = (
        "" if differs is None else f" (first within actions {differs * CHECKPOINT + 1}-{(differs + 1) * CHECKPOINT})"
    )
    assert final == golden["observations_sha256"], f"{case.name}: observations differ from the golden game{where}"
    again = play_case(case)
    assert again["actions"] == golden["actions"], f"{case.name}: the random agents now play differently"
    assert again["result"] == golden["result"] and again["options"] == golden["options"]


def test_no_stale_golden_files() -> None:
    expected = {golden_path(case).name for case in CASES}
    found = {path.name for path in GOLDEN_DIR.glob("*.json")}
    assert found <= expected, f"golden files without a case: {sorted(found - expected)}"

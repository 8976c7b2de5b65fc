"""Golden playthroughs of The Round House: recorded games (seed, random agents' seeds, every action,
the result, a SHA-256 of every seat's and the spectator's observation after every action) that
must play out exactly as recorded. The hashing and file format are Four Big Strata's golden
tests' own (imported, not copied).

A deliberate change to the rules, the order of legal actions or the observations changes them.
Regenerate on purpose, then review and commit the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/round_house/test_golden.py
"""

import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import derive_seed, get_game
from meeple.simulation import play_match

from ..four_big_strata.test_golden import dump, observation_hashes

SLUG = "round-house"
GOLDEN_DIR = Path(__file__).with_name("golden")
REGENERATE = os.environ.get("MEEPLE_REGENERATE_GOLDEN", "") not in ("", "0")


class GoldenCase(NamedTuple):
    name: str
    players: int
    seed: int
    options: dict[str, Any]


CASES = [
    GoldenCase("two-players-neutral-rule-2", 2, 202, {"neutral_rule": 2}),
    GoldenCase("three-players", 3, 303, {}),
    GoldenCase("four-players-amulet-experts-cost-an-amulet", 4, 404, {"amulet_experts": "amulet"}),
    GoldenCase("five-players", 5, 505, {}),
]


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
    path = GOLDEN_DIR / f"{case.name}.json"
    if REGENERATE:
        path.write_text(dump(play_case(case)), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: run MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest {Path(__file__).name}")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_game_replays_with_the_same_observations(case: GoldenCase) -> None:
    golden = load(case)
    game = get_game(golden["game"], golden["options"])
    final, checkpoints = observation_hashes(game, golden["players"], golden["seed"], golden["actions"])
    assert checkpoints == golden["checkpoints"], f"{case.name}: observations differ from the golden game"
    assert final == golden["observations_sha256"]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_game_is_what_its_agents_play(case: GoldenCase) -> None:
    golden = load(case)
    again = play_case(case)
    assert again["actions"] == golden["actions"], f"{case.name}: the random agents now play differently"
    assert again["result"] == golden["result"]

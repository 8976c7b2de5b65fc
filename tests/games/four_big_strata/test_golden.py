"""Golden playthroughs of Four Big Strata: recorded games that must play out exactly as recorded.

Each file in `golden/` holds one game (players, seed, options), the seeds of the random agents
that played it (`RandomAgent`, so changes to the heuristics in bots.py do not touch them), every
action, the result, and a SHA-256 of every seat's and the spectator's observation after setup and
after every action (with a shorter running checkpoint every CHECKPOINT actions, to tell where a
replay first differs). The tests check that the agents still choose the same actions, that the
actions still replay, and that every observation on the way is byte-for-byte what it was.

A deliberate change to the rules, the order of legal actions or the observations changes the
golden games. Regenerate them all on purpose, then review and commit the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/four_big_strata/test_golden.py

To add a game, add a GoldenCase to CASES and regenerate.
"""

import hashlib
import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import Game, derive_seed, get_game
from meeple.simulation import play_match

SLUG = "four-big-strata"
GOLDEN_DIR = Path(__file__).with_name("golden")
REGENERATE = os.environ.get("MEEPLE_REGENERATE_GOLDEN", "") not in ("", "0")
CHECKPOINT = 25


class GoldenCase(NamedTuple):
    name: str
    players: int
    seed: int
    options: dict[str, Any]


CASES = [
    GoldenCase("solo-hard", 1, 101, {"npc_level": "hard"}),
    GoldenCase("two-players", 2, 202, {}),
    GoldenCase("four-players", 4, 404, {}),
    GoldenCase("five-players-tribute-ratio-2", 5, 505, {"tribute_ratio": 2}),
    GoldenCase("seven-players", 7, 707, {}),
]


def golden_path(case: GoldenCase) -> Path:
    return GOLDEN_DIR / f"{case.name}.json"


def observation_hashes(game: Game, players: int, seed: int, actions: list[list[Any]]) -> tuple[str, list[str]]:
    """Replay `actions`, hashing every seat's and the spectator's observation after setup and after
    each action: the final SHA-256 and the running checkpoints (16 hex digits every CHECKPOINT actions)."""
    state = game.new_game(players, seed)
    digest = hashlib.sha256()
    checkpoints = []

    def look() -> None:
        for seat in [*range(players), None]:
            digest.update(msgspec.json.encode(game.observation(state, seat), order="deterministic"))
            digest.update(b"\n")

    look()
    for index, (seat, action_id) in enumerate(actions, start=1):
        game.apply(state, seat, action_id)
        look()
        if index % CHECKPOINT == 0:
            checkpoints.append(digest.hexdigest()[:16])
    assert game.is_terminal(state), "the recorded actions do not finish the game"
    return digest.hexdigest(), checkpoints


def play_case(case: GoldenCase) -> dict[str, Any]:
    """Play the case's game with its random agents and describe it as a golden file holds it."""
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


def dump(data: dict[str, Any]) -> str:
    """JSON with one action per line, so a diff of a regenerated file reads well."""
    lines = ["{"]
    lines += [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in data.items() if key != "actions"]
    lines.append('  "actions": [')
    lines.append(",\n".join(f"    {json.dumps(action)}" for action in data["actions"]))
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def load(case: GoldenCase) -> dict[str, Any]:
    path = golden_path(case)
    if REGENERATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(dump(play_case(case)), encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: run MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest {Path(__file__).name}")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_game_replays_with_the_same_observations(case: GoldenCase) -> None:
    golden = load(case)
    assert (golden["players"], golden["seed"]) == (case.players, case.seed)
    game = get_game(golden["game"], golden["options"])
    final, checkpoints = observation_hashes(game, golden["players"], golden["seed"], golden["actions"])
    pairs = zip(checkpoints, golden["checkpoints"], strict=False)
    differs = next((i for i, (now, then) in enumerate(pairs) if now != then), None)
    where = ""
    if differs is not None:
        where = f" (first within actions {differs * CHECKPOINT + 1}-{(differs + 1) * CHECKPOINT})"
    assert final == golden["observations_sha256"], (
        f"{case.name}: the observations differ from the golden game{where}; if the change is deliberate, "
        "regenerate with MEEPLE_REGENERATE_GOLDEN=1"
    )
    assert checkpoints == golden["checkpoints"]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_game_is_what_its_agents_play(case: GoldenCase) -> None:
    golden = load(case)
    again = play_case(case)
    assert again["agent_seeds"] == golden["agent_seeds"]
    assert again["actions"] == golden["actions"], f"{case.name}: the random agents now play differently"
    assert again["result"] == golden["result"]
    assert again["options"] == golden["options"]


def test_no_stale_golden_files() -> None:
    expected = {golden_path(case).name for case in CASES}
    found = {path.name for path in GOLDEN_DIR.glob("*.json")}
    assert found <= expected, f"golden files without a case: {sorted(found - expected)}"

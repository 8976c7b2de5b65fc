"""Golden playthroughs of Round Table: recorded games that must play out exactly as recorded.

Each file in `golden/` holds one game (players, seed, options), the random agents' seeds,
every action, the result, and a SHA-256 of every seat's and the spectator's observation after
setup and after every action. A deliberate change to the rules, the order of legal actions
or the observations changes them; regenerate on purpose, then review and commit the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/round_table/test_golden.py
"""

import hashlib
import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import derive_seed, get_game
from meeple.simulation import play_match

SLUG = "round-table"
GOLDEN_DIR = Path(__file__).with_name("golden")
REGENERATE = os.environ.get("MEEPLE_REGENERATE_GOLDEN", "") not in ("", "0")


class GoldenCase(NamedTuple):
    name: str
    players: int
    seed: int
    options: dict[str, Any]


CASES = [
    GoldenCase("two-players", 2, 202, {}),
    GoldenCase("three-players-five-regions", 3, 303, {"regions": 5}),
    GoldenCase("four-players-no-majority-end", 4, 404, {"majority_end": False, "decks": "orkney,grail"}),
]


def observations_sha256(case: GoldenCase, actions: list[list[Any]]) -> str:
    game = get_game(SLUG, case.options)
    state = game.new_game(case.players, case.seed)
    digest = hashlib.sha256()
    for index in range(len(actions) + 1):
        for seat in [*range(case.players), None]:
            digest.update(msgspec.json.encode(game.observation(state, seat), order="deterministic"))
        if index < len(actions):
            game.apply(state, actions[index][0], actions[index][1])
    assert game.is_terminal(state), "the recorded actions do not finish the game"
    return digest.hexdigest()


def play_case(case: GoldenCase) -> dict[str, Any]:
    game = get_game(SLUG, case.options)
    agent_seeds = [derive_seed(case.seed, "golden-seat", seat) for seat in range(case.players)]
    state, record = play_match(game, case.players, case.seed, [RandomAgent(s) for s in agent_seeds])
    actions = [[seat, action_id] for seat, action_id in record.actions]
    result = game.result(state)
    return {
        "game": SLUG,
        "players": case.players,
        "seed": case.seed,
        "options": dict(game.options),
        "agent_seeds": agent_seeds,
        "result": {"scores": result.scores, "ranking": result.ranking, "winner_seats": result.winner_seats},
        "observations_sha256": observations_sha256(case, actions),
        "actions": actions,
    }


def load(case: GoldenCase) -> dict[str, Any]:
    path = GOLDEN_DIR / f"{case.name}.json"
    if REGENERATE:
        GOLDEN_DIR.mkdir(exist_ok=True)
        data = play_case(case)
        head = {k: v for k, v in data.items() if k != "actions"}
        body = ",\n".join(f"    {json.dumps(a)}" for a in data["actions"])
        text = json.dumps(head, indent=2)[:-2] + ',\n  "actions": [\n' + body + "\n  ]\n}\n"
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: run MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest {Path(__file__).name}")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_golden_game_replays_with_the_same_observations_and_agents(case: GoldenCase) -> None:
    golden = load(case)
    again = play_case(case)
    assert again["actions"] == golden["actions"], f"{case.name}: the random agents now play differently"
    assert again["observations_sha256"] == golden["observations_sha256"], (
        f"{case.name}: the observations differ; if deliberate, regenerate with MEEPLE_REGENERATE_GOLDEN=1"
    )
    assert again["result"] == golden["result"] and again["options"] == golden["options"]


def test_no_stale_golden_files() -> None:
    expected = {f"{case.name}.json" for case in CASES}
    assert {path.name for path in GOLDEN_DIR.glob("*.json")} <= expected

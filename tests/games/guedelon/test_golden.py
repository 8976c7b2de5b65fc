"""Golden playthroughs of Guédelon: recorded games that must play out exactly as recorded.

Each file in `golden/` holds one game of seeded random agents (so changes to the planner in
bots.py do not touch them): its options, every action, the final state digest and a SHA-256
of every seat's and the spectator's observation after every action. A deliberate change to the
rules, the order of legal actions or the observations changes them; regenerate on purpose and
review the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/guedelon/test_golden.py
"""

import hashlib
import json
import os
from pathlib import Path

import msgspec
import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import derive_seed, get_game, state_digest
from meeple.simulation import play_match

GOLDEN = Path(__file__).with_name("golden")
CASES = {
    "solo": (1, 101, {"extra_rounds": 2}),
    "duo-hard-mill": (2, 202, {"difficulty": "hard", "mill": True, "extra_rounds": 2}),
    "three-players-intermediate": (3, 303, {"difficulty": "intermediate", "extra_rounds": 0}),
    "four-players-special": (4, 404, {"difficulty": "special", "extra_rounds": 1}),
}


def record(players: int, seed: int, options: dict) -> dict:
    """Play the case with random agents and hash every observation along a replay of it."""
    game = get_game("guedelon", options)
    agents = [RandomAgent(derive_seed(seed, "golden", seat)) for seat in range(players)]
    final, match = play_match(game, players, seed, agents)
    state = game.new_game(players, seed)
    digest = hashlib.sha256()
    for seat, action_id in [(None, None), *match.actions]:
        if action_id is not None:
            game.apply(state, seat, action_id)
        for viewer in [*range(players), None]:
            digest.update(msgspec.json.encode(game.observation(state, viewer), order="deterministic"))
    return {
        "options": dict(game.options),
        "state_sha256": state_digest(final),
        "observations_sha256": digest.hexdigest(),
        "actions": [f"{seat} {action_id}" for seat, action_id in match.actions],
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_game_plays_and_looks_as_recorded(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    now = record(*CASES[name])
    if os.environ.get("MEEPLE_REGENERATE_GOLDEN", "") not in ("", "0"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"{path} is missing: regenerate with MEEPLE_REGENERATE_GOLDEN=1")
    then = json.loads(path.read_text(encoding="utf-8"))
    assert now["actions"] == then["actions"], f"{name}: the recorded game now plays differently"
    assert now["state_sha256"] == then["state_sha256"]
    assert now["observations_sha256"] == then["observations_sha256"], f"{name}: the observations changed"
    assert now["options"] == then["options"]

"""Golden playthroughs, the same for every game: recorded games that must play out exactly as
recorded (OpenSpiel's playthrough files, in our shape).

Each file in a game's `tests/games/<game>/golden/` holds one game (players, seed, options), the
seeds of the random agents that played it (`RandomAgent`, so changes to a game's heuristics do
not touch them), every action, the result, the final state digest, and a SHA-256 of every seat's
and the spectator's observation after setup and after every action (with a shorter running
checkpoint every CHECKPOINT actions, to tell where a replay first differs). The tests check that
the agents still choose the same actions, that the actions still replay to the same state, and
that every observation on the way is byte-for-byte what it was.

A deliberate change to the rules, the order of legal actions or the observations changes the
golden games. Regenerate them on purpose, then review and commit the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/<game>/test_golden.py
"""

import hashlib
import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import msgspec
import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import Game, derive_seed, get_game, state_digest
from meeple.simulation import play_match

REGENERATE = os.environ.get("MEEPLE_REGENERATE_GOLDEN", "") not in ("", "0")
CHECKPOINT = 25


class GoldenCase(NamedTuple):
    name: str
    players: int
    seed: int
    options: dict[str, Any]


def observation_hashes(game: Game, players: int, seed: int, actions: list[list[Any]]) -> tuple[str, list[str], str]:
    """Replay `actions`, hashing every seat's and the spectator's observation after setup and after
    each action: the final SHA-256, the running checkpoints (16 hex digits every CHECKPOINT
    actions) and the final state's digest."""
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
    return digest.hexdigest(), checkpoints, state_digest(state)


def dump(data: dict[str, Any]) -> str:
    """JSON with one action per line, so a diff of a regenerated file reads well."""
    lines = ["{"]
    lines += [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in data.items() if key != "actions"]
    lines.append('  "actions": [')
    lines.append(",\n".join(f"    {json.dumps(action)}" for action in data["actions"]))
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


class GoldenGames:
    """The golden games of one game: its cases, kept beside its test file in `golden/`."""

    def __init__(self, slug: str, test_file: str, cases: list[GoldenCase]) -> None:
        self.slug = slug
        self.directory = Path(test_file).with_name("golden")
        self.test_file = Path(test_file).name
        self.cases = cases
        self.ids = [case.name for case in cases]

    def path(self, case: GoldenCase) -> Path:
        return self.directory / f"{case.name}.json"

    def play(self, case: GoldenCase) -> dict[str, Any]:
        """Play the case's game with its random agents and describe it as a golden file holds it."""
        game = get_game(self.slug, case.options)
        agent_seeds = [derive_seed(case.seed, "golden-seat", seat) for seat in range(case.players)]
        state, record = play_match(game, case.players, case.seed, [RandomAgent(s) for s in agent_seeds])
        actions = [[seat, action_id] for seat, action_id in record.actions]
        final, checkpoints, digest = observation_hashes(game, case.players, case.seed, actions)
        assert digest == state_digest(state), "replaying the actions gives another state than playing them"
        result = game.result(state)
        return {
            "game": self.slug,
            "version": game.spec.version,
            "players": case.players,
            "seed": case.seed,
            "options": dict(game.options),
            "agent": "random",
            "agent_seeds": agent_seeds,
            "result": {"scores": result.scores, "ranking": result.ranking, "winner_seats": result.winner_seats},
            "state_sha256": digest,
            "observations_sha256": final,
            "checkpoints": checkpoints,
            "actions": actions,
        }

    def load(self, case: GoldenCase) -> dict[str, Any]:
        path = self.path(case)
        if REGENERATE:
            self.directory.mkdir(exist_ok=True)
            path.write_text(dump(self.play(case)), encoding="utf-8")
        if not path.exists():
            pytest.fail(f"{path} is missing: run MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest {self.test_file}")
        return json.loads(path.read_text(encoding="utf-8"))

    def check_replay(self, case: GoldenCase) -> None:
        """The recorded actions replay to the recorded state, through the recorded observations."""
        golden = self.load(case)
        assert (golden["players"], golden["seed"]) == (case.players, case.seed)
        game = get_game(golden["game"], golden["options"])
        final, checkpoints, digest = observation_hashes(game, golden["players"], golden["seed"], golden["actions"])
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
        assert digest == golden["state_sha256"], f"{case.name}: the final state differs from the golden game"

    def check_agents(self, case: GoldenCase) -> None:
        """The random agents, seeded as recorded, still choose the recorded actions and result.
        The recorded options are resolved as `check_replay` resolves them: an option added after
        the recording takes its default, so adding an option whose default is the old game does
        not change the golden files."""
        golden = self.load(case)
        again = self.play(case)
        assert again["agent_seeds"] == golden["agent_seeds"]
        assert again["actions"] == golden["actions"], f"{case.name}: the random agents now play differently"
        assert again["result"] == golden["result"]
        assert again["options"] == dict(get_game(self.slug, golden["options"]).options)

    def check_no_stale_files(self) -> None:
        expected = {self.path(case).name for case in self.cases}
        found = {path.name for path in self.directory.glob("*.json")}
        assert found <= expected, f"golden files without a case: {sorted(found - expected)}"

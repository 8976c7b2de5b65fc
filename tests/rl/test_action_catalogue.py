"""Every game's action catalogue, the fixed action space of meeple.rl (engine `action_catalogue`).

For every game, player count and option variant: ids are unique; every legal action of random
and heuristic games is in it (a missing id would be a move no learner could make); building it
twice gives the same order; and its order matches the recorded digest, so that index k keeps
meaning the same move across versions. A deliberate change (a new move, new content) changes a
digest: regenerate on purpose with MEEPLE_REGENERATE_GOLDEN=1 and say so in the commit.
"""

import hashlib
import json
import os
from pathlib import Path

import pytest
from tests.rl.cases import VARIANTS, every_game_and_count, games_of, played_states

from meeple.engine import get_game

DIGESTS = Path(__file__).with_name("catalogue_digests.json")
GAMES = 4  # per game, count and variant: random and heuristic in turn


@pytest.mark.parametrize(("slug", "players"), every_game_and_count())
def test_every_legal_action_is_in_the_catalogue(slug: str, players: int) -> None:
    for game in games_of(slug):
        ids = game.action_catalogue(players)
        assert len(set(ids)) == len(ids), "an id is listed twice"
        assert game.action_catalogue(players) == ids, "the order is not stable"
        known = set(ids)
        for seed in range(GAMES):
            for state in played_states(game, players, seed, heuristic=seed % 2 == 1):
                for seat in game.to_move(state):
                    missing = [a.id for a in game.legal_actions(state, seat) if a.id not in known]
                    assert not missing, f"{slug} ({game.options}) offers ids outside its catalogue: {missing}"


def _digest(ids: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(ids).encode()).hexdigest()


def test_catalogues_keep_their_order() -> None:
    found = {
        f"{slug}/{players}/{variant}": _digest(get_game(slug, options).action_catalogue(players))
        for slug, players in every_game_and_count()
        for variant, options in (("default", {}), ("variant", VARIANTS.get(slug, {})))
    }
    if os.environ.get("MEEPLE_REGENERATE_GOLDEN"):
        DIGESTS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    assert found == json.loads(DIGESTS.read_text())

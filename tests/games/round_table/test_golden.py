"""Golden playthroughs of Round Table: recorded games of seeded random agents that must play out
exactly as recorded (the machinery and file format are tests/golden_games.py's, shared by every
game). Regenerate on purpose after a deliberate change, then review the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/round_table/test_golden.py
"""

import pytest

from golden_games import GoldenCase, GoldenGames

GOLDEN = GoldenGames(
    "round-table",
    __file__,
    [
        GoldenCase("two-players", 2, 202, {}),
        GoldenCase("three-players-five-regions", 3, 303, {"regions": 5}),
        GoldenCase("four-players-no-majority-end", 4, 404, {"majority_end": False, "decks": "orkney,grail"}),
    ],
)


@pytest.mark.parametrize("case", GOLDEN.cases, ids=GOLDEN.ids)
def test_golden_game_replays_with_the_same_observations(case: GoldenCase) -> None:
    GOLDEN.check_replay(case)


@pytest.mark.parametrize("case", GOLDEN.cases, ids=GOLDEN.ids)
def test_golden_game_is_what_its_agents_play(case: GoldenCase) -> None:
    GOLDEN.check_agents(case)


def test_no_stale_golden_files() -> None:
    GOLDEN.check_no_stale_files()

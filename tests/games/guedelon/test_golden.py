"""Golden playthroughs of Guédelon: recorded games of seeded random agents that must play out
exactly as recorded (the machinery and file format are tests/golden_games.py's, shared by every
game). Regenerate on purpose after a deliberate change, then review the diff:

    MEEPLE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/games/guedelon/test_golden.py
"""

import pytest

from golden_games import GoldenCase, GoldenGames

GOLDEN = GoldenGames(
    "guedelon",
    __file__,
    [
        GoldenCase("solo", 1, 101, {"extra_rounds": 2}),
        GoldenCase("duo-hard-mill", 2, 202, {"difficulty": "hard", "mill": True, "extra_rounds": 2}),
        GoldenCase("three-players-intermediate", 3, 303, {"difficulty": "intermediate", "extra_rounds": 0}),
        GoldenCase("four-players-special", 4, 404, {"difficulty": "special", "extra_rounds": 1}),
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

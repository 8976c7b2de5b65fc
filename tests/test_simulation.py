"""Matches between agents: seat rotation, one match to its end and its record, many matches reproducibly."""

from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

import meeple.engine.record as record_module
import meeple.simulation as simulation
from engine.toy_game import SealedHighCard, encode
from meeple.agents.factory import BadAgent
from meeple.agents.random_agent import RandomAgent
from meeple.engine import Game, decode_record, encode_record, replay, state_digest
from meeple.simulation import play_match, seat_agents, simulate


def toy_get_game(slug: str, options: Mapping[str, Any] | None = None) -> Game:
    assert slug == SealedHighCard.spec.slug
    return SealedHighCard(options)


@pytest.fixture
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "get_game", toy_get_game)
    monkeypatch.setattr(simulation, "get_game", toy_get_game)


# --- seat rotation --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("specs", "players"),
    [(["a", "b"], 2), (["a", "b", "c"], 3), (["a", "b", "c", "d"], 4), (["a", "b"], 4), (["a", "b"], 3), (["a"], 3)],
)
@pytest.mark.parametrize("start", [0, 5])
def test_rotation_gives_each_agent_every_seat_equally(specs: list[str], players: int, start: int) -> None:
    seats: dict[str, Counter] = {spec: Counter() for spec in specs}
    for index in range(start, start + players):
        lineup = seat_agents(specs, players, index, rotate=True)
        assert len(lineup) == players
        for seat, spec in enumerate(lineup):
            seats[spec][seat] += 1
    for spec, counts in seats.items():
        assert set(counts) == set(range(players)), spec  # every seat ...
        assert len(set(counts.values())) == 1, spec  # ... equally often


def test_rotation_with_one_agent_per_seat_is_a_latin_square() -> None:
    specs = ["a", "b", "c"]
    lineups = [seat_agents(specs, 3, index, rotate=True) for index in range(3)]
    assert lineups[0] == specs
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in lineups) == specs
    assert seat_agents(specs, 3, 3, rotate=True) == lineups[0]  # the cycle repeats


def test_without_rotation_every_game_has_the_same_lineup() -> None:
    for index in range(6):
        assert seat_agents(["a", "b"], 4, index, rotate=False) == ["a", "b", "a", "b"]
        assert seat_agents(["x"], 2, index, rotate=False) == ["x", "x"]


def test_seat_agents_needs_an_agent() -> None:
    with pytest.raises(BadAgent, match="at least one agent"):
        seat_agents([], 2, 0, rotate=True)


def test_seat_agents_refuses_more_agents_than_seats() -> None:
    with pytest.raises(BadAgent, match="3 agents were given for 2 seats"):
        seat_agents(["a", "b", "c"], 2, 0, rotate=True)


# --- one match ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_match_finishes_and_its_record_replays(players: int, toy_registry: None) -> None:
    game = SealedHighCard()
    agents = [RandomAgent(100 + seat) for seat in range(players)]
    state, record = play_match(game, players, 21, agents)
    assert game.is_terminal(state)
    assert state.decisions == 3 * players == len(record.actions)
    assert record.players == players and record.seed == 21
    # every seat acted once in every round
    for start in range(0, len(record.actions), players):
        assert sorted(seat for seat, _ in record.actions[start : start + players]) == list(range(players))
    assert record.digest == state_digest(state)
    assert record.result is not None and record.result["winner_seats"] == game.result(state).winner_seats
    _, replayed = replay(decode_record(encode_record(record)))
    assert encode(replayed) == encode(state)


def test_play_match_is_reproducible() -> None:
    game = SealedHighCard()
    one = play_match(game, 3, 5, [RandomAgent(seat) for seat in range(3)])
    two = play_match(game, 3, 5, [RandomAgent(seat) for seat in range(3)])
    other = play_match(game, 3, 5, [RandomAgent(seat + 50) for seat in range(3)])
    assert one[1] == two[1]
    assert encode(one[0]) == encode(two[0])
    assert other[1].actions != one[1].actions  # the agents' seeds matter


# --- many matches -------------------------------------------------------------------------
def test_simulate_is_reproducible_and_rotates_seats(toy_registry: None) -> None:
    rows = simulate(SealedHighCard.spec.slug, 3, 6, seed=9, agent_specs=["random", "heuristic"])
    assert len(rows) == 6
    assert rows == simulate(SealedHighCard.spec.slug, 3, 6, seed=9, agent_specs=["random", "heuristic"])
    assert rows != simulate(SealedHighCard.spec.slug, 3, 6, seed=10, agent_specs=["random", "heuristic"])
    assert len({row["seed"] for row in rows}) == 6
    for index, row in enumerate(rows):
        assert row["agents"] == seat_agents(["random", "heuristic"], 3, index, rotate=True)
        assert row["decisions"] == 9
        assert sum(row["scores"]) == 3
        assert row["winner_seats"] == [seat for seat, rank in enumerate(row["ranking"]) if rank == 1]


def test_simulate_reports_progress_once_per_game(toy_registry: None) -> None:
    ticks: list[int] = []
    simulate(SealedHighCard.spec.slug, 2, 4, seed=1, agent_specs=["random"], progress=ticks.append)
    assert ticks == [1, 1, 1, 1]


@pytest.mark.parametrize(("games", "workers"), [(1, 2), (5, 2), (300, 2), (1000, 2), (1000, 8)])
def test_batches_cover_every_game_once_in_order_and_shrink_to_single_games(games: int, workers: int) -> None:
    found = simulation.batches(games, workers)
    assert [index for batch in found for index in batch] == list(range(games))
    sizes = [len(batch) for batch in found]
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    # the first batch is an eighth of a worker's share, the last workers' worth are single games
    assert sizes[0] == max(1, games // (8 * workers))
    assert sizes[-min(games, 8 * workers) :] == [1] * min(games, 8 * workers)

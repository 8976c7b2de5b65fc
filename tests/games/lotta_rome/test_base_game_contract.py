"""The engine contract for the base game alone (`merchants=false`): tests/test_every_game.py
checks every game at its default options only, so the base game's records and
determinizations are checked here."""

import pytest

from meeple.agents.random_agent import RandomAgent
from meeple.engine import Rng, decode_record, encode_record, replay, state_digest
from meeple.simulation import play_match

from .builders import game


@pytest.mark.parametrize("players", [2, 5])
def test_base_game_records_replay_to_the_identical_state(players: int) -> None:
    g = game(merchants=False)
    state, record = play_match(g, players, players, [RandomAgent(seat) for seat in range(players)])
    assert record.options["merchants"] is False
    replayed_game, replayed = replay(decode_record(encode_record(record)))
    assert state_digest(replayed) == state_digest(state)
    assert replayed_game.result(replayed) == g.result(state)


@pytest.mark.parametrize("players", [2, 4])
def test_base_game_determinizations_match_the_observation(players: int) -> None:
    g = game(merchants=False)
    state = g.new_game(players, 3)
    rng = Rng(3)
    while not g.is_terminal(state):
        for seat in range(players):
            sample = g.determinize(state, seat, Rng(state.decisions))
            assert [a.id for a in g.legal_actions(sample, seat)] == [a.id for a in g.legal_actions(state, seat)]
            # the other seats' unrevealed sealed choices are unmade: make them again, as anyone might
            for other in g.to_move(sample):
                if other not in g.to_move(state) and other in g.to_move(sample):
                    sealed = [a for a in g.legal_actions(sample, other) if a.payload.get("sealed")]
                    g.apply(sample, other, sealed[0].id)
            assert g.observation(sample, seat) == g.observation(state, seat)
        movers = g.to_move(state)
        seat = movers[rng.below(len(movers))]
        legal = g.legal_actions(state, seat)
        g.apply(state, seat, legal[rng.below(len(legal))].id)

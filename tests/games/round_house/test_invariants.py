"""Invariants over whole games at every player count, checked after every action of random and
heuristic games: every component is somewhere exactly once (15 assistants per player, 90 coins,
15 of each basic resource and 10 Gold, 18 amulets, 20 orders, 24 experts, 10 pirate tiles),
nothing is negative, at most one leader per room, at most 3 experts each, and the game ends
after the round marker reaches the end space with every other player having one more turn."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.engine import Rng
from meeple.games.round_house.content import HALL
from meeple.games.round_house.state import OVER

from .builders import FULL, assistants, components, game


def check(state) -> None:
    assert components(state) == FULL
    for seat in range(state.players):
        assert assistants(state, seat) == 15
        assert state.personal[seat] >= 0 and state.reserve[seat] >= 0 and state.coins[seat] >= 0
        assert min(state.goods[seat]) >= 0 and len(state.experts[seat]) <= 3
    assert min(state.basics) >= 0 and state.bank >= 0 and state.lender >= 0
    rooms = [node for node in state.leaders if node != HALL]
    assert len(rooms) == len(set(rooms)), "two leaders share a room"
    assert len(state.pirates_up) == 3 and len(state.experts_up) <= 3


def run(players: int, seed: int, heuristic_share: float, **options: object) -> None:
    g = game(**options)
    state = g.new_game(players, seed)
    rng = Rng.from_seed(seed, "moves")
    turns_after_end: list[int] = []
    while not g.is_terminal(state):
        check(state)
        seat = state.current
        legal = g.legal_actions(state, seat)
        if rng.random() < heuristic_share:
            action = g.playout_action(state, seat, legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        turn = state.turn
        g.apply(state, seat, action.id)
        if state.end_by >= 0 and state.turn != turn:
            turns_after_end.append(turn)
    check(state)
    assert state.phase == OVER and state.marker == state.end_at
    # the ending turn and then one more turn for every other player
    assert len(turns_after_end) == players - 1
    assert state.end_amulet == -1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_components_are_conserved_in_random_games(players: int) -> None:
    for seed in range(3):
        run(players, seed, 0.0)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    share=st.sampled_from([0.0, 0.5, 1.0]),
    neutral_rule=st.sampled_from([1, 2]),
    amulet_experts=st.sampled_from(["amulet", "free", "never"]),
)
def test_components_are_conserved_whatever_the_options(
    players: int, seed: int, share: float, neutral_rule: int, amulet_experts: str
) -> None:
    run(players, seed, share, neutral_rule=neutral_rule, amulet_experts=amulet_experts)

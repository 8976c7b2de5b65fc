"""Game Setup and Player Board Setup (pp.2-3), at every player count."""

import pytest

from meeple.engine import BadPlayerCount
from meeple.games.round_house.content import HALL

from .builders import CONTENT, FULL, components, fresh, game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_follows_the_rulebook(players: int) -> None:
    _g, state = fresh(players, seed=7)
    sizes = [CONTENT.rooms[r].size for r in state.outer]
    assert sizes == CONTENT.board.rings.outer_sizes  # large tiles on large spaces, small on small
    assert sorted(r for r in state.outer if CONTENT.rooms[r].size == "large") == sorted(CONTENT.large)
    assert len({r for r in state.outer if CONTENT.rooms[r].size == "small"}) == 3
    assert len([a for a in state.hall_amulets if a >= 0]) == 6 and state.end_amulet >= 0
    assert len(state.amulets_up) == 3 and len(state.amulet_pool) == 18 - 10
    assert state.end_at == {2: 7, 3: 8, 4: 10, 5: 12}[players]
    assert state.temples_used == [False] * 4
    assert len(state.pirates_up) == 3 and len(state.pirate_stack) == 7
    assert all(len(hand) == 1 and CONTENT.orders[hand[0]].start for hand in state.hand)
    assert len(state.orders_up) == 3 and len(state.order_deck) == 20 - players - 3
    assert len(state.experts_up) == 3 and len(state.expert_deck) == 21
    assert state.coins == [3, 3, 4, 5, 6][:players]
    assert state.goods == [[0, 0, 0, 1]] * players
    assert state.personal == [5] * players and state.reserve == [9] * players and state.honor == [0] * players
    assert state.lender == 3 and state.marker == 0
    leaders_each = 1 if players == 5 else 2
    assert [state.owners.count(s) for s in range(players)] == [leaders_each] * players
    assert state.owners.count(-1) == (2 if players == 2 else 0)
    assert set(state.leaders) == {HALL}
    assert components(state) == FULL


def test_the_warehouse_gets_one_of_each_resource() -> None:
    for seed in range(30):
        _, state = fresh(3, seed)
        on_board = CONTENT.room_index["warehouse"] in state.outer
        assert state.warehouse == ([1, 1, 1] if on_board else [0, 0, 0])
        if on_board:
            return
    raise AssertionError("no seed drew the Warehouse")


def test_setup_is_random_but_seeded() -> None:
    tiles = {tuple(fresh(3, seed)[1].outer) for seed in range(20)}
    assert len(tiles) > 3
    assert fresh(3, 5)[1].outer == fresh(3, 5)[1].outer


@pytest.mark.parametrize("players", [1, 6])
def test_wrong_player_counts_are_refused(players: int) -> None:
    with pytest.raises(BadPlayerCount):
        game().new_game(players, 1)

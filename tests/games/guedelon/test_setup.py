"""0 Setting up, 3 sliders and 11 solo/duo boards: the table before round 1 begins."""

import pytest

from meeple.engine import BadOption, BadPlayerCount
from meeple.games.guedelon.setup import new_state

from .builders import CONTENT, game, loc


def table(players: int, difficulty: str = "easy", mill: bool = False):
    return new_state(players, 7, CONTENT, difficulty, mill, 12)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_reserves_cart_bag_and_floor_tiles(players: int) -> None:
    state = table(players)
    assert state.reserve == [9, 9, 9, 6, 5]  # 9 wood, 9 stone, 9 clay, 6 mortar, 5 rope
    assert all(sum(t) == 0 for t in state.tokens)
    assert state.cart_loc == loc("stables")
    assert state.visitor_loc == [-1] * 9  # 9 visitors in the bag
    assert sorted(state.visitor_colour) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert state.floor == [0] * 6 and state.mortar == [0] * 6 and state.crane == 0
    assert [len(f) for f in state.filled] == [len(floors[0]) for floors in CONTENT.floors]
    assert state.round == 0  # the time counter on its starting space


@pytest.mark.parametrize(("players", "workers", "boards"), [(1, 3, 2), (2, 3, 3), (3, 3, 3), (4, 4, 4)])
def test_workers_in_the_castle_courtyard_and_the_apprentice_on_the_belvedere(
    players: int, workers: int, boards: int
) -> None:
    state = table(players)
    assert len(state.actor_loc) == workers and state.boards == boards
    for actor, at in enumerate(state.actor_loc):
        assert at == (loc("belvedere") if actor == state.apprentice else loc("castle"))
    assert (state.apprentice >= 0) == (players <= 2)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_slider_start_positions_by_player_count(players: int) -> None:
    state = table(players)
    exp, tools = CONTENT.sliders[players]
    for actor in range(len(state.actor_loc)):
        board = state.actor_board[actor]
        assert (state.exp[board], state.tools[board]) == (exp, tools)  # the apprentice's board too (11.2)


def test_four_players_start_at_experience_1_and_tools_3() -> None:
    state = table(4)
    assert state.exp == [1, 1, 1, 1] and state.tools == [3, 3, 3, 3]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_fewer_players_start_one_experience_higher_with_the_stated_tools(players: int) -> None:
    """3: 4 players start at 1/3 (stated); one experience more per player fewer, so that 3 players
    start at 2, as worked example 9 requires (below), and no start sits at the track's top."""
    assert CONTENT.sliders[players] == (5 - players, 3)
    assert CONTENT.sliders[players][0] < CONTENT.exp_range[1]


def test_the_three_player_start_agrees_with_worked_example_9() -> None:
    """9: in 1234 (round 7) green transforms 4 stones 'with his experience of 2 + 2 tools';
    experience only grows (3.1), so a 3-player worker starts at experience 2 or less."""
    state = table(3)
    assert max(state.exp) <= 2 and min(state.tools) >= 2


def test_solo_two_workers_share_one_board_and_wheelbarrow() -> None:
    state = table(1)
    assert state.actor_board == [0, 0, 1] and state.actor_seat == [0, 0, 0]
    assert state.barrow(0) == state.barrow(1) != state.barrow(2)


def test_duo_has_three_boards_and_seat_zero_moves_the_apprentice() -> None:
    state = table(2)
    assert state.actor_board == [0, 1, 2] and state.actor_seat == [0, 1, 0]


def test_event_decks_by_difficulty() -> None:
    assert table(4).deck == list(range(1, 19))
    for difficulty, series in (("intermediate", range(19, 28)), ("hard", range(28, 37)), ("special", range(37, 46))):
        cards = table(4, difficulty).deck
        assert len(cards) == 18
        assert [c for c in cards if c > 18] == list(series)
        assert len([c for c in cards if c <= 18]) == 9


def test_the_mill_option_adds_the_mill_to_build() -> None:
    assert table(4).mill == -1
    state = table(4, mill=True)
    assert state.mill == 0 and state.mill_filled == [-1, -1, -1]


def test_round_one_draws_an_event_and_advances_the_time_counter() -> None:
    state = game().new_game(4, 7)
    assert state.round == 1 and state.event in range(1, 19) and len(state.deck) == 17


def test_bad_player_count_and_bad_option_are_refused() -> None:
    with pytest.raises(BadPlayerCount):
        game().new_game(5, 1)
    with pytest.raises(BadOption):
        game(difficulty="nightmare")

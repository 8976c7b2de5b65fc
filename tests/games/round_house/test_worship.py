"""Worship in the family ancestral hall (p.12) beyond the rulebook example: the path from space 1,
other colours sharing spaces, the grid's end, the bonuses of each row and column."""

from .builders import CONTENT, enter_hall_with, fresh, ids, play

HALL_GRID = CONTENT.board.hall


def test_assistants_fill_the_path_from_space_one() -> None:
    g, state = fresh(3)
    enter_hall_with(state, 0, {1: 2})
    play(g, state, "hall:1")
    assert state.seniors[0] == 1 << 1  # spaces 1 and 2: the second turns senior
    assert state.honor[0] == HALL_GRID.honor[1]


def test_other_colours_do_not_block_a_space() -> None:
    g, state = fresh(3)
    state.seniors[1] = 0b1  # another colour's senior on space 1
    enter_hall_with(state, 0, {1: 1})
    play(g, state, "hall:1")
    assert state.seniors[0] == 0b1


def test_beyond_the_last_space_assistants_go_home() -> None:
    g, state = fresh(3)
    state.seniors[0] = 0b011111111  # spaces 1-8 hold the seat's seniors
    state.reserve[0] -= 8
    enter_hall_with(state, 0, {0: 3})
    personal = state.personal[0]
    play(g, state, "hall:0")
    assert state.seniors[0] == 0b111111111 and state.personal[0] == personal + 2


def test_a_full_grid_closes_the_hall_to_that_player() -> None:
    g, state = fresh(3)
    state.seniors[0] = 0b111111111
    state.reserve[0] -= 9
    enter_hall_with(state, 0, {0: 1})
    assert not [i for i in ids(g, state) if i.startswith("hall:")]
    assert [i for i in ids(g, state) if i.startswith("temple:")]


def test_row_and_column_bonuses_of_the_last_space() -> None:
    g, state = fresh(3)
    state.seniors[0] = 0b111111  # spaces 1-6
    state.reserve[0] -= 6
    enter_hall_with(state, 0, {2: 1})
    coins = state.coins[0]
    amulet_below, amulet_right = state.hall_amulets[0], state.hall_amulets[3 + 2]
    play(g, state, "hall:2")  # space 7: bottom-left, first column, third row
    assert state.goods[0][0] == 1  # above the first column: 1 Tea
    assert state.goods[0][3] == 2  # left of the third row: 1 Gold
    assert state.coins[0] == coins and state.honor[0] == 7
    assert {amulet_below, amulet_right} <= set(state.amulets[0])

"""Worship in the family ancestral hall (p.12) beyond the rulebook example: the path the player
leads from space 1, other colours sharing spaces, the path's end, the bonuses of each row and
column, the amulets and the order below and to the right."""

from .builders import CONTENT, enter_hall_with, fresh, ids, play

HALL_GRID = CONTENT.board.hall
COLUMNS = HALL_GRID.columns


def cell(row: int, column: int) -> int:
    return row * COLUMNS + column


def test_the_player_chooses_the_connected_path() -> None:
    """Step 2: from space 1 each assistant goes on a space touching the last one, horizontally or
    vertically, as the player chooses; the last turns senior and gives its space's honor."""
    g, state = fresh(3)
    enter_hall_with(state, 0, {1: 3})
    play(g, state, "hall:1")
    assert ids(g, state) == [f"path:{cell(0, 1)}", f"path:{cell(1, 0)}"]
    play(g, state, f"path:{cell(1, 0)}")
    assert set(ids(g, state)) == {f"path:{cell(1, 1)}", f"path:{cell(2, 0)}"}  # never back onto the path
    play(g, state, f"path:{cell(1, 1)}")
    assert state.seniors[0] == 1 << cell(1, 1)
    assert state.honor[0] == HALL_GRID.honor[cell(1, 1)] == 3


def test_other_colours_do_not_block_a_space() -> None:
    g, state = fresh(3)
    state.seniors[1] = 0b1  # another colour's senior on space 1
    enter_hall_with(state, 0, {1: 1})
    play(g, state, "hall:1")
    assert state.seniors[0] == 0b1


def test_a_path_that_cannot_go_on_sends_the_rest_home() -> None:
    """A ruling: when the path reaches a space with no free neighbour, the assistants not placed
    go back to the personal supply with the others (the last placed turns senior)."""
    g, state = fresh(3)
    state.personal[0] += 3
    state.reserve[0] -= 3
    enter_hall_with(state, 0, {0: 8})
    personal = state.personal[0]
    play(g, state, "hall:0", *(f"path:{cell(*rc)}" for rc in ((0, 1), (0, 2), (1, 2), (1, 3), (0, 3))))
    assert not state.walk and state.seniors[0] == 1 << cell(0, 3)  # boxed in the corner after 6 spaces
    assert state.personal[0] == personal + 7


def test_a_full_grid_closes_the_hall_to_that_player() -> None:
    g, state = fresh(3)
    state.seniors[0] = (1 << len(HALL_GRID.honor)) - 1
    state.reserve[0] = 0
    state.personal[0] -= 1
    enter_hall_with(state, 0, {0: 1})
    assert not [i for i in ids(g, state) if i.startswith("hall:")]
    assert [i for i in ids(g, state) if i.startswith("temple:")]


def test_row_and_column_bonuses_of_the_last_space() -> None:
    """A senior in the bottom-left corner: above its column 1 Tea, left of its row 3 coins, below
    its column an amulet, right of its row an amulet."""
    g, state = fresh(3)
    enter_hall_with(state, 0, {2: 4})
    coins = state.coins[0]
    below, right = CONTENT.hall_spots[0], CONTENT.hall_spots[COLUMNS + 3]
    assert below[0] == right[0] == "amulet"
    amulets = state.hall_amulets[below[1]], state.hall_amulets[right[1]]
    play(g, state, "hall:2", f"path:{cell(1, 0)}", f"path:{cell(2, 0)}", f"path:{cell(3, 0)}")
    assert state.goods[0][0] == 1  # above the first column: 1 Tea
    assert state.coins[0] == coins + 3  # left of the last row: 3 coins
    assert state.honor[0] == 4
    assert set(amulets) <= set(state.amulets[0])


def test_some_space_gives_an_order() -> None:
    """Step 4 'the amulet or order': below the third column lies an order icon."""
    g, state = fresh(3)
    assert CONTENT.hall_spots[2] == ("order", -1)
    enter_hall_with(state, 0, {2: 3})
    play(g, state, "hall:2", f"path:{cell(0, 1)}", f"path:{cell(0, 2)}", "skip")  # the row's senior investment
    assert ids(g, state)[:3] == ["order:0", "order:1", "order:2"]
    taken = state.orders_up[1]
    play(g, state, "order:1")
    assert taken in state.hand[0]


def test_a_single_assistant_worship_says_what_it_gives() -> None:
    from .builders import labels

    g, state = fresh(3)
    enter_hall_with(state, 0, {1: 1})
    amulet = CONTENT.amulets[state.hall_amulets[0]].name  # below the first column
    label = labels(g, state)["hall:1"]
    assert label.endswith(
        f"on space 1, 1 honor + 1 per assistant on a chair, 1 tea, 1 senior investment, amulet {amulet}"
    )

"""Worship in the temple, the end of the game (p.13) and final scoring."""

from meeple.games.round_house.content import HALL
from meeple.games.round_house.state import MOVE, OVER

from .builders import CONTENT, fresh, ids, play, put_leader, to_phase


def enter_hall(g, state, seat: int) -> None:
    leader = put_leader(state, seat, 6)
    to_phase(state, seat, MOVE)
    play(g, state, f"move:{leader}:{HALL}")


def test_temple_worship_takes_the_tile_and_leaves_the_marker() -> None:
    g, state = fresh(3)
    enter_hall(g, state, 0)
    assert {"temple:0", "temple:1", "temple:2", "temple:3"} <= set(ids(g, state))
    play(g, state, "temple:0")
    assert state.temples_used[0] and state.marker == 0
    assert state.coins[0] == 3 + 3 and state.honor[0] == 1


def test_no_temple_left_and_no_town_assistants_means_no_worship() -> None:
    g, state = fresh(3)
    state.temples_used = [True] * 4
    enter_hall(g, state, 0)
    assert state.current == 1 or not [i for i in ids(g, state) if i.startswith(("temple", "hall"))]


def test_the_end_space_ends_the_game_after_one_more_turn_each() -> None:
    g, state = fresh(3)
    state.marker = state.end_at - 1
    state.towns[0][0] = 1
    state.personal[0] -= 1
    enter_hall(g, state, 0)
    play(g, state, "hall:0")
    assert state.marker == state.end_at and state.end_by == 0
    end_amulet = state.end_amulet
    while state.current == 0:
        play(g, state, ids(g, state)[-1])
    assert end_amulet in state.amulets[0]
    turns = 0
    while state.phase != OVER:
        seat = state.current
        play(g, state, ids(g, state)[-1] if ids(g, state)[-1] != "done" else ids(g, state)[0])
        turns += state.current != seat or state.phase == OVER
    assert turns == 2


def test_scores_add_track_orders_and_amulets_and_ties_go_to_coins() -> None:
    g, state = fresh(3)
    state.honor = [10, 10, 3]
    state.amulets[2] = [0]  # an amulet of 1 honor
    state.done_orders[2] = [19]
    state.done_turn[2] = [0]
    state.coins = [4, 6, 0]
    result = g.result(state)
    expected = 3 + CONTENT.amulets[0].honor + CONTENT.orders[19].honor
    assert result.scores == [10.0, 10.0, float(expected)]
    assert result.ranking[1] < result.ranking[0]

"""7.10 The Castle: mortar first, ropes per floor, floors bottom-up, double spaces, completion."""

import pytest

from meeple.games.guedelon.castle import can_build_on, open_space
from meeple.games.guedelon.content import BEAM, CUT_STONE, TILE

from .builders import CONTENT, act, building, count, ids, loc, mortar_all, put, ropes, turn_state


def at_castle(exp: int = 3, tools: int = 0):
    g, state = turn_state(4, actor=0)
    state.actor_loc[0] = loc("stonemason")
    state.exp[0], state.tools[0] = exp, tools
    return g, state


def test_no_floor_before_mortar() -> None:
    g, state = at_castle()
    put(state, loc("castle"), "cut_stone", 2)
    act(g, state, "move:castle")
    assert not any(i.startswith("build:") for i in ids(g, state))


def test_a_mortar_carried_to_the_castle_is_placed_at_the_foot_of_the_building_chosen() -> None:
    """7.6: a mortar "transported to the Castle ... is automatically placed at the foot of a
    building of the player's choice": on arrival the only choice is which building; it cannot be
    kept in the wheelbarrow. A visitor is drawn (6.1)."""
    g, state = at_castle()
    put(state, state.barrow(0), "mortar")
    act(g, state, "move:castle")
    assert ids(g, state) == [f"foot:{b.id}" for b in CONTENT.buildings]
    act(g, state, "foot:C")
    assert state.mortar[building("C")] == 1 and count(state, state.barrow(0), "mortar") == 0
    assert count(state, loc("castle"), "mortar") == 0
    assert sum(1 for at in state.visitor_loc if at == loc("belvedere")) == 1
    assert not any(i.startswith(("foot:", "unload:mortar")) for i in ids(g, state))


def test_the_last_building_without_mortar_takes_an_arriving_mortar_without_a_choice() -> None:
    g, state = at_castle()
    mortar_all(state)
    state.mortar[building("E")], state.reserve[3] = 0, state.reserve[3] + 1
    put(state, state.barrow(0), "mortar")
    act(g, state, "move:castle")
    assert state.mortar[building("E")] == 1 and count(state, state.barrow(0), "mortar") == 0


def test_ropes_carried_to_the_castle_go_onto_the_crane_on_arrival() -> None:
    """7.7: a rope "transported to the Castle ... is automatically placed" near the crane."""
    g, state = at_castle()
    put(state, state.barrow(0), "rope", 2)
    act(g, state, "move:castle")
    assert state.crane == 2 and count(state, state.barrow(0), "rope") == 0
    assert count(state, loc("castle"), "rope") == 0 and "unload:rope" not in ids(g, state)


def test_the_cart_reaching_the_castle_places_its_mortar_and_ropes_without_an_unload_action() -> None:
    g, state = at_castle()
    state.cart_loc = loc("mason")
    put(state, state.cart, "mortar")
    put(state, state.cart, "rope")
    put(state, state.cart, "cut_stone")
    act(g, state, "cart:move:castle")
    assert state.crane == 1 and ids(g, state) == [f"foot:{b.id}" for b in CONTENT.buildings]
    act(g, state, "foot:A")
    assert state.mortar[building("A")] == 1 and state.tokens[state.cart] == [0, 0, 0, 1, 0, 0, 0, 0]
    assert state.cart_left == 0 and any(i.startswith("move:") for i in ids(g, state))


def test_a_worker_at_the_castle_places_what_it_makes_room_for_before_building() -> None:
    """7.7 with 7.10: the rope arriving with the worker is on the crane before the worker builds,
    so a floor needing it can be built in the same turn."""
    g, state = at_castle()
    a = building("A")
    state.mortar[a], state.reserve[3] = 1, 5
    state.floor[a], state.filled[a] = 1, [-1]
    put(state, loc("castle"), "cut_stone")
    put(state, loc("castle"), "tile")
    ropes(state, 1)
    put(state, state.barrow(0), "rope")
    act(g, state, "move:castle")
    assert state.crane == 2
    act(g, state, "build:A:cut_stone", "build:A:tile")
    assert state.floor[a] == 3


def test_building_a_example() -> None:
    """7.10: A0 is built; A1 needs 1 cut stone and 1 rope; A2 needs 1 tile and 2 ropes."""
    g, state = at_castle(exp=3)
    a = building("A")
    state.mortar[a], state.reserve[3] = 1, 5
    state.floor[a], state.filled[a] = 1, [-1]
    assert CONTENT.floors[a][1] == ((CUT_STONE,),) and CONTENT.floors[a][2] == ((TILE,),)
    put(state, loc("castle"), "cut_stone")
    put(state, loc("castle"), "tile")
    assert not can_build_on(state, a, CONTENT)  # no rope yet
    ropes(state, 1)
    act(g, state, "move:castle")
    assert [i for i in ids(g, state) if i.startswith("build:A")] == ["build:A:cut_stone"]  # the tile must wait
    act(g, state, "build:A:cut_stone")
    assert state.floor[a] == 2 and state.reserve[0] == 9  # the cut stone went back to its reserve
    assert not any(i.startswith("build:A") for i in ids(g, state))  # A2 needs 2 ropes
    assert not can_build_on(state, a, CONTENT)
    act(g, state, "end")
    ropes(state, 2)
    g2, later = at_castle(exp=3)
    later.mortar, later.floor, later.filled, later.crane = state.mortar, state.floor, state.filled, state.crane
    later.reserve, later.tokens = state.reserve, state.tokens
    later.visitor_loc = [-1] * 9
    act(g2, later, "move:castle", "build:A:tile")
    assert later.floor[a] == 3 and later.reserve[2] == 9


def test_carolina_and_the_ropes() -> None:
    """7.7: with 3 ropes on the crane the Chapel tower's 3rd floor can be built, not the Master tower's 4th."""
    g, state = at_castle(exp=3)
    mortar_all(state)
    c, f = building("C"), building("F")
    state.floor[c], state.filled[c] = 3, [-1] * len(CONTENT.floors[c][3])
    state.floor[f], state.filled[f] = 4, [-1] * len(CONTENT.floors[f][4])
    ropes(state, 3)
    assert can_build_on(state, c, CONTENT) and not can_build_on(state, f, CONTENT)
    put(state, loc("castle"), "tile", 2)
    act(g, state, "move:castle")
    builds = [i for i in ids(g, state) if i.startswith("build:")]
    assert "build:C:tile" in builds and "build:F:tile" not in builds
    ropes(state, 4)
    assert can_build_on(state, f, CONTENT)


def test_floors_are_built_bottom_up_and_tokens_come_from_the_wheelbarrow_too() -> None:
    g, state = at_castle(exp=4)
    mortar_all(state)
    ropes(state, 1)
    b = building("B")
    put(state, state.barrow(0), "cut_stone")
    put(state, state.barrow(0), "beam")
    act(g, state, "move:castle")
    assert "build:B:beam" not in ids(g, state)  # B1 takes a beam, but B0 comes first
    act(g, state, "build:B:cut_stone")
    assert state.floor[b] == 1
    act(g, state, "build:B:beam")
    assert state.filled[b] == [BEAM, -1]


def test_experience_and_tools_limit_the_tokens_placed() -> None:
    g, state = at_castle(exp=1, tools=1)
    mortar_all(state)
    put(state, loc("castle"), "cut_stone", 4)
    act(g, state, "move:castle", "build:A:cut_stone")
    assert state.tools[0] == 1
    act(g, state, "build:A:cut_stone")
    assert state.tools[0] == 0
    assert ids(g, state)[0] != "build:B:cut_stone" and not any(i.startswith("build:") for i in ids(g, state))


def test_double_spaces_take_either_product_single_spaces_first() -> None:
    c = building("C")
    assert CONTENT.floors[c][0] == ((CUT_STONE, BEAM), (CUT_STONE,))
    _, state = at_castle()
    mortar_all(state)
    assert open_space(state, c, CUT_STONE, CONTENT) == 1
    assert open_space(state, c, BEAM, CONTENT) == 0
    state.filled[c] = [-1, CUT_STONE]
    assert open_space(state, c, CUT_STONE, CONTENT) == 0


@pytest.mark.parametrize("letter", ["C", "D", "E", "F"])
def test_the_rulebook_double_spaces_exist(letter: str) -> None:
    floor = {"C": 0, "D": 3, "E": 1, "F": 3}[letter]
    assert any(len(space) == 2 for space in CONTENT.floors[building(letter)][floor])


def test_castle_has_22_floor_tiles_and_floor_k_needs_k_ropes() -> None:
    assert sum(len(f) for f in CONTENT.floors) == 22
    assert CONTENT.rope_per_floor == 1


def test_visitors_at_the_castle_prevent_building() -> None:
    g, state = at_castle()
    mortar_all(state)
    put(state, loc("castle"), "cut_stone", 2)
    state.visitor_loc[0], state.visitor_up[0] = loc("castle"), True
    act(g, state, "move:castle")
    assert not any(i.startswith("build:") for i in ids(g, state))


def test_completing_every_building_wins() -> None:
    g, state = at_castle(exp=5, tools=5)
    mortar_all(state)
    ropes(state, 4)
    for b, floors in enumerate(CONTENT.floors):
        state.floor[b] = len(floors)
        state.filled[b] = []
    f = building("F")
    state.floor[f], state.filled[f] = 4, [TILE, -1]
    state.reserve[2] -= 1
    put(state, loc("castle"), "tile")
    act(g, state, "move:castle", "build:F:tile")
    assert g.is_terminal(state)
    result = g.result(state)
    assert result.team is not None and result.team.won and result.winner_seats == [0, 1, 2, 3]
    assert result.scores == [0.0] * 4 and result.team.margin == 17.0

"""12 The Mill expansion: two beams and a cut stone, a visitor, the orange route rerouted."""

from meeple.games.guedelon.visitors import route

from .builders import CONTENT, act, ids, loc, put, turn_state


def test_without_the_option_there_is_no_mill() -> None:
    g, state = turn_state(4, actor=0)
    assert "move:mill" not in ids(g, state)


def test_building_the_mill() -> None:
    g, state = turn_state(4, actor=0, mill=True)
    state.exp[0] = 3
    put(state, loc("mill"), "beam", 2)
    put(state, state.barrow(0), "cut_stone")
    act(g, state, "move:mill")
    assert sorted(i for i in ids(g, state) if i.startswith("build:")) == ["build:mill:beam", "build:mill:cut_stone"]
    act(g, state, "build:mill:beam", "build:mill:cut_stone", "build:mill:beam")
    assert state.mill == 1
    assert state.reserve[0] == 9 and state.reserve[1] == 9  # the tokens went back
    assert sum(1 for at in state.visitor_loc if at == loc("belvedere")) == 1  # a new visitor


def test_no_mortar_or_rope_needed_and_visitors_then_pass_the_mill() -> None:
    _, state = turn_state(4, actor=0, mill=True)
    orange = 1
    assert loc("mill") not in route(state, orange, CONTENT)
    state.mill = 1
    steps = route(state, orange, CONTENT)
    at = steps.index(loc("forest"))
    assert steps[at + 1 : at + 3] == (loc("mill"), loc("tilery"))


def test_the_castle_alone_does_not_win_with_the_mill_option() -> None:
    from meeple.games.guedelon.castle import castle_complete

    _, state = turn_state(4, actor=0, mill=True)
    for b, floors in enumerate(CONTENT.floors):
        state.floor[b] = len(floors)
    assert not castle_complete(state, CONTENT)
    state.mill = 1
    assert castle_complete(state, CONTENT)

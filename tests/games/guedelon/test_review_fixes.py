"""Rules the first review found wrong: building with the wheelbarrow open (3.3), card 7 after a
build and at the Pillory, cards 1 and 17 and the apprentice, card 13's sources, card 8's first
worker, card 12 at the Stables; and the solo wheelbarrow ruling (11.3)."""

from meeple.games.guedelon import flow
from meeple.games.guedelon.state import EVENT

from .builders import CONTENT, act, building, count, ids, loc, mortar_all, put, turn_state, with_event

RED = 2


def test_7_trainee_may_build_again_after_stopping_with_done() -> None:
    g, state = with_event(7)
    state.actor_loc[0] = loc("stonemason")
    mortar_all(state)
    put(state, loc("castle"), "cut_stone", 2)
    act(g, state, "move:castle", "build:A:cut_stone", "done")
    assert "again" in ids(g, state)
    act(g, state, "again", "build:A:cut_stone")
    assert state.floor[building("A")] == 1


def test_7_trainee_at_the_pillory_gains_two_tools_and_pushes_twice() -> None:
    g, state = with_event(7)
    state.tools[0] = 2
    state.visitor_loc[0], state.visitor_loc[1] = loc("forest"), loc("quarry")
    state.visitor_colour[0], state.visitor_colour[1] = 1, RED
    act(g, state, "move:pillory")
    assert state.tools[0] == 3
    act(g, state, "push:0", "again")
    assert state.tools[0] == 4
    act(g, state, "push:1")
    assert state.visitor_loc[0] == loc("tilery") and state.visitor_loc[1] == loc("stonemason")


def test_17_report_workers_side_leaves_the_apprentice_on_its_route() -> None:
    g, state = with_event(17, players=2)
    state.actor_loc[2], state.app_colour = loc("quarry"), RED
    act(g, state, "side:workers")
    assert state.actor_loc[:2] == [loc("belvedere")] * 2
    assert state.actor_loc[2] == loc("quarry") and state.app_colour == RED


def test_1_alchemy_workers_side_gives_the_apprentice_no_tools() -> None:
    g, state = with_event(1, players=2)
    act(g, state, "side:workers")
    state.actor_loc[2], state.app_colour, state.tools[2] = loc("pillory"), 0, 0
    state.pos = state.order.index(2)
    flow.start_turn(state, CONTENT)
    act(g, state, "route:yellow:1")
    assert state.actor_loc[2] == loc("master_builder")
    assert state.tools[2] == 0 and state.exp[2] == CONTENT.sliders[2][0] + 1


def test_13_archaeologists_take_only_from_the_cart_wheelbarrows_and_workshops() -> None:
    g, state = with_event(2)
    put(state, loc("belvedere"), "cut_stone")
    put(state, loc("carpenter"), "beam")
    put(state, state.barrow(1), "tile")
    put(state, state.cart, "cut_stone")
    state.pending, state.phase = ["archaeologists:2"], EVENT
    offered = {i for i in ids(g, state) if i != "fetch:done"}
    expected = {f"fetch:{loc('carpenter')}:beam", f"fetch:{state.barrow(1)}:tile", f"fetch:{state.cart}:cut_stone"}
    assert offered == expected


def test_8_my_precious_is_used_up_by_a_first_worker_blocked_by_visitors() -> None:
    g, state = with_event(8)
    state.visitor_loc[0] = loc("clay_pit")
    act(g, state, "move:clay_pit")
    assert state.first_bonus == 0


def test_8_my_precious_is_used_up_by_a_first_worker_who_skips() -> None:
    g, state = with_event(8)
    act(g, state, "move:clay_pit", "skip", "end", "move:clay_pit")
    assert max(int(i[8:]) for i in ids(g, state) if i.startswith("produce:")) == 1 + 3  # no +2


def test_12_rebelote_keeps_its_extra_cart_action_at_the_stables() -> None:
    g, state = with_event(12)
    act(g, state, "pick:0")
    assert state.cart_left == 2
    act(g, state, "move:stables")
    assert state.cart_left == 4  # 3 instead of one, plus the card's one


def test_solo_workers_push_one_wheelbarrow() -> None:
    """11.3: "the wheelbarrow [is] common to the two Worker pawns": what worker 1 loads at the
    quarry, worker 2 may unload where it goes the same round (ruling in docs/rules)."""
    g, state = turn_state(1, actor=0)
    state.order = [0, 1, 2]
    put(state, loc("quarry"), "stone", 3)
    act(g, state, "move:quarry", "skip", "load:stone", "load:stone", "load:stone", "end")
    assert state.actor == 1 and state.barrow(1) == state.barrow(0)
    act(g, state, "move:stonemason", "unload:stone")
    assert count(state, loc("stonemason"), "stone") == 1


def test_a_setback_without_an_apprentice_alternative_hits_the_apprentice_too() -> None:
    """Card 20 (reconstructed, 'each worker loses a tool') has no 'or the apprentice' side."""
    _, state = with_event(20, players=2, difficulty="intermediate")
    assert state.tools == [CONTENT.sliders[2][1] - 1] * 3

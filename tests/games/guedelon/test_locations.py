"""7 Locations and 3.1-3.2 experience and tools, with the rulebook's worked examples."""

from meeple.games.guedelon.state import AFTER, EFFECT

from .builders import CONTENT, act, count, ids, loc, put, turn_state


def test_xavier_extracts_5_stones_spending_2_tools() -> None:
    """3.2: experience 3 and tools 3; he spends 2 tools to extract 2 more stones, 5 in all, tools to 1."""
    g, state = turn_state(4, actor=0)
    state.exp[0], state.tools[0] = 3, 3
    act(g, state, "move:quarry")
    assert [i for i in ids(g, state) if i.startswith("produce:")] == [f"produce:{n}" for n in range(1, 7)]
    act(g, state, "produce:5")
    assert count(state, loc("quarry"), "stone") == 5
    assert state.tools[0] == 1 and state.reserve[0] == 4


def test_producing_within_experience_costs_no_tool() -> None:
    g, state = turn_state(4, actor=0)
    state.exp[0], state.tools[0] = 3, 3
    act(g, state, "move:forest", "produce:3")
    assert state.tools[0] == 3 and count(state, loc("forest"), "wood") == 3


def test_production_is_capped_by_the_reserve() -> None:
    g, state = turn_state(4, actor=0)
    state.exp[0], state.tools[0] = 5, 5
    put(state, loc("castle"), "clay", 7)
    act(g, state, "move:clay_pit")
    assert max(int(i[8:]) for i in ids(g, state) if i.startswith("produce:")) == 2


def test_sabine_transforms_6_wood_into_beams() -> None:
    """7.5: experience 3, tools 3, 2 wood in her wheelbarrow, 4 at the Carpenter: she unloads,
    makes 6 beams, drops her tools to 0 and loads 3 beams."""
    g, state = turn_state(4, actor=1)
    state.exp[1], state.tools[1] = 3, 3
    put(state, loc("carpenter"), "wood", 4)
    put(state, state.barrow(1), "wood", 2)
    act(g, state, "move:carpenter", "unload:wood", "unload:wood")
    assert count(state, loc("carpenter"), "wood") == 6
    act(g, state, "transform:6")
    assert count(state, loc("carpenter"), "beam") == 6 and count(state, loc("carpenter"), "wood") == 0
    assert state.tools[1] == 0
    act(g, state, "load:beam", "load:beam", "load:beam")
    assert count(state, state.barrow(1), "beam") == 3
    assert not any(i.startswith("load:") for i in ids(g, state))  # the wheelbarrow is full


def test_master_builder_raises_experience_and_takes_one_worker_only() -> None:
    g, state = turn_state(4, actor=0)
    act(g, state, "move:master_builder")
    assert state.exp[0] == 2
    act(g, state, "end")
    assert "move:master_builder" not in ids(g, state)  # 7.1: only one worker there


def test_the_move_is_mandatory_to_another_location() -> None:
    g, state = turn_state(4, actor=0)
    moves = [i for i in ids(g, state) if i.startswith("move:")]
    assert "move:castle" not in moves and "end" not in ids(g, state)
    assert len(moves) == len(CONTENT.locations) - 2  # every other location but the Mill (no option)


def test_blacksmith_sets_tools_to_3() -> None:
    g, state = turn_state(4, actor=0)
    state.tools[0] = 0
    act(g, state, "move:blacksmith")
    assert state.tools[0] == 3


def test_pillory_gives_a_tool_and_pushes_one_visitor() -> None:
    g, state = turn_state(4, actor=0)
    pawn = state.visitor_colour.index(2)  # a red visitor: Belvedere -> Quarry -> ...
    state.visitor_loc[pawn] = loc("belvedere")
    act(g, state, "move:pillory")
    assert state.tools[0] == 4 and state.stage == EFFECT
    assert "skip" not in ids(g, state)  # the push is immediate, not optional
    act(g, state, f"push:{pawn}")
    assert state.visitor_loc[pawn] == loc("quarry")


def test_pillory_returns_an_initiated_visitor_at_the_castle_to_the_bag() -> None:
    g, state = turn_state(4, actor=0)
    state.visitor_loc[0], state.visitor_up[0] = loc("castle"), True
    state.visitor_loc[1], state.visitor_up[1] = loc("castle"), False
    act(g, state, "move:pillory")
    assert "push:1" not in ids(g, state)  # a lying visitor at the Castle cannot leave
    act(g, state, "push:0")
    assert state.visitor_loc[0] == -1


def test_mason_and_ropewalk_make_one_token_whatever_the_experience() -> None:
    g, state = turn_state(4, actor=0)
    state.exp[0], state.tools[0] = 5, 5
    act(g, state, "move:mason")
    assert sorted(i for i in ids(g, state) if i.startswith("mortar:")) == ["mortar:barrow", "mortar:here"]
    act(g, state, "mortar:barrow")
    assert count(state, state.barrow(0), "mortar") == 1 and state.reserve[3] == 5 and state.tools[0] == 5


def test_ropewalk_can_put_the_rope_on_the_cart_there() -> None:
    g, state = turn_state(4, actor=0)
    state.cart_loc = loc("ropewalk")
    act(g, state, "move:ropewalk", "rope:cart")
    assert count(state, state.cart, "rope") == 1 and state.reserve[4] == 4


def test_stables_give_three_cart_actions() -> None:
    g, state = turn_state(4, actor=0)
    act(g, state, "move:stables")
    assert state.cart_left == 3
    act(g, state, "cart:move:castle", "cart:move:stonemason", "cart:move:quarry")
    assert state.cart_loc == loc("quarry")
    assert state.actor == 1  # nothing left to do: the turn ended by itself


def test_one_cart_action_per_turn_before_or_after_the_move() -> None:
    g, state = turn_state(4, actor=0)
    act(g, state, "cart:move:castle")
    assert not any(i.startswith("cart:") for i in ids(g, state))
    act(g, state, "move:quarry", "skip")
    assert state.actor == 1


def test_visitors_block_the_effect_and_are_initiated() -> None:
    """6.2: a worker where visitors are initiates them all and cannot use the location."""
    g, state = turn_state(4, actor=0)
    state.exp[0] = 3
    state.visitor_loc[0] = state.visitor_loc[4] = loc("quarry")
    act(g, state, "move:quarry")
    assert state.visitor_up[0] and state.visitor_up[4]
    assert state.stage == AFTER and count(state, loc("quarry"), "stone") == 0


def test_initiated_visitors_still_block_the_effect() -> None:
    g, state = turn_state(4, actor=0)
    state.visitor_loc[0], state.visitor_up[0] = loc("blacksmith"), True
    state.tools[0] = 0
    act(g, state, "move:blacksmith")
    assert state.tools[0] == 0


def test_tools_do_not_increase_mortar_or_rope() -> None:
    g, state = turn_state(4, actor=0)
    state.tools[0] = 3
    act(g, state, "move:ropewalk", "rope:here")
    assert count(state, loc("ropewalk"), "rope") == 1 and state.tools[0] == 3

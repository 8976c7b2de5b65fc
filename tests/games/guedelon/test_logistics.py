"""3.3 The wheelbarrow and 4 The cart."""

from .builders import act, count, ids, loc, put, turn_state


def test_the_wheelbarrow_holds_three_tokens_and_loads_at_departure_and_arrival() -> None:
    g, state = turn_state(4, actor=0)
    put(state, loc("castle"), "beam", 4)
    act(g, state, "load:beam", "load:beam", "load:beam")
    assert "load:beam" not in ids(g, state)
    act(g, state, "move:tilery", "unload:beam")
    assert count(state, loc("tilery"), "beam") == 1 and count(state, state.barrow(0), "beam") == 2


def test_the_cart_moves_only_along_cart_paths() -> None:
    """4: example 9 step 4: the cart goes from place 2 (the quarry) to the Stonemason."""
    g, state = turn_state(4, actor=0)
    state.cart_loc = loc("quarry")
    moves = sorted(i for i in ids(g, state) if i.startswith("cart:move:"))
    assert moves == ["cart:move:forest", "cart:move:stonemason"]
    act(g, state, "cart:move:stonemason")
    assert state.cart_loc == loc("stonemason")


def test_the_cart_carries_six_tokens_of_any_kind() -> None:
    """4: 2 stones, 2 beams, 1 mortar and 1 rope fill it."""
    g, state = turn_state(4, actor=0)
    at = state.cart_loc
    for kind, n in (("stone", 2), ("beam", 2), ("mortar", 1), ("rope", 1)):
        put(state, at, kind, n)
    put(state, at, "tile")
    act(g, state, "cart:load:stone", "cart:load:stone", "cart:load:beam", "cart:load:beam")
    act(g, state, "cart:load:mortar", "cart:load:rope")
    assert sum(state.tokens[state.cart]) == 6
    assert state.mode == ""  # full: the load ended by itself
    assert not any(i.startswith("cart:") for i in ids(g, state))  # and it was the turn's cart action


def test_a_cart_load_is_one_action_closed_by_done() -> None:
    g, state = turn_state(4, actor=0)
    put(state, state.cart_loc, "wood", 2)
    act(g, state, "cart:load:wood")
    assert set(ids(g, state)) == {"cart:load:wood", "cart:done"}
    act(g, state, "cart:done")
    assert count(state, state.cart, "wood") == 1
    assert not any(i.startswith("cart:") for i in ids(g, state))


def test_unloading_the_cart_at_the_stonemason() -> None:
    """Example 9 step 6: the cart unloads its 2 stones at the stonemason."""
    g, state = turn_state(4, actor=0)
    state.cart_loc = loc("stonemason")
    put(state, state.cart, "stone", 2)
    act(g, state, "cart:unload:stone", "cart:unload:stone")
    assert count(state, loc("stonemason"), "stone") == 2 and sum(state.tokens[state.cart]) == 0


def test_the_cart_is_not_tied_to_the_worker() -> None:
    g, state = turn_state(4, actor=0)
    act(g, state, "move:quarry", "skip", "cart:move:castle")
    assert state.cart_loc == loc("castle") and state.actor_loc[0] == loc("quarry")

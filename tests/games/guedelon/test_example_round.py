"""9 Example of a game turn (3 players), step by step."""

from meeple.games.guedelon import flow
from meeple.games.guedelon.content import COLOURS

from .builders import CONTENT, act, count, game, loc, put


def test_the_rulebooks_example_round() -> None:
    g = game()
    state = g.new_game(3, 9)
    # the table before the round: the cart carries 2 stones at place 2 (the quarry), 3 wood wait
    # at the Carpenter, the green player (seat 2) has 2 stones in the wheelbarrow and 2 more lie
    # at the Stonemason; the counter stands on 1233 and Alchemy is the next card
    state.visitor_loc, state.visitor_up = [-1] * 9, [False] * 9
    state.actor_loc = [loc("castle")] * 3
    state.cart_loc = loc("quarry")
    put(state, state.cart, "stone", 2)
    put(state, loc("carpenter"), "wood", 3)
    put(state, state.barrow(2), "stone", 2)
    put(state, loc("stonemason"), "stone", 2)
    state.exp, state.tools = [1, 3, 2], [0, 3, 2]
    state.round, state.deck = 1233 - CONTENT.first_year + 1, [1]
    flow.begin_round(state, CONTENT)
    flow.advance(state, CONTENT)
    # 1: the counter lands on 1234, a bag: a visitor arrives lying on the Belvedere
    assert flow.year(state, CONTENT) == 1234
    arrived = [p for p, at in enumerate(state.visitor_loc) if at == loc("belvedere")]
    assert len(arrived) == 1 and not state.visitor_up[arrived[0]]
    pawn = arrived[0]
    red = next(p for p, c in enumerate(state.visitor_colour) if COLOURS[c] == "red" and state.visitor_loc[p] < 0)
    if COLOURS[state.visitor_colour[pawn]] != "red":  # "it's a red visitor": colour the drawn pawn red
        state.visitor_colour[pawn], state.visitor_colour[red] = state.visitor_colour[red], state.visitor_colour[pawn]
    # 2: the event is Alchemy
    assert state.event == 1
    # 3: the first player goes to the Master Builder: experience +1, tools up to 3
    act(g, state, "move:master_builder")
    assert state.exp[0] == 2 and state.tools[0] == 3
    # 4: his cart action moves the cart carrying stones from place 2 to the Stonemason
    act(g, state, "cart:move:stonemason")
    assert g.to_move(state) == (1,)
    # 5: the blue player goes to the Carpenter and turns the 3 wood into beams
    act(g, state, "move:carpenter", "transform:3")
    assert count(state, loc("carpenter"), "beam") == 3
    # 6: his cart action unloads the 2 stones at the Stonemason
    act(g, state, "cart:unload:stone", "cart:unload:stone")
    act(g, state, "end")
    # 7: the green player goes to the Stonemason, unloads 2 stones, makes 4 cut stones (2 + 2 tools)
    act(g, state, "move:stonemason", "unload:stone", "unload:stone")
    act(g, state, "transform:4")
    assert count(state, loc("stonemason"), "cut_stone") == 4 and state.tools[2] == 0
    # 8: the cart loads the 4 cut stones
    act(g, state, *["cart:load:cut_stone"] * 4)
    act(g, state, "cart:done", "end")
    assert count(state, state.cart, "cut_stone") == 4
    # 9: the round is over; the red visitor moves on along its route to the quarry
    assert state.round == 8
    assert state.visitor_loc[pawn] == loc("quarry")

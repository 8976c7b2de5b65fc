"""The terminal text and the browser board: well-formed, every move, cart move and build
clickable on the board (the page lists every choice as a button besides), and nothing clickable
that is not legal for the observing seat."""

import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Rng

from .builders import act, game, loc, turn_state, with_event

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_board_is_well_formed_and_offers_the_placed_choices_only_when_legal(players: int) -> None:
    g = game(mill=True)
    state = g.new_game(players, 21)
    rng = Rng(3)
    for step in range(400):
        if g.is_terminal(state):
            break
        seat = g.to_move(state)[0]
        legal = g.legal_actions(state, seat)
        if step % 37 == 0:
            for viewer in (seat, None):
                shown = legal if viewer == seat else []
                svg = g.render_svg(g.observation(state, viewer), shown)
                root = ET.fromstring(svg)
                assert root.get("class") == "bk-board" and list(root.iter(f"{SVG}svg"))
                clickable = {e.get("data-action") for e in root.iter() if e.get("data-action")}
                ids = {a.id for a in shown}
                assert clickable <= ids
                assert {i for i in ids if i.startswith(("move:", "cart:move:"))} <= clickable
                built = {i.split(":")[1] for i in ids if i.startswith("build:")}
                assert built == {i.split(":")[1] for i in clickable if i.startswith("build:")}
            text = g.render_text(g.observation(state, seat))
            extra = state.round - 18
            assert (f"extra round {extra} after round 18" if extra > 0 else f"round {state.round} of 18") in text
            assert "None" not in text and "/18" not in text
        g.apply(state, seat, g.playout_action(state, seat, legal, rng).id)


def test_svg_draws_visitors_lying_and_standing_and_the_cart() -> None:
    g = game()
    state = g.new_game(3, 2)
    state.visitor_loc[0], state.visitor_up[0] = 3, False
    state.visitor_loc[1], state.visitor_up[1] = 4, True
    svg = g.render_svg(g.observation(state, 0), [])
    assert "not initiated (lying)" in svg and "initiated (standing)" in svg and "The cart" in svg


def test_solo_text_names_the_acting_pawn_and_keeps_the_two_workers_apart() -> None:
    g, state = turn_state(1, actor=1)
    state.actor_loc[0], state.actor_loc[1] = loc("quarry"), loc("forest")
    text = g.render_text(g.observation(state, 0))
    assert "to move: seat 0 moving worker 2" in text.splitlines()[0]
    quarry = next(line for line in text.splitlines() if "Stone quarry" in line)
    forest = next(line for line in text.splitlines() if "Forest" in line)
    assert "worker 1" in quarry and "worker 2" in forest
    svg = g.render_svg(g.observation(state, 0), [])
    assert ">1</text>" in svg and ">2</text>" in svg


def test_text_shows_the_apprentice_colour_bag_years_later_floors_and_readable_reserve() -> None:
    g, state = turn_state(2, actor=2)
    state.app_colour = 2
    text = g.render_text(g.observation(state, 0))
    assert "apprentice, red route" in text and "next bag year 1231" in text
    assert "then cut stone, cut stone; tile" not in text and "then cut stone; tile" in text  # A1, A2
    assert "Reserve: 9 stone, 9 wood" in text and "cut_stone" not in text and "{" not in text


def test_production_labels_say_how_many_tools_they_spend() -> None:
    g, state = turn_state(4, actor=0)
    act(g, state, "move:quarry")  # experience 1, tools 3
    labels = {a.id: a.label for a in g.legal_actions(state, 0)}
    assert labels["produce:1"] == "Produce 1 stone (no tools spent)"
    assert labels["produce:3"] == "Produce 3 stone (spends 2 tools)"


def test_a_pick_names_what_the_card_hands_over_and_a_push_where_the_visitor_goes() -> None:
    g, state = with_event(16)
    assert {a.label for a in g.legal_actions(state, 0)} >= {"seat 1's worker: tools raised to 3"}
    g, state = turn_state(4, actor=0)
    state.visitor_loc[0], state.visitor_colour[0] = loc("quarry"), 2
    act(g, state, "move:pillory")
    labels = [a.label for a in g.legal_actions(state, 0) if a.id == "push:0"]
    assert labels == ["Move the lying red visitor from Stone quarry to Stonemason"]

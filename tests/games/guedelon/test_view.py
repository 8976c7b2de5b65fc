"""The terminal text and the browser SVG: well-formed, every legal action clickable, and
nothing clickable that is not legal for the observing seat."""

import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Rng

from .builders import game

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_svg_is_well_formed_and_its_actions_are_exactly_the_legal_ones(players: int) -> None:
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
                assert root.tag == f"{SVG}svg" and root.get("width") == "100%"
                clickable = {e.get("data-action") for e in root.iter() if e.get("data-action")}
                assert clickable == {a.id for a in shown}
            text = g.render_text(g.observation(state, seat))
            assert f"round {state.round}/18" in text
        g.apply(state, seat, g.playout_action(state, seat, legal, rng).id)


def test_svg_draws_visitors_lying_and_standing_and_the_cart() -> None:
    g = game()
    state = g.new_game(3, 2)
    state.visitor_loc[0], state.visitor_up[0] = 3, False
    state.visitor_loc[1], state.visitor_up[1] = 4, True
    svg = g.render_svg(g.observation(state, 0), [])
    assert "not initiated (lying)" in svg and "initiated (standing)" in svg and "The cart" in svg

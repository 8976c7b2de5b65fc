"""The terminal text and the browser SVG: well-formed, clickable elements exactly the observing
seat's legal actions, every legal placement shown as a clickable hex (the placement preview)."""

import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Rng

from .builders import game

SVG = "{http://www.w3.org/2000/svg}"


def clickable(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.get("data-action") for el in root.iter() if el.get("data-action") is not None]


@pytest.mark.parametrize(("merchants", "players"), [(True, 2), (True, 5), (False, 3)])
def test_every_legal_action_is_clickable_and_nothing_else(merchants: bool, players: int) -> None:
    g = game(merchants=merchants)
    state = g.new_game(players, players)
    rng = Rng(players)
    kinds = set()
    while not g.is_terminal(state):
        seat = g.to_move(state)[0]
        legal = g.legal_actions(state, seat)
        if state.decisions % 3 == 0:
            observation = g.observation(state, seat)
            actions = clickable(g.render_svg(observation, legal))
            assert sorted(actions) == sorted(a.id for a in legal), "each legal action is clickable exactly once"
            kinds.update(a.payload["kind"] for a in legal)
            assert clickable(g.render_svg(g.observation(state, None), [])) == []
            assert "Lotta Rome" in g.render_text(observation)
        g.apply(state, seat, legal[rng.below(len(legal))].id)
    assert {"divide", "choose", "place"} <= kinds
    if merchants:
        assert {"elephant", "lot", "keep"} <= kinds
    final = g.render_text(g.observation(state, 0))
    assert "Final scores" in final
    ET.fromstring(g.render_svg(g.observation(state, 0), []))


def test_the_placement_preview_outlines_the_legal_hexes_of_the_seats_own_domain() -> None:
    g = game()
    state = g.new_game(2, 4)
    while not (state.phase == "add" and g.legal_actions(state, g.to_move(state)[0])[0].id.startswith("place:")):
        seat = g.to_move(state)[0]
        g.apply(state, seat, g.legal_actions(state, seat)[0].id)
    seat = g.to_move(state)[0]
    legal = g.legal_actions(state, seat)
    root = ET.fromstring(g.render_svg(g.observation(state, seat), legal))
    outlined = [
        el
        for el in root.iter()
        if el.get("data-action", "").startswith("place:")
        and any(p.get("stroke-dasharray") for p in el.iter(f"{SVG}polygon"))
    ]
    assert len(outlined) == len(legal)
    titles = {el.get("data-action"): el.find(f"{SVG}title").text for el in outlined}
    assert all(titles[a.id] == a.label for a in legal)

"""The terminal text and the browser drawing: a well-formed board at every player count, clickable
elements only for legal actions of the observing seat, and every choice that has a place on the
board (a room, a chair, a town, a hall space, a temple, a card of the supplies) clickable there;
the page lists every choice as a button besides."""

import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Rng

from .builders import fresh

PLACED = ("temple", "hall", "path", "invest", "call", "hire", "pick-order", "pick-amulet", "dispatch", "copy")


def states(players: int, seed: int):
    g, state = fresh(players, seed)
    rng = Rng.from_seed(seed)
    step = 0
    while not g.is_terminal(state):
        if step % 17 == 0:
            yield g, state
        seat = state.current
        legal = g.legal_actions(state, seat)
        action = g.playout_action(state, seat, legal, rng) if step % 2 else legal[rng.below(len(legal))]
        g.apply(state, seat, action.id)
        step += 1
    yield g, state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_svg_is_well_formed_and_clicks_only_legal_actions(players: int) -> None:
    for g, state in states(players, players * 11):
        for seat in [*range(players), None]:
            legal = g.legal_actions(state, seat) if seat is not None else []
            svg = g.render_svg(g.observation(state, seat), legal)
            root = ET.fromstring(svg)
            clicks = {el.get("data-action") for el in root.iter() if el.get("data-action")}
            ids = {a.id for a in legal}
            assert clicks <= ids
            placed = {i for i in ids if (i.split(":")[0] in PLACED and i.count(":") == 1) or i.startswith("do:pirate:")}
            assert placed <= clicks, placed - clicks
            destinations = {i.rsplit(":", 1)[1] for i in ids if i.startswith(("move:", "neutral:"))}
            assert destinations == {i.rsplit(":", 1)[1] for i in clicks if i.startswith(("move:", "neutral:"))}


def test_text_names_rooms_players_and_phase() -> None:
    g, state = fresh(3, 2)
    text = g.render_text(g.observation(state, 0))
    assert "Selling Market" in text and "Seat 2" in text and "move leader" in text


def test_text_shows_the_stairs_the_charts_and_the_hall() -> None:
    """A new player can plan a move and a worship from the text: the stairs, the market charts and
    Bank payments, the hall's honor, bonuses, amulets and order spot, the end-of-game amulet."""
    g, state = fresh(3, 2)
    text = g.render_text(g.observation(state, 0))
    assert "stairs: " in text and "outer-1 -> inner-2" in text
    assert "Selling Market: tea: 5 coins, 1 merchant dispatch" in text
    assert "above: c1 1 tea" in text and "c3 1 order" in text and "end-of-game space 8: amulet" in text


def test_labels_say_which_leader_moves_and_what_a_choice_gives() -> None:
    from .builders import at_room, labels, set_coins

    g, state = fresh(3, 2)
    assert all(label.startswith("Move your leader from the ancestral hall to ") for label in labels(g, state).values())
    set_coins(state, 0, 9)
    at_room(state, 0, "bank")
    assert labels(g, state)["do:bank:3"] == "Bank: 3 payments, pay 9 coins for 7 honor and 2 investments"

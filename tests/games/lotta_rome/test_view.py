"""The terminal text and the browser board: well-formed, clickable elements exactly the observing
seat's legal actions, every legal placement shown as a clickable hex (the placement preview),
no hex named by its coordinates."""

import copy
import re
import xml.etree.ElementTree as ET

import pytest

from meeple.engine import Rng
from meeple.games.lotta_rome.contracts import contract_text
from meeple.games.lotta_rome.geometry import describe
from meeple.games.lotta_rome.pieces import first_land, piece_building
from meeple.games.lotta_rome.view import MAX_CONTRACT_LINES, contract_lines
from meeple.rl.encoding import Encoder
from observation_readers import read_everywhere

from .builders import CONTENT, game

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


def first_placement():
    """A 2-player game at the first decision placing a land in Addition: (game, state, seat, legal)."""
    g = game()
    state = g.new_game(2, 4)
    while not (state.phase == "add" and g.legal_actions(state, g.to_move(state)[0])[0].id.startswith("place:")):
        seat = g.to_move(state)[0]
        g.apply(state, seat, g.legal_actions(state, seat)[0].id)
    seat = g.to_move(state)[0]
    return g, state, seat, g.legal_actions(state, seat)


def test_the_placement_preview_outlines_the_legal_hexes_of_the_seats_own_domain() -> None:
    g, state, seat, legal = first_placement()
    root = ET.fromstring(g.render_svg(g.observation(state, seat), legal))
    outlined = [
        el
        for el in root.iter()
        if el.get("data-action", "").startswith("place:")
        and any(p.get("stroke-dasharray") for p in el.iter(f"{SVG}polygon"))
    ]
    assert len(outlined) == len(legal)
    titles = {el.get("data-action"): el.find(f"{SVG}title").text for el in outlined}
    assert all(titles[a.id] == a.label.replace(describe(a.payload["position"]), "here") for a in legal)
    shown = " ".join(el.text or "" for el in root.iter() if el.tag in (f"{SVG}text", f"{SVG}title"))
    assert not re.search(r"-?\d+,-?\d+", shown), "the board names no hex by its coordinates"


def test_the_terminal_map_shows_the_coordinates_of_every_legal_placement() -> None:
    g, state, seat, legal = first_placement()
    text = g.render_text(g.observation(state, seat))
    mine = text[text.index("You:") : text.index("Seat ")]
    rows = [line for line in mine.splitlines() if line.startswith("  r=")]
    assert rows and all(f" {a.payload['at']} " in f" {' '.join(rows)} " for a in legal)
    # another seat's view of the same domain names no coordinates
    other = g.render_text(g.observation(state, 1 - seat))
    assert not any(f" {a.payload['at']} " in other for a in legal)


def test_a_seat_reads_its_contracts_in_the_browser_and_not_the_others_secret_ones() -> None:
    g = game()
    state = g.new_game(2, 6)
    for seat in range(2):
        g.apply(state, seat, g.legal_actions(state, seat)[0].id)
    assert state.phase == "divide"
    svg = g.render_svg(g.observation(state, 0), g.legal_actions(state, 0))
    mine, theirs = (contract_text(CONTENT.contracts[state.start_contract[s]], CONTENT) for s in range(2))
    assert f"starting #{state.start_contract[0]}" in svg and mine in svg
    if theirs != mine:
        assert theirs not in svg


def test_bid_labels_state_the_resulting_bid_and_that_the_card_is_kept() -> None:
    g = game()
    state = g.new_game(3, 1)
    while state.phase != "bid" or not g.to_move(state):
        seat = g.to_move(state)[0]
        g.apply(state, seat, g.legal_actions(state, seat)[0].id)
    seat = g.to_move(state)[0]
    for action in g.legal_actions(state, seat):
        card = CONTENT.contracts[action.payload["number"]]
        others = len(state.hand[seat]) - 1
        assert action.label.startswith(f"Bid {card.coins + others} with contract {card.number} ")
        assert f"({card.coins} coins + {others} unchosen) and keep it" in action.label


def test_action_ids_put_a_building_in_brackets_after_its_land() -> None:
    g = game()
    state = g.new_game(2, 1)
    for seat in range(2):
        g.apply(state, seat, g.legal_actions(state, seat)[0].id)
    first = state.explored[0][0]
    building = CONTENT.building_name(piece_building(first)).replace(" ", "-")
    expected = f"divide:{CONTENT.lands[first_land(first)].id}({building})"
    assert expected in [a.id for a in g.legal_actions(state, 0)]


def test_a_big_hand_is_cut_short_in_the_panel_so_the_domain_keeps_its_room() -> None:
    card = {"number": 7, "coins": 0, "text": "3 points for each area of fields"}
    view = {"start_contract": card, "contracts": [card] * 4, "chosen": None, "hand": [card] * 12}
    lines = contract_lines(view)
    assert len(lines) == MAX_CONTRACT_LINES and lines[-1] == "... 6 more in hand"
    assert lines[0].startswith("starting #7") and lines[1].startswith("won #7")


@pytest.mark.parametrize(("merchants", "players"), [(True, 2), (True, 5), (False, 3)])
def test_no_consumer_edits_an_observation_whose_parts_are_shared(merchants: bool, players: int) -> None:
    """Observations share the parts made once (pieces, contracts, cells, whole domains, building
    cards): the terminal, the prompt, the browser board, the RL encoder and JSON read them and
    leave every observation as it was made, so the next one is right too."""
    g = game(merchants=merchants)
    encoder = Encoder()
    state = g.new_game(players, 40 + players)
    rng = Rng(players)
    while not g.is_terminal(state):
        seat = g.to_move(state)[0]
        legal = g.legal_actions(state, seat)
        for viewer in (seat, None) if state.decisions % 2 == 0 else ():
            observation = g.observation(state, viewer)
            made = copy.deepcopy(observation)
            read_everywhere(g, observation, legal if viewer is not None else [], encoder)
            assert observation == made
        g.apply(state, seat, legal[rng.below(len(legal))].id)
    observations = [g.observation(state, viewer) for viewer in (0, 1, None)]
    assert all(o == made for o, made in zip(observations, copy.deepcopy(observations), strict=True))
    domains = [o["players_view"][1]["domain"] for o in observations]
    assert domains[0] is domains[1] is domains[2], "a domain's view is made once and shared"

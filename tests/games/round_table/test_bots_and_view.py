"""The heuristic playout policy and the views (terminal text, browser SVG)."""

import xml.etree.ElementTree as ET

from meeple.engine import Rng

from .builders import GAME, POOL, add, demesnes, table

SVG = "{http://www.w3.org/2000/svg}"


def heuristic_game(players: int, seed: int, stop=None):
    state = GAME.new_game(players, seed)
    rng = Rng(seed)
    while not GAME.is_terminal(state) and not (stop and stop(state)):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, GAME.playout_action(state, seat, legal, rng).id)
    return state


def test_heuristic_games_end_with_captured_regions() -> None:
    for players in (2, 4):
        state = heuristic_game(players, 3)
        assert GAME.is_terminal(state) and sum(GAME.result(state).scores) > 0


def test_the_heuristic_plays_a_demesne_first_and_recruits_the_strongest_knight() -> None:
    state = table()
    demesnes(state, 0, "farm", "manor", "large-manor")
    for card in ("knight-mercenary", "lancelot", "keep", "manor"):
        add(state, 0, card, "hand")
    legal = GAME.legal_actions(state, 0)
    assert GAME.playout_action(state, 0, legal, Rng(1)).id == "demesne:keep"
    state.demesne_played[0] = True
    legal = GAME.legal_actions(state, 0)
    assert GAME.playout_action(state, 0, legal, Rng(1)).id == "recruit:lancelot"


def test_the_heuristic_reads_nothing_hidden() -> None:
    state = heuristic_game(2, 8, stop=lambda s: s.round >= 3 and s.phase == "spring")
    seat = GAME.to_move(state)[0]
    legal = GAME.legal_actions(state, seat)
    choice = GAME.playout_action(state, seat, legal, Rng(1)).id
    for k in range(5):
        sample = GAME.determinize(state, seat, Rng(k))
        assert GAME.playout_action(sample, seat, GAME.legal_actions(sample, seat), Rng(1)).id == choice


def test_text_view_shows_own_hand_regions_and_rp() -> None:
    state = heuristic_game(2, 5, stop=lambda s: s.phase == "summer")
    seat = GAME.to_move(state)[0]
    text = GAME.render_text(GAME.observation(state, seat))
    assert "Regions in play" in text and "RP " in text and "Hand:" in text
    for region in state.regions:
        assert POOL.cards[region].name in text
    spectator = GAME.render_text(GAME.observation(state, None))
    assert "Hand:" not in spectator


def test_svg_is_well_formed_and_clickables_are_legal_actions() -> None:
    for stop in (lambda s: s.phase == "spring" and s.round == 2, lambda s: s.phase == "summer" and s.step == "quests"):
        state = heuristic_game(2, 21, stop=stop)
        if GAME.is_terminal(state):
            continue
        for viewer in (*range(2), None):
            legal = GAME.legal_actions(state, viewer) if viewer is not None else []
            svg = GAME.render_svg(GAME.observation(state, viewer), legal)
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            clicks = {el.get("data-action") for el in root.iter() if el.get("data-action")}
            assert clicks <= {a.id for a in legal}
            if legal:
                assert clicks
            hidden = {POOL.cards[state.card_of[u]].name for p in range(2) if p != viewer for u in state.hand[p]} - {
                POOL.cards[state.card_of[u]].name
                for p in range(2)
                for zone in (state.play, state.spent)
                for u in zone[p]
            }
            if viewer is not None:
                hidden -= {POOL.cards[state.card_of[u]].name for u in state.hand[viewer]}
                hidden -= {a.label for a in legal}
            shown = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
            assert not any(name in shown for name in hidden if len(name) > 5)

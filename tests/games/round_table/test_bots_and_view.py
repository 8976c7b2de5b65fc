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
            assert root.get("class") == "bk-board" and list(root.iter(f"{SVG}svg"))
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


def test_the_board_shows_the_waiting_cards_while_the_viewer_may_respond() -> None:
    state = table(phase="summer")
    for seat in range(2):
        demesnes(state, seat, "farm", "manor", "large-manor", "keep")
    knight = add(state, 0, "knight-errant", attack=1)
    add(state, 1, "knight-bachelor")
    add(state, 0, "bone-snapper", "hand")
    add(state, 1, "the-questing-beast", "hand")
    add(state, 1, "the-lady-of-the-lake", "hand")
    state.step = "quests"
    GAME.apply(state, 0, "pass")  # seat 0 could play; it passes and seat 1 plays
    GAME.apply(state, 1, f"quest:the-questing-beast:{knight}")
    viewer = GAME.to_move(state)[0]
    legal = GAME.legal_actions(state, viewer)
    root = ET.fromstring(GAME.render_svg(GAME.observation(state, viewer), legal))
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Waiting to resolve: Seat 1: The Questing Beast on" in texts
    assert "pass" in {a.id for a in legal}  # the page lists it among the choices


def test_views_show_each_armys_strength_a_redirects_new_task_and_whose_knight() -> None:
    """A player sees each army's Influence and Resistance with every bonus, and what it must
    beat; a pending Redirect shows its new task; labels say whose knight a Quest goes on."""
    state = table(phase="summer")
    for seat in range(2):
        demesnes(state, seat, "farm", "manor", "large-manor", "keep")
    add(state, 0, "bedivere", attack=0)
    add(state, 0, "gareth")  # at home, a Round Table Knight: +1 Influence to Bedivere
    add(state, 1, "knight-errant", attack=0)
    mine = add(state, 0, "knight-bachelor", attack=1)
    add(state, 0, "change-of-orders", "hand")
    add(state, 1, "forced-march", "hand")
    add(state, 0, "the-questing-beast", "hand")
    state.step, state.window_seat = "redirects", 0
    obs = GAME.observation(state, 1)
    assert obs["armies"][0] == [
        {"seat": 0, "influence": 2 + 1, "resistance": 3, "region_resistance": 3},
        {"seat": 1, "influence": 2, "resistance": 1, "region_resistance": 3},
    ]
    text = GAME.render_text(obs)
    assert "Seat 0: Influence 3 / Resistance 3; 2 after opposing Resistance, needs more than 3" in text
    assert "hand 2 (0 demesnes)" in text
    assert "Play Change of Orders on Knight Bachelor (yours): attack Logres" in {
        a.label for a in GAME.legal_actions(state, 0)
    }
    GAME.apply(state, 0, f"redirect:change-of-orders:{mine}:r2")
    waiting = "Seat 0: Change of Orders on Knight Bachelor: attack Logres"
    assert waiting in GAME.render_text(GAME.observation(state, 1))
    assert waiting in GAME.render_svg(GAME.observation(state, 1), GAME.legal_actions(state, 1))
    state.window, state.step, state.window_seat = [], "quests", 0
    labels = {a.label for a in GAME.legal_actions(state, 0)}
    assert "Play The Questing Beast on Bedivere (yours)" in labels
    assert any(label.endswith("(seat 1's)") for label in labels)

"""Who may see what: 6 step 6 and 8.1 (the Start Player looks at the Public Display), 8.2.1
(sealed bids), 8.2.3 (the taker looks at a face-down card), and the rulings in
docs/rules/four-big-strata.md "Hidden information"."""

from meeple.engine import Rng

from .builders import (
    CONTENT,
    bid_all,
    give,
    personal,
    set_display,
    started,
    to_round,
)

DISPLAY = ["peasant-4", "merchant-2", "scholar-2", "artisan-trade", "peasant-1", "merchant-3", "scholar-1"]
UP = [True, True, True, False, False, False, False]


def display_faces(g, state, viewer):
    return [
        None if e is None or e["card"] is None else e["card"]["id"] for e in g.observation(state, viewer)["display"]
    ]


def test_the_start_player_sees_the_face_down_display_cards_and_nobody_else_does() -> None:
    g, state = started(3, seed=1)
    set_display(state, DISPLAY, UP)
    assert display_faces(g, state, 0) == DISPLAY
    for viewer in (1, 2, None):
        assert display_faces(g, state, viewer) == DISPLAY[:3] + [None] * 4


def test_the_start_player_of_each_round_sees_that_rounds_display() -> None:
    g, state = started(3, seed=2)
    to_round(g, state, 2)
    assert state.start == 1
    hidden = [i for i, up in enumerate(state.display_up) if not up]
    assert all(display_faces(g, state, 1)[i] is not None for i in hidden)
    for viewer in (0, 2, None):
        assert all(display_faces(g, state, viewer)[i] is None for i in hidden)


def take_face_down():
    """Round 1 (Start Player: seat 0): seat 1 takes the face-down Elder farmer, face down."""
    g, state = started(3, seed=3)
    set_display(state, DISPLAY, UP)
    bid_all(g, state, {0: 0, 1: 2, 2: 0})
    g.apply(state, 1, "take:4")
    return g, state


def test_the_taker_and_the_start_player_see_the_card_taken_face_down() -> None:
    g, state = take_face_down()
    for viewer in (0, 1):
        holding = g.observation(state, viewer)["holding"]
        assert (holding["seat"], holding["card"]["id"]) == (1, "peasant-1")
    for viewer in (2, None):
        assert g.observation(state, viewer)["holding"] == {"seat": 1, "card": None}


def test_a_card_placed_face_down_stays_known_to_the_taker_and_that_rounds_start_player_only() -> None:
    g, state = take_face_down()
    g.apply(state, 1, "facedown:merchant")
    g.apply(state, 1, "reward:0")
    for viewer in (0, 1):
        [entry] = personal(g, state, 1, viewer)
        assert (entry["column"], entry["face_up"], entry["card"]["id"]) == ("merchant", False, "peasant-1")
    for viewer in (2, None):
        assert personal(g, state, 1, viewer) == [{"column": "merchant", "face_up": False, "card": None}]
    to_round(g, state, 3)  # the Start Player has moved on to seat 2: it still does not know
    assert personal(g, state, 1, 2)[0]["card"] is None
    assert personal(g, state, 1, 0)[0]["card"]["id"] == "peasant-1"


def test_a_card_placed_face_up_is_seen_by_everyone() -> None:
    g, state = take_face_down()
    g.apply(state, 1, "faceup")
    for viewer in (0, 1, 2, None):
        assert personal(g, state, 1, viewer)[0]["card"]["id"] == "peasant-1"


def test_a_flipped_card_stays_known_to_everyone() -> None:
    g, state = started(3, seed=4)
    give(state, 2, "merchant-2")
    pos = give(state, 2, "scholar-2")
    g.apply(state, 2, "market")
    g.apply(state, 2, f"flip:{pos}:1")
    for viewer in (0, 1, 2):
        entry = personal(g, state, 2, viewer)[pos]
        assert (entry["face_up"], entry["card"]["id"]) == (False, "scholar-2")


def test_resources_are_public() -> None:
    g, state = started(3, seed=5)
    for viewer in (0, 1, 2, None):
        obs = g.observation(state, viewer)
        assert [(p["grain"], p["money"]) for p in obs["participants"]] == [
            (state.grain[s], state.money[s]) for s in range(3)
        ]


def test_the_magistrates_face_down_card_is_known_to_you_only_when_you_were_start_player() -> None:
    g, state = started(1, seed=6, npc_level="normal")
    set_display(state, DISPLAY, [False] * 7)
    g.apply(state, 0, "bid:0")  # the Magistrate bids at least 1 and takes a face-down card
    assert personal(g, state, 1, 0)[0]["card"] is not None
    assert personal(g, state, 1, None)[0]["card"] is None
    to_round(g, state, 2)  # the Magistrate is the Start Player now
    assert state.start == 1
    set_display(state, DISPLAY, [False] * 7)
    assert display_faces(g, state, 0) == [None] * 7
    g.apply(state, 0, "bid:0")
    assert personal(g, state, 1, 0)[1]["card"] is None


# --- nothing hidden leaks -------------------------------------------------------------------


def assert_spectator_sees_no_hidden_face(g, state, ever_up: set) -> None:
    """A spectator sees no face that was never shown face up to the table."""
    obs = g.observation(state, None)
    for entry in obs["display"]:
        if entry is not None and not entry["face_up"]:
            assert entry["card"] is None
    for p, participant in enumerate(obs["participants"]):
        for pos, entry in enumerate(participant["cards"]):
            if entry["face_up"]:
                ever_up.add((p, pos))
            elif (p, pos) not in ever_up:
                assert entry["card"] is None
    if obs["holding"] is not None:
        assert obs["holding"]["card"] is None
    if not state.bids_revealed:
        assert all(p["bid"] in (None, "sealed") for p in obs["participants"])


def test_shuffling_what_nobody_may_see_changes_no_observation() -> None:
    g, state = started(4, seed=7)
    to_round(g, state, 8)
    other = state.clone()
    Rng.from_seed(1).shuffle(other.draw)
    below = other.empress_pile[:-1]
    Rng.from_seed(2).shuffle(below)
    other.empress_pile[:-1] = below
    assert (other.draw, other.empress_pile) != (state.draw, state.empress_pile)
    for viewer in (0, 1, 2, 3, None):
        assert g.observation(other, viewer) == g.observation(state, viewer)


def test_a_face_down_display_card_is_seen_only_by_the_start_player() -> None:
    g, state = started(3, seed=8)
    other = state.clone()
    hidden = [i for i, up in enumerate(state.display_up) if not up]
    i, j = next((a, b) for a in hidden for b in hidden if state.display[a] != state.display[b])
    other.display[i], other.display[j] = other.display[j], other.display[i]
    for viewer in (1, 2, None):
        assert g.observation(other, viewer) == g.observation(state, viewer)
    assert g.observation(other, 0) != g.observation(state, 0)


def test_no_seats_legal_actions_depend_on_a_face_it_cannot_see() -> None:
    """A seat's legal actions, labels included, are the same in any state it cannot tell
    apart from the real one (its hidden faces redrawn by determinize)."""
    for seed in range(3):
        g, state = started(3, seed=20 + seed)
        rng = Rng.from_seed(seed, "moves")
        steps = 0
        ever_up: set = set()
        while not g.is_terminal(state):
            assert_spectator_sees_no_hidden_face(g, state, ever_up)
            seat = g.to_move(state)[0]
            legal = g.legal_actions(state, seat)
            for k in range(2):
                sampled = g.determinize(state, seat, Rng.from_seed(seed, steps, k))
                assert [(a.id, a.label) for a in g.legal_actions(sampled, seat)] == [(a.id, a.label) for a in legal]
            steps += 1
            action = legal[rng.below(len(legal))]
            if action.id == "market" and rng.below(3):
                action = legal[0]
            g.apply(state, seat, action.id)


def test_take_labels_never_name_a_face_down_card() -> None:
    g, state = started(3, seed=9)
    set_display(state, DISPLAY, UP)
    bid_all(g, state, {0: 0, 1: 1, 2: 0})
    assert g.to_move(state) == (1,)  # not the Start Player
    labels = {a.id: a.label for a in g.legal_actions(state, 1)}
    for slot in range(3, 7):
        assert not any(c.name in labels[f"take:{slot}"] for c in CONTENT.cards)
    assert CONTENT.cards[state.display[0]].name in labels["take:0"]  # face-up cards are named

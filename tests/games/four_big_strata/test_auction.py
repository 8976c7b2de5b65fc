"""Rulebook 8.2 Auction: sealed bids, picks from the highest bid, placing the cards."""

import pytest

from meeple.engine import IllegalAction, NotYourTurn

from .builders import (
    CONTENT,
    FULL_DECK,
    all_cards,
    bid_all,
    card,
    ids,
    personal,
    play_until,
    set_display,
    set_resources,
    started,
    to_round,
)

DISPLAY = ["peasant-4", "merchant-2", "scholar-2", "artisan-trade", "peasant-1", "merchant-3", "scholar-1"]
UP = [True, True, True, True, False, False, False]


def controlled(players: int = 4, seed: int = 1, display=DISPLAY, up=UP):
    g, state = started(players, seed)
    set_display(state, display, up)
    return g, state


def pick_sequence(g, state) -> list[int]:
    """Who picks, in order, each taking the first card offered (face up if face down)."""
    seats = []
    while state.phase == "pick":
        seat = g.to_move(state)[0]
        seats.append(seat)
        g.apply(state, seat, next(i for i in ids(g, state, seat) if i.startswith("take:")))
        if state.holding >= 0:
            g.apply(state, seat, "faceup" if "faceup" in ids(g, state, seat) else "facedown:scholar")
        if state.reward[seat]:
            g.apply(state, seat, "reward:0")
    return seats


# --- 8.2.1 sealed bids -----------------------------------------------------------------


def test_every_seat_bids_at_once_and_a_bid_stays_sealed_until_all_have_bid() -> None:
    g, state = controlled()
    assert g.to_move(state) == (0, 1, 2, 3)
    g.apply(state, 2, "bid:3")
    assert g.to_move(state) == (0, 1, 3)
    assert g.observation(state, 2)["participants"][2]["bid"] == 3
    for viewer in (0, 1, 3, None):
        obs = g.observation(state, viewer)
        assert obs["participants"][2]["bid"] == "sealed"
        assert "3" not in str(obs["participants"][2]["bid"])
        assert obs["participants"][0]["bid"] is None
    with pytest.raises(NotYourTurn):
        g.apply(state, 2, "bid:1")
    g.apply(state, 0, "bid:1")
    g.apply(state, 3, "bid:0")
    assert g.observation(state, 3)["participants"][2]["bid"] == "sealed"
    g.apply(state, 1, "bid:2")
    for viewer in (0, 1, 2, 3, None):
        assert [p["bid"] for p in g.observation(state, viewer)["participants"]] == [1, 2, 3, 0]


def test_a_bid_is_any_whole_amount_from_0_to_the_players_money() -> None:
    g, state = controlled()
    set_resources(state, 1, 2, 6)
    set_resources(state, 2, 9, 0)
    bids = [i for i in ids(g, state, 1) if i.startswith("bid:")]
    assert bids == [f"bid:{n}" for n in range(7)]
    assert [i for i in ids(g, state, 2) if i.startswith("bid:")] == ["bid:0"]
    with pytest.raises(IllegalAction):
        g.apply(state, 1, "bid:7")
    with pytest.raises(IllegalAction):
        g.apply(state, 2, "bid:1")


def test_all_bids_are_paid_to_the_bank() -> None:
    g, state = controlled()
    money = state.money[:]
    bank = state.bank_money
    bid_all(g, state, {0: 4, 1: 0, 2: 3, 3: 1})
    assert state.money == [money[0] - 4, money[1], money[2] - 3, money[3] - 1]
    assert state.bank_money == bank + 8


def test_picks_go_from_the_highest_bid_down() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 1, 1: 3, 2: 0, 3: 2})
    assert pick_sequence(g, state) == [1, 3, 0, 2]


def test_ties_in_round_1_go_to_the_start_player_then_clockwise() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 0, 1: 0, 2: 0, 3: 0})
    assert pick_sequence(g, state) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("round_", "bids", "order"),
    [
        (2, {0: 0, 1: 0, 2: 0, 3: 0}, [1, 2, 3, 0]),
        (2, {0: 2, 1: 0, 2: 0, 3: 2}, [3, 0, 1, 2]),
        (3, {0: 1, 1: 1, 2: 0, 3: 1}, [3, 0, 1, 2]),
        (4, {0: 1, 1: 1, 2: 1, 3: 0}, [0, 1, 2, 3]),
    ],
)
def test_ties_go_to_the_player_closest_to_the_start_player_clockwise(round_, bids, order) -> None:
    g, state = started(4, seed=2)
    to_round(g, state, round_)
    assert state.start == round_ - 1
    for seat in range(4):
        set_resources(state, seat, 4, 4)
    bid_all(g, state, bids)
    assert pick_sequence(g, state) == order


# --- 8.2.1-8.2.2 taking cards, discarding the rest -------------------------------------


def test_each_player_takes_one_card_and_the_rest_is_discarded_face_up() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 3, 1: 2, 2: 1, 3: 0})
    for seat, slot in ((0, 4), (1, 0), (2, 5), (3, 1)):
        assert g.to_move(state) == (seat,)
        g.apply(state, seat, f"take:{slot}")
        if state.holding >= 0:
            g.apply(state, seat, "facedown:artisan")
            g.apply(state, seat, "reward:0")  # the first card, face down (Special situations)
    assert [len(state.cards[s]) for s in range(4)] == [1, 1, 1, 1]
    left = sorted([DISPLAY[2], DISPLAY[3], DISPLAY[6]])
    for viewer in (0, 1, 2, 3, None):
        assert sorted(g.observation(state, viewer)["discard"]) == left  # face-down ones too
    assert all_cards(state) == FULL_DECK


def test_a_card_already_taken_cannot_be_taken_again() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 1, 1: 0, 2: 0, 3: 0})
    g.apply(state, 0, "take:0")
    assert "take:0" not in ids(g, state, 1)
    with pytest.raises(IllegalAction):
        g.apply(state, 1, "take:0")


# --- 8.2.3-8.2.4 placing the card ------------------------------------------------------


@pytest.mark.parametrize("slot", [0, 1, 2, 3])
def test_a_face_up_card_goes_to_its_own_class_column(slot: int) -> None:
    g, state = controlled()
    bid_all(g, state, {0: 1, 1: 0, 2: 0, 3: 0})
    grain, money = state.grain[0], state.money[0]
    g.apply(state, 0, f"take:{slot}")
    [entry] = personal(g, state, 0, 1)
    assert (entry["column"], entry["face_up"], entry["card"]["id"]) == (card(DISPLAY[slot]).cls, True, DISPLAY[slot])
    assert (state.grain[0], state.money[0]) == (grain, money)  # taking a face-up card is free


def test_an_empress_goes_to_the_empress_column() -> None:
    g, state = started(3, seed=3)
    to_round(g, state, 7)
    set_resources(state, 2, 4, 4)
    slot = next(i for i, t in enumerate(state.display) if CONTENT.cards[t].cls == "empress")
    bid_all(g, state, {0: 0, 1: 0, 2: 1})
    g.apply(state, 2, f"take:{slot}")
    entry = personal(g, state, 2, 0)[-1]
    assert entry["column"] == "empress"
    assert entry["face_up"]
    assert entry["card"]["class"] == "empress"


def test_the_taker_looks_at_a_face_down_card_before_deciding() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 0, 1: 2, 2: 0, 3: 0})
    g.apply(state, 1, "take:4")
    assert g.to_move(state) == (1,)
    holding = g.observation(state, 1)["holding"]
    assert holding["seat"] == 1
    assert holding["card"]["id"] == "peasant-1"
    assert [i for i in ids(g, state, 1) if i != "market"] == [
        "faceup",
        "facedown:scholar",
        "facedown:peasant",
        "facedown:artisan",
        "facedown:merchant",
    ]


def test_paying_2_money_places_a_face_down_card_face_up_in_its_class() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 0, 1: 2, 2: 0, 3: 0})
    money, bank = state.money[1], state.bank_money
    g.apply(state, 1, "take:5")
    g.apply(state, 1, "faceup")
    assert state.money[1] == money - 2
    assert state.bank_money == bank + 2
    entry = personal(g, state, 1, 3)[0]
    assert (entry["column"], entry["face_up"], entry["card"]["id"]) == ("merchant", True, "merchant-3")


def test_face_up_placement_is_not_offered_with_less_than_2_money() -> None:
    g, state = controlled()
    set_resources(state, 1, 5, 1)
    bid_all(g, state, {0: 0, 1: 1, 2: 0, 3: 0})
    assert state.money[1] == 0
    g.apply(state, 1, "take:6")
    assert "faceup" not in ids(g, state, 1)
    with pytest.raises(IllegalAction):
        g.apply(state, 1, "faceup")


@pytest.mark.parametrize("column", ["scholar", "peasant", "artisan", "merchant"])
def test_a_face_down_card_may_be_placed_under_any_class(column: str) -> None:
    g, state = controlled()
    bid_all(g, state, {0: 0, 1: 2, 2: 0, 3: 0})
    grain, money = state.grain[1], state.money[1]
    g.apply(state, 1, "take:4")  # a Peasant
    g.apply(state, 1, f"facedown:{column}")
    entry = personal(g, state, 1, 1)[0]
    assert (entry["column"], entry["face_up"]) == (column, False)
    assert (state.grain[1], state.money[1]) == (grain, money)


def test_a_placed_card_is_never_moved_rotated_or_turned_up() -> None:
    g, state = controlled()
    bid_all(g, state, {0: 2, 1: 1, 2: 0, 3: 0})
    g.apply(state, 0, "take:4")
    g.apply(state, 0, "facedown:merchant")
    g.apply(state, 0, "reward:1")
    g.apply(state, 1, "take:0")
    while not g.is_terminal(state):
        assert (state.columns[0][0], state.face_up[0][0], state.cards[0][0]) == (3, False, state.cards[0][0])
        assert state.columns[1][0] == 1
        play_until(g, state, lambda s, d=state.decisions: s.decisions > d)
    assert (state.columns[0][0], state.face_up[0][0]) == (3, False)
    assert state.columns[1][0] == 1  # the face-up Peasant stays a Peasant (face up or flipped)

"""Rulebook "At any time" (after 8.4.3) and 5 C's exchange card: the 4:1 Bank exchange, the
4-for-2 exchange card, flipping a card face down, and the all-face-down reward."""

import pytest

from meeple.engine import IllegalAction

from .builders import (
    bid_all,
    give,
    ids,
    personal,
    set_display,
    set_resources,
    simple_choice,
    started,
    strip,
    to_round,
)


def in_market(players: int = 2, seed: int = 1, seat: int = 0):
    """A game at round 1's bids with `seat`'s at-any-time menu open."""
    g, state = started(players, seed)
    g.apply(state, seat, "market")
    return g, state


# --- the menu ------------------------------------------------------------------------


def test_the_menu_opens_and_closes_during_the_bids() -> None:
    g, state = started(2, seed=1)
    assert "market" in ids(g, state, 0)
    g.apply(state, 0, "market")
    inside = ids(g, state, 0)
    assert "close" in inside
    assert not any(i.startswith("bid:") for i in inside)
    assert g.observation(state, 1)["participants"][0]["market_open"]
    assert g.to_move(state) == (0, 1)  # the other seat bids meanwhile
    g.apply(state, 1, "bid:0")
    g.apply(state, 0, "close")
    assert "bid:0" in ids(g, state, 0)
    g.apply(state, 0, "bid:0")
    assert state.phase == "pick"


def test_the_menu_opens_and_closes_during_a_pick_and_while_placing() -> None:
    g, state = started(2, seed=1)
    set_display(
        state,
        ["peasant-4", "merchant-2", "scholar-2", "artisan-trade", "peasant-1", "merchant-3", "scholar-1"],
        [True, True, False, False, False, False, False],
    )
    bid_all(g, state, {0: 0, 1: 0})
    g.apply(state, 0, "market")
    assert not any(i.startswith("take:") for i in ids(g, state, 0))
    g.apply(state, 0, "exchange:grain-money")
    g.apply(state, 0, "close")
    g.apply(state, 0, "take:0")
    g.apply(state, 1, "take:4")
    assert "market" in ids(g, state, 1)
    g.apply(state, 1, "market")
    assert "faceup" not in ids(g, state, 1)
    g.apply(state, 1, "close")
    g.apply(state, 1, "faceup")
    assert state.face_up[1] == [True]


def test_a_menu_closed_unused_is_not_offered_again_until_the_seat_does_something() -> None:
    """Opening and closing the menu changes nothing: offered again at once, it would let a seat
    (a search bot) open and close it for ever instead of bidding. A menu used (an exchange) may
    be opened again, and a seat's next action offers it again."""
    g, state = started(3, seed=1)
    g.apply(state, 0, "market")
    g.apply(state, 0, "close")
    assert "market" not in ids(g, state, 0) and "bid:0" in ids(g, state, 0)
    assert "market" in ids(g, state, 1)  # another seat's menu is its own
    g.apply(state, 1, "market")
    g.apply(state, 1, "exchange:grain-money")
    g.apply(state, 1, "close")
    assert "market" in ids(g, state, 1)
    bid_all(g, state, {0: 1, 1: 0, 2: 0})
    assert state.phase == "pick" and g.to_move(state) == (0,)
    assert "market" in ids(g, state, 0)  # offered again at its pick, after its bid


def test_the_menu_is_not_offered_when_there_is_nothing_to_do() -> None:
    g, state = started(2, seed=1)
    set_resources(state, 0, 2, 1)  # fewer than the 4 resources of a 4:1 exchange
    assert "market" not in ids(g, state, 0)
    give(state, 0, "peasant-2")
    assert "market" in ids(g, state, 0)  # a face-up card can be flipped


# --- 4:1 with the Bank -----------------------------------------------------------------


def test_the_bank_exchanges_4_grain_for_1_money_and_4_money_for_1_grain() -> None:
    g, state = in_market()
    set_resources(state, 0, 5, 4)
    bank = (state.bank_grain, state.bank_money)
    g.apply(state, 0, "exchange:grain-money")
    assert (state.grain[0], state.money[0]) == (1, 5)
    g.apply(state, 0, "exchange:money-grain")
    assert (state.grain[0], state.money[0]) == (2, 1)
    assert (state.bank_grain, state.bank_money) == (bank[0] + 3, bank[1] + 3)
    assert not any(i.startswith("exchange:") for i in ids(g, state, 0))
    with pytest.raises(IllegalAction):
        g.apply(state, 0, "exchange:grain-money")


# --- the exchange card (5 C) -----------------------------------------------------------


def test_a_face_up_exchange_card_trades_4_for_2_any_number_of_times() -> None:
    g, state = in_market()
    give(state, 0, "artisan-trade")
    set_resources(state, 0, 8, 4)
    assert {"trade:grain-money", "trade:money-grain"} <= set(ids(g, state, 0))
    g.apply(state, 0, "trade:grain-money")
    g.apply(state, 0, "trade:grain-money")
    assert (state.grain[0], state.money[0]) == (0, 8)
    g.apply(state, 0, "trade:money-grain")
    assert (state.grain[0], state.money[0]) == (2, 4)
    assert "trade:money-grain" in ids(g, state, 0)


def test_without_a_face_up_exchange_card_there_is_no_4_for_2() -> None:
    g, state = in_market()
    set_resources(state, 0, 8, 8)
    assert not any(i.startswith("trade:") for i in ids(g, state, 0))
    give(state, 1, "artisan-trade")  # another player's card does not help
    assert not any(i.startswith("trade:") for i in ids(g, state, 0))
    give(state, 0, "artisan-trade", up=False, column="artisan")  # face down: only the upper area counts
    assert not any(i.startswith("trade:") for i in ids(g, state, 0))
    with pytest.raises(IllegalAction):
        g.apply(state, 0, "trade:grain-money")


def test_flipping_the_exchange_card_ends_its_use() -> None:
    g, state = in_market()
    give(state, 0, "peasant-2")
    pos = give(state, 0, "artisan-trade")
    set_resources(state, 0, 8, 8)
    g.apply(state, 0, f"flip:{pos}:1")
    assert not any(i.startswith("trade:") for i in ids(g, state, 0))


# --- flipping ---------------------------------------------------------------------------


@pytest.mark.parametrize("grain", [0, 1, 2])
def test_a_flip_gives_2_resources_of_choice_and_keeps_the_class_column(grain: int) -> None:
    g, state = in_market()
    give(state, 0, "merchant-2")
    pos = give(state, 0, "peasant-4")
    set_resources(state, 0, 1, 1)
    assert [i for i in ids(g, state, 0) if i.startswith(f"flip:{pos}:")] == [f"flip:{pos}:{n}" for n in range(3)]
    g.apply(state, 0, f"flip:{pos}:{grain}")
    assert (state.grain[0], state.money[0]) == (1 + grain, 1 + 2 - grain)
    entry = personal(g, state, 0, 1)[pos]
    assert (entry["column"], entry["face_up"]) == ("peasant", False)
    assert state.reward[0] == 0  # another card is still face up


def test_a_flipped_card_never_flips_back() -> None:
    g, state = in_market()
    give(state, 0, "merchant-2")
    pos = give(state, 0, "peasant-4")
    g.apply(state, 0, f"flip:{pos}:2")
    assert not any(i.startswith(f"flip:{pos}:") for i in ids(g, state, 0))
    with pytest.raises(IllegalAction):
        g.apply(state, 0, f"flip:{pos}:2")
    g.apply(state, 0, "close")
    while state.round < 14:  # the game on (its deck is 2 cards short of round 15): never turned back up
        seat = g.to_move(state)[0]
        legal = ids(g, state, seat)
        assert seat != 0 or not any(i.startswith(f"flip:{pos}:") for i in legal)
        g.apply(state, seat, simple_choice(legal))
        assert state.face_up[0][pos] is False
        assert state.columns[0][pos] == 1


@pytest.mark.parametrize("column", ["scholar", "peasant", "artisan", "merchant"])
def test_a_flipped_empress_may_go_under_any_class(column: str) -> None:
    g, state = in_market()
    give(state, 0, "merchant-2")
    pos = give(state, 0, "empress-plain")
    set_resources(state, 0, 0, 0)
    offered = sorted(i for i in ids(g, state, 0) if i.startswith(f"flip:{pos}:"))
    assert offered == sorted(
        f"flip:{pos}:{n}:{c}" for n in range(3) for c in ("scholar", "peasant", "artisan", "merchant")
    )
    g.apply(state, 0, f"flip:{pos}:2:{column}")
    entry = personal(g, state, 0, 1)[pos]
    assert (entry["column"], entry["face_up"]) == (column, False)
    assert (state.grain[0], state.money[0]) == (2, 0)


def test_a_class_card_flipped_face_down_is_not_offered_another_class() -> None:
    g, state = in_market()
    give(state, 0, "merchant-2")
    pos = give(state, 0, "scholar-2")
    assert not any(i.startswith(f"flip:{pos}:") and i.count(":") > 2 for i in ids(g, state, 0))


# --- Special situations: every card face down ------------------------------------------


def test_flipping_the_last_face_up_card_pays_the_round_number() -> None:
    g, state = started(2, seed=3)
    to_round(g, state, 3)
    strip(state, 0)
    give(state, 0, "peasant-2", up=False, column="peasant")
    give(state, 0, "merchant-2", up=False, column="scholar")
    pos = give(state, 0, "artisan-plain")
    set_resources(state, 0, 0, 0)
    g.apply(state, 0, "market")
    g.apply(state, 0, f"flip:{pos}:2")
    assert g.to_move(state)[0] == 0
    assert ids(g, state, 0) == ["reward:0", "reward:1", "reward:2", "reward:3"]
    assert g.observation(state, 1)["participants"][0]["reward_owed"] == 3
    g.apply(state, 0, "reward:1")
    assert (state.grain[0], state.money[0]) == (2 + 1, 2)
    assert "reward:0" not in ids(g, state, 0)


def test_placing_a_card_face_down_when_all_others_are_face_down_pays_the_round_number() -> None:
    g, state = started(2, seed=4)
    to_round(g, state, 5)
    strip(state, 0)
    strip(state, 1)
    give(state, 0, "peasant-2", up=False, column="peasant")
    give(state, 0, "scholar-2", up=False, column="artisan")
    set_resources(state, 0, 0, 0)
    set_resources(state, 1, 0, 0)
    set_display(
        state,
        ["merchant-1", "merchant-2", "peasant-1", "artisan-trade", "scholar-1", "scholar-3", "peasant-4"],
        [True, True, False, False, False, False, False],
    )
    bid_all(g, state, {0: 0, 1: 0})
    assert state.start == 0
    g.apply(state, 0, "take:3")
    g.apply(state, 0, "facedown:merchant")
    assert ids(g, state, 0) == [f"reward:{n}" for n in range(6)]
    g.apply(state, 0, "reward:5")
    assert (state.grain[0], state.money[0]) == (5, 0)


def test_the_first_card_taken_face_down_pays_the_round_number() -> None:
    g, state = started(2, seed=5)
    set_display(
        state,
        ["merchant-1", "merchant-2", "peasant-1", "artisan-trade", "scholar-1", "scholar-3", "peasant-4"],
        [True, True, False, False, False, False, False],
    )
    bid_all(g, state, {0: 0, 1: 0})
    g.apply(state, 0, "take:2")
    g.apply(state, 0, "facedown:scholar")
    assert ids(g, state, 0) == ["reward:0", "reward:1"]


def test_no_reward_while_a_card_stays_face_up() -> None:
    g, state = started(2, seed=6)
    give(state, 0, "peasant-2", up=False, column="peasant")
    give(state, 1, "peasant-2")
    set_display(
        state,
        ["merchant-1", "merchant-2", "peasant-1", "artisan-trade", "scholar-1", "scholar-3", "peasant-4"],
        [True, True, False, False, False, False, False],
    )
    bid_all(g, state, {0: 0, 1: 0})
    g.apply(state, 0, "take:0")  # face up beside a face-down card: not all face down
    assert state.reward == [0, 0]
    assert g.to_move(state) == (1,)
    g.apply(state, 1, "take:2")
    g.apply(state, 1, "facedown:merchant")  # face down beside a face-up card
    assert state.reward == [0, 0]
    assert not any(i.startswith("reward:") for i in ids(g, state, 1))


def test_exchanging_while_placing_can_pay_for_turning_the_card_face_up() -> None:
    g, state = started(2, seed=7)
    set_display(
        state,
        ["merchant-1", "merchant-2", "peasant-1", "artisan-trade", "scholar-1", "scholar-3", "peasant-4"],
        [True, True, False, False, False, False, False],
    )
    set_resources(state, 0, 4, 2)
    bid_all(g, state, {0: 1, 1: 0})
    g.apply(state, 0, "take:2")
    assert "faceup" not in ids(g, state, 0)  # 1 money
    g.apply(state, 0, "market")
    g.apply(state, 0, "exchange:grain-money")
    g.apply(state, 0, "close")
    assert "faceup" in ids(g, state, 0)
    g.apply(state, 0, "faceup")
    assert (state.grain[0], state.money[0]) == (0, 0)
    assert personal(g, state, 0, 1)[0]["card"]["id"] == "peasant-1"


def test_the_bank_takes_four_mixed_resources_for_one() -> None:
    """8.4: "exchange Resources with the Bank in a 4:1 ratio": any four, grain and money mixed."""
    g, state = started(2, seed=1)
    set_resources(state, 0, 1, 3)
    g.apply(state, 0, "market")
    legal = ids(g, state, 0)
    assert "exchange:1-3:grain" in legal and "exchange:1-3:money" in legal
    assert "exchange:money-grain" not in legal and "exchange:2-2:grain" not in legal
    bank = (state.bank_grain, state.bank_money)
    g.apply(state, 0, "exchange:1-3:grain")
    assert (state.grain[0], state.money[0]) == (1, 0)
    assert (state.bank_grain, state.bank_money) == (bank[0], bank[1] + 3)

"""Room actions (pp.8-10): every inner room and every action tile, and the chairs."""

import pytest

from meeple.games.round_house.content import GOLD
from meeple.games.round_house.state import MOVE

from .builders import (
    CELADON,
    CONTENT,
    FRUIT,
    TEA,
    at_room,
    fresh,
    give_expert,
    give_goods,
    ids,
    labels,
    node_of_room,
    play,
    put_leader,
    resume,
    seat_chair,
    set_coins,
    stock,
    to_phase,
)


def room(room_id: str) -> int:
    return CONTENT.room_index[room_id]


def test_pirates_tile_goes_under_the_stack_and_a_new_one_is_flipped() -> None:
    g, state = fresh(3)
    at_room(state, 0, "pirate-smuggled-goods")
    tile, below = state.pirates_up[0], state.pirate_stack[-1]
    gain = CONTENT.pirates[tile].gain
    coins = state.coins[0]
    play(g, state, "do:pirate:0")
    assert state.pirate_stack[0] == tile and state.pirates_up[0] == below
    assert state.coins[0] - coins >= gain.coins
    assert state.goods[0][:3] == [gain.tea, gain.fruit, gain.celadon]


def test_pirates_or_one_gold() -> None:
    g, state = fresh(3)
    at_room(state, 0, "pirate-smuggled-goods")
    play(g, state, "do:gold")
    assert state.goods[0][GOLD] == 2 and state.runs == 0


def test_expert_hall_takes_into_a_slot_and_at_three_replaces_one() -> None:
    g, state = fresh(3)
    for expert in ("elder", "clerk", "nanny"):
        give_expert(state, 0, expert)
    at_room(state, 0, "expert-hall")
    play(g, state, "do:hire")
    hires = ids(g, state)
    assert len(hires) == 9 and all(h.count(":") == 2 for h in hires)  # 3 cards x 3 slots to free
    taken, dropped = state.experts_up[0], state.experts[0][1]
    play(g, state, "hire:0:1")
    assert len(state.experts[0]) == 3 and taken in state.experts[0]
    assert state.expert_discard[0] == dropped and len(state.experts_up) == 3


def test_money_lender_coins_then_refilled() -> None:
    g, state = fresh(3)
    state.lender = 5
    state.bank -= 2
    coins = state.coins[0]
    at_room(state, 0, "money-lender")
    play(g, state, "do:lend", "dispatch:0")
    assert state.coins[0] == coins + 5 and state.lender == 3 and sum(state.towns[0]) == 1


def test_money_lender_or_a_basic_resource() -> None:
    g, state = fresh(3)
    at_room(state, 0, "money-lender")
    play(g, state, "do:lend-basic", "basic:2", "dispatch:0")
    assert state.goods[0][CELADON] == 1 and state.lender == 3 and sum(state.towns[0]) == 1


def test_grand_hall_fee_and_assistant_actions() -> None:
    g, state = fresh(3, grand_hall_fee="execution")
    set_coins(state, 0, 4)
    at_room(state, 0, "grand-hall")
    play(g, state, "do:assist")
    assert state.coins[0] == 2 and state.lender == 5
    assert state.reserve[0] == 7 and state.personal[0] == 7  # recruit twice
    play(g, state, "dispatch:0", "invest:0")
    assert sum(state.towns[0]) == 1 and state.chairs[0] == 0


def test_grand_hall_copies_a_room_occupied_by_another_leader() -> None:
    g, state = fresh(3, grand_hall_fee="execution")
    put_leader(state, 1, node_of_room(state, "pirate-smuggled-goods"))
    at_room(state, 0, "grand-hall")
    play(g, state, "do:copy")
    node = node_of_room(state, "pirate-smuggled-goods")
    assert ids(g, state) == [f"copy:{node}"]
    play(g, state, f"copy:{node}")
    assert "do:gold" in ids(g, state)
    play(g, state, "do:gold")
    assert state.goods[0][GOLD] == 2 and state.lender == 5


def test_grand_hall_needs_two_coins() -> None:
    g, state = fresh(3, grand_hall_fee="execution")
    set_coins(state, 0, 1)
    at_room(state, 0, "grand-hall")
    assert not [i for i in ids(g, state) if i.startswith("do:")]


def test_retail_market_different_resources_with_investments() -> None:
    g, state = fresh(3)
    give_goods(state, 0, tea=1, celadon=1, gold=-1)  # no Gold to stand in for Fruit
    at_room(state, 0, "retail-market")
    options = ids(g, state)
    assert "do:retail:5" in options  # tea and celadon
    assert not [o for o in options if o.startswith("do:retail:") and int(o.split(":")[2]) & 2]  # no fruit
    coins = state.coins[0]
    play(g, state, "do:retail:5", "invest:0")
    assert state.coins[0] == coins + 3 + 2 and state.honor[0] == 2
    assert state.spaces[room("retail-market")][:2] == [TEA, CELADON]


def test_wholesale_market_same_resource() -> None:
    g, state = fresh(3)
    give_goods(state, 0, fruit=3)
    at_room(state, 0, "wholesale-market")
    assert "do:wholesale:1:3" in ids(g, state) and "do:wholesale:1:4" not in ids(g, state)
    play(g, state, "do:wholesale:1:3", "dispatch:0", "dispatch:0", "dispatch:0")
    assert state.honor[0] == 6 and sum(state.towns[0]) == 3
    assert state.spaces[room("wholesale-market")] == [FRUIT] * 3 + [-1] * 3


def test_a_full_market_is_emptied_into_the_supply() -> None:
    g, state = fresh(3)
    market = room("selling-market")
    state.spaces[market] = [TEA, TEA, TEA, CELADON, CELADON, CELADON, FRUIT, FRUIT, -1]
    for kind in (TEA, CELADON, FRUIT):
        state.basics[kind] -= 3 if kind != FRUIT else 2
    give_goods(state, 0, fruit=1)
    supply = state.basics[:]
    at_room(state, 0, "selling-market")
    assert ids(g, state) == ["do:sell:1", "do:sell:1:g010", "done"]  # only fruit spaces are free (Fruit or Gold)
    play(g, state, "do:sell:1", "skip")
    assert state.spaces[market] == [-1] * 9
    assert state.basics[:3] == [supply[0] + 3, supply[1] + 3, supply[2] + 3]


def test_bank_payments_go_left_to_right() -> None:
    g, state = fresh(3)
    set_coins(state, 0, 5)
    at_room(state, 0, "bank")
    assert [i for i in ids(g, state) if i.startswith("do:")] == ["do:bank:1", "do:bank:2"]


@pytest.mark.parametrize(
    ("deal", "coins", "check"),
    [
        ("deal:buy:0", -1, lambda s: s.goods[0][0] == 1),
        ("deal:recruit", -3, lambda s: s.reserve[0] == 8),
        ("deal:amulet:0", -4, lambda s: len(s.amulets[0]) == 1 and len(s.amulets_up) == 2),
        ("deal:sell:3", 3, lambda s: s.goods[0][3] == 0),
        ("deal:dismiss", 5, lambda s: s.reserve[0] == 10),
    ],
)
def test_black_market_deals(deal: str, coins: int, check) -> None:
    g, state = fresh(3)
    set_coins(state, 0, 10)
    at_room(state, 0, "black-market")
    play(g, state, "do:black", deal)
    assert state.coins[0] == 10 + coins and check(state)
    assert "skip" in ids(g, state)  # the second deal


def test_black_market_amulet_for_six_coins_is_shuffled_back() -> None:
    g, state = fresh(3)
    state.amulets[0].append(state.amulet_pool.pop())
    pool = len(state.amulet_pool)
    at_room(state, 0, "black-market")
    coins = state.coins[0]
    play(g, state, "do:black", "deal:cash:0", "skip")
    assert state.coins[0] == coins + 6 and len(state.amulet_pool) == pool + 1 and not state.amulets[0]


def test_black_market_two_deals_the_same_twice() -> None:
    g, state = fresh(3)
    at_room(state, 0, "black-market")
    play(g, state, "do:black", "deal:buy:2", "deal:buy:2")
    assert state.goods[0][CELADON] == 2
    assert not [i for i in ids(g, state) if i.startswith("deal:")]  # exactly two deals


def test_trading_house_prices_and_actions() -> None:
    g, state = fresh(3)
    set_coins(state, 0, 10)
    at_room(state, 0, "trading-house")
    assert [i for i in ids(g, state) if i.startswith("do:")] == [f"do:trade:{n}" for n in (1, 2, 3, 4)]
    play(g, state, "do:trade:4", "trade:recruit", "trade:gold", "trade:invest:3", "trade:dispatch:0")
    assert state.coins[0] == 1 and state.reserve[0] == 8 and state.goods[0][GOLD] == 2
    assert state.chairs[3] == 0 and sum(state.towns[0]) == 1


def test_study_experts_for_coins_and_dismissals() -> None:
    g, state = fresh(3)
    at_room(state, 0, "study")
    assert {"do:study:0", "do:study:1", "do:study:2"} <= set(ids(g, state))
    coins = state.coins[0]
    play(g, state, "do:study:2", "hire:0", "hire:0", "hire:0")
    assert state.coins[0] == coins - 1 and state.personal[0] == 2 and state.reserve[0] == 12
    assert len(state.experts[0]) == 3


def test_warehouse_takes_from_any_room_then_restocks() -> None:
    g, state = fresh(3)
    node_of_room(state, "warehouse")
    stock(state)
    market = room("selling-market")
    state.spaces[market][0] = TEA
    state.basics[TEA] -= 1
    set_coins(state, 0, 5)
    at_room(state, 0, "warehouse")
    reserve = state.reserve[0]
    play(g, state, "do:warehouse:3")
    assert state.reserve[0] == reserve - 1  # its assistant action: recruit once
    play(g, state, "take:w:0", f"take:{market}:0", "take:w:2")
    assert state.goods[0][:3] == [2, 0, 1] and state.spaces[market][0] == -1
    assert state.warehouse == [1, 1, 1] and state.coins[0] == 0


def test_tea_house() -> None:
    g, state = fresh(3)
    at_room(state, 0, "tea-house")
    coins = state.coins[0]
    play(g, state, "do:take", "dispatch:0")
    assert state.coins[0] == coins + 2 and sum(state.towns[0]) == 1


def test_a_senior_on_a_chair_stays_and_gives_another_execution() -> None:
    g, state = fresh(3)
    seat_chair(state, 0, 2, senior=True)
    at_room(state, 0, "pirate-smuggled-goods")
    play(g, state, "do:gold")
    assert "call:2" in ids(g, state)
    play(g, state, "call:2", "do:gold")
    assert state.chairs[2] == 0 and state.goods[0][GOLD] == 3
    assert "call:2" not in ids(g, state)  # once per turn


def test_another_players_chair_gives_nothing() -> None:
    g, state = fresh(3)
    seat_chair(state, 1, 2)
    at_room(state, 0, "pirate-smuggled-goods")
    assert "call:2" not in ids(g, state)


def test_experts_permanent_investment_honor() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "elder")
    at_room(state, 0, "grand-hall")
    play(g, state, "do:assist", "dispatch:0", "invest:0")
    assert state.honor[0] == 3


def test_grand_hall_copies_the_room_of_the_players_own_other_leader() -> None:
    g, state = fresh(3)
    node = node_of_room(state, "tea-house")
    put_leader(state, 0, node, which=1)
    at_room(state, 0, "grand-hall")
    play(g, state, "do:copy")
    assert ids(g, state) == [f"copy:{node}"]
    coins = state.coins[0]
    play(g, state, f"copy:{node}", "do:take", "skip")
    assert state.coins[0] == coins + 2


def test_black_market_amulets_are_replaced_only_after_the_action() -> None:
    g, state = fresh(3)
    set_coins(state, 0, 10)
    at_room(state, 0, "black-market")
    hidden = state.amulet_pool[-1]
    play(g, state, "do:black", "deal:amulet:0")
    assert hidden not in state.amulets_up and len(state.amulets_up) == 2  # the second deal sees 2 amulets
    play(g, state, "deal:amulet:1")
    assert len(state.amulets[0]) == 2 and len(state.amulets_up) == 3 and hidden in state.amulets_up


def test_a_chair_is_not_retrieved_without_an_execution() -> None:
    """p.7: retrieving the chair's assistant goes with executing the room once more; at the Grand
    Hall with no coins for the fee there is no execution, so no retrieval either."""
    g, state = fresh(3, grand_hall_fee="execution")
    set_coins(state, 0, 0)
    seat_chair(state, 0, 10)
    at_room(state, 0, "grand-hall")
    assert "call:10" not in ids(g, state)


def test_a_retrieved_chair_assistant_executes_the_room_at_once() -> None:
    """After `call`, the extra execution must be made: it cannot be declined or ended."""
    g, state = fresh(3)
    seat_chair(state, 0, 2)
    at_room(state, 0, "pirate-smuggled-goods")
    play(g, state, "call:2")
    options = ids(g, state)
    assert "done" not in options and "skip" not in options and "do:gold" in options
    play(g, state, "do:gold")
    assert "do:gold" in ids(g, state) and "done" in ids(g, state)  # the room's own execution is still open


def test_black_market_offers_no_resource_the_supply_lacks() -> None:
    """Paying 1 coin for a Tea with no Tea left in the supply would buy nothing: not offered."""
    g, state = fresh(3)
    give_goods(state, 1, tea=state.basics[TEA])  # the supply's Tea all with another player
    at_room(state, 0, "black-market")
    play(g, state, "do:black")
    assert "deal:buy:0" not in ids(g, state) and "deal:buy:1" in ids(g, state)


def test_trading_house_offers_only_actions_that_can_be_made() -> None:
    """With no assistant in the personal or assistant supply and no Gold left, only as many
    actions are sold as can be made, and each offered action can be made."""
    g, state = fresh(3)
    set_coins(state, 0, 10)
    state.reserve[0], state.personal[0] = 0, 0
    gold = state.basics[GOLD]
    give_goods(state, 0, gold=gold - 1)  # one Gold left in the supply
    at_room(state, 0, "trading-house")
    assert [i for i in ids(g, state) if i.startswith("do:")] == ["do:trade:1"]
    play(g, state, "do:trade:1")
    assert ids(g, state) == ["trade:gold"]


def test_grand_hall_copy_needs_an_executable_target_after_the_fee() -> None:
    """With 2 coins, copying the Bank (payments of 2 coins or more) could do nothing after the fee."""
    g, state = fresh(3, grand_hall_fee="execution")
    set_coins(state, 0, 2)
    put_leader(state, 1, node_of_room(state, "bank"))
    at_room(state, 0, "grand-hall")
    assert "do:copy" not in ids(g, state) and "do:assist" in ids(g, state)
    set_coins(state, 0, 4)
    assert "do:copy" in ids(g, state)


def test_gold_may_stand_in_even_for_a_resource_held() -> None:
    """Setup 9: Gold can be used as any basic resource, so the player holding a Fruit may still
    pay the Gold for it (and keep the Fruit); the Gold then lies on the market space."""
    g, state = fresh(3)
    give_goods(state, 0, fruit=1)
    at_room(state, 0, "selling-market")
    assert labels(g, state)["do:sell:1:g010"].endswith("(Gold for 1 fruit)")
    play(g, state, "do:sell:1:g010", "skip")
    assert state.goods[0][FRUIT] == 1 and state.goods[0][GOLD] == 0
    assert GOLD in state.spaces[room("selling-market")]


def test_the_player_orders_the_actions_an_execution_opens() -> None:
    """p.7: players decide the order of a room's actions: at Receiving Goods the merchant dispatch
    may come before the basic resource, at the Grand Hall the investment before the dispatch."""
    g, state = fresh(3)
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take")
    assert {"basic:0", "dispatch:0"} <= set(ids(g, state))
    play(g, state, "dispatch:0")
    assert sum(state.towns[0]) == 1 and ids(g, state) == ["basic:0", "basic:1", "basic:2"]
    play(g, state, "basic:2")
    assert state.goods[0][CELADON] == 1

    g, state = fresh(3)
    at_room(state, 0, "grand-hall")
    play(g, state, "do:assist", "invest:5")
    assert state.chairs[5] == 0 and [i for i in ids(g, state) if i.startswith("dispatch:")]


def test_grand_hall_fee_is_paid_again_for_a_chair_execution() -> None:
    g, state = fresh(3, grand_hall_fee="execution")
    set_coins(state, 0, 4)
    seat_chair(state, 0, 10)
    at_room(state, 0, "grand-hall")
    lender = state.lender
    play(g, state, "call:10", "do:assist", "skip", "skip", "do:assist")
    assert state.coins[0] == 0 and state.lender == lender + 4


def test_elder_once_per_turn() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "elder")
    at_room(state, 0, "bank")
    set_coins(state, 0, 9)
    play(g, state, "do:bank:3", "invest:0", "invest:1")  # 7 honor, two investments: the Elder's 3 once
    assert state.honor[0] == 7 + 3


def test_neutral_rule_2_grand_hall_copies_any_other_room_but_a_grand_hall() -> None:
    """2 players, rule 2: the player executes the room of the neutral leader moved onto the Grand
    Hall: it may copy a room occupied by any leader (no leader of the player moved yet), never the
    Grand Hall itself."""
    g, state = fresh(2, neutral_rule=2)
    a, b = [i for i, owner in enumerate(state.owners) if owner < 0]
    grand_hall = node_of_room(state, "grand-hall")
    pirates = node_of_room(state, "pirate-smuggled-goods")
    state.leaders[a] = grand_hall - 1
    state.leaders[b] = 7  # outer-0
    put_leader(state, 1, pirates)
    resume(state)
    coins = state.coins[0]
    play(g, state, f"neutral:{a}:{grand_hall}", "do:copy:fee")  # its fee is paid when executed
    assert state.coins[0] == coins - 2 and ids(g, state) == [f"copy:{pirates}"]
    play(g, state, f"copy:{pirates}", "do:gold")
    assert state.goods[0][GOLD] == 2


def _before_the_grand_hall(coins: int, **options: object):
    """Seat 0 to move, one leader a step before the Grand Hall."""
    g, state = fresh(3, **options)
    set_coins(state, 0, coins)
    grand_hall = node_of_room(state, "grand-hall")
    leader = state.owners.index(0)
    for other, at in enumerate(state.leaders):
        if at in (grand_hall - 1, grand_hall):
            state.leaders[other] = 0
    state.leaders[leader] = grand_hall - 1
    to_phase(state, 0, MOVE)
    return g, state, f"move:{leader}:{grand_hall}"


def test_the_grand_hall_fee_is_due_when_the_leader_stops_there() -> None:
    """p.8 6 Note: "When leader stand on Grand Hall, player have to pay 2 coins to Money Lender":
    paid on the stop, even if no action follows; its execution then costs nothing more."""
    g, state, move = _before_the_grand_hall(4)
    lender = state.lender
    play(g, state, move)
    assert state.coins[0] == 2 and state.lender == lender + 2
    assert "pay" not in labels(g, state)["do:assist"]  # no second fee
    play(g, state, "do:assist")
    assert state.coins[0] == 2
    g, state, move = _before_the_grand_hall(4)
    play(g, state, move, "done")
    assert state.coins[0] == 2


def test_a_leader_stops_on_the_grand_hall_only_with_the_fee_in_hand() -> None:
    g, state, move = _before_the_grand_hall(1)
    assert move not in ids(g, state) and ids(g, state)
    g, state, move = _before_the_grand_hall(1, grand_hall_fee="execution")
    assert move in ids(g, state)
    play(g, state, move)
    assert state.coins[0] == 1


def test_a_chair_execution_at_the_grand_hall_costs_nothing_more_after_the_stop() -> None:
    g, state, move = _before_the_grand_hall(2)
    seat_chair(state, 0, 10)
    play(g, state, move, "call:10", "do:assist", "skip", "skip", "do:assist")
    assert state.coins[0] == 0

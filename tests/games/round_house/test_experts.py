"""All 24 expert cards (p.15): activated in phase 1, one per turn; permanent ones once per turn;
the amulet-icon ones kept after activation by the amulet_experts option."""

import pytest

from meeple.games.round_house.state import EXPERT, MOVE

from .builders import (
    CONTENT,
    EXPERT_OF,
    at_room,
    fresh,
    give_expert,
    give_goods,
    ids,
    play,
    to_phase,
)

ONE_TIME = {
    # expert: (follow-up decisions, check on (before, after) of seat 0)
    "su-trader": ((), lambda b, a: a.coins[0] == b.coins[0] + 3),
    "jin-trader": ((), lambda b, a: a.coins[0] == b.coins[0] + 1 and a.honor[0] == 1),
    "mistress": ((), lambda b, a: a.coins[0] == b.coins[0] + 4 and a.goods[0][3] == 2 and a.reserve[0] == 10),
    "sales-lady": (("basic:1",), lambda b, a: a.goods[0][1] == 1),
    "porter": (("basic:0",), lambda b, a: a.goods[0][0] == 1),
    "farmer": (("basic:1",), lambda b, a: a.goods[0][1] == 1),
    "craftsman": (("basic:2",), lambda b, a: a.goods[0][2] == 1 and a.goods[0][3] == 2 and a.reserve[0] == 10),
    "maiden": (("basic:0", "basic:2"), lambda b, a: a.goods[0][:3] == [1, 0, 1] and a.coins[1] == b.coins[1] + 1),
    "amulet-merchant": ((), lambda b, a: a.coins[0] == b.coins[0] + 4),
    "little-master": (("dispatch:0",), lambda b, a: a.coins[0] == b.coins[0] + 1 and sum(a.towns[0]) == 1),
    "servant": (("invest:0",), lambda b, a: a.chairs[0] == 0),
    "bookseller": ((), lambda b, a: a.coins[0] == b.coins[0] + 1 + 5),
    "nanny": ((), lambda b, a: a.coins[0] == b.coins[0] + 1 and a.reserve[0] == 7),
    "noble-lady": (("dispatch:0", "dispatch:0"), lambda b, a: a.reserve[0] == 8 and sum(a.towns[0]) == 2),
    "guangdong-trader": (("invest:1",), lambda b, a: a.reserve[0] == 8 and a.chairs[1] == 0),
    "hui-trader": (("dispatch:0",), lambda b, a: a.coins[0] == b.coins[0] + 1 and a.reserve[0] == 8),
}


@pytest.mark.parametrize("expert", sorted(ONE_TIME))
def test_one_time_experts(expert: str) -> None:
    g, state = fresh(3, amulet_experts="never")
    give_expert(state, 0, expert)
    to_phase(state, 0, EXPERT)
    before = state.clone()
    follow, check = ONE_TIME[expert]
    play(g, state, "activate:0", *follow)
    assert state.phase == MOVE
    assert check(before, state), expert
    assert EXPERT_OF[expert] in state.expert_discard and not state.experts[0]


def test_amulet_merchant_alternative() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "amulet-merchant")
    to_phase(state, 0, EXPERT)
    play(g, state, "activate:0:alt")
    assert state.honor[0] == 3 and state.experts[0] == [EXPERT_OF["amulet-merchant"]]  # kept: amulet icon


@pytest.mark.parametrize("expert", ["celadon-merchant", "tea-supplier", "fruit-supplier"])
def test_suppliers_place_on_a_market_for_double_rewards_without_assistant_action(expert: str) -> None:
    g, state = fresh(3)
    kind = CONTENT.experts[EXPERT_OF[expert]].place_kinds[0]
    k = ("tea", "fruit", "celadon").index(kind)
    give_goods(state, 0, **{kind: 1})
    give_expert(state, 0, expert)
    to_phase(state, 0, EXPERT)
    coins = state.coins[0]
    play(g, state, "activate:0")
    market = CONTENT.room_index["selling-market"]
    play(g, state, f"place:{market}:{k}")
    chart = CONTENT.rooms[market].chart[kind]
    assert state.coins[0] == coins + 2 * chart.coins and state.honor[0] == 2 * chart.honor
    assert not state.tasks and state.phase == MOVE and state.reserve[0] == 9


def test_shandon_trader_places_two_for_single_rewards() -> None:
    g, state = fresh(3)
    give_goods(state, 0, tea=1, fruit=1)
    give_expert(state, 0, "shandon-trader")
    to_phase(state, 0, EXPERT)
    coins = state.coins[0]
    market = CONTENT.room_index["selling-market"]
    play(g, state, "activate:0", f"place:{market}:0", f"place:{market}:1")
    assert state.coins[0] == coins + 5 + 1 and state.honor[0] == 3 and not state.towns[0][state.merchant]


def test_mistress_needs_an_assistant_in_the_personal_supply() -> None:
    _g, state = fresh(3)
    give_expert(state, 0, "mistress")
    state.reserve[0] += state.personal[0]
    state.personal[0] = 0
    to_phase(state, 0, EXPERT)
    assert state.phase == MOVE  # nothing to activate


def test_one_activation_per_turn() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "su-trader")
    give_expert(state, 0, "jin-trader")
    to_phase(state, 0, EXPERT)
    play(g, state, "activate:0")  # kept (the amulet icon, option free by default): no second activation
    assert state.phase == MOVE and len(state.experts[0]) == 2


def test_amulet_icon_expert_kept_by_paying_an_amulet() -> None:
    g, state = fresh(3, amulet_experts="amulet")
    state.amulets[0].append(state.amulet_pool.pop())
    give_expert(state, 0, "su-trader")
    to_phase(state, 0, EXPERT)
    play(g, state, "activate:0")
    assert set(ids(g, state)) == {"keep", "discard"}
    play(g, state, "keep")
    assert state.experts[0] == [EXPERT_OF["su-trader"]] and not state.amulets[0]


def test_amulet_icon_expert_without_an_amulet_is_discarded() -> None:
    g, state = fresh(3, amulet_experts="amulet")
    give_expert(state, 0, "su-trader")
    to_phase(state, 0, EXPERT)
    play(g, state, "activate:0")
    assert ids(g, state) == ["discard"]
    play(g, state, "discard")
    assert not state.experts[0]


def test_amulet_icon_expert_kept_for_free_by_default() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "su-trader")
    to_phase(state, 0, EXPERT)
    play(g, state, "activate:0")
    assert state.experts[0] == [EXPERT_OF["su-trader"]] and state.phase == MOVE


def test_experts_without_the_icon_are_never_kept() -> None:
    g, state = fresh(3, amulet_experts="free")
    give_expert(state, 0, "nanny")
    to_phase(state, 0, EXPERT)
    play(g, state, "activate:0")
    assert not state.experts[0]


def test_permanent_experts_are_not_activated() -> None:
    _g, state = fresh(3)
    for expert in ("elder", "wealthy-man", "shopkeeper", "clerk"):
        if len(state.experts[0]) < 3:
            give_expert(state, 0, expert)
    to_phase(state, 0, EXPERT)
    assert state.phase == MOVE


def test_wealthy_man_once_per_turn() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "wealthy-man")
    seat_gold_twice(g, state)
    assert state.honor[0] == 2


def seat_gold_twice(g, state) -> None:
    from .builders import seat_chair

    seat_chair(state, 0, 2, senior=True)
    at_room(state, 0, "pirate-smuggled-goods")
    play(g, state, "do:gold", "call:2", "do:gold")


def test_shopkeeper_once_per_turn() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "shopkeeper")
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:0")
    assert state.honor[0] == 1
    play(g, state, "skip")
    assert state.honor[0] == 1


def test_clerk_honor_when_receiving_experts() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "clerk")
    at_room(state, 0, "study")
    play(g, state, "do:study:1", "hire:0", "hire:0")
    assert state.honor[0] == 2


def test_an_expert_that_would_do_nothing_is_not_activated() -> None:
    """The Celadon Merchant with neither Celadon nor Gold, and the Servant with no assistant in the
    personal supply, would be discarded for nothing: not offered."""
    g, state = fresh(3)
    give_goods(state, 0, gold=-1)
    give_expert(state, 0, "celadon-merchant")
    give_expert(state, 0, "servant")
    state.reserve[0] += state.personal[0]
    state.personal[0] = 0
    to_phase(state, 0, EXPERT)
    assert state.phase == MOVE  # nothing to activate: the phase is skipped
    give_goods(state, 0, celadon=1)
    to_phase(state, 0, EXPERT)
    assert ids(g, state) == ["activate:0", "pass"]


def test_shopkeeper_fires_on_a_warehouse_take() -> None:
    """Taking resources at the Warehouse is receiving them: the Shopkeeper gives its honor."""
    from .builders import node_of_room, set_coins, stock

    g, state = fresh(3)
    give_expert(state, 0, "shopkeeper")
    node_of_room(state, "warehouse")
    stock(state)
    set_coins(state, 0, 1)
    at_room(state, 0, "warehouse")
    play(g, state, "do:warehouse:1", "take:w:0")
    assert state.goods[0][0] == 1 and state.honor[0] == 1


def test_an_experts_honor_fires_no_order_effect() -> None:
    """Bonuses fire no further effects: the Shopkeeper's honor and effect 2's are one each."""
    from .test_orders import fulfilled

    g, state = fresh(3)
    give_expert(state, 0, "shopkeeper")
    fulfilled(state, 0, "order-4")  # effect 2: +1 honor when receiving a resource
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:0", "skip")
    assert state.honor[0] == 2

"""Orders (p.6, p.14): score icons, fulfilment, the permanent effects from the next turn, once
per turn, and their honor scored at the end."""

from meeple.games.round_house.state import FULFIL, ORDERS

from .builders import CONTENT, ORDER_OF, at_room, fresh, give_goods, give_order, ids, play, set_coins, to_phase


def fulfilled(state, seat: int, order_id: str, turn: int = -1) -> None:
    card = give_order(state, seat, order_id)
    state.hand[seat].remove(card)
    state.done_orders[seat].append(card)
    state.done_turn[seat].append(turn)


def test_fulfilling_pays_and_turns_the_card_sideways() -> None:
    g, state = fresh(3)
    card = give_order(state, 0, "order-13")  # 1 tea, 1 fruit, 1 celadon, 5 coins
    give_goods(state, 0, tea=1, celadon=1)  # fruit: the Gold stands in
    set_coins(state, 0, 5)
    supply = state.basics[:]
    to_phase(state, 0, FULFIL)
    play(g, state, f"fulfil:{state.hand[0].index(card)}")
    assert card in state.done_orders[0] and state.coins[0] == 0 and state.goods[0] == [0, 0, 0, 0]
    assert state.basics == [supply[0] + 1, supply[1], supply[2] + 1, supply[3] + 1]


def test_an_order_that_cannot_be_paid_is_not_offered() -> None:
    g, state = fresh(3)
    card = give_order(state, 0, "order-14")
    to_phase(state, 0, FULFIL)
    assert state.current == 1 or f"fulfil:{state.hand[0].index(card)}" not in ids(g, state)


def test_effects_start_next_turn() -> None:
    g, state = fresh(3)
    fulfilled(state, 0, "order-1", turn=state.turn)  # +2 coins when receiving coins
    at_room(state, 0, "tea-house")
    coins = state.coins[0]
    play(g, state, "do:take", "skip")
    assert state.coins[0] == coins + 2


def test_coin_effect_once_per_turn() -> None:
    g, state = fresh(3)
    fulfilled(state, 0, "order-1")
    at_room(state, 0, "tea-house")
    coins = state.coins[0]
    play(g, state, "do:take", "skip")
    assert state.coins[0] == coins + 4
    state.phase, state.runs = 4, 1
    play(g, state, "do:take", "skip")
    assert state.coins[0] == coins + 4 + 2


def test_colour_effect_gives_one_more_of_its_colour_only() -> None:
    g, state = fresh(3)
    fulfilled(state, 0, "order-5")  # +1 tea
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:2", "skip")
    assert state.goods[0][:3] == [0, 0, 1]
    state.phase, state.runs = 4, 1
    play(g, state, "do:take", "basic:0", "skip")
    assert state.goods[0][:3] == [2, 0, 1]


def test_any_resource_effect_is_the_players_choice() -> None:
    """Effect 4: when receiving a basic resource, 1 honor or 1 more of the same kind, as the
    player chooses; once per turn."""
    g, state = fresh(3)
    fulfilled(state, 0, "order-3")
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:1")
    assert {"bonus:honor", "bonus:extra"} <= set(ids(g, state))
    play(g, state, "bonus:extra", "skip")
    assert state.goods[0][1] == 2 and state.honor[0] == 0
    state.phase, state.runs = 4, 1
    play(g, state, "do:take", "basic:1")
    assert not [i for i in ids(g, state) if i.startswith("bonus:")]  # used this turn
    assert state.goods[0][1] == 3


def test_a_bonus_fires_no_further_effect() -> None:
    """The ruling 'bonuses fire no further effects': the resource received fires effects 2 and 4
    once each; effect 4's extra resource is no new resource for effect 2."""
    g, state = fresh(3)
    fulfilled(state, 0, "order-3")  # effect 4
    fulfilled(state, 0, "order-4")  # effect 2: +1 honor when receiving a resource
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:1", "bonus:extra", "skip")
    assert state.honor[0] == 1 and state.goods[0][1] == 2


def test_colour_effect_once_per_turn() -> None:
    g, state = fresh(3)
    fulfilled(state, 0, "order-2")
    kind = ("tea", "fruit", "celadon").index(CONTENT.orders[ORDER_OF["order-2"]].kind)
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", f"basic:{kind}", "skip")
    assert state.goods[0][kind] == 2
    state.phase, state.runs = 4, 1
    play(g, state, "do:take", f"basic:{kind}")
    assert state.goods[0][kind] == 3


def test_effect_2_gives_honor_for_a_resource_received_as_the_p6_example_card_says() -> None:
    """p.6: the example order's permanent effect: "Gain 1 honor point whenever [the player]
    receives a resource"; p.14 lost effect 2's text, so that is effect 2. Honor received is no
    resource: the Bank's honor gets nothing more."""
    g, state = fresh(3)
    fulfilled(state, 0, "order-4")
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:2", "skip")
    assert state.goods[0][2] == 1 and state.honor[0] == 1
    g, state = fresh(3)
    fulfilled(state, 0, "order-4")
    at_room(state, 0, "bank")
    play(g, state, "do:bank:1")
    assert state.honor[0] == 1


def test_icons_give_an_order_or_an_amulet_in_phase_four() -> None:
    g, state = fresh(3)
    state.honor[0] = 4
    at_room(state, 0, "bank")
    play(g, state, "do:bank:1")  # 1 honor: reaches the icon on 5
    assert state.phase == ORDERS
    assert {"pick-order:0", "pick-amulet:0", "pass"} <= set(ids(g, state))
    play(g, state, "pick-amulet:2")
    assert len(state.amulets[0]) == 1 and len(state.amulets_up) == 3 and state.icons[0] == 0


def test_order_honor_counts_only_at_the_end() -> None:
    g, state = fresh(3)
    fulfilled(state, 0, "order-14")
    assert state.honor[0] == 0
    result = g.result(state)
    assert result.detail["scores"][0]["orders"] == CONTENT.orders[ORDER_OF["order-14"]].honor


def test_an_order_may_be_paid_with_gold_for_any_resource() -> None:
    """Gold stands in for whichever resource the player chooses: each way is one action."""
    g, state = fresh(3)
    give_order(state, 0, "start-3")  # 1 tea, 1 celadon
    i = state.hand[0].index(ORDER_OF["start-3"])
    give_goods(state, 0, tea=1, celadon=1)
    at_room(state, 0, "receiving-goods")
    play(g, state, "done")
    assert {f"fulfil:{i}", f"fulfil:{i}:g100", f"fulfil:{i}:g001"} <= set(ids(g, state))
    play(g, state, f"fulfil:{i}:g001")  # the Gold pays for the Celadon, which is kept
    assert state.goods[0] == [0, 0, 1, 0]


def test_icons_not_taken_are_lost() -> None:
    """p.6 A: icons are taken in phase 4 of the turn; one declined is not kept for later."""
    g, state = fresh(3)
    state.icons[0] = 2
    at_room(state, 0, "receiving-goods")
    play(g, state, "done", "pick-order:0", "pass")
    assert state.icons[0] == 0 and len(state.hand[0]) == 2

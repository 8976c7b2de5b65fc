"""Player's turn (p.3): the five phases in order, the mandatory move, the merchant moving at the
end of a turn with a dispatch, and the 2-player neutral leaders (p.14)."""

from meeple.games.round_house.content import HALL, RING
from meeple.games.round_house.movement import destinations
from meeple.games.round_house.state import EXPERT, FULFIL, MOVE, NEUTRAL, ORDERS, ROOM

from .builders import at_room, fresh, give_expert, give_goods, give_order, ids, play, put_leader, set_coins, to_phase


def test_the_phases_come_in_order_and_the_move_is_mandatory() -> None:
    g, state = fresh(3)
    give_expert(state, 0, "su-trader")
    to_phase(state, 0, EXPERT)
    assert state.phase == EXPERT and set(ids(g, state)) == {"activate:0", "pass"}
    play(g, state, "pass")
    assert state.phase == MOVE
    assert all(i.startswith("move:") for i in ids(g, state))  # no way to skip the move
    leader_move = next(i for i in ids(g, state) if i.endswith(":1"))
    play(g, state, leader_move)
    assert state.phase == ROOM and "done" in ids(g, state)


def test_without_experts_the_turn_starts_with_the_move() -> None:
    _g, state = fresh(3)
    assert state.phase == MOVE and state.current == 0


def test_fulfil_phase_then_the_next_player() -> None:
    g, state = fresh(3)
    give_goods(state, 0, tea=1, fruit=1, celadon=1)
    give_order(state, 0, "start-3")
    at_room(state, 0, "receiving-goods")
    play(g, state, "done")
    assert state.phase == FULFIL
    fulfil = [i for i in ids(g, state) if i.startswith("fulfil:")]
    assert fulfil and "end" in ids(g, state)
    play(g, state, "end")
    assert state.current == 1 and state.turn == 1


def test_the_merchant_moves_after_a_turn_with_a_dispatch() -> None:
    g, state = fresh(3)
    start = state.merchant
    at_room(state, 0, "receiving-goods")
    coins = state.coins[0]
    play(g, state, "do:take", "basic:0", "dispatch:1")  # pays 1 coin to move it one town first
    assert state.towns[0][(start + 1) % 4] == 1 and state.coins[0] == coins - 1
    assert state.current == 1  # nothing more to decide: the turn ended, the merchant moved on
    assert state.merchant == (start + 2) % 4


def test_no_dispatch_no_merchant_move() -> None:
    g, state = fresh(3)
    start = state.merchant
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:0", "skip")
    if state.current == 0:
        play(g, state, "end")  # an order became payable: decline it
    assert state.current == 1 and state.merchant == start


def test_any_number_of_leaders_in_the_hall() -> None:
    g, state = fresh(4)
    assert state.leaders.count(HALL) == 8
    leader = put_leader(state, 1, 6)
    assert destinations(state, leader, g.content) == (HALL,)


def test_two_players_move_a_neutral_leader_first() -> None:
    g, state = fresh(2)
    assert state.phase == NEUTRAL
    moves = ids(g, state)
    assert moves and all(i.startswith("neutral:") for i in moves)
    neutral = [i for i, o in enumerate(state.owners) if o < 0]
    play(g, state, f"neutral:{neutral[0]}:1")
    assert state.phase == MOVE and state.leaders[neutral[0]] == 1


def test_neutral_leaders_take_no_stairs_skip_the_hall_and_keep_one_per_circle() -> None:
    g, state = fresh(2)
    a, b = [i for i, o in enumerate(state.owners) if o < 0]
    state.leaders[a] = 2  # inner-1: the corridor goes on, its stairs are not for neutral leaders
    state.leaders[b] = 8  # outer-1
    assert set(destinations(state, a, g.content)) == {3, 4, 5}
    state.leaders[a] = 6  # inner-5: next comes the hall, skipped and not counted
    found = destinations(state, a, g.content)
    assert HALL not in found
    assert all(node <= RING for node in found)  # b is in the outer circle, so a stays inner
    state.leaders[b] = HALL
    assert {1, 2, 7, 8} <= set(destinations(state, a, g.content))


def test_neutral_rule_2_offers_the_room_action() -> None:
    g, state = fresh(2, neutral_rule=2)
    neutral = next(i for i, o in enumerate(state.owners) if o < 0)
    play(g, state, f"neutral:{neutral}:1")  # Receiving Goods
    assert "do:take" in ids(g, state) and "skip" in ids(g, state)
    play(g, state, "do:take", "basic:0", "skip")
    assert state.goods[0][0] == 1 and state.phase == MOVE


def test_neutral_rule_1_has_no_room_action() -> None:
    g, state = fresh(2)
    neutral = next(i for i, o in enumerate(state.owners) if o < 0)
    play(g, state, f"neutral:{neutral}:1")
    assert state.phase == MOVE and not state.tasks


def test_phase_four_refills_the_supplies() -> None:
    g, state = fresh(3)
    state.icons[0] = 2
    at_room(state, 0, "receiving-goods")
    play(g, state, "done")
    assert state.phase == ORDERS
    play(g, state, "pick-order:0", "pick-amulet:0")
    assert len(state.hand[0]) == 2 and len(state.amulets[0]) == 1
    assert len(state.orders_up) == 3 and len(state.amulets_up) == 3


def test_the_merchant_can_be_paid_forward_at_most_round_to_the_town_before_it() -> None:
    g, state = fresh(3)
    set_coins(state, 0, 10)
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:0")
    assert [i for i in ids(g, state) if i.startswith("dispatch:")] == [f"dispatch:{k}" for k in range(4)]


def test_dispatch_needs_an_assistant_in_the_personal_supply() -> None:
    g, state = fresh(3)
    state.reserve[0] += state.personal[0]
    state.personal[0] = 0
    at_room(state, 0, "receiving-goods")
    play(g, state, "do:take", "basic:0")
    assert not state.tasks  # the dispatch could not be made: dropped


def test_recruiting_from_an_empty_assistant_supply_does_nothing() -> None:
    g, state = fresh(3)
    state.personal[0] += state.reserve[0]
    state.reserve[0] = 0
    personal = state.personal[0]
    at_room(state, 0, "grand-hall")
    play(g, state, "do:assist")
    assert state.personal[0] == personal and state.reserve[0] == 0

"""The rulebook's worked examples, each as a scenario."""

from meeple.games.round_house.content import HALL
from meeple.games.round_house.movement import destinations
from meeple.games.round_house.state import MOVE, ORDERS, T_INVEST

from .builders import (
    CELADON,
    FRUIT,
    GOLD,
    at_room,
    fresh,
    give_goods,
    ids,
    labels,
    node_of_room,
    play,
    put_leader,
    seat_chair,
    set_coins,
    to_phase,
)


def test_movement_example_blue_has_corridor_stairs_and_skips() -> None:
    """Move Family Leader, first example. Blue stands at the foot of the stairs (outer-1), Green on
    their landing (inner-2), Red further on (outer-4). Blue may (1) go 1/2/3 rooms along the
    corridor; (2) take the stairs past Green (not counted) and stay 1/2/3 rooms on in the inner
    circle; (3) past Green, with 1 step stay in either the inner or the outer circle; with 2 steps
    passing both Green and Red stay in one room; never in Green's or Red's room."""
    g, state = fresh(4)
    outer = [7 + k for k in range(6)]  # nodes of outer-0..outer-5
    inner = [1 + k for k in range(6)]
    blue = put_leader(state, 0, outer[1])
    put_leader(state, 1, inner[2])  # Green
    put_leader(state, 2, outer[4])  # Red
    within = [set(destinations(state, blue, g.content, steps)) for steps in (0, 1, 2, 3)]
    # (1) the corridor: outer-2, outer-3, and outer-5 (Red's outer-4 skipped, not counted)
    assert {outer[2], outer[3], outer[5]} <= within[3]
    # (2) stairs past Green, on in the inner circle: inner-3, inner-4, inner-5 at 1, 2, 3 steps
    assert inner[3] in within[1] and inner[4] in within[2] - within[1] and inner[5] in within[3] - within[2]
    # (3) past Green with 1 step: one room in each circle (the corridor's own first step is outer-2)
    assert within[1] == {outer[2], inner[3], outer[3]}
    # past Green and Red with 2 steps: outer-5 (inner-4 is the inner circle's second step)
    assert within[2] - within[1] == {inner[4], outer[5]}
    assert inner[2] not in within[3] and outer[4] not in within[3]  # rule B


def test_movement_example_red_must_stop_in_the_hall() -> None:
    """Second example: Red's leader stands just before the ancestral hall: the hall is its only
    move, 1 step, and entering it stops the leader (rule D)."""
    g, state = fresh(5)
    red = put_leader(state, 2, 6)  # inner-5, the last inner room
    assert destinations(state, red, g.content) == (HALL,)


def test_occupied_rooms_are_not_counted() -> None:
    """Rule C: a leader passing two occupied rooms still moves up to 3 free rooms."""
    g, state = fresh(4)
    mover = put_leader(state, 0, 1)  # inner-0
    put_leader(state, 1, 2)
    put_leader(state, 2, 3)
    assert 6 in destinations(state, mover, g.content)  # inner-3, inner-4, inner-5 counted


def test_receiving_goods_chair_example() -> None:
    """Receiving Goods with the chair assistant retrieved: 1 Celadon and 1 Fruit, and 2 assistants
    in the merchant's town."""
    g, state = fresh(3)
    seat_chair(state, 0, 0)
    at_room(state, 0, "receiving-goods")
    play(g, state, "call:0")
    assert state.chairs[0] == -1 and state.personal[0] == 5
    play(g, state, "do:take", "basic:2", "dispatch:0", "do:take", "basic:1", "dispatch:0")
    assert state.goods[0][:3] == [0, 1, 1]
    assert state.towns[0][state.merchant] == 2


def test_selling_market_example_five_coins_seven_honor() -> None:
    """Blue activates an assistant and a senior assistant beside the Selling Market, sells 1
    Celadon, 1 Fruit and 1 Gold: 5 coins and 7 honor, recruits once and dispatches twice; the
    senior stays on its chair, the other goes back to the personal supply."""
    g, state = fresh(3)
    give_goods(state, 0, celadon=1, fruit=1)
    seat_chair(state, 0, 4)
    seat_chair(state, 0, 5, senior=True)
    coins, personal, reserve = state.coins[0], state.personal[0], state.reserve[0]
    at_room(state, 0, "selling-market")
    play(g, state, "call:4", f"do:sell:{CELADON}")  # each activation executes the room once more
    play(g, state, "call:5", f"do:sell:{FRUIT}", "dispatch:0")
    assert state.chairs[4] == -1 and state.chairs[5] == 0 and state.senior_chairs[5]
    play(g, state, f"do:sell:{FRUIT}", "dispatch:0")  # no Fruit left: the Gold stands in
    assert state.coins[0] - coins == 5
    assert state.honor[0] == 7
    assert state.goods[0] == [0, 0, 0, 0]
    assert state.reserve[0] == reserve - 1  # recruited once
    assert sum(state.towns[0]) == 2  # dispatched twice
    assert state.personal[0] == personal + 1 + 1 - 2  # the retrieved one, the recruit, two sent
    market = g.content.room_index["selling-market"]
    assert sorted(t for t in state.spaces[market] if t >= 0) == [FRUIT, CELADON, GOLD]


def test_bank_example_nine_coins_seven_honor_two_investments() -> None:
    """Blue pays 9 coins at the Bank, receives 7 honor, invests twice and passes 1 order icon,
    then takes 1 order and the supply is refilled."""
    g, state = fresh(3)
    set_coins(state, 0, 9)
    state.honor[0] = 2  # the icon at 5 lies within the 7 honor
    at_room(state, 0, "bank")
    play(g, state, "do:bank:3")
    assert state.coins[0] == 0 and state.honor[0] == 9 and state.icons[0] == 1
    assert [t[0] for t in state.tasks] == [T_INVEST, T_INVEST]
    play(g, state, "invest:0", "invest:2")  # the room has no more to offer: phase 4
    assert state.chairs[0] == 0 and state.chairs[2] == 0
    assert state.phase == ORDERS
    taken = state.orders_up[1]
    play(g, state, "pick-order:1")
    assert taken in state.hand[0] and len(state.orders_up) == 3


def test_black_market_dismissal_stacks_on_a_full_supply() -> None:
    """Red dismisses 1 assistant for 5 coins; the assistant supply is full (9), so it is stacked
    on the leftmost space: 10 there."""
    g, state = fresh(3)
    assert state.reserve[1] == 9
    at_room(state, 1, "black-market")
    coins = state.coins[1]
    play(g, state, "do:black", "deal:dismiss", "skip")
    assert state.reserve[1] == 10 and state.personal[1] == 4 and state.coins[1] == coins + 5


def test_worship_example_four_plus_one_honor() -> None:
    """Blue worships in the family ancestral hall: the marker advances, the 3 assistants of the
    bottom-left town go on spaces 1, 2 and (skipping its senior on 3) 4, which turns senior: 4 + 1
    honor (one assistant on a chair), 1 Celadon, 1 amulet, a senior investment; the assistants on
    1 and 2 go back to the personal supply."""
    g, state = fresh(3)
    bottom_left = g.content.board.towns.names.index("bottom-left")
    state.personal[0] -= 4
    state.towns[0][bottom_left] = 3
    state.reserve[0] -= 1
    state.seniors[0] = 1 << 2  # a senior on space 3 (top row, third column)
    seat_chair(state, 0, 0)
    amulets = [a for a in state.hall_amulets if a >= 0]
    leader = put_leader(state, 0, 6)
    to_phase(state, 0, MOVE)
    play(g, state, f"move:{leader}:{HALL}")
    assert f"hall:{bottom_left}" in ids(g, state)
    personal = state.personal[0]
    play(g, state, f"hall:{bottom_left}")  # the first assistant goes on space 1
    assert state.marker == 1
    assert ids(g, state) == ["path:1", "path:4"]  # on along the top row, or down
    play(g, state, "path:1")  # space 2
    assert labels(g, state)["path:2"].startswith("Pass over your senior")
    play(g, state, "path:2", "path:3")  # over the senior on 3, then space 4: the last turns senior
    assert state.seniors[0] == (1 << 2) | (1 << 3)
    assert state.honor[0] == 5
    assert state.goods[0][CELADON] == 1
    gained = [a for a in amulets if a in state.amulets[0]]
    assert len(gained) == 1 and len(state.amulets[0]) == 1
    assert state.towns[0][bottom_left] == 0
    assert state.personal[0] == personal + 2
    assert [t[:2] for t in state.tasks] == [[T_INVEST, 1]]  # the senior investment, and no order
    play(g, state, "invest:4")
    assert state.chairs[4] == 0 and state.senior_chairs[4]


def test_chair_nodes_are_only_beside_inner_rooms() -> None:
    g, state = fresh(3)
    node = node_of_room(state, "bank")
    assert node > 6
    at_room(state, 0, "bank")
    assert not [i for i in ids(g, state) if i.startswith("call:")]

"""5.2 and 13 Card manifest: every event card 1-18, and the reconstructed difficulty series."""

import pytest

from meeple.games.guedelon import flow
from meeple.games.guedelon.events import HANDLERS
from meeple.games.guedelon.state import EVENT, TURN

from .builders import CONTENT, act, building, count, ids, loc, put, with_event


def test_1_alchemy_master_builder_also_raises_tools_to_3() -> None:
    g, state = with_event(1)
    state.tools[0] = 0
    act(g, state, "move:master_builder")
    assert state.exp[0] == 2 and state.tools[0] == 3


def test_2_souvenir_shop_each_worker_gains_2_tools() -> None:
    _, state = with_event(2)
    assert state.tools == [5, 5, 5, 5]


def test_3_rope_maker_puts_a_rope_on_the_crane() -> None:
    _, state = with_event(3)
    assert state.crane == 1 and state.reserve[4] == 4


def test_4_spring_sweetness_one_more_stone_or_wood() -> None:
    g, state = with_event(4)
    act(g, state, "move:quarry")
    assert max(int(i[8:]) for i in ids(g, state) if i.startswith("produce:")) == 1 + 1 + 3
    act(g, state, "produce:2")
    assert state.tools[0] == 3  # experience 1 + the card's 1 are free


def test_5_flash_of_genius_master_builder_gives_2_experience() -> None:
    g, state = with_event(5)
    act(g, state, "move:master_builder")
    assert state.exp[0] == 3


def test_6_great_shape_the_last_worker_plays_twice() -> None:
    _, state = with_event(6)
    assert state.order == [0, 1, 2, 3, 3]


def test_7_trainee_one_worker_repeats_the_location_action() -> None:
    g, state = with_event(7)
    act(g, state, "move:mason", "mortar:here")
    assert "again" in ids(g, state)
    act(g, state, "again", "mortar:here")
    assert count(state, loc("mason"), "mortar") == 2
    assert not state.trainee and "again" not in ids(g, state)


def test_7_trainee_not_at_the_master_builder() -> None:
    g, state = with_event(7)
    act(g, state, "move:master_builder")
    assert "again" not in ids(g, state)


def test_8_my_precious_first_worker_at_the_clay_pit_gets_2_more() -> None:
    g, state = with_event(8)
    act(g, state, "move:clay_pit", "produce:3")
    assert state.tools[0] == 3 and count(state, loc("clay_pit"), "clay") == 3
    assert state.first_bonus == 0


def test_9_fairy_leaves_two_tokens_at_a_chosen_production_location() -> None:
    g, state = with_event(9)
    assert state.phase == EVENT
    act(g, state, "fairy:forest")
    assert count(state, loc("forest"), "wood") == 2 and state.reserve[1] == 7


def test_10_agile_horse_an_extra_cart_action_before_the_move() -> None:
    g, state = with_event(10)
    act(g, state, "cart:move:castle", "cart:move:stonemason")
    assert state.cart_loc == loc("stonemason") and state.bonus_cart == 0


def test_11_super_master_builder_plays_at_experience_4() -> None:
    g, state = with_event(11)
    act(g, state, "pick:0", "move:forest")
    assert max(int(i[8:]) for i in ids(g, state) if i.startswith("produce:")) == 4 + 3
    act(g, state, "produce:4")
    assert state.tools[0] == 3


def test_12_rebelote_acts_where_it_stands_before_moving_with_one_more_cart_action() -> None:
    g, state = with_event(12)
    state.actor_loc[0] = loc("quarry")
    act(g, state, "pick:0")
    assert "rebelote" in ids(g, state) and state.cart_left == 2
    act(g, state, "rebelote", "produce:1", "move:stonemason")
    assert count(state, loc("quarry"), "stone") == 1


def test_13_archaeologists_bring_two_products_to_the_courtyard() -> None:
    _, state = with_event(13)
    assert state.phase == TURN  # no finished product anywhere: the card is omitted (5.2 Note)
    g, state = with_event(2)
    put(state, loc("carpenter"), "beam", 3)
    state.pending, state.phase = ["archaeologists:2"], EVENT
    assert "fetch:done" in ids(g, state)
    act(g, state, f"fetch:{loc('carpenter')}:beam", f"fetch:{loc('carpenter')}:beam")
    assert count(state, loc("castle"), "beam") == 2 and count(state, loc("carpenter"), "beam") == 1
    assert state.phase == TURN


def test_14_masons_of_the_heart_mortar_at_a_building_and_a_visitor() -> None:
    g, state = with_event(14)
    act(g, state, "gift:D")
    assert state.mortar[building("D")] == 1 and state.reserve[3] == 5
    assert sum(1 for at in state.visitor_loc if at == loc("belvedere")) == 1


def test_15_private_lesson_one_worker_gains_experience() -> None:
    g, state = with_event(15)
    act(g, state, "pick:2")
    assert state.exp == [1, 1, 2, 1]


def test_16_blacksmith_one_worker_to_3_tools() -> None:
    g, state = with_event(16)
    state.tools[1] = 0
    act(g, state, "pick:1")
    assert state.tools[1] == 3


def test_17_report_everyone_to_the_belvedere() -> None:
    _, state = with_event(17)
    assert state.actor_loc == [loc("belvedere")] * 4


def test_18_collective_lesson_several_at_the_master_builder() -> None:
    g, state = with_event(18)
    act(g, state, "move:master_builder", "end")
    assert "move:master_builder" in ids(g, state)
    act(g, state, "move:master_builder")
    assert state.exp[:2] == [2, 2]


def test_apprentice_alternative_is_a_team_choice_in_duo() -> None:
    g, state = with_event(2, players=2)
    assert set(ids(g, state)) == {"side:workers", "side:apprentice"}
    act(g, state, "side:apprentice")
    duo_tools = CONTENT.sliders[2][1]
    assert state.tools == [duo_tools, duo_tools, 3]  # the apprentice already had 3; the workers gained nothing
    g, state = with_event(1, players=2)
    act(g, state, "side:apprentice")
    duo_exp = CONTENT.sliders[2][0]
    assert state.exp == [duo_exp, duo_exp, duo_exp + 1]  # only the apprentice learnt


def test_great_shape_apprentice_side_the_apprentice_plays_twice() -> None:
    g, state = with_event(6, players=2)
    act(g, state, "side:apprentice")
    assert state.order == [0, 1, 2, 2]


def test_report_apprentice_side_changes_its_route() -> None:
    g, state = with_event(17, players=2)
    state.app_colour = 0
    act(g, state, "side:apprentice")
    assert "colour:red" in ids(g, state)
    act(g, state, "colour:red")
    assert state.app_colour == 2 and state.actor_loc[0] == loc("castle")


@pytest.mark.parametrize(
    ("number", "check"),
    [
        (20, lambda s: s.tools == [2, 2, 2, 2]),
        (21, lambda s: sum(1 for at in s.visitor_loc if at >= 0) == 1),
        (30, lambda s: sum(1 for at in s.visitor_loc if at >= 0) == 2),
        (23, lambda s: s.no_cart),
        (24, lambda s: CONTENT.loc("clay_pit") in s.closed),
        (25, lambda s: s.cart_loc == CONTENT.loc("stables")),
        (28, lambda s: s.production[CONTENT.loc("quarry")] == -2),
    ],
)
def test_difficulty_cards(number: int, check) -> None:
    series = next(c.series for n, c in CONTENT.cards.items() if n == number)
    _, state = with_event(number, difficulty=series)
    assert check(state)


def test_closed_locations_cannot_be_entered() -> None:
    g, state = with_event(24, difficulty="intermediate")
    assert "move:clay_pit" not in ids(g, state)


def test_no_cart_round() -> None:
    g, state = with_event(23, difficulty="intermediate")
    assert not any(i.startswith("cart:") for i in ids(g, state))


def test_rope_loss_and_thieves() -> None:
    _, state = with_event(22, difficulty="intermediate")
    assert state.crane == 0 and state.reserve[4] == 5  # nothing to lose: omitted
    _, state = with_event(2)
    put(state, loc("castle"), "cut_stone", 3)
    put(state, loc("castle"), "tile", 1)
    HANDLERS["courtyard_loss"](state, CONTENT.cards[35].effects[0], CONTENT)
    assert count(state, loc("castle"), "cut_stone") == 1 and state.reserve[0] == 8


def series_of(number: int) -> str:
    return CONTENT.cards[number].series


@pytest.mark.parametrize("number", range(19, 46))
def test_every_reconstructed_card_applies(number: int) -> None:
    g, state = with_event(number, difficulty=series_of(number))
    assert state.event == number and not g.is_terminal(state)
    assert g.legal_actions(state, g.to_move(state)[0])


def test_26_tourist_coach_moves_every_visitor_now() -> None:
    _, state = with_event(2)
    state.visitor_loc[0] = loc("blacksmith")
    state.deck, state.round = [26], 0
    flow.begin_round(state, CONTENT)
    assert state.visitor_loc[0] == loc("stables")


def test_36_lost_visitors_lie_down_again() -> None:
    _, state = with_event(2)
    state.visitor_loc[0], state.visitor_up[0] = loc("forest"), True
    state.deck, state.round = [36], 0
    flow.begin_round(state, CONTENT)
    assert not state.visitor_up[0]


def test_38_open_day_visitors_and_tools() -> None:
    _, state = with_event(38, difficulty="special")
    assert sum(1 for at in state.visitor_loc if at >= 0) == 2 and state.tools == [4, 4, 4, 4]


def test_45_harsh_winter_closes_the_stables_and_cuts_production() -> None:
    g, state = with_event(45, difficulty="special")
    assert "move:stables" not in ids(g, state)
    state.exp[0], state.tools[0] = 3, 0
    act(g, state, "move:quarry")
    assert [i for i in ids(g, state) if i.startswith("produce:")] == ["produce:1"]

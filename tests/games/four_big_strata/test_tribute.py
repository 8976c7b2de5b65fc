"""Rulebook 8.4.1 Tribute, with 5 C's influence effects and the Special situations."""

import pytest

from .builders import (
    CONTENT,
    at_tribute,
    card,
    give,
    give_set,
    ids,
    set_resources,
    started,
    strip,
    to_round,
)

INFLUENCE_CARDS = sorted(
    (c.id for c in CONTENT.cards if c.influence and c.cls in ("scholar", "artisan")),
    key=lambda card_id: -card(card_id).influence,
)


def give_influence(state, seat: int, amount: int) -> None:
    """Face-up Scholars and Artisans worth exactly `amount` Influence, taken from the supply."""
    pool = [t for t in state.draw if CONTENT.cards[t].id in INFLUENCE_CARDS]
    pool.sort(key=lambda t: -CONTENT.cards[t].influence)
    for card_type in pool:
        value = CONTENT.cards[card_type].influence
        if value <= amount:
            give(state, seat, CONTENT.cards[card_type].id)
            amount -= value
        if amount == 0:
            return
    raise AssertionError("not enough influence cards in the supply")


def table(players: int, seed: int = 1, round_: int = 1, **options):
    g, state = started(players, seed, **options)
    if round_ > 1:
        to_round(g, state, round_)
        for seat in range(players):
            strip(state, seat)
    for seat in range(players):
        set_resources(state, seat, 3, 3)
    return g, state


def test_the_rulebook_example_9_more_influence_at_4_players_demands_2_resources() -> None:
    """8.4.1: in a 4 player game Shuishui has 9 more Influence than Guo Shanzhu and demands
    1 Grain and 1 Money from him."""
    g, state = table(4)
    shuishui, guo = 0, 1
    give_influence(state, shuishui, 9)
    give_influence(state, 2, 9)
    give_influence(state, 3, 9)
    at_tribute(g, state)
    assert state.phase == "tribute"
    assert g.to_move(state) == (shuishui,)  # the Start Player compares first
    assert ids(g, state, shuishui) == ["demand:grain", "demand:money"]
    g.apply(state, shuishui, "demand:grain")
    assert g.to_move(state) == (shuishui,)
    g.apply(state, shuishui, "demand:money")
    assert (state.grain[shuishui], state.money[shuishui]) == (4, 4)
    assert (state.grain[guo], state.money[guo]) == (2, 2)
    assert g.to_move(state) == (2,)  # Shuishui's demands are done: 2 resources


def test_nobody_pays_tribute_to_a_player_with_less_than_x_more_influence() -> None:
    g, state = table(4)
    give_influence(state, 0, 3)
    at_tribute(g, state)
    assert state.round == 2
    assert [(state.grain[s], state.money[s]) for s in range(4)] == [(3, 3)] * 4


@pytest.mark.parametrize(("ratio", "units"), [(0, 2), (1, 9), (3, 3), (5, 1), (10, 0)])
def test_the_tribute_ratio_option_changes_x(ratio: int, units: int) -> None:
    g, state = table(4, tribute_ratio=ratio)
    give_influence(state, 0, 9)
    for seat in (2, 3):
        give_influence(state, seat, 9)
    set_resources(state, 0, 0, 0)
    set_resources(state, 1, units, 0)
    at_tribute(g, state)  # only grain to take: taken without asking
    assert state.grain[0] == units
    assert state.grain[1] == 0


@pytest.mark.parametrize(("players", "difference", "units"), [(2, 6, 2), (3, 8, 2), (5, 8, 2), (6, 9, 1), (7, 10, 2)])
def test_x_by_player_count(players: int, difference: int, units: int) -> None:
    g, state = table(players)
    give_influence(state, 0, difference)
    for seat in range(1, players):
        set_resources(state, seat, 9, 0)
    at_tribute(g, state)  # only grain to take: taken without asking
    assert [state.grain[seat] for seat in range(1, players)] == [9 - units] * (players - 1)


def test_demands_go_from_the_start_player_clockwise() -> None:
    g, state = table(3, round_=3)
    assert state.start == 2
    give_influence(state, 0, 4)
    give_influence(state, 2, 4)
    at_tribute(g, state)
    order = []
    while state.phase == "tribute":
        seat = g.to_move(state)[0]
        order.append(seat)
        g.apply(state, seat, "demand:money")
    assert order == [2, 0]
    assert (state.money[2], state.money[0], state.money[1]) == (4, 4, 1)


def test_a_demander_faces_the_other_players_clockwise_from_their_left() -> None:
    g, state = table(3, round_=2)
    assert state.start == 1
    give_influence(state, 1, 4)
    set_resources(state, 0, 1, 1)
    at_tribute(g, state)
    g.apply(state, 1, "demand:grain")  # from seat 2, the player on seat 1's left
    assert (state.grain[2], state.grain[0]) == (2, 1)
    g.apply(state, 1, "demand:money")  # then from seat 0
    assert (state.money[2], state.money[0]) == (3, 0)


def test_from_a_victim_with_one_kind_of_resource_that_kind_is_taken_without_asking() -> None:
    g, state = table(2)
    give_influence(state, 0, 6)  # X = 3 at 2 players: 2 resources
    set_resources(state, 1, 0, 3)
    at_tribute(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (3, 5)
    assert (state.grain[1], state.money[1]) == (0, 1)


def test_a_victim_with_nothing_but_face_up_cards_must_flip_to_pay() -> None:
    g, state = table(2)
    give_influence(state, 0, 6)
    give(state, 1, "peasant-2")
    give(state, 1, "merchant-2")
    set_resources(state, 1, 0, 0)
    at_tribute(g, state)
    assert g.to_move(state) == (1,)
    legal = ids(g, state, 1)
    assert legal and all(i.startswith("flip:") for i in legal)
    g.apply(state, 1, "flip:0:1")
    assert g.to_move(state) == (0,)  # now the demander chooses
    g.apply(state, 0, "demand:money")  # the grain left is taken without asking
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (4, 4)
    assert (state.grain[1], state.money[1]) == (0, 0)
    assert state.face_up[1] == [False, True]


def test_a_victim_flipping_its_last_card_gets_the_reward_then_pays() -> None:
    g, state = table(2, round_=3)
    give_influence(state, 0, 3)  # 1 resource
    give(state, 1, "peasant-2")
    set_resources(state, 1, 0, 0)
    at_tribute(g, state)
    g.apply(state, 1, "flip:0:2")
    assert ids(g, state, 1) == ["reward:0", "reward:1", "reward:2", "reward:3"]
    g.apply(state, 1, "reward:0")
    g.apply(state, 0, "demand:money")
    assert state.round == 4
    assert (state.grain[1], state.money[1]) == (2, 2)


def test_a_victim_with_only_face_down_cards_pays_what_it_has_and_no_more() -> None:
    g, state = table(2)
    give_influence(state, 0, 9)  # 3 resources
    give_set(state, 1, face_down=True)
    set_resources(state, 1, 1, 0)
    at_tribute(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (4, 3)
    assert (state.grain[1], state.money[1]) == (0, 0)


def test_a_victim_with_no_cards_and_nothing_pays_nothing() -> None:
    g, state = table(2)
    give_influence(state, 0, 9)
    set_resources(state, 1, 0, 0)
    at_tribute(g, state)
    assert state.round == 2
    assert (state.grain[0], state.money[0]) == (3, 3)


def test_influence_is_compared_once_when_the_phase_begins() -> None:
    g, state = table(2, tribute_ratio=4)
    give_influence(state, 0, 8)
    pos = give(state, 1, "scholar-1")  # 1 Influence: 7 more, 1 resource
    give(state, 1, "peasant-2")
    set_resources(state, 1, 0, 0)
    at_tribute(g, state)
    g.apply(state, 1, f"flip:{pos}:0")  # flipping the Scholar does not raise the tribute to 2
    assert state.round == 2
    assert (state.money[0], state.money[1]) == (4, 1)


# --- where Influence comes from -------------------------------------------------------------


def influence_taken(cards: list[tuple[str, bool]], sets: int = 0) -> int:
    """With X = 1, the resources seat 0 takes from seat 1 equal its Influence."""
    g, state = table(2, tribute_ratio=1)
    for _ in range(sets):
        give_set(state, 0, face_down=True)
    for card_id, up in cards:
        give(state, 0, card_id, up=up, column=card(card_id).cls)
    set_resources(state, 1, 20, 0)
    at_tribute(g, state)
    return state.grain[0] - 3


def test_face_up_scholars_and_artisans_provide_influence() -> None:
    scholar = card("scholar-3").influence
    artisan = card("artisan-influence").influence
    assert scholar > 0 and artisan > 0
    assert influence_taken([("scholar-3", True)]) == scholar
    assert influence_taken([("artisan-influence", True)]) == artisan
    assert influence_taken([("scholar-3", True), ("artisan-influence", True)]) == scholar + artisan


def test_face_down_cards_peasants_and_merchants_provide_no_influence() -> None:
    assert influence_taken([("scholar-3", False), ("artisan-influence", False)]) == 0
    assert influence_taken([("peasant-4", True), ("merchant-3", True), ("empress-plain", True)]) == 0


def test_influence_per_complete_set() -> None:
    per_set = card("artisan-set-influence").set_influence
    assert per_set > 0
    assert influence_taken([("artisan-set-influence", True)], sets=2) == 2 * per_set
    assert influence_taken([("artisan-set-influence", True)], sets=0) == 0  # its own column is not a set
    assert influence_taken([("artisan-set-influence", False)], sets=2) == 0

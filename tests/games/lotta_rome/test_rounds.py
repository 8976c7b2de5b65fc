"""The base game's round (FINDINGS): EXPLORATION, DIVISION, SELECTION, ADDITION, 4 rounds."""

from collections import Counter

import pytest

from meeple.engine import IllegalAction
from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.exploration import round_buildings
from meeple.games.lotta_rome.pieces import describe, first_land, piece_building
from meeple.games.lotta_rome.state import ADD, CHOOSE, DIVIDE, OVER

from .builders import CONTENT, everyone, game, ids, play_random

BASE = {"merchants": False}


def test_setup_gives_each_player_a_shuffled_stack_of_20_lands_4_gems_and_a_building_card() -> None:
    g = game(**BASE)
    state = g.new_game(4, 1)
    assert len(set(state.building_card)) == 4
    for seat in range(4):
        lands = state.stacks[seat] + [first_land(p) for p in state.explored[seat]]
        assert Counter(lands) == Counter({t: 4 for t in range(5)})
        assert state.gems[seat] == 4
        assert state.cells[seat] == []
    assert state.stacks[0] != state.stacks[1] or state.stacks[1] != state.stacks[2]


def test_exploration_draws_5_lands_and_puts_the_rounds_2_buildings_on_the_first_two() -> None:
    g = game(**BASE)
    state = g.new_game(3, 7)
    for round_number in range(1, 5):
        assert state.round == round_number and state.phase == DIVIDE
        for seat in range(3):
            explored = state.explored[seat]
            assert len(explored) == 5
            assert [piece_building(p) for p in explored] == [*round_buildings(state, seat, CONTENT), -1, -1, -1]
            assert list(round_buildings(state, seat, CONTENT)) == list(
                CONTENT.building_cards[state.building_card[seat]][round_number - 1]
            )
        play_random(g, state, round_number, until=lambda s, r=round_number: s.round > r or s.phase == OVER)
    assert state.phase == OVER


def test_division_offers_every_split_into_two_lots_once_and_is_sealed() -> None:
    g = game(**BASE)
    state = g.new_game(2, 3)
    legal = g.legal_actions(state, 0)
    masks = [a.payload["mask"] for a in legal]
    distinct = len(set(state.explored[0]))
    assert all(bin(m).count("1") <= 2 for m in masks)  # the named lot is the smaller one: 0, 1 or 2 lands
    assert 0 in masks  # 5/0 is allowed
    if distinct == 5:
        assert len(legal) == 16  # 1 + 5 + 10 ways to pick the smaller lot
    assert all(a.payload["sealed"] for a in legal)
    g.apply(state, 0, legal[3].id)
    assert g.to_move(state) == (1,)
    assert g.observation(state, 1)["players_view"][0]["division"] == "sealed"
    assert g.observation(state, 0)["players_view"][0]["division"] == masks[3]


def _divide_all(g, state, masks: dict[int, int]) -> None:
    for seat, mask in masks.items():
        action = next(a for a in g.legal_actions(state, seat) if a.payload["mask"] == mask)
        g.apply(state, seat, action.id)


def test_the_gem_goes_on_the_smaller_lot_and_to_whoever_holds_that_lot() -> None:
    g = game(**BASE)
    state = g.new_game(3, 11)
    _divide_all(g, state, {0: 0b00001, 1: 0b00000, 2: 0b00011})
    assert state.phase == CHOOSE
    assert state.gems == [3, 3, 3] and state.lot_gem == [1, 1, 1]
    # round 1: each takes from the left neighbour (seat + 1)
    for seat, which in ((0, "smaller"), (1, "larger"), (2, "smaller")):
        g.apply(state, seat, f"take:{which}")
    # seat 0 took seat 1's smaller lot (its gem); seat 1 took seat 2's larger (seat 2 keeps its gem);
    # seat 2 took seat 0's smaller (seat 0's gem)
    assert state.gems == [4, 3, 5]
    assert sum(state.gems) + sum(state.lot_gem) == 12


def test_revealed_divisions_are_logged_with_both_lots_in_drawn_order_and_the_gem_paid() -> None:
    """3 SELECTION: "all reveal their lots": each divider's line names his smaller lot ("nothing"
    for a 5/0 split) with the gem he put on it (none from an empty stock) and his larger lot, each
    in the order the lands were drawn."""
    g = game(**BASE)
    state = g.new_game(3, 11)
    state.gems[1] = 0
    explored = [state.explored[seat][:] for seat in range(3)]
    masks = {0: 0b00001, 1: 0b00000, 2: 0b10010}
    _divide_all(g, state, masks)
    for seat, mask in masks.items():
        names = [describe(code, CONTENT) for code in explored[seat]]
        smaller = ", ".join(name for i, name in enumerate(names) if mask >> i & 1) or "nothing"
        larger = ", ".join(name for i, name in enumerate(names) if not mask >> i & 1)
        paid = 0 if seat == 1 else 1
        assert f"{{seat {seat}}} divides: smaller lot {smaller} (+{paid} gem); larger lot {larger}" in state.log


def test_selection_is_from_the_left_neighbour_in_rounds_1_and_3_and_the_right_in_2_and_4() -> None:
    g = game(**BASE)
    state = g.new_game(4, 5)
    for round_number in range(1, 5):
        everyone(g, state, lambda legal: legal[0])
        assert state.phase == CHOOSE and state.round == round_number
        for seat in range(4):
            maker = g.legal_actions(state, seat)[0].payload["maker"]
            assert maker == ((seat + 1) % 4 if round_number % 2 else (seat - 1) % 4)
        play_random(g, state, round_number, until=lambda s, r=round_number: s.round > r or s.phase == OVER)


def test_the_lot_not_taken_stays_with_its_maker() -> None:
    g = game(**BASE)
    state = g.new_game(2, 21)
    explored = [state.explored[0][:], state.explored[1][:]]
    _divide_all(g, state, {0: 0b00011, 1: 0b00100})
    g.apply(state, 0, "take:larger")  # seat 0 takes seat 1's larger lot (4 lands)
    g.apply(state, 1, "take:smaller")  # seat 1 takes seat 0's smaller lot (2 lands)
    assert state.phase == ADD
    mine = Counter(state.pending[0])
    assert mine == Counter([p for i, p in enumerate(explored[1]) if i != 2] + explored[0][2:])
    assert Counter(state.pending[1]) == Counter([explored[1][2], *explored[0][:2]])
    assert len(state.pending[0]) == 7 and len(state.pending[1]) == 3


def test_choices_are_sealed_until_everyone_has_chosen() -> None:
    g = game(**BASE)
    state = g.new_game(3, 2)
    everyone(g, state, lambda legal: legal[0])
    g.apply(state, 1, "take:larger")
    assert g.observation(state, 0)["players_view"][1]["choice"] == "sealed"
    assert g.observation(state, 1)["players_view"][1]["choice"] == "larger"
    assert g.observation(state, None)["players_view"][1]["choice"] == "sealed"
    assert state.pending == [[], [], []]


def _to_addition(g, state) -> None:
    everyone(g, state, lambda legal: legal[1])
    everyone(g, state, lambda legal: legal[0])
    assert state.phase == ADD


def test_the_first_land_goes_in_the_centre_and_every_new_land_touches_the_domain() -> None:
    g = game(**BASE)
    state = g.new_game(2, 4)
    _to_addition(g, state)
    seat = g.to_move(state)[0]
    legal = g.legal_actions(state, seat)
    if legal[0].id.startswith("piece:"):
        g.apply(state, seat, legal[0].id)
        legal = g.legal_actions(state, seat)
    assert [a.id for a in legal] == ["place:0,0"]
    g.apply(state, seat, "place:0,0")
    while seat in g.to_move(state):
        legal = g.legal_actions(state, seat)
        if legal[0].id.startswith("piece:"):
            g.apply(state, seat, legal[-1].id)
            continue
        domain = set(state.spots[seat])
        assert {a.payload["position"] for a in legal} == geometry.frontier(domain)
        with pytest.raises(IllegalAction):
            g.apply(state, seat, "place:5,5")
        g.apply(state, seat, legal[-1].id)
        assert state.spots[seat][-1] == legal[-1].payload["position"]


def test_lots_are_placed_in_any_order_the_player_chooses() -> None:
    g = game(**BASE)
    state = g.new_game(2, 8)
    _to_addition(g, state)
    seat = g.to_move(state)[0]
    picks = [a for a in g.legal_actions(state, seat) if a.id.startswith("piece:")]
    assert len(picks) == len(set(state.pending[seat])) > 1
    chosen = picks[-1]
    g.apply(state, seat, chosen.id)
    assert state.holding[seat] == chosen.payload["code"]
    g.apply(state, seat, "place:0,0")
    assert state.cells[seat][0] % 35 == chosen.payload["code"] % 5 + 5 * (piece_building(chosen.payload["code"]) + 1)


def test_a_base_game_lasts_four_rounds_and_every_land_of_every_stack_is_placed() -> None:
    g = game(**BASE)
    for players in (2, 5):
        state = play_random(g, g.new_game(players, players), 9)
        assert state.round == 4 and state.phase == OVER
        assert all(stack == [] for stack in state.stacks)
        assert sum(len(spots) for spots in state.spots) == 20 * players
        assert ids(g, state, 0) == []

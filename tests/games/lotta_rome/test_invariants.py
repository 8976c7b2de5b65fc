"""Invariants over random games, checked after every action: gems, contract cards and
elephants are conserved, domains stay connected, every land of every stack ends placed."""

import pytest

from meeple.engine import Rng
from meeple.games.lotta_rome import flow, geometry
from meeple.games.lotta_rome.pieces import cell_elephant, is_double
from meeple.games.lotta_rome.state import OVER, START, Lotta

from .builders import game

CASES = [(merchants, players, seed) for merchants in (False, True) for players in (2, 3, 5) for seed in (1, 2)]


def gems_in_play(state: Lotta) -> int:
    return sum(state.gems) + sum(state.lot_gem) + state.market_gems + sum(state.market_gem) + state.boxed_gems


def contract_cards(state: Lotta) -> list[int]:
    cards = state.deck + state.discard + [n for hand in state.hand for n in hand]
    cards += [n for n in state.start_contract if n > 0] + [n for held in state.contracts for n in held]
    return sorted(cards)


def check(state: Lotta, gems: int) -> None:
    assert gems_in_play(state) == gems
    for seat in range(state.players):
        spots = state.spots[seat]
        assert len(set(spots)) == len(spots)
        if spots and state.half[seat] < 0:
            assert len(geometry.groups(spots)) == 1, "a domain must stay one connected piece"
        joins = state.joins[seat]
        for a, b in zip(joins[::2], joins[1::2], strict=True):
            assert b in geometry.neighbours(a), "the halves of a double land are neighbours"
    if state.merchants:
        if state.phase != START:
            assert contract_cards(state) == list(range(1, 63))
        elephants = sum(cell_elephant(v) for cells in state.cells for v in cells)
        assert elephants + state.elephants_left == 25


@pytest.mark.parametrize(("merchants", "players", "seed"), CASES)
def test_random_games_conserve_components_and_place_every_land(merchants: bool, players: int, seed: int) -> None:
    g = game(merchants=merchants)
    state = g.new_game(players, seed)
    gems = 4 * players + (4 if merchants else 0)
    rng = Rng(seed)
    bought = bonus = 0
    while not g.is_terminal(state):
        check(state, gems)
        movers = g.to_move(state)
        seat = movers[rng.below(len(movers))]
        legal = g.legal_actions(state, seat)
        action = legal[rng.below(len(legal))]
        if action.payload["kind"] == "lot":
            bought += 1
            bonus += state.market_land[action.payload["slot"]] >= 0
            assert is_double(state.market[action.payload["slot"]])
        g.apply(state, seat, action.id)
    check(state, gems)
    assert state.phase == OVER
    assert all(stack == [] for stack in state.stacks)
    lands = sum(len(spots) for spots in state.spots)
    if merchants:
        assert bought == 4 * players  # one lot a round each
        assert lands == 20 * players + players + 2 * bought + bonus  # stacks, starting lands, double lands, bonus
        assert all(len(held) == 4 for held in state.contracts)
    else:
        assert lands == 20 * players
    assert [f[4] for f in state.final] == [len(spots) for spots in state.spots]


@pytest.mark.parametrize("players", [2, 5])
def test_anyone_to_move_agrees_with_to_move(players: int) -> None:
    """The rules' loop asks `anyone_to_move`; it must say what `to_move` says, at every decision
    and once every seat has decided (the sealed choices made, the lands placed)."""
    g = game()
    state = g.new_game(players, 8)
    rng = Rng(8)
    while not g.is_terminal(state):
        decided = state.clone()
        decided.division = [0] * players
        decided.choice = [0] * players
        decided.pending = [[] for _ in range(players)]
        decided.holding = [-1] * players
        decided.elephant_done = [True] * players
        for sample in (state, decided):
            assert flow.anyone_to_move(sample) == bool(flow.to_move(sample)), sample.phase
        seat = g.to_move(state)[0]
        legal = g.legal_actions(state, seat)
        g.apply(state, seat, legal[rng.below(len(legal))].id)

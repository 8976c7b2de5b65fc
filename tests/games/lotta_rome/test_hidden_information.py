"""Hidden information: sealed divisions, lot choices and contract choices; contract hands and
starting contracts; the order of stacks and decks. Observations are allow-lists and
determinize redraws exactly what a seat cannot see."""

import pytest

from meeple.engine import Rng
from meeple.games.lotta_rome import LottaRome
from meeple.games.lotta_rome.pieces import first_land, piece_building
from meeple.games.lotta_rome.state import BID, CHOOSE, DIVIDE, ELEPHANT, OVER, PICK, START, Lotta

from .builders import everyone, game, play_random


def test_a_division_is_seen_only_by_its_maker_until_all_are_revealed_and_determinize_unmakes_it() -> None:
    g = game(merchants=False)
    state = g.new_game(3, 5)
    assert state.phase == DIVIDE
    g.apply(state, 0, g.legal_actions(state, 0)[4].id)
    g.apply(state, 1, g.legal_actions(state, 1)[2].id)
    for viewer, expected in ((0, "sealed"), (2, "sealed"), (None, "sealed"), (1, state.division[1])):
        assert g.observation(state, viewer)["players_view"][1]["division"] == expected
        assert g.observation(state, viewer)["players_view"][1]["lots"] is None or viewer == 1
    sample = g.determinize(state, 2, Rng(3))
    assert sample.division == [-1, -1, -1]
    assert set(g.to_move(sample)) == {0, 1, 2}
    mine = g.determinize(state, 0, Rng(3))
    assert mine.division == [state.division[0], -1, -1]
    g.apply(state, 2, g.legal_actions(state, 2)[0].id)
    assert state.phase == CHOOSE
    assert g.observation(state, 2)["players_view"][1]["lots"] is not None


def test_lot_choices_are_unmade_for_other_seats_in_a_determinization() -> None:
    g = game(merchants=False)
    state = g.new_game(2, 6)
    everyone(g, state, lambda legal: legal[0])
    g.apply(state, 0, "take:larger")
    assert g.determinize(state, 1, Rng(1)).choice == [-1, -1]
    assert g.determinize(state, 0, Rng(1)).choice == [1, -1]


def test_contract_hands_and_starting_contracts_are_private_and_redrawn() -> None:
    g = game()
    state = g.new_game(3, 9)
    assert state.phase == START
    view = g.observation(state, 1)["players_view"]
    assert view[0]["hand"] is None and view[0]["hand_size"] == 3
    assert [c["number"] for c in view[1]["hand"]] == sorted(state.hand[1])
    assert all(p["hand"] is None for p in g.observation(state, None)["players_view"])
    for seat in range(3):
        g.apply(state, seat, g.legal_actions(state, seat)[0].id)
    assert g.observation(state, 1)["players_view"][0]["start_contract"] == "secret"
    assert g.observation(state, 0)["players_view"][0]["start_contract"]["number"] == state.start_contract[0]
    redrawn = [g.determinize(state, 1, Rng(k)) for k in range(6)]
    assert all(sample.start_contract[1] == state.start_contract[1] for sample in redrawn)
    assert len({sample.start_contract[0] for sample in redrawn}) > 1
    assert all(sorted(sample.deck) != sample.deck for sample in redrawn)


def test_a_chosen_contract_is_sealed_until_all_have_chosen() -> None:
    g = game()
    state = play_random(g, g.new_game(3, 14), 14, until=lambda s: s.phase == BID and len(g.to_move(s)) >= 2)
    first, second = g.to_move(state)[:2]
    g.apply(state, first, g.legal_actions(state, first)[0].id)
    assert g.observation(state, second)["players_view"][first]["chosen"] == "sealed"
    assert g.observation(state, first)["players_view"][first]["chosen"]["number"] == state.chosen[first]
    sample = g.determinize(state, second, Rng(2))
    assert sample.chosen[first] == -1 and first in g.to_move(sample)
    own = g.determinize(state, first, Rng(2))
    assert own.chosen[first] == state.chosen[first] and sorted(own.hand[first]) == sorted(state.hand[first])


def test_stacks_are_shown_only_as_counts_and_reshuffled_by_determinize() -> None:
    g = game()
    state = play_random(g, g.new_game(2, 3), 3, until=lambda s: s.phase == ELEPHANT)
    view = g.observation(state, 0)["players_view"][0]
    assert view["stack"] == len(state.stacks[0])
    samples = [g.determinize(state, 0, Rng(k)) for k in range(5)]
    assert any(sample.stacks[0] != state.stacks[0] for sample in samples)
    assert all(sorted(sample.stacks[0]) == sorted(state.stacks[0]) for sample in samples)
    assert any(sample.doubles != state.doubles for sample in samples)


def test_explored_lands_are_behind_the_screen_until_the_lots_are_revealed() -> None:
    """2 DIVISION: "behind the screen, split the 5 tiles into two lots"; 3 SELECTION: "all reveal
    their lots". Before that others see how many lands a player explored, not which; determinize
    draws them again from his stack, the round's buildings staying on the first two."""
    g = game(merchants=False)
    state = g.new_game(3, 5)
    assert state.phase == DIVIDE
    for viewer in (1, 2, None):
        view = g.observation(state, viewer)["players_view"][0]
        assert view["explored"] is None and view["explored_count"] == 5
    assert len(g.observation(state, 0)["players_view"][0]["explored"]) == 5
    text = " ".join(g.observation(state, 1)["log"])
    assert "explores" in text and not any(name in text for name in ("olive", "vineyard", "field", "town", "quarry"))
    assert "explored 5 lands (behind the screen)" in g.render_text(g.observation(state, 1))
    samples = [g.determinize(state, 1, Rng(k)) for k in range(8)]
    assert any(sample.explored[0] != state.explored[0] for sample in samples)
    assert all(sample.explored[1] == state.explored[1] for sample in samples)
    for sample in samples:
        assert [piece_building(c) for c in sample.explored[0]] == [piece_building(c) for c in state.explored[0]]
        lands = sorted(sample.stacks[0] + [first_land(c) for c in sample.explored[0]])
        assert lands == sorted(state.stacks[0] + [first_land(c) for c in state.explored[0]])
    everyone(g, state, lambda legal: legal[0])
    assert state.phase == CHOOSE
    assert len(g.observation(state, 1)["players_view"][0]["explored"]) == 5
    assert "explored 5 lands (behind the screen)" not in g.render_text(g.observation(state, 1))


def test_determinize_gives_every_order_of_the_hidden_piles_alike() -> None:
    """determinize reorders the double-land and bonus-land stacks (nobody sees their order):
    over 7,200 determinizations of one state (a seeded stream), each of the 24 x 6 joint orders
    of 4 doubles and 3 bonus lands comes about equally often (chi-square on 143 degrees of
    freedom, far below its 0.1% point of 196), and the same stream gives the same state."""
    g = game()
    state = play_random(g, g.new_game(2, 3), 3, until=lambda s: s.phase == ELEPHANT)
    state.doubles, state.bonus_stack = [3, 1, 0, 2], [4, 2, 0]
    rng = Rng(11)
    counts: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    draws = 7200
    for _ in range(draws):
        sample = g.determinize(state, 0, rng)
        order = (tuple(sample.doubles), tuple(sample.bonus_stack))
        counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 144
    expected = draws / 144
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < 196, chi_square
    assert g.determinize(state, 1, Rng(5)) == g.determinize(state, 1, Rng(5))


def _hidden_from(state: Lotta, seat: int) -> tuple[list[list[int]], list[int]]:
    """What `seat` cannot see, as multisets: each seat's stack (with, for another seat before the
    lots are revealed, the lands it explored) and the unseen contract cards."""
    stacks = []
    for p in range(state.players):
        lands = list(state.stacks[p])
        if p != seat and not state.divisions_revealed:
            lands += [first_land(code) for code in state.explored[p]]
        stacks.append(sorted(lands))
    cards = list(state.deck + state.discard) if state.merchants else []
    for p in range(state.players):
        if p != seat and state.merchants:
            cards += [n for n in state.hand[p] if n != state.chosen[p] or state.phase != PICK]
            if state.start_contract[p] >= 0 and state.phase != OVER:
                cards.append(state.start_contract[p])
    return stacks, sorted(cards)


def _seen_by(g: LottaRome, state: Lotta, seat: int) -> dict:
    """The seat's observation without what determinize unmakes: other seats' sealed choices
    (shown as "sealed" or not at all) and who is to move (a copy: observations share parts)."""
    view = dict(g.observation(state, seat))
    unmade = ("division", "choice", "chosen", "lots")
    view["players_view"] = [
        player if p == seat else {key: value for key, value in player.items() if key not in unmade}
        for p, player in enumerate(view["players_view"])
    ]
    del view["to_move"]
    return view


@pytest.mark.parametrize("merchants", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_determinize_gives_only_states_the_seat_cannot_tell_from_the_real_one(players: int, merchants: bool) -> None:
    """Along random games, every seat's determinizations show it exactly what it saw (its
    observation but for other seats' sealed choices, which are unmade unless revealed), hold the
    same hidden lands and contract cards, and keep the explored lands' buildings in place."""
    g = game(merchants=merchants)
    state = g.new_game(players, 40 + players)
    checked = 0
    while not g.is_terminal(state):
        if state.decisions % 4 == 0:
            for seat in range(players):
                seen, hidden = _seen_by(g, state, seat), _hidden_from(state, seat)
                for k in range(2):
                    sample = g.determinize(state, seat, Rng(1000 * k + state.decisions))
                    assert _seen_by(g, sample, seat) == seen
                    assert _hidden_from(sample, seat) == hidden
                    for p in range(players):
                        assert [piece_building(c) for c in sample.explored[p]] == [
                            piece_building(c) for c in state.explored[p]
                        ]
                        if p != seat and not state.divisions_revealed:
                            assert sample.division[p] == -1
                        if p != seat and state.phase == CHOOSE:
                            assert sample.choice[p] == -1
                    checked += 1
        play_random(g, state, state.decisions, until=lambda s, at=state.decisions: s.decisions > at)
    assert checked > 20

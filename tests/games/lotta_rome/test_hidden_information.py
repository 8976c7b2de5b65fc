"""Hidden information: sealed divisions, lot choices and contract choices; contract hands and
starting contracts; the order of stacks and decks. Observations are allow-lists and
determinize redraws exactly what a seat cannot see."""

from meeple.engine import Rng
from meeple.games.lotta_rome.observation import shuffle
from meeple.games.lotta_rome.pieces import first_land, piece_building
from meeple.games.lotta_rome.state import BID, CHOOSE, DIVIDE, ELEPHANT, START

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


def test_determinize_shuffles_give_every_order_alike() -> None:
    """`observation.shuffle` (four draws from each word of the stream) keeps the items and gives
    each of the 24 orders of 4 items about equally often; the same stream, the same order."""
    rng = Rng(11)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(4800):
        items = [1, 2, 3, 4]
        shuffle(items, rng)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 24
    assert all(140 <= count <= 260 for count in counts.values()), counts  # 200 expected, sd about 14
    one, other = list(range(60)), list(range(60))
    shuffle(one, Rng(5))
    shuffle(other, Rng(5))
    assert one == other != list(range(60)) and sorted(one) == list(range(60))

"""The Merchants: setup, the market of lots, elephants with tents, the auction, double lands,
contracts; with the rulebook's worked examples (Sam's elephants, the 3-player lot order,
Anna's scoring)."""

from collections import Counter

from meeple.games.lotta_rome import geometry
from meeple.games.lotta_rome.content import FORT
from meeple.games.lotta_rome.geometry import pos
from meeple.games.lotta_rome.pieces import (
    cell_building,
    cell_elephant,
    cell_land,
    first_land,
    is_double,
    piece_building,
    second_land,
)
from meeple.games.lotta_rome.scoring import Domain, final_score
from meeple.games.lotta_rome.state import BID, DIVIDE, ELEPHANT, OVER, PICK, START

from .builders import CONTENT, game, hexes, land, play_random, set_domain


def in_phase(phase: str, players: int = 3, seed: int = 1):
    g = game()
    state = play_random(g, g.new_game(players, seed), seed, until=lambda s: s.phase == phase)
    assert state.phase == phase
    return g, state


def test_setup_deals_a_random_starting_land_with_an_elephant_and_3_contracts_to_keep_one() -> None:
    g = game()
    state = g.new_game(5, 3)
    assert state.phase == START
    starts = [cell_land(state.cells[s][0]) for s in range(5)]
    assert sorted(starts) == [0, 1, 2, 3, 4]
    assert all(state.spots[s] == [geometry.ORIGIN] and cell_elephant(state.cells[s][0]) for s in range(5))
    assert state.elephants_left == 25 - 5
    assert all(len(hand) == 3 for hand in state.hand) and len(state.deck) == 62 - 15
    keep = [g.legal_actions(state, s)[1] for s in range(5)]
    assert all(a.payload["sealed"] for a in keep)
    for seat, action in enumerate(keep):
        g.apply(state, seat, action.id)
    assert state.start_contract == [a.payload["number"] for a in keep]
    assert state.phase == DIVIDE and all(hand == [] for hand in state.hand)
    assert sorted(state.deck + state.start_contract) == list(range(1, 63))
    other_starts = {tuple(cells[0] for cells in g.new_game(5, seed).cells) for seed in range(8)}
    assert len(other_starts) > 1


def test_the_market_holds_5_double_lands_with_the_bonuses_of_the_reminder() -> None:
    _g, state = in_phase(DIVIDE)
    assert len(state.market) == 5 and all(is_double(lot) for lot in state.market)
    bonus_land = state.market_land[0]
    assert bonus_land >= 0 and state.market_land[1:] == [-1, -1, -1, -1]
    # the base building of the same type as the bonus land, a fort, a gem, nothing
    assert [piece_building(lot) for lot in state.market] == [-1, bonus_land, FORT, -1, -1]
    assert state.market_gem == [0, 0, 0, 1, 0]
    assert len(state.doubles) == 20 and state.forts_left == 3 and state.market_gems == 3
    assert bonus_land not in state.buildings_left


def test_the_25_double_lands_are_mostly_two_different_halves() -> None:
    doubles = CONTENT.merchants.doubles
    assert len(doubles) == 25
    assert sum(a != b for a, b in doubles) == 20
    assert Counter(t for pair in doubles for t in pair) == Counter({t: 10 for t in range(5)})


def test_sams_elephants_three_contracts_then_two() -> None:
    """PHASE 5 examples: Sam's starting land is a field; no free field or quarry; 3 olive groves
    bring 3 contracts. Next round, with a new quarry and a new olive grove: the olive area
    (which has an elephant) brings 1, the new quarry (area of 2 quarries) brings 2."""
    g, state = in_phase(ELEPHANT)
    sam = 0
    state.elephant_done[sam] = False
    set_domain(
        state,
        sam,
        hexes({(0, 0): "field+E", (1, 0): "quarry+quarry", (0, 1): "olive", (-1, 1): "olive", (-1, 2): "olive"}),
    )
    legal = g.legal_actions(state, sam)
    assert {a.payload["position"] for a in legal} == {pos(0, 1), pos(-1, 1), pos(-1, 2)}
    assert all(a.payload["cards"] == 3 for a in legal)
    before = len(state.hand[sam])
    g.apply(state, sam, "elephant:0,1")
    assert len(state.hand[sam]) == before + 3
    # next round: a new quarry next to the workshop's quarry, a new olive grove next to the olives
    state.elephant_done[sam] = False
    cells = state.domain(sam)
    cells.update(hexes({(1, -1): "quarry", (-2, 2): "olive"}))
    set_domain(state, sam, cells)
    cards = {a.id: a.payload["cards"] for a in g.legal_actions(state, sam)}
    assert cards == {"elephant:1,-1": 2, "elephant:-2,2": 1, "elephant:-1,1": 1, "elephant:-1,2": 1}
    before = len(state.hand[sam])
    g.apply(state, sam, "elephant:1,-1")
    assert len(state.hand[sam]) == before + 2


def test_without_a_free_land_no_elephant_is_placed_but_one_contract_is_taken() -> None:
    g = game()
    state = play_random(g, g.new_game(2, 4), 4, until=lambda s: s.phase == "add" and not s.pending[1])
    set_domain(state, 1, hexes({(0, 0): "field+E", (1, 0): "town+town"}))
    elephants = state.elephants_left
    hand = len(state.hand[1])
    play_random(g, state, 5, until=lambda s: s.phase == ELEPHANT)
    assert state.elephant_done[1] and 1 not in g.to_move(state)
    assert len(state.hand[1]) == hand + 1
    assert state.elephants_left == elephants - (1 if state.elephant_done[0] else 0)
    assert sum(cell_elephant(v) for v in state.cells[1]) == 1


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    g, state = in_phase(ELEPHANT)
    seat = g.to_move(state)[0]
    state.discard = state.deck[:-1]
    state.deck = state.deck[-1:]
    total = len(state.deck) + len(state.discard)
    action = max(g.legal_actions(state, seat), key=lambda a: a.payload["cards"])
    if action.payload["cards"] < 2:
        return
    hand = len(state.hand[seat])
    g.apply(state, seat, action.id)
    assert len(state.hand[seat]) == hand + action.payload["cards"]
    assert state.discard == [] and len(state.deck) == total - action.payload["cards"]


def test_the_auction_order_of_the_3_player_example() -> None:
    """Anna chose card 59 (2 cards received), Lena 48 (3 cards), Sam 28 (2 cards): Anna and Lena
    bid 6, Sam 3; Anna's card number is higher, so Anna, Lena, Sam take lots in that order."""
    g, state = in_phase(BID)
    anna, lena, sam = 0, 1, 2
    state.hand = [[59, 10], [48, 5, 7], [28, 3]]
    state.chosen = [-1, -1, -1]
    assert set(g.to_move(state)) == {anna, lena, sam}
    assert g.observation(state, lena)["players_view"][anna]["hand"] is None
    g.apply(state, anna, "bid:59")
    g.apply(state, sam, "bid:28")
    assert g.observation(state, lena)["players_view"][anna]["chosen"] == "sealed"
    g.apply(state, lena, "bid:48")
    assert state.phase == PICK
    assert state.bids == [6, 6, 3]
    assert state.order == [anna, lena, sam]
    assert g.to_move(state) == (anna,)
    view = g.observation(state, sam)["players_view"]
    assert view[anna]["chosen"]["number"] == 59 and view[lena]["hand"] is None


def test_a_bought_lot_is_placed_with_the_building_on_the_half_the_player_chooses() -> None:
    g, state = in_phase(PICK)
    buyer = g.to_move(state)[0]
    slot = 1  # the lot with the base building
    lot = state.market[slot]
    g.apply(state, buyer, f"lot:{slot + 1}")
    picks = [a for a in g.legal_actions(state, buyer) if a.id.startswith("piece:")]
    halves = {first_land(a.payload["code"]) for a in picks}
    if first_land(lot) != second_land(lot):
        assert halves == {first_land(lot), second_land(lot)}
    chosen = picks[-1]
    g.apply(state, buyer, chosen.id)
    before = set(state.spots[buyer])
    first = g.legal_actions(state, buyer)[0]
    g.apply(state, buyer, first.id)
    second = g.legal_actions(state, buyer)
    assert second and all(b.payload["position"] in geometry.neighbours(first.payload["position"]) for b in second)
    g.apply(state, buyer, second[0].id)
    domain = state.domain(buyer)
    a, b = first.payload["position"], second[0].payload["position"]
    assert cell_building(domain[a]) == piece_building(lot) and cell_building(domain[b]) == -1
    assert cell_land(domain[a]) == first_land(chosen.payload["code"])
    assert geometry.touches(before, a) or geometry.touches(before, b)
    assert state.joins[buyer][-2:] == [a, b]


def test_the_bonus_gem_goes_to_the_buyer() -> None:
    g, state = in_phase(PICK)
    buyer = g.to_move(state)[0]
    gems = state.gems[buyer]
    g.apply(state, buyer, "lot:4")
    assert state.gems[buyer] == gems + 1


def test_every_player_ends_with_five_contracts_and_scores_them() -> None:
    g = game()
    state = play_random(g, g.new_game(4, 12), 12)
    assert state.phase == OVER
    for seat in range(4):
        assert len(state.contracts[seat]) == 4 and state.start_contract[seat] > 0
        numbers = [state.start_contract[seat], *state.contracts[seat]]
        expected = final_score(state.domain(seat), state.gems[seat], numbers, CONTENT, "largest")
        assert state.final[seat] == expected
    observed = g.observation(state, 1)["players_view"][0]["start_contract"]
    assert observed["number"] == state.start_contract[0]


ANNA = {
    # rows r = 0..4 of a 5 x 5 domain; 9 inner lands are surrounded on all sides
    0: "vineyard vineyard vineyard town town",
    1: "vineyard vineyard vineyard town town",
    2: "vineyard vineyard town town town",
    3: "olive quarry town olive quarry",
    4: "town olive quarry town field",
}
ANNA_BUILDINGS = {
    (0, 2): "vineyard",
    (1, 2): "vineyard",
    (2, 2): "town",
    (3, 2): "fort",
    (4, 2): "town",
    (0, 3): "fort",
    (0, 4): "field",
}
ANNA_ELEPHANTS = {(0, 1), (2, 1), (4, 1), (2, 3), (4, 3)}


def anna_domain() -> dict[int, int]:
    spec = {}
    for r, row in ANNA.items():
        for q, name in enumerate(row.split()):
            text = name + ("+" + ANNA_BUILDINGS[(q, r)] if (q, r) in ANNA_BUILDINGS else "")
            spec[(q, r)] = text + ("+E" if (q, r) in ANNA_ELEPHANTS else "")
    return hexes(spec)


def test_annas_scoring_example_47_contract_points_113_in_all() -> None:
    """SCORING EXAMPLE: contracts 21 (one field area: 3), 27 (7 buildings in a row: 14), 49
    (5 elephants all next to buildings: 10), 53 (11 areas: 11), 54 (9 surrounded lands: 9) make
    47; with 66 for buildings and gems (gems 18), 113. Her left fort is a winery, her right one
    an antique theater."""
    from meeple.games.lotta_rome.contracts import contract_points

    cells = anna_domain()
    domain = Domain(cells)
    typed = domain.typed_buildings("largest", 5)
    points = [contract_points(domain, typed, CONTENT.contracts[n], CONTENT) for n in (21, 27, 49, 53, 54)]
    assert points == [3, 14, 10, 11, 9]
    assert typed[pos(0, 3)] == land("vineyard") and typed[pos(3, 2)] == land("town")
    buildings, gems, contracts, total, lands = final_score(cells, 6, [21, 27, 49, 53, 54], CONTENT, "largest")
    assert (gems, contracts) == (18, 47)
    assert buildings + gems == 66 and total == 113 and lands == 25


def test_contract_cards_29_53_and_34_49_are_the_same_texts() -> None:
    cards = CONTENT.contracts
    assert cards[29].kind == cards[53].kind == "areas"
    assert cards[34].kind == cards[49].kind == "elephants_next_to_building"
    assert Counter((c.kind, c.land, c.points) for c in cards.values()).most_common()[-1][1] == 2
    # the auction example's coins: 59 -> 5, 48 -> 4, 28 -> 2
    assert (cards[59].coins, cards[48].coins, cards[28].coins) == (5, 4, 2)

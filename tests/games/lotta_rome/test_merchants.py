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


def elephant_on_three_olive_groves(deck: list[int], discard: list[int]):
    """Seat 0 in Phase 5 with a free area of 3 olive groves, the contract deck and discard as given."""
    g, state = in_phase(ELEPHANT)
    seat = 0
    state.elephant_done[seat] = False
    state.hand[seat] = []
    set_domain(state, seat, hexes({(0, 0): "field+E", (0, 1): "olive", (-1, 1): "olive", (-1, 2): "olive"}))
    state.deck, state.discard = deck[:], discard[:]
    return g, state, seat


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    """PHASE 5: "If there are no more contract cards in the deck, shuffle the discard pile and form
    a new deck." One card in the deck, five in the discard: an elephant bringing 3 contracts takes
    the deck's card, then 2 from the reshuffled discard, which leaves 3 in the new deck."""
    g, state, seat = elephant_on_three_olive_groves([7], [11, 22, 33, 44, 55])
    g.apply(state, seat, "elephant:0,1")
    hand = state.hand[seat]
    assert len(hand) == 3 and hand[0] == 7
    assert set(hand[1:]) < {11, 22, 33, 44, 55}
    assert state.discard == [] and len(state.deck) == 3
    assert sorted(hand + state.deck) == [7, 11, 22, 33, 44, 55]
    assert any("shuffled into a new deck" in line for line in state.log)


def test_with_deck_and_discard_both_empty_fewer_contracts_are_drawn_and_the_bid_still_works() -> None:
    """Ruling: when deck and discard run out together a player draws what there is; with a single
    card he bids with it without a choice."""
    g, state, seat = elephant_on_three_olive_groves([7], [])
    g.apply(state, seat, "elephant:0,1")
    assert state.hand[seat] == [7] and state.deck == [] and state.discard == []
    play_random(g, state, 2, until=lambda s: s.phase == PICK)
    assert state.chosen[seat] == 7
    assert state.bids[seat] == CONTENT.contracts[7].coins


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
    while buyer in g.to_move(state):  # the buyer places the double land first
        g.apply(state, buyer, g.legal_actions(state, buyer)[0].id)
    following = g.to_move(state)[0]
    assert following != buyer
    assert "lot:4" not in [a.id for a in g.legal_actions(state, following)]
    assert len(g.legal_actions(state, following)) == 4


def test_after_the_auction_the_chosen_card_is_kept_face_up_and_the_others_are_discarded() -> None:
    g, state = in_phase(PICK)
    chosen = state.chosen[:]
    others = [[n for n in hand if n != chosen[s]] for s, hand in enumerate(state.hand)]
    held = [len(c) for c in state.contracts]
    discard = len(state.discard)
    play_random(g, state, 3, until=lambda s: s.phase != PICK)
    assert [c[-1] for c in state.contracts] == chosen
    assert [len(c) for c in state.contracts] == [n + 1 for n in held]
    assert len(state.discard) == discard + sum(len(o) for o in others)
    assert all(n in state.discard for o in others for n in o)
    # the lots nobody took went to the box: a new round starts with a fresh market
    assert state.phase == OVER or (state.phase == DIVIDE and len(state.market) == 5 and min(state.market) >= 0)


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


# Anna's domain (the picture is missing): rows r = 0..4 of a 5 x 5 block, q = 0..4 from the left,
# and two lands outside it. "land+building+E": an antique theater is "town", a winery "vineyard".
ANNA_ROWS = {
    0: "vineyard+fort vineyard olive+vineyard town+E town+fort",
    1: "vineyard+olive olive+vineyard vineyard olive+town quarry+town",
    2: "field vineyard+E town+E town+quarry town+town",
    3: "field vineyard vineyard+E vineyard town+vineyard",
    4: "field quarry vineyard town+E olive+olive",
}
ANNA_OUTSIDE = {(5, 1): "town", (-1, 3): "olive+field"}
ANNA_FORTS = {"left": (0, 0), "right": (4, 0)}
ANNA_CONTRACTS = [21, 27, 49, 53, 54]


def anna_domain() -> dict[int, int]:
    spec = {(q, r): text for r, row in ANNA_ROWS.items() for q, text in enumerate(row.split())}
    return hexes({**spec, **ANNA_OUTSIDE})


def test_annas_domain_has_every_count_the_scoring_example_gives() -> None:
    """SCORING EXAMPLE: one field area, a sequence of 7 buildings, 5 elephants all next to
    buildings, 11 areas, 9 lands surrounded on all sides."""
    cells = anna_domain()
    domain = Domain(cells)
    fields = [area for area in domain.areas if domain.lands[area[0]] == land("field")]
    elephants = [p for p, value in cells.items() if cell_elephant(value)]
    assert len(fields) == 1 and len(fields[0]) == 3
    assert geometry.largest_group(domain.buildings) == 7
    assert len(elephants) == 5 and all(geometry.touches(domain.buildings, e) for e in elephants)
    assert len(domain.areas) == 11
    assert sum(geometry.surrounded(cells, p) for p in cells) == 9


def test_annas_score_sheet_rows_with_her_forts_a_winery_and_an_antique_theater() -> None:
    """SCORING EXAMPLE: "one of the forts (in the left part of her domain) will be the vineyard and
    the other one (in the right part of her domain) will be the antique theater". The sheet's rows:
    oil mills 3, wineries 18+3 (the left fort), mill 3, antique theaters 18+2 (the right fort),
    workshop 1, gems 18: 66."""
    domain = Domain(anna_domain())
    typed, buildings, _ = domain.best_typing("largest", CONTENT, ANNA_CONTRACTS)
    left, right = pos(*ANNA_FORTS["left"]), pos(*ANNA_FORTS["right"])
    assert (typed[left], domain.building_score(left, land("vineyard"), "largest")) == (land("vineyard"), 3)
    assert (typed[right], domain.building_score(right, land("town"), "largest")) == (land("town"), 2)
    without_forts = {p: t for p, t in typed.items() if p not in (left, right)}
    assert domain.building_points(without_forts, "largest", 5) == [3, 18, 3, 18, 1]
    assert domain.building_points(typed, "largest", 5) == [3, 18 + 3, 3, 18 + 2, 1]
    assert buildings + CONTENT.gem_points(6) == 66


def test_annas_scoring_example_47_contract_points_113_in_all() -> None:
    """SCORING EXAMPLE: contracts 21 (one field area: 3), 27 (7 buildings in a row: 14), 49
    (5 elephants all next to buildings: 10), 53 (11 areas: 11), 54 (9 surrounded lands: 9) make
    47; with 66 for buildings and gems (gems 18), 113."""
    from meeple.games.lotta_rome.contracts import contract_points

    cells = anna_domain()
    domain = Domain(cells)
    typed = domain.best_typing("largest", CONTENT, ANNA_CONTRACTS)[0]
    points = [contract_points(domain, typed, CONTENT.contracts[n], CONTENT) for n in ANNA_CONTRACTS]
    assert points == [3, 14, 10, 11, 9]
    buildings, gems, contracts, total, lands = final_score(cells, 6, ANNA_CONTRACTS, CONTENT, "largest")
    assert (buildings, gems, contracts) == (48, 18, 47)
    assert total == 113 and lands == 27


def test_contract_cards_29_53_and_34_49_are_the_same_texts() -> None:
    cards = CONTENT.contracts
    assert cards[29].kind == cards[53].kind == "areas"
    assert cards[34].kind == cards[49].kind == "elephants_next_to_building"
    assert Counter((c.kind, c.land, c.points) for c in cards.values()).most_common()[-1][1] == 2
    # the auction example's coins: 59 -> 5, 48 -> 4, 28 -> 2
    assert (cards[59].coins, cards[48].coins, cards[28].coins) == (5, 4, 2)

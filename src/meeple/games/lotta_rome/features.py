"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
`from_state` reads the same numbers straight from the state for the learner's loop, only
what observation.py shows (tests/rl/test_features.py holds the two equal for every seat).
Blocks, in order (seat blocks relative: the observing seat's first, then the next in turn):

- the table: round, phase (one-hot over the phases), deck, discard, elephants left, doubles
  left, the hexes where the seat may place now, whether the seat is to move;
- each seat: gems, stack, lands explored, lands in the domain, contract cards in hand, gem
  of its lot, lands pending and held, contracts won and their coins, its lot choice (one-hot
  smaller / larger / sealed), its elephant placed this round, a revealed bid (0 if none), and
  its domain counted: lands of each type, buildings of each type and forts, elephants;
- the seat's own cards: its contract hand, its starting contract and the contracts it won
  (each a count per contract number), its explored lands and held piece by land type;
- the market, slot by slot: present, the double's lands by type and its building (one-hot over
  the types and the fort), the single land by type, its gem.
"""

from array import array
from collections import Counter
from collections.abc import Iterable
from struct import Struct
from typing import Any

from meeple.engine import Features
from meeple.engine.features import counts, floats, names, one_hot, packer, relative, seat_names
from meeple.games.lotta_rome.content import FORT, Content
from meeple.games.lotta_rome.pieces import (
    CELL_BUILDINGS,
    CELL_ELEPHANTS,
    CELL_LANDS,
    CELLS,
    PIECES,
    first_land,
    piece_building,
    second_land,
)
from meeple.games.lotta_rome.selection import CHOICE_NAMES
from meeple.games.lotta_rome.state import ADD, BID, CHOOSE, DIVIDE, ELEPHANT, OVER, PICK, START, Lotta

PHASES = (START, DIVIDE, CHOOSE, ADD, ELEPHANT, BID, PICK, OVER)
CHOICES = (*CHOICE_NAMES, "sealed")
SEAT_PARTS = (
    ["gems", "stack", "explored", "lands", "hand", "lot_gem", "pending", "holding", "contracts", "coins"]
    + [f"choice={c}" for c in CHOICES]
    + ["elephant_done", "bid"]
)


def observation_features(content: Content, players: int) -> Features:
    lands = [land.id for land in content.lands]
    buildings = [*lands, "fort"]
    numbers = sorted(content.contracts)
    slots = len(content.merchants.lot_bonuses)
    seat_parts = [*SEAT_PARTS, *names("land", lands), *names("building", buildings), "elephants"]
    piece_parts = ["present", *names("land", lands), *names("building", buildings), *names("single", lands), "gem"]
    slot_names = (
        ["round", *names("phase", PHASES), "deck", "discard", "elephants_left", "doubles_left", "targets", "to_move"]
        + seat_names(players, seat_parts)
        + names("hand", numbers)
        + names("start_contract", numbers)
        + names("won", numbers)
        + names("explored", lands)
        + names("holding", lands)
        + [f"market{slot}/{part}" for slot in range(slots) for part in piece_parts]
    )
    empty_slot = [0.0] * len(piece_parts)
    choice, phase = one_hot(CHOICES), one_hot(PHASES)
    land_count, building_count = counts(lands), counts(buildings)
    land_hot, building_hot = one_hot(lands), one_hot(buildings)
    number_count, number_hot = counts(numbers), one_hot(numbers)

    def numbers_of(cards: Any) -> list[int]:
        return [card["number"] for card in cards] if isinstance(cards, list) else []

    def piece_lands(pieces: list[dict[str, Any]]) -> list[str]:
        return [land for piece in pieces for land in piece["lands"]]

    def seat_block(view: dict[str, Any]) -> list[float]:
        contracts = view.get("contracts") or []
        domain = view["domain"]
        return [
            view["gems"],
            view["stack"],
            view["explored_count"],
            view["lands"],
            view.get("hand_size", 0),
            view["lot_gem"],
            len(view["pending"]),
            view["holding"] is not None,
            len(contracts),
            sum(card["coins"] for card in contracts),
            *choice(view["choice"]),
            bool(view.get("elephant_done")),
            view.get("bid") or 0,
            *land_count([cell["land"] for cell in domain]),
            *building_count([cell["building"] for cell in domain]),
            sum(cell["elephant"] for cell in domain),
        ]

    def market_slot(lot: dict[str, Any] | None) -> list[float]:
        if lot is None:
            return empty_slot
        double = lot["double"]
        return [
            1.0,
            *land_count(double["lands"]),
            *building_hot(double["building"]),
            *land_hot(lot["land"]),
            lot["gem"],
        ]

    def encode(observation: dict[str, Any]) -> list[float]:
        seat = observation["seat"]
        views = observation["players_view"]
        me = views[seat]
        start = me.get("start_contract")
        market = observation.get("market") or [None] * slots
        row = [
            observation["round"],
            *phase(observation["phase"]),
            observation.get("deck", 0),
            observation.get("discard", 0),
            observation.get("elephants_left", 0),
            observation.get("doubles_left", 0),
            len(observation["targets"]),
            seat in observation["to_move"],
        ]
        for other in relative(seat, players):
            row += seat_block(views[other])
        row += number_count(numbers_of(me.get("hand")))
        row += number_hot(start["number"] if isinstance(start, dict) else None)
        row += number_count(numbers_of(me.get("contracts")))
        row += land_count(piece_lands(me["explored"] or []))
        row += land_count(me["holding"]["lands"] if me["holding"] else [])
        for lot in market:
            row += market_slot(lot)
        return row

    # --- the same slots read from the state (Features.from_state), as observation.py shows it ---
    # The row is written by one `struct` call: the table's numbers as floats, each seat's first
    # ten numbers (packed again only when one of them changed: the seat that moved) and the blocks
    # that change seldom as kept float32 bytes (each with a copy of what made it).
    orders = [relative(seat, players) for seat in range(players)]
    coins_of = {number: card.coins for number, card in content.contracts.items()}
    building_place = [len(lands) if b == FORT else b for b in range(FORT + 1)]
    land_none, number_none = [0.0] * len(lands), [0.0] * len(numbers)
    number_place = {number: k for k, number in enumerate(numbers)}
    domain_size = len(lands) + len(buildings) + 1
    # The slots of a domain block that one cell of each value adds 1 to: its land, its building
    # (or fort), the elephant.
    cell_slots = [
        (CELL_LANDS[value],)
        + ((len(lands) + building_place[CELL_BUILDINGS[value]],) if CELL_BUILDINGS[value] >= 0 else ())
        + ((domain_size - 1,) if CELL_ELEPHANTS[value] else ())
        for value in range(CELLS)
    ]
    empty_domain = [0] * domain_size
    pack_domain = packer(domain_size)

    def piece_counts(codes: Iterable[int]) -> list[float]:
        """Lands of pieces by type (a double land's two halves both counted)."""
        made = land_none[:]
        for code in codes:
            made[first_land(code)] += 1.0
            second = second_land(code)
            if second >= 0:
                made[second] += 1.0
        return made

    def number_counts(cards: Iterable[int]) -> list[float]:
        made = number_none[:]
        for number in cards:
            made[number_place[number]] += 1.0
        return made

    def domain(p: int, now: list[int]) -> None:
        """Seat `p`'s domain counted again (lands of each type, buildings of each type and forts,
        elephants) into its kept counts and block: the cells appended since the kept copy added
        (a placement appends one), or, if a kept cell changed (an elephant), all counted anew
        (each cell value once, by `Counter` in C)."""
        was, made = domain_cells[p], domain_counts[p]
        if now[: len(was)] == was:
            for value in now[len(was) :]:
                for slot in cell_slots[value]:
                    made[slot] += 1
        else:
            made[:] = empty_domain
            for value, many in Counter(now).items():
                for slot in cell_slots[value]:
                    made[slot] += many
        domain_cells[p], domain_blocks[p] = now[:], pack_domain(*made)

    def market(lots: list[int], singles: list[int], gems: list[int]) -> bytes:
        made: list[float] = []
        for lot, land, gem in zip(lots, singles, gems, strict=True):
            if lot < 0:
                made += empty_slot
                continue
            building = piece_building(lot)
            made += [
                1.0,
                *piece_counts((lot,)),
                *building_hot(None if building < 0 else buildings[building_place[building]]),
                *land_hot(lands[land] if land >= 0 else None),
                gem,
            ]
        return floats(made)

    def contract_cards(hand: list[int], start: int, won: list[int]) -> bytes:
        """The seat's own contract cards: hand, starting contract, contracts won, by number."""
        return floats([*number_counts(hand), *number_hot(start if start >= 0 else None), *number_counts(won)])

    # The held piece's lands by type, for each piece code (index -1: none held).
    held_lands = [floats(piece_counts((code,))) for code in range(PIECES)] + [floats(land_none)]

    phases = {name: floats(phase(name)) for name in PHASES}
    # A seat's lot choice as it shows: none, each choice, sealed (index -1 is none).
    shown_choice = [floats(choice(name)) for name in CHOICES] + [floats(choice(None))]
    sealed, empty_market = len(CHOICE_NAMES), floats(empty_slot * slots)
    pack_numbers = packer(10)
    row = Struct(
        f"f{4 * len(PHASES)}s6f"
        + f"40s{4 * len(CHOICES)}s2f{4 * domain_size}s" * players
        + f"{4 * 3 * len(numbers)}s{4 * len(lands)}s{4 * len(lands)}s{4 * len(empty_slot) * slots}s"
    )
    if row.size != 4 * len(slot_names):
        raise ValueError(f"the row's layout holds {row.size // 4} slots, not the {len(slot_names)} named")
    pack = row.pack
    no_contracts = contract_cards([], -1, [])
    # A choice as the other seats see it before the reveal: none (-1) or sealed.
    sealed_choice = [shown_choice[sealed]] * (len(shown_choice) - 1) + [shown_choice[-1]]
    # For each observing seat, whether choices are revealed: the seats in the row's order, each
    # with the table its choice shows by (its own always shown, the others' once revealed).
    seat_views = [
        [[(p, shown_choice if p == seat or revealed else sealed_choice) for p in orders[seat]] for revealed in (0, 1)]
        for seat in range(players)
    ]
    # Read for every seat where the merchants are not used (their cards, elephants and bids).
    no_cards: list[Any] = [()] * players
    zeros = [0] * players
    # Shared by every observing seat (all see them alike): each seat's domain, and the market,
    # each [inputs copied..., block]. Each observing seat's own: its contract cards and its explored lands.
    domain_cells: list[list[int]] = [[] for _ in range(players)]
    domain_counts = [empty_domain[:] for _ in range(players)]
    domain_blocks = [pack_domain(*empty_domain)] * players
    # Each seat's first ten numbers (gems to coins) as kept bytes: [its contracts won copied, their
    # coins, the numbers, their bytes].
    seat_numbers: list[list[Any]] = [[None, 0, None, b""] for _ in range(players)]
    shared_market: list[Any] = [None, None, None, b""]
    own_contracts: list[list[Any]] = [[None, -2, None, b""] for _ in range(players)]
    own_explored_lands: list[list[Any]] = [[None, b""] for _ in range(players)]

    def from_state(game: Any, state: Lotta, seat: int, legal: list[Any]) -> array:
        merchants, phase_now = state.merchants, state.phase
        gems, stacks, explored, cells, hand, lot_gem = (
            state.gems,
            state.stacks,
            state.explored,
            state.cells,
            state.hand,
            state.lot_gem,
        )
        pending, holding, contracts, choice, revealed = (
            state.pending,
            state.holding,
            state.contracts,
            state.choice,
            state.choices_revealed,
        )
        values: list[Any] = [
            state.round,
            phases[phase_now],
            len(state.deck) if merchants else 0,
            len(state.discard) if merchants else 0,
            state.elephants_left if merchants else 0,
            len(state.doubles) if merchants else 0,
            # Every legal list is of one kind (legal_actions): placements and elephants name their
            # hex ("at"), the other kinds none; so the targets are all of the moves or none.
            len(legal) if legal and "at" in legal[0].payload else 0,
            bool(legal),  # a seat to move has moves; one that need not act is given none
        ]
        bids = state.bids if merchants and phase_now == PICK else zeros
        elephants = state.elephant_done if merchants else zeros
        if not merchants:
            hand = contracts = no_cards
        for p, shown in seat_views[seat][revealed]:
            won, domain_now, kept = contracts[p], cells[p], seat_numbers[p]
            if won != kept[0]:
                kept[0], kept[1] = won[:], sum(map(coins_of.__getitem__, won))
            if domain_now != domain_cells[p]:
                domain(p, domain_now)
            numbers = (
                gems[p],
                len(stacks[p]),
                len(explored[p]),
                len(domain_now),
                len(hand[p]),
                lot_gem[p],
                len(pending[p]),
                holding[p] >= 0,
                len(won),
                kept[1],
            )
            if numbers != kept[2]:
                kept[2], kept[3] = numbers, pack_numbers(*numbers)
            values += kept[3], shown[choice[p]], elephants[p], bids[p], domain_blocks[p]
        if merchants:
            own_hand, start, own_won = hand[seat], state.start_contract[seat], contracts[seat]
            kept = own_contracts[seat]
            if own_hand != kept[0] or start != kept[1] or own_won != kept[2]:
                kept[:] = own_hand[:], start, own_won[:], contract_cards(own_hand, start, own_won)
            values.append(kept[3])
        else:
            values.append(no_contracts)
        own_explored, kept = explored[seat], own_explored_lands[seat]
        if own_explored != kept[0]:
            kept[:] = own_explored[:], floats(piece_counts(own_explored))
        values += kept[1], held_lands[holding[seat]]
        lots = state.market
        if merchants and lots:
            singles, lot_gems, kept = state.market_land, state.market_gem, shared_market
            if lots != kept[0] or singles != kept[1] or lot_gems != kept[2]:
                kept[:] = lots[:], singles[:], lot_gems[:], market(lots, singles, lot_gems)
            values.append(kept[3])
        else:
            values.append(empty_market)
        return array("f", pack(*values))

    return Features(tuple(slot_names), encode, from_state)

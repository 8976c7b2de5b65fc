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
from typing import Any

from meeple.engine import Features
from meeple.engine.features import Kept, Pieces, counts, floats, names, one_hot, relative, seat_names
from meeple.games.lotta_rome.content import FORT, Content
from meeple.games.lotta_rome.pieces import (
    cell_building,
    cell_elephant,
    cell_land,
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
    orders = [relative(seat, players) for seat in range(players)]
    coins_of = {number: card.coins for number, card in content.contracts.items()}
    building_place = [len(lands) if b == FORT else b for b in range(FORT + 1)]
    land_none, building_none, number_none = [0.0] * len(lands), [0.0] * len(buildings), [0.0] * len(numbers)
    number_place = {number: k for k, number in enumerate(numbers)}

    def piece_counts(codes: tuple[int, ...]) -> list[float]:
        """Lands of pieces by type (a double land's two halves both counted)."""
        made = land_none[:]
        for code in codes:
            made[first_land(code)] += 1.0
            second = second_land(code)
            if second >= 0:
                made[second] += 1.0
        return made

    def number_counts(cards: tuple[int, ...]) -> list[float]:
        made = number_none[:]
        for number in cards:
            made[number_place[number]] += 1.0
        return made

    def domain(cells: tuple[int, ...]) -> list[float]:
        """A domain counted: lands of each type, buildings of each type and forts, elephants."""
        made, built = land_none[:], building_none[:]
        for value in cells:
            made[cell_land(value)] += 1.0
            building = cell_building(value)
            if building >= 0:
                built[building_place[building]] += 1.0
        return [*made, *built, sum(cell_elephant(value) for value in cells)]

    def market(lots: tuple[int, ...], singles: tuple[int, ...], gems: tuple[int, ...]) -> list[float]:
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
        return made

    def own(hand: tuple[int, ...], start: int, won: tuple[int, ...], explored: tuple[int, ...], held: int) -> list:
        """The seat's own cards: hand, starting contract, contracts won, explored lands, held piece."""
        return [
            *number_counts(hand),
            *number_hot(start if start >= 0 else None),
            *number_counts(won),
            *piece_counts(explored),
            *(piece_counts((held,)) if held >= 0 else land_none),
        ]

    domain_piece, market_piece, own_piece = Pieces(domain), Pieces(market), Pieces(own)
    domain_made = domain_piece.made
    sealed, empty_market = len(CHOICE_NAMES), floats(empty_slot * slots)
    # Each seat's last row; `seen`: each seat's domain in turn with its block, the seat's own
    # cards with their block, and the market with its block. The whole row is joined anew at
    # each observation (one write), from kept blocks where their inputs are unchanged.
    kept = [Kept(len(slot_names), players + 2) for _ in range(players)]

    def from_state(game: Any, state: Lotta, seat: int, legal: list[Any]) -> array:
        keep = kept[seat]
        mine = keep.seen
        merchants, phase_now = state.merchants, state.phase
        head = [
            state.round,
            *phase(phase_now),
            len(state.deck) if merchants else 0,
            len(state.discard) if merchants else 0,
            state.elephants_left if merchants else 0,
            len(state.doubles) if merchants else 0,
            len([action for action in legal if "at" in action.payload]),
            bool(legal),  # a seat to move has moves; one that need not act is given none
        ]
        parts = [floats(head)]
        gems, stacks, explored, cells, hand, lot_gem, pending, holding = (
            state.gems,
            state.stacks,
            state.explored,
            state.cells,
            state.hand,
            state.lot_gem,
            state.pending,
            state.holding,
        )
        contracts, choice, revealed, bids, elephants = (
            state.contracts,
            state.choice,
            state.choices_revealed,
            state.bids,
            state.elephant_done,
        )
        for k, p in enumerate(orders[seat]):
            chosen = choice[p]
            shown = [0.0] * len(CHOICES)
            if chosen >= 0:
                shown[chosen if p == seat or revealed else sealed] = 1.0
            won = contracts[p] if merchants else ()
            parts.append(
                floats(
                    [
                        gems[p],
                        len(stacks[p]),
                        len(explored[p]),
                        len(cells[p]),
                        len(hand[p]) if merchants else 0,
                        lot_gem[p],
                        len(pending[p]),
                        holding[p] >= 0,
                        len(won),
                        sum(coins_of[number] for number in won),
                        *shown,
                        merchants and elephants[p],
                        bids[p] if merchants and phase_now == PICK else 0,
                    ],
                )
            )
            domain_cells, known = cells[p], mine[k]
            if known is None or domain_cells != known[0]:
                key = tuple(domain_cells)
                known = mine[k] = (domain_cells[:], domain_made.get(key) or domain_piece(key, key))
            parts.append(known[1])
        if merchants:
            own_hand, start, own_won = hand[seat], state.start_contract[seat], contracts[seat]
        else:
            own_hand, start, own_won = [], -1, []
        own_explored, held = explored[seat], holding[seat]
        known = mine[players]
        if (
            known is None
            or own_hand != known[0]
            or start != known[1]
            or own_won != known[2]
            or own_explored != known[3]
            or held != known[4]
        ):
            cards = (tuple(sorted(own_hand)), start, tuple(own_won), tuple(own_explored), held)
            known = mine[players] = (own_hand[:], start, own_won[:], own_explored[:], held, own_piece(cards, *cards))
        parts.append(known[5])
        if merchants and state.market:
            lots, singles, lot_gems = state.market, state.market_land, state.market_gem
            known = mine[players + 1]
            if known is None or lots != known[0] or singles != known[1] or lot_gems != known[2]:
                key = (tuple(lots), tuple(singles), tuple(lot_gems))
                known = mine[players + 1] = (lots[:], singles[:], lot_gems[:], market_piece(key, *key))
            parts.append(known[3])
        else:
            parts.append(empty_market)
        keep.bytes[:] = b"".join(parts)
        return keep.fresh()

    return Features(tuple(slot_names), encode, from_state)

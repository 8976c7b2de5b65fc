"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone; slot names say what each holds.
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

from typing import Any

from meeple.engine import Features
from meeple.engine.features import counts, names, one_hot, relative, seat_names
from meeple.games.lotta_rome.content import Content
from meeple.games.lotta_rome.selection import CHOICE_NAMES
from meeple.games.lotta_rome.state import ADD, BID, CHOOSE, DIVIDE, ELEPHANT, OVER, PICK, START

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

    return Features(tuple(slot_names), encode)

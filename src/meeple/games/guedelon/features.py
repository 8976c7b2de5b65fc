"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone (Guédelon hides nothing but the
future: the deck's order and the bag's draws). Slot names say what each holds. Blocks, in order:

- the table: round, years since the first, phase (one-hot), the event card's number and side
  (one-hot), its pending choices, the deck and the discard, the crane, the reserve of each
  good, the courtyard's and the cart's tokens of each kind, the cart's location (one-hot),
  visitors still in the bag of each colour, visitors out and initiated of each colour, the
  apprentice's colour (one-hot), the turn (the worker acting, 0 if none, else its number + 1;
  its stage and mode, one-hot; cart actions left), the round's finished workers, the Mill
  (present, built, spaces, spaces filled);
- each location (every location of the content, the Mill's included): its tokens of each
  kind, closed, production bonus, the seat's workers there, others' workers, visitors there;
- each building: floor, floors, complete, open to build, mortared, spaces now, spaces filled,
  ropes needed;
- each player board, in board order with the seat's own marked: the seat's, the apprentice's,
  experience, tools, tokens in its wheelbarrow(s).
"""

from typing import Any

from meeple.engine import Features
from meeple.engine.features import counts, names, one_hot
from meeple.games.guedelon.content import COLOURS, KINDS, Content
from meeple.games.guedelon.state import (
    AFTER,
    BEFORE,
    BUILD,
    CART_LOAD,
    CART_UNLOAD,
    EARLY,
    EFFECT,
    EVENT,
    NONE,
    ORDER,
    OVER,
    TURN,
)

PHASES = (EVENT, ORDER, TURN, OVER)
SIDES = ("workers", "apprentice")
STAGES = (BEFORE, EFFECT, AFTER, EARLY)
MODES = (NONE, CART_LOAD, CART_UNLOAD, BUILD)
RESERVE = ("stone", "wood", "clay", "mortar", "rope")
LOCATION_PARTS = [*names("tokens", KINDS), "closed", "bonus", "mine", "others", "visitors"]
BUILDING_PARTS = ["floor", "floors", "complete", "open", "mortar", "spaces", "filled", "ropes_needed"]
BOARD_PARTS = ["mine", "apprentice", "experience", "tools", "wheelbarrow"]


def observation_features(content: Content, boards: int) -> Features:
    places = [loc.id for loc in content.locations]
    where = {place: k for k, place in enumerate(places)}
    buildings = [b.id for b in content.buildings]
    phase, side, stage, mode = one_hot(PHASES), one_hot(SIDES), one_hot(STAGES), one_hot(MODES)
    place_hot, colour_hot, colour_count = one_hot(places), one_hot(COLOURS), counts(COLOURS)
    slot_names = (
        ["round", "years", *names("phase", PHASES), "event", *names("side", SIDES), "pending", "deck", "discard"]
        + ["crane", *names("reserve", RESERVE), *names("courtyard", KINDS), *names("cart", KINDS)]
        + names("cart_at", places)
        + [*names("bag", COLOURS), *names("out", COLOURS), *names("initiated", COLOURS)]
        + names("apprentice_colour", COLOURS)
        + ["worker", *names("stage", STAGES), *names("mode", MODES), "cart_actions", "finished_round"]
        + ["mill", "mill_built", "mill_spaces", "mill_filled"]
        + [f"{place}/{part}" for place in places for part in LOCATION_PARTS]
        + [f"{building}/{part}" for building in buildings for part in BUILDING_PARTS]
        + [f"board{b}/{part}" for b in range(boards) for part in BOARD_PARTS]
    )

    def tokens(held: dict[str, int]) -> list[float]:
        return [held.get(kind, 0) for kind in KINDS]

    def barrow(board: dict[str, Any]) -> float:
        if "wheelbarrow" in board:
            return sum(board["wheelbarrow"].values())
        return sum(sum(own["tokens"].values()) for own in board["wheelbarrows"])

    def building(view: dict[str, Any]) -> list[float]:
        needs = view["needs"]
        return [
            view["floor"],
            view["floors"],
            view["complete"],
            view["open"],
            view["mortar"],
            len(needs),
            sum(need["filled"] is not None for need in needs),
            view["ropes_needed"],
        ]

    def encode(observation: dict[str, Any]) -> list[float]:
        seat = observation["seat"]
        event, turn, mill = observation["event"], observation["turn"], observation["mill"]
        visitors = observation["visitors"]
        reserve = observation["reserve"]
        worker = turn["worker"]
        row = [
            observation["round"],
            observation["year"] - observation["first_year"],
            *phase(observation["phase"]),
            event["number"] if event else 0,
            *side(observation["event_side"]),
            len(observation["pending"]),
            observation["deck"],
            len(observation["discard"]),
            observation["crane"],
            *(reserve[good] for good in RESERVE),
            *tokens(observation["courtyard"]),
            *tokens(observation["cart"]["tokens"]),
            *place_hot(observation["cart"]["at"]),
            *colour_count(observation["bag"]),
            *colour_count([v["colour"] for v in visitors if v["at"] is not None]),
            *colour_count([v["colour"] for v in visitors if v["initiated"]]),
            *colour_hot(observation["apprentice_colour"]),
            0 if worker is None else worker + 1,
            *stage(turn["stage"]),
            *mode(turn["mode"]),
            turn["cart_actions"],
            observation["finished_round"],
            mill is not None,
            bool(mill and mill["built"]),
            len(mill["needs"]) if mill else 0,
            sum(need["filled"] is not None for need in mill["needs"]) if mill else 0,
        ]
        located = [[0.0] * len(LOCATION_PARTS) for _ in places]
        for loc in observation["locations"]:
            block = located[where[loc["id"]]]
            block[: len(KINDS)] = tokens(loc["tokens"])
            block[len(KINDS)] = loc["closed"]
            block[len(KINDS) + 1] = loc["bonus"]
        for pawn in observation["workers"]:
            located[where[pawn["at"]]][len(KINDS) + (2 if pawn["seat"] == seat else 3)] += 1.0
        for visitor in visitors:
            if visitor["at"] is not None:
                located[where[visitor["at"]]][-1] += 1.0
        for block in located:
            row += block
        for view in observation["buildings"]:
            row += building(view)
        for board in observation["boards"]:
            row += [board["seat"] == seat, board["apprentice"], board["experience"], board["tools"], barrow(board)]
        return row

    return Features(tuple(slot_names), encode)

"""A seat's observation as fixed numeric slots for learners (`Game.observation_features`).

Read from the seat's observation (observation.py) alone (Guédelon hides nothing but the
future: the deck's order and the bag's draws); `from_state` reads the same numbers straight
from the state for the learner's loop, only what observation.py shows (tests/rl/test_features.py
holds the two equal for every seat). Slot names say what each holds. Blocks, in order:

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

from array import array
from collections.abc import Iterable
from itertools import compress
from operator import ne, or_
from struct import Struct
from typing import Any

from meeple.engine import Features
from meeple.engine.features import Pieces, counts, floats, names, one_hot, packer
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
    Guedelon,
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

    # --- the same slots read from the state (Features.from_state), as observation.py shows it ---
    shown_always = [not loc.expansion for loc in content.locations]  # the Mill's only with the Mill
    accepts = [[len(spaces) for spaces in floors] for floors in content.floors]  # spaces per floor
    floors_of = [len(floors) for floors in content.floors]
    per_floor, castle, mill_spaces = content.rope_per_floor, content.castle, len(content.mill_needs)
    hidden = [0.0] * (len(KINDS) + 2)  # a location not shown: no tokens, not closed, no bonus
    located_step = 4 * len(LOCATION_PARTS)  # bytes of one location's block
    located_size, put = located_step * len(shown_always), Struct(f"{len(LOCATION_PARTS)}f").pack_into
    count = len(COLOURS)

    def castle_state(floor_of: tuple[int, ...], mortar: tuple[int, ...], crane: int, filled: tuple) -> list[float]:
        made: list[float] = []
        for b, floors in enumerate(floors_of):
            floor = floor_of[b]
            done = floor >= floors
            needs = 0 if done else min(accepts[b][floor], len(filled[b]))
            made += [
                floor,
                floors,
                done,
                mortar[b] == 1 and crane >= floor * per_floor,
                bool(mortar[b]),
                needs,
                sum(f >= 0 for f in filled[b][:needs]),
                floor * per_floor,
            ]
        return made

    castle_piece = Pieces(castle_state)
    phase_bytes, side_bytes = (
        {name: floats(phase(name)) for name in PHASES},
        {name: floats(side(name)) for name in SIDES},
    )
    side_bytes[""] = floats(side(""))
    cart_bytes = [floats(place_hot(place)) for place in places]
    colour_bytes = [floats(colour_hot(colour)) for colour in COLOURS] + [floats(colour_hot(None))]
    turn_bytes = {(s, m): floats([*stage(s), *mode(m)]) for s in STAGES for m in MODES}
    head, one, tail = packer(2), packer(1), packer(6)
    table = packer(4 + len(RESERVE) + 2 * len(KINDS))
    # What each seat's last row was made from: the visitors (where, which colour, initiated) with their
    # counts, the workers (where, whose) with their counts, the locations (closed, bonuses, the
    # Mill, each one's tokens and pawn counts, and the block in which only the locations whose
    # tokens or pawns changed are packed again: tokens change at about half the steps of random
    # play, at one location), the castle's inputs with its block, and the boards' (experience,
    # tools, actors, and apart the wheelbarrows, which change at most steps: only their sums are
    # made again). The whole row is joined anew at each observation (one copy).
    kept: dict[int, list[Any]] = {}

    def from_state(game: Any, state: Guedelon, seat: int, legal: list[Any]) -> array:
        mine = kept.get(seat) or kept.setdefault(seat, [None] * 5)
        tokens, loc_of, colour_of, up = state.tokens, state.visitor_loc, state.visitor_colour, state.visitor_up
        mill, mill_filled, crane, app = state.mill, state.mill_filled, state.crane, state.app_colour
        places_count = len(shown_always)
        known = mine[0]
        if known is None or loc_of != known[0] or colour_of != known[1] or up != known[2]:
            visitors = [0] * places_count
            bag, out, initiated = [0.0] * count, [0.0] * count, [0.0] * count
            for p, loc in enumerate(loc_of):
                colour = colour_of[p]
                if loc < 0:
                    bag[colour] += 1.0
                else:
                    out[colour] += 1.0
                    visitors[loc] += 1
                if up[p]:
                    initiated[colour] += 1.0
            known = mine[0] = (loc_of[:], colour_of[:], up[:], visitors, floats([*bag, *out, *initiated]))
        visitors = known[3]
        actor_seat, actor_loc = state.actor_seat, state.actor_loc
        known = mine[1]
        if known is None or actor_loc != known[0] or actor_seat != known[1]:
            workers, others = [0] * places_count, [0] * places_count
            for actor, loc in enumerate(actor_loc):
                if actor_seat[actor] == seat:
                    workers[loc] += 1
                else:
                    others[loc] += 1
            known = mine[1] = (actor_loc[:], actor_seat[:], workers, others)
        workers, others = known[2], known[3]
        spaces = min(mill_spaces, len(mill_filled))
        parts = [
            head(state.round, state.round - 1),
            phase_bytes.get(state.phase) or floats(phase(state.phase)),
            one(state.event),
            side_bytes.get(state.side) or floats(side(state.side)),
            table(
                len(state.pending),
                len(state.deck),
                len(state.discard),
                crane,
                *state.reserve,
                *tokens[castle],
                *tokens[-1],
            ),
            cart_bytes[state.cart_loc],
            mine[0][4],
            colour_bytes[app],
            one(state.order[state.pos] + 1 if state.phase == TURN else 0),
            turn_bytes.get((state.stage, state.mode)) or floats([*stage(state.stage), *mode(state.mode)]),
            tail(
                state.cart_left,
                state.finished,
                mill >= 0,
                mill == 1,
                spaces if mill >= 0 else 0,
                sum(f >= 0 for f in mill_filled[:spaces]) if mill >= 0 else 0,
            ),
        ]
        closed, production, shows = state.closed, state.production, mill >= 0
        known = mine[2]
        if known is None or closed != known[0] or production != known[1] or mill != known[2]:
            blank = [None] * places_count
            known = mine[2] = [closed[:], production[:], mill, blank[:], None, None, blank, bytearray(located_size)]
        held_now, seen = tokens[:places_count], known[3]
        counted = known[6]
        if known[4] is not mine[0] or known[5] is not mine[1]:  # pawns moved since: count them again
            known[4], known[5] = mine[0], mine[1]
            moved = list(zip(workers, others, visitors, strict=True))
            news = map(or_, map(ne, held_now, seen), map(ne, moved, counted))
            changed: Iterable[int] = compress(range(places_count), news)
            counted = known[6] = moved
        elif held_now != seen:
            changed = compress(range(places_count), map(ne, held_now, seen))
        else:
            changed = ()
        located = known[7]
        for i in list(changed):
            held = held_now[i]
            if shown_always[i] or shows:
                put(located, i * located_step, *held, i in closed, production[i], *counted[i])
            else:
                put(located, i * located_step, *hidden, *counted[i])
            seen[i] = held[:]
        parts.append(located)
        floor, mortar, filled = state.floor, state.mortar, state.filled
        known = mine[3]
        if known is None or floor != known[0] or mortar != known[1] or crane != known[2] or filled != known[3]:
            key = (tuple(floor), tuple(mortar), crane, tuple(map(tuple, filled)))
            known = mine[3] = (floor[:], mortar[:], crane, [f[:] for f in filled], castle_piece(key, *key))
        parts.append(known[4])
        actor_board, apprentice, exp, tools = state.actor_board, state.apprentice, state.exp, state.tools
        known = mine[4]
        if (
            known is None
            or exp != known[1]
            or tools != known[2]
            or actor_board != known[3]
            or apprentice != known[4]
            or actor_seat != known[5]
        ):
            per_actor = len(tokens) - len(production) - 1 == len(actor_board)
            actors_of: list[list[int]] = [[] for _ in range(state.boards)]
            for actor, board in enumerate(actor_board):
                actors_of[board].append(actor)
            boards, pushed = [], []  # each board's numbers but its wheelbarrow's; the containers it sums
            for b, actors in enumerate(actors_of):
                boards.append(
                    (actor_seat[actors[0]] == seat, apprentice >= 0 and actor_board[apprentice] == b, exp[b], tools[b])
                )
                pushed.append(
                    [state.barrow(actor) for actor in (actors if per_actor and len(actors) > 1 else actors[:1])]
                )
            known = mine[4] = [None, exp[:], tools[:], actor_board[:], apprentice, actor_seat[:], boards, pushed, b""]
        barrows = tokens[len(production) : -1]
        if barrows != known[0]:
            known[0] = [held[:] for held in barrows]
            carried = [sum(map(sum, map(tokens.__getitem__, containers))) for containers in known[7]]
            known[8] = floats([x for numbers, load in zip(known[6], carried, strict=True) for x in (*numbers, load)])
        parts.append(known[8])
        return array("f", b"".join(parts))

    return Features(tuple(slot_names), encode, from_state)

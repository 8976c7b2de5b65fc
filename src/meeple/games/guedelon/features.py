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
from itertools import compress
from operator import ne
from struct import Struct
from typing import Any

from meeple.engine import Features
from meeple.engine.features import Pieces, counts, floats, names, one_hot
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
    located_size = located_step * len(shown_always)
    put_tokens = Struct(f"{len(KINDS) + 2}f").pack_into  # a location's tokens, closed and bonus
    put_pawns, pawns_at = Struct("3f").pack_into, 4 * (len(KINDS) + 2)  # its workers, others' and visitors
    count, places_count = len(COLOURS), len(shown_always)  # the locations are the first containers

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
    # The whole row is one `struct.pack`: the numbers that change at most steps as floats, each
    # one-hot and kept block as its float32 bytes (`Ns`), in slot order.
    table_count = 4 + len(RESERVE) + 2 * len(KINDS)
    castle_size = 4 * len(BUILDING_PARTS) * len(floors_of)
    board_format = f"{4 * (len(BOARD_PARTS) - 1)}sf"  # a board's numbers as bytes, then its load
    row_format = Struct(
        f"={4 * (3 + len(PHASES) + len(SIDES))}s{4 * table_count}s{4 * len(places)}s{12 * count}s{4 * count}s"
        f"f{4 * (len(STAGES) + len(MODES))}s6f{located_size}s{castle_size}s{4 * len(BOARD_PARTS) * boards}s"
    )
    boards_pack = Struct(f"={board_format * boards}").pack
    if row_format.size != 4 * len(slot_names):
        raise ValueError(f"Guédelon's row format does not cover its {len(slot_names)} named slots")
    # What each seat's last row was made from: the visitors (where, which colour, initiated) with their
    # counts, the workers (where, whose) with their counts, the locations (closed, bonuses, the
    # Mill, each one's tokens and pawn counts, and the block in which only the locations whose
    # tokens changed, or whose pawn counts did, have those slots packed again: tokens change at
    # about half the steps of random play, at one location; pawns at one in five), the castle's
    # inputs with its block, and the boards' numbers but their loads (experience, tools, actors)
    # as bytes, with each wheelbarrow's load (summed at every observation) set between them and the
    # block packed again when a load changed.
    kept: dict[int, list[Any]] = {}
    # The table's counts and goods (pending, deck, discard, crane, reserve, courtyard, cart: changed at
    # under one step in five), seen alike by every seat: kept once, with copies of their inputs.
    table_pack = Struct(f"{table_count}f").pack
    table: list[Any] = [None, b""]
    # The head (round, years, phase, event card and side: changed a few times a round), kept alike.
    head_pack, head = Struct("2f").pack, [None, b""]

    def from_state(game: Any, state: Guedelon, seat: int, legal: list[Any]) -> array:
        mine = kept.get(seat) or kept.setdefault(seat, [None] * 5)
        tokens, loc_of, colour_of, up = state.tokens, state.visitor_loc, state.visitor_colour, state.visitor_up
        actor_seat, actor_loc, mill, crane = state.actor_seat, state.actor_loc, state.mill, state.crane
        pawns = False  # whether the visitors or the workers moved since this seat's last row
        known = mine[0]
        if known is None or (loc_of, colour_of, up) != known[0]:
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
            known = mine[0] = ((loc_of[:], colour_of[:], up[:]), visitors, floats([*bag, *out, *initiated]))
            pawns = True
        _, visitors, visiting = known
        known = mine[1]
        if known is None or (actor_loc, actor_seat) != known[0]:
            workers, others = [0] * places_count, [0] * places_count
            for actor, loc in enumerate(actor_loc):
                if actor_seat[actor] == seat:
                    workers[loc] += 1
                else:
                    others[loc] += 1
            known = mine[1] = ((actor_loc[:], actor_seat[:]), workers, others)
            pawns = True
        _, workers, others = known
        closed, production, shows = state.closed, state.production, mill >= 0
        known = mine[2]
        if known is None or (closed, production, mill) != known[0]:
            blank = [None] * places_count
            known = mine[2] = [(closed[:], production[:], mill), blank[:], blank, bytearray(located_size)]
            pawns = True
        held_now, seen, located = tokens[:places_count], known[1], known[3]
        if pawns:  # the pawn counts packed again where they changed
            counted = list(zip(workers, others, visitors, strict=True))
            for i in compress(range(places_count), map(ne, counted, known[2])):
                put_pawns(located, i * located_step + pawns_at, *counted[i])
            known[2] = counted
        if held_now != seen:  # the tokens (with closed and bonus) packed again where they changed
            for i in compress(range(places_count), map(ne, held_now, seen)):
                held = held_now[i]
                if shown_always[i] or shows:
                    put_tokens(located, i * located_step, *held, i in closed, production[i])
                else:
                    put_tokens(located, i * located_step, *hidden)
                seen[i] = held[:]
        floor, mortar, filled = state.floor, state.mortar, state.filled
        known = mine[3]
        if known is None or (floor, mortar, crane, filled) != known[0]:
            key = (tuple(floor), tuple(mortar), crane, tuple(map(tuple, filled)))
            known = mine[3] = ((floor[:], mortar[:], crane, [f[:] for f in filled]), castle_piece(key, *key))
        _, built = known
        actor_board, apprentice, exp, tools = state.actor_board, state.apprentice, state.exp, state.tools
        known = mine[4]
        if known is None or (exp, tools, actor_board, apprentice, actor_seat) != known[0]:
            per_actor = len(tokens) - places_count - 1 == len(actor_board)
            actors_of: list[list[int]] = [[] for _ in range(state.boards)]
            for actor, board in enumerate(actor_board):
                actors_of[board].append(actor)
            boards: list[Any] = []  # each board's numbers but its load as bytes, then its load
            pushed = []  # the wheelbarrows each board's load sums
            for b, actors in enumerate(actors_of):
                mark = (actor_seat[actors[0]] == seat, apprentice >= 0 and actor_board[apprentice] == b)
                boards += [floats([*mark, exp[b], tools[b]]), 0]
                pushed.append(
                    [
                        state.barrow(actor) - places_count
                        for actor in (actors if per_actor and len(actors) > 1 else actors[:1])
                    ]
                )
            inputs = (exp[:], tools[:], actor_board[:], apprentice, actor_seat[:])
            alone = pushed == [[b] for b in range(len(pushed))]  # board b pushes wheelbarrow b (but solo's own)
            known = mine[4] = [inputs, boards, None if alone else pushed, None, b""]
        loads = list(map(sum, tokens[places_count:-1]))  # each wheelbarrow's load
        if known[2] is not None:
            loads = [sum(map(loads.__getitem__, each)) for each in known[2]]
        if loads != known[3]:
            known[3] = loads
            boards = known[1]
            boards[1::2] = loads
            known[4] = boards_pack(*boards)
        courtyard, cart, reserve = tokens[castle], tokens[-1], state.reserve
        now = (len(state.pending), len(state.deck), len(state.discard), crane, reserve, courtyard, cart)
        if now != table[0]:
            table[0] = (*now[:4], reserve[:], courtyard[:], cart[:])
            table[1] = table_pack(*now[:4], *reserve, *courtyard, *cart)
        now = (state.round, state.phase, state.event, state.side)
        if now != head[0]:
            head[0] = now
            head[1] = b"".join(
                (
                    head_pack(state.round, state.round - 1),
                    phase_bytes.get(state.phase) or floats(phase(state.phase)),
                    floats([state.event]),
                    side_bytes.get(state.side) or floats(side(state.side)),
                )
            )
        if shows:
            mill_filled = state.mill_filled
            spaces = min(mill_spaces, len(mill_filled))
            filling = sum(f >= 0 for f in mill_filled[:spaces])
        else:
            spaces = filling = 0
        return array(
            "f",
            row_format.pack(
                head[1],
                table[1],
                cart_bytes[state.cart_loc],
                visiting,
                colour_bytes[state.app_colour],
                state.order[state.pos] + 1 if state.phase == TURN else 0,
                turn_bytes.get((state.stage, state.mode)) or floats([*stage(state.stage), *mode(state.mode)]),
                state.cart_left,
                state.finished,
                shows,
                mill == 1,
                spaces,
                filling,
                located,
                built,
                known[4],
            ),
        )

    return Features(tuple(slot_names), encode, from_state)

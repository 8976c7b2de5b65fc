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

    # Where each block starts in the row's bytes (4 a slot), found by the slots' names.
    def at(name: str) -> int:
        return 4 * slot_names.index(name)

    table_at, courtyard_at, cart_at = at("pending"), at(f"courtyard/{KINDS[0]}"), at(f"cart/{KINDS[0]}")
    place_at, visiting_at = at(f"cart_at/{places[0]}"), at(f"bag/{COLOURS[0]}")
    colour_at, turn_at, ends_at = at(f"apprentice_colour/{COLOURS[0]}"), at("worker"), at("finished_round")
    token_at = [at(f"{place}/{LOCATION_PARTS[0]}") for place in places]  # a location's tokens, closed, bonus
    pawn_at = [at(f"{place}/mine") for place in places]  # its workers, others' and visitors
    castle_at, boards_at = at(f"{buildings[0]}/{BUILDING_PARTS[0]}"), at("board0/mine")
    load_at = [at(f"board{b}/wheelbarrow") for b in range(boards)]
    mark_at = [at(f"board{b}/mine") for b in range(boards)]
    put_head = Struct(f"=2f{4 * len(PHASES)}sf{4 * len(SIDES)}s").pack_into  # round, years, phase, event, side
    put_counts = Struct(f"={4 + len(RESERVE)}f").pack_into  # pending, deck, discard, crane, the reserve
    put_kinds = Struct(f"={len(KINDS)}f").pack_into  # the courtyard's or the cart's tokens
    put_turn = Struct(f"=f{4 * (len(STAGES) + len(MODES))}sf").pack_into  # the worker, stage and mode, cart actions
    put_ends = Struct("=5f").pack_into  # the round finished, the Mill (present, built, spaces, filled)
    put_tokens = Struct(f"={len(KINDS) + 2}f").pack_into  # a location's tokens, closed and bonus
    put_pawns, put_mine, put_one = Struct("=3f").pack_into, Struct("=2f").pack_into, Struct("=f").pack_into
    put_boards = Struct(f"={len(BOARD_PARTS) * boards}f").pack_into  # the boards' numbers, in slot order

    class Row:
        """The row as seat 0 sees it, as the last observation left it, with what its blocks were made from."""

        __slots__ = ("boards_of", "key", "pawns", "places_of", "pushed", "row", "tokens", "view", "visitors", "workers")

        def __init__(self) -> None:
            self.row = array("f", bytes(4 * len(slot_names)))
            self.view = memoryview(self.row).cast("B")
            self.key: list[Any] = [None] * len(writers)  # copies of `from_state`'s groups as last written
            self.tokens: list[Any] = []  # a copy of every container's tokens as last packed
            self.pawns: list[Any] = [None] * places_count  # each location's (workers, others', visitors)
            self.visitors = [0] * places_count  # visitors at each location
            self.workers = ([0] * places_count, [0] * places_count)  # seat 0's workers and others' at each
            self.pushed: list[list[int]] | None = None  # the wheelbarrows each board's load sums (None: its own)
            self.places_of: dict[int, list[int]] = {}  # where each seat's workers are
            self.boards_of: dict[int, list[int]] = {}  # each seat's boards

    # The writers: each packs its group's block into the row and gives the copy of the group to keep.
    def head(state: Guedelon, kept: Row, now: tuple) -> tuple:
        round_, phase_now, event, side_now = now
        put_head(
            kept.view,
            0,
            round_,
            round_ - 1,
            phase_bytes.get(phase_now) or floats(phase(phase_now)),
            event,
            side_bytes.get(side_now) or floats(side(side_now)),
        )
        return now  # numbers and strings: kept as they are

    def table(state: Guedelon, kept: Row, now: tuple) -> tuple:
        pending, deck, discard, crane, reserve = now
        put_counts(kept.view, table_at, len(pending), len(deck), len(discard), crane, *reserve)
        return (pending[:], deck[:], discard[:], crane, reserve[:])

    def marks(state: Guedelon, kept: Row, now: tuple) -> tuple:
        cart_loc, app_colour = now
        kept.view[place_at:visiting_at] = cart_bytes[cart_loc]
        kept.view[colour_at:turn_at] = colour_bytes[app_colour]
        return now

    def pack_pawns(kept: Row) -> None:
        """The pawn counts packed again at the locations where they changed."""
        counted = list(zip(*kept.workers, kept.visitors, strict=True))
        for i in compress(range(places_count), map(ne, counted, kept.pawns)):
            put_pawns(kept.view, pawn_at[i], *counted[i])
        kept.pawns = counted

    def workers(state: Guedelon, kept: Row, now: tuple) -> tuple:
        actor_loc, actor_seat = now
        own, others = [0] * places_count, [0] * places_count
        places_of: dict[int, list[int]] = {}
        for actor, loc in enumerate(actor_loc):
            if actor_seat[actor] == 0:
                own[loc] += 1
            else:
                others[loc] += 1
            places_of.setdefault(actor_seat[actor], []).append(loc)
        kept.workers, kept.places_of = (own, others), places_of
        pack_pawns(kept)
        return (actor_loc[:], actor_seat[:])

    def visitors(state: Guedelon, kept: Row, now: tuple) -> tuple:
        loc_of, colour_of, up = now
        there = [0] * places_count
        bag, out, initiated = [0.0] * count, [0.0] * count, [0.0] * count
        for p, loc in enumerate(loc_of):
            colour = colour_of[p]
            if loc < 0:
                bag[colour] += 1.0
            else:
                out[colour] += 1.0
                there[loc] += 1
            if up[p]:
                initiated[colour] += 1.0
        kept.view[visiting_at:colour_at] = floats([*bag, *out, *initiated])
        kept.visitors = there
        pack_pawns(kept)
        return (loc_of[:], colour_of[:], up[:])

    def ends(state: Guedelon, kept: Row, now: tuple) -> tuple:
        finished, mill, mill_filled = now
        spaces = min(mill_spaces, len(mill_filled)) if mill >= 0 else 0
        filling = sum(f >= 0 for f in mill_filled[:spaces])
        put_ends(kept.view, ends_at, finished, mill >= 0, mill == 1, spaces, filling)
        return (finished, mill, mill_filled[:])

    def shown(state: Guedelon, kept: Row, now: tuple) -> tuple:
        """Closed, bonuses or the Mill changed: every location's tokens are packed again (`carried`)."""
        closed, production, mill = now
        kept.tokens[:places_count] = [None] * places_count
        return (closed[:], production[:], mill)

    def built(state: Guedelon, kept: Row, now: tuple) -> tuple:
        floor, mortar, crane, filled = now
        shape = (tuple(floor), tuple(mortar), crane, tuple(map(tuple, filled)))
        kept.view[castle_at:boards_at] = castle_piece(shape, *shape)
        return (floor[:], mortar[:], crane, [f[:] for f in filled])

    def load(tokens: list[list[int]], wheelbarrows: list[int]) -> int:
        """The tokens in these wheelbarrows (a board's load)."""
        return sum(sum(tokens[places_count + w]) for w in wheelbarrows)

    def numbers(state: Guedelon, kept: Row, now: tuple) -> tuple:
        """Each board's numbers (whose, the apprentice's, experience, tools, its load), and which
        wheelbarrows its load sums (its own; solo's two workers with their own each push one)."""
        exp, tools, actor_board, apprentice, actor_seat = now
        tokens = state.tokens
        per_actor = len(tokens) - places_count - 1 == len(actor_board)
        actors_of: list[list[int]] = [[] for _ in range(boards)]
        for actor, board in enumerate(actor_board):
            actors_of[board].append(actor)
        made: list[Any] = []
        pushed = []
        kept.boards_of = {}
        for b, actors in enumerate(actors_of):
            pushing = actors if per_actor and len(actors) > 1 else actors[:1]
            pushed.append([state.barrow(actor) - places_count for actor in pushing])
            mark = (actor_seat[actors[0]] == 0, apprentice >= 0 and actor_board[apprentice] == b)
            kept.boards_of.setdefault(actor_seat[actors[0]], []).append(b)
            made += [*mark, exp[b], tools[b], load(tokens, pushed[-1])]
        put_boards(kept.view, boards_at, *made)
        kept.pushed = None if pushed == [[b] for b in range(boards)] else pushed
        return (exp[:], tools[:], actor_board[:], apprentice, actor_seat[:])

    # What writes each group of `from_state`'s key, in its order; each gives the copy to keep.
    writers = (head, table, marks, workers, visitors, ends, shown, built, numbers)
    groups = range(len(writers))

    def carried(state: Guedelon, kept: Row, tokens: list[list[int]]) -> None:
        """The containers whose tokens changed packed again: a location's tokens (with closed and
        bonus; tokens change at about half the steps of random play, mostly at one location), the
        courtyard's and the cart's in the table, a board's wheelbarrow load."""
        seen, view, cart = kept.tokens, kept.view, len(tokens) - 1
        if len(seen) != len(tokens):  # the first row, or another number of wheelbarrows: all packed again
            seen = kept.tokens = [None] * len(tokens)
            numbers(state, kept, kept.key[-1])
        for i in compress(range(len(tokens)), map(ne, tokens, seen)):
            held = seen[i] = tokens[i][:]
            if i < places_count:
                if shown_always[i] or state.mill >= 0:
                    put_tokens(view, token_at[i], *held, i in state.closed, state.production[i])
                else:
                    put_tokens(view, token_at[i], *hidden)
                if i == castle:
                    put_kinds(view, courtyard_at, *held)
            elif i == cart:
                put_kinds(view, cart_at, *held)
            elif kept.pushed is None:  # board b pushes wheelbarrow b
                put_one(view, load_at[i - places_count], sum(held))
            else:
                for b, each in enumerate(kept.pushed):
                    if i - places_count in each:
                        put_one(view, load_at[b], load(tokens, each))

    def seen_by(made: array, seat: int) -> array:
        """Seat 0's row `made` as `seat` sees it: the workers it moves are its own, others' the rest,
        and its boards are its own (nothing else in the row depends on the seat)."""
        own, others = shared.workers
        mine, boards_of = shared.places_of.get(seat, []), shared.boards_of
        for loc in {*mine, *shared.places_of.get(0, ())}:
            n = mine.count(loc)
            put_mine(made, pawn_at[loc], n, own[loc] + others[loc] - n)
        for b in boards_of.get(0, ()):
            put_one(made, mark_at[b], 0)
        for b in boards_of.get(seat, ()):
            put_one(made, mark_at[b], 1)
        return made

    # One row for every seat, as seat 0 sees it, with what it was made from: the rarely changing
    # blocks are written again only when their group of the key (compared by value with copies)
    # changed, the containers' tokens where they changed, and the turn (worker, stage, mode, cart
    # actions) every time; another seat's copy has its own workers and board marked (`seen_by`).
    shared = Row()

    def from_state(game: Any, state: Guedelon, seat: int, legal: list[Any]) -> array:
        kept = shared
        now = [
            (state.round, state.phase, state.event, state.side),
            (state.pending, state.deck, state.discard, state.crane, state.reserve),
            (state.cart_loc, state.app_colour),
            (state.actor_loc, state.actor_seat),
            (state.visitor_loc, state.visitor_colour, state.visitor_up),
            (state.finished, state.mill, state.mill_filled),
            (state.closed, state.production, state.mill),
            (state.floor, state.mortar, state.crane, state.filled),
            (state.exp, state.tools, state.actor_board, state.apprentice, state.actor_seat),
        ]
        key = kept.key
        if now != key:
            for k in compress(groups, map(ne, now, key)):
                key[k] = writers[k](state, kept, now[k])
        tokens = state.tokens
        if tokens != kept.tokens:
            carried(state, kept, tokens)
        put_turn(
            kept.view,
            turn_at,
            state.order[state.pos] + 1 if state.phase == TURN else 0,
            turn_bytes.get((state.stage, state.mode)) or floats([*stage(state.stage), *mode(state.mode)]),
            state.cart_left,
        )
        return kept.row[:] if seat == 0 else seen_by(kept.row[:], seat)

    return Features(tuple(slot_names), encode, from_state)

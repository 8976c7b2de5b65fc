"""What a seat sees. Guédelon hides nothing: the bag's contents are the pawns not on the board,
the event deck's remaining cards are known (their order is drawn only when a card is drawn, from
the state's random stream). The observation is still built field by field from an allow-list,
so a field added to the state is not shown until someone decides to show it.
"""

from functools import cache
from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.guedelon import flow
from meeple.games.guedelon.content import COLOURS, KINDS, Content
from meeple.games.guedelon.events import actor_name
from meeple.games.guedelon.state import Guedelon

KEPT = 4096  # the most entries a table of shared pieces keeps before it starts afresh
_TOKEN_VIEWS: dict[tuple[int, ...], dict[str, int]] = {}


def _tokens(counts: list[int]) -> dict[str, int]:
    """The tokens of a container by kind, those it holds only: one dict per mix of tokens, shared."""
    key = tuple(counts)
    made = _TOKEN_VIEWS.get(key)
    if made is None:
        if len(_TOKEN_VIEWS) >= KEPT:
            _TOKEN_VIEWS.clear()
        made = _TOKEN_VIEWS[key] = {KINDS[k]: n for k, n in enumerate(counts) if n}
    return made


def _card(number: int, content: Content) -> dict[str, Any]:
    card = content.cards[number]
    return {"number": number, "name": card.name, "series": card.series, "text": card.text}


class Static:
    """The parts of an observation that never change for one content, made once and shared by
    every observation: read-only for every consumer (tests/games/guedelon/test_observation.py
    runs them all and checks these are untouched). Besides these, each location and building as
    observations show it, made when first seen in that condition and shared too (`place`,
    `building`, `visitor`)."""

    def __init__(self, content: Content) -> None:
        self.locations = tuple(
            (
                i,
                loc.expansion,
                {"id": loc.id, "number": loc.number, "name": loc.name, "kind": loc.kind, "x": loc.x, "y": loc.y},
            )
            for i, loc in enumerate(content.locations)
        )
        self.ids = ids = tuple(loc.id for loc in content.locations)
        # per Mill option (False, True): the cart paths shown
        self.cart_paths = tuple(
            [[ids[a], ids[b]] for a, b in content.cart_paths if mill or (a, b) not in content.mill_paths]
            for mill in (False, True)
        )
        # per Mill built (False, True): each colour's route
        self.routes = tuple(
            {COLOURS[c]: [ids[i] for i in steps[c]] for c in range(len(COLOURS))}
            for steps in (content.routes, content.mill_routes)
        )
        self.bag_years = sorted(content.bag_years)
        # per building: id, name, floors, the kinds each space of each floor accepts, and the
        # floors after each floor (one entry more: none after the last)
        accepts = [[[[KINDS[k] for k in space] for space in floor] for floor in floors] for floors in content.floors]
        self.buildings = tuple(
            (building.id, building.name, len(floors), accepts[b], [floors[f + 1 :] for f in range(len(floors) + 1)])
            for b, (building, floors) in enumerate(zip(content.buildings, accepts, strict=True))
        )
        self.mill_accepts = [[KINDS[k] for k in space] for space in content.mill_needs]
        # (location, its tokens, closed, bonus) -> the location as observations show it
        self.places: dict[tuple[Any, ...], dict[str, Any]] = {}
        # (building, floor, mortar laid, open, its current floor's spaces) -> the building shown
        self.shown_buildings: dict[tuple[Any, ...], dict[str, Any]] = {}
        self.per_floor = content.rope_per_floor
        # (colour, location or -1 in the bag, initiated) -> a visitor pawn as observations show it
        self.visitors: dict[tuple[int, int, bool], dict[str, Any]] = {}
        self.reserve_names = ("stone", "wood", "clay", "mortar", "rope")

    def place(self, key: tuple[Any, ...]) -> dict[str, Any]:
        """A location with the tokens on it, whether an event closed it, and its production bonus."""
        i, counts, closed, bonus = key
        if len(self.places) >= KEPT:
            self.places.clear()
        made = self.places[key] = {**self.locations[i][2], "tokens": _tokens(counts), "closed": closed, "bonus": bonus}
        return made

    def visitor(self, key: tuple[int, int, bool]) -> dict[str, Any]:
        """A visitor pawn: its colour, where it stands (None: in the bag) and whether initiated (6.2)."""
        colour, loc, up = key
        made = self.visitors[key] = {
            "colour": COLOURS[colour],
            "at": self.ids[loc] if loc >= 0 else None,
            "initiated": up,
        }
        return made

    def building(self, key: tuple[Any, ...]) -> dict[str, Any]:
        """7.10: a building's floor, what its current floor still needs, and the floors after it;
        open when its mortar is laid and the crane holds the floor's ropes (7.6, 7.7)."""
        b, floor, mortar, crane_ready, filled = key
        building_id, name, floors, accepts, later = self.buildings[b]
        done = floor >= floors
        if len(self.shown_buildings) >= KEPT:
            self.shown_buildings.clear()
        made = self.shown_buildings[key] = {
            "id": building_id,
            "name": name,
            "mortar": bool(mortar),
            "floor": floor,
            "floors": floors,
            "complete": done,
            "open": mortar == 1 and crane_ready,
            "needs": [] if done else _needs(accepts[floor], filled),
            "ropes_needed": floor * self.per_floor,
            "later_floors": later[floor],
        }
        return made


@cache
def static(content: Content) -> Static:
    return Static(content)


def _boards(state: Guedelon) -> list[dict[str, Any]]:
    """3.1-3.3: each player board's experience, tools and wheelbarrow, and who plays it. 11.3 with
    solo_wheelbarrow=own: the solo board's two worker pawns each push their own, listed under
    `wheelbarrows` with the pawn's name."""
    actors_of: list[list[int]] = [[] for _ in range(state.boards)]
    for actor, board in enumerate(state.actor_board):
        actors_of[board].append(actor)
    per_actor = state.barrow_per_actor
    found = []
    for b, actors in enumerate(actors_of):
        board = {"experience": state.exp[b], "tools": state.tools[b]}
        if per_actor and len(actors) > 1:
            board["wheelbarrows"] = [
                {"worker": actor_name(state, a), "tokens": _tokens(state.tokens[state.barrow(a)])} for a in actors
            ]
        else:
            board["wheelbarrow"] = _tokens(state.tokens[state.barrow(actors[0])])
        board["seat"] = state.actor_seat[actors[0]]
        board["apprentice"] = state.apprentice >= 0 and state.actor_board[state.apprentice] == b
        found.append(board)
    return found


def _needs(accepts: list[list[str]], filled: list[int]) -> list[dict[str, Any]]:
    return [
        {"accepts": space, "filled": KINDS[f] if f >= 0 else None} for space, f in zip(accepts, filled, strict=False)
    ]


def _buildings(state: Guedelon, known: Static) -> list[dict[str, Any]]:
    """7.10: each building as observations show it (Static.building)."""
    crane, per_floor, shown = state.crane, known.per_floor, known.shown_buildings
    found = []
    for b, (floor, mortar, filled) in enumerate(zip(state.floor, state.mortar, state.filled, strict=True)):
        key = (b, floor, mortar, crane >= floor * per_floor, tuple(filled))
        found.append(shown.get(key) or known.building(key))
    return found


def observation(state: Guedelon, seat: int | None, content: Content) -> dict[str, Any]:
    known = static(content)
    tokens, closed, production = state.tokens, state.closed, state.production
    mill = state.mill >= 0
    location_names, places, visitors = known.ids, known.places, known.visitors
    return {
        "game": "guedelon",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "rounds": content.rounds,
        "year": flow.year(state, content),
        "bag_years": known.bag_years,
        "first_year": content.first_year,
        "phase": state.phase,
        "to_move": list(flow.to_move(state)),
        "event": _card(state.event, content) if state.event else None,
        "event_side": state.side,
        "pending": state.pending[:],
        "deck": len(state.deck),
        "deck_cards": state.deck[:],
        "discard": state.discard[:],
        "locations": [
            places.get(key := (i, tuple(tokens[i]), i in closed, production[i])) or known.place(key)
            for i, expansion, _ in known.locations
            if not expansion or mill
        ],
        "cart_paths": known.cart_paths[mill],
        "routes": known.routes[state.mill == 1],
        "cart": {"at": location_names[state.cart_loc], "tokens": _tokens(tokens[state.cart])},
        "reserve": dict(zip(known.reserve_names, state.reserve, strict=True)),
        "crane": state.crane,
        "visitors": [
            visitors.get(key := (colour, loc, up)) or known.visitor(key)
            for colour, loc, up in zip(state.visitor_colour, state.visitor_loc, state.visitor_up, strict=True)
        ],
        "bag": [
            COLOURS[colour] for colour, loc in zip(state.visitor_colour, state.visitor_loc, strict=True) if loc < 0
        ],
        "buildings": _buildings(state, known),
        "courtyard": _tokens(tokens[content.castle]),
        "mill": None
        if state.mill < 0
        else {"built": state.mill == 1, "needs": _needs(known.mill_accepts, state.mill_filled)},
        "boards": _boards(state),
        "workers": [
            {
                "name": actor_name(state, a),
                "seat": state.actor_seat[a],
                "board": state.actor_board[a],
                "at": location_names[state.actor_loc[a]],
                "apprentice": a == state.apprentice,
            }
            for a in range(len(state.actor_loc))
        ],
        "apprentice_colour": COLOURS[state.app_colour] if state.app_colour >= 0 else None,
        "turn": {
            "worker": state.actor if state.phase == "turn" else None,
            "stage": state.stage,
            "mode": state.mode,
            "cart_actions": state.cart_left,
        },
        "finished_round": state.finished,
        "log": word_log(state.log, seat, 12),
    }


def determinize(state: Guedelon, rng: Rng) -> Guedelon:
    """Nothing is hidden, so the only unknown is future chance: a fresh random stream and seed."""
    sample = state.clone()
    sample.rng = Rng(rng.next64())
    sample.seed = 0
    return sample

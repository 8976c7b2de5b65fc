"""What a seat sees. Guédelon hides nothing: the bag's contents are the pawns not on the board,
the event deck's remaining cards are known (their order is drawn only when a card is drawn, from
the state's random stream). The observation is still built field by field from an allow-list,
so a field added to the state is not shown until someone decides to show it.
"""

from typing import Any

from meeple.engine import Rng
from meeple.engine.wording import word_log
from meeple.games.guedelon import flow
from meeple.games.guedelon.castle import building_done, can_build_on
from meeple.games.guedelon.content import COLOURS, KINDS, Content
from meeple.games.guedelon.events import actor_name
from meeple.games.guedelon.state import Guedelon


def _tokens(counts: list[int]) -> dict[str, int]:
    return {KINDS[k]: n for k, n in enumerate(counts) if n}


def _card(number: int, content: Content) -> dict[str, Any]:
    card = content.cards[number]
    return {"number": number, "name": card.name, "series": card.series, "text": card.text}


def _board_barrows(state: Guedelon, board: int) -> dict[str, Any]:
    """3.3: a board's wheelbarrow. 11.3 with solo_wheelbarrow=own: the solo board's two worker
    pawns each push their own, listed under `wheelbarrows` with the pawn's name."""
    actors = [a for a in range(len(state.actor_board)) if state.actor_board[a] == board]
    if state.barrow_per_actor and len(actors) > 1:
        return {
            "wheelbarrows": [
                {"worker": actor_name(state, a), "tokens": _tokens(state.tokens[state.barrow(a)])} for a in actors
            ]
        }
    return {"wheelbarrow": _tokens(state.tokens[state.barrow(actors[0])])}


def observation(state: Guedelon, seat: int | None, content: Content) -> dict[str, Any]:
    castle = content.loc("castle")
    return {
        "game": "guedelon",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "rounds": content.rounds,
        "year": flow.year(state, content),
        "bag_years": sorted(content.bag_years),
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
            {
                "id": loc.id,
                "number": loc.number,
                "name": loc.name,
                "kind": loc.kind,
                "x": loc.x,
                "y": loc.y,
                "tokens": _tokens(state.tokens[i]),
                "closed": i in state.closed,
                "bonus": state.production[i],
            }
            for i, loc in enumerate(content.locations)
            if not loc.expansion or state.mill >= 0
        ],
        "cart_paths": [
            [content.locations[a].id, content.locations[b].id]
            for a, b in content.cart_paths
            if state.mill >= 0 or (a, b) not in content.mill_paths
        ],
        "routes": {
            COLOURS[c]: [
                content.locations[i].id for i in (content.mill_routes if state.mill == 1 else content.routes)[c]
            ]
            for c in range(len(COLOURS))
        },
        "cart": {"at": content.locations[state.cart_loc].id, "tokens": _tokens(state.tokens[state.cart])},
        "reserve": dict(zip(("stone", "wood", "clay", "mortar", "rope"), state.reserve, strict=True)),
        "crane": state.crane,
        "visitors": [
            {
                "colour": COLOURS[state.visitor_colour[p]],
                "at": content.locations[loc].id if loc >= 0 else None,
                "initiated": state.visitor_up[p],
            }
            for p, loc in enumerate(state.visitor_loc)
        ],
        "bag": [COLOURS[state.visitor_colour[p]] for p, loc in enumerate(state.visitor_loc) if loc < 0],
        "buildings": [
            {
                "id": b.id,
                "name": b.name,
                "mortar": bool(state.mortar[i]),
                "floor": state.floor[i],
                "floors": len(content.floors[i]),
                "complete": building_done(state, i, content),
                "open": can_build_on(state, i, content),
                "needs": [
                    {"accepts": [KINDS[k] for k in space], "filled": KINDS[f] if f >= 0 else None}
                    for space, f in zip(
                        content.floors[i][state.floor[i]] if not building_done(state, i, content) else (),
                        state.filled[i],
                        strict=False,
                    )
                ],
                "ropes_needed": state.floor[i] * content.rope_per_floor,
                "later_floors": [
                    [[KINDS[k] for k in space] for space in floor] for floor in content.floors[i][state.floor[i] + 1 :]
                ],
            }
            for i, b in enumerate(content.buildings)
        ],
        "courtyard": _tokens(state.tokens[castle]),
        "mill": None
        if state.mill < 0
        else {
            "built": state.mill == 1,
            "needs": [
                {"accepts": [KINDS[k] for k in space], "filled": KINDS[f] if f >= 0 else None}
                for space, f in zip(content.mill_needs, state.mill_filled, strict=False)
            ],
        },
        "boards": [
            {
                "experience": state.exp[b],
                "tools": state.tools[b],
                **_board_barrows(state, b),
                "seat": next(state.actor_seat[a] for a in range(len(state.actor_board)) if state.actor_board[a] == b),
                "apprentice": state.apprentice >= 0 and state.actor_board[state.apprentice] == b,
            }
            for b in range(state.boards)
        ],
        "workers": [
            {
                "name": actor_name(state, a),
                "seat": state.actor_seat[a],
                "board": state.actor_board[a],
                "at": content.locations[state.actor_loc[a]].id,
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

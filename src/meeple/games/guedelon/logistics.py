"""Moving tokens: the wheelbarrow (3.3) and the cart (4).

Wheelbarrow: up to 3 tokens; loading and unloading at the worker's location are free and may
be repeated at the departure and arrival locations. Cart: up to 6 tokens; one cart action per
turn (three at the Stables, 7.9), before or after the worker's move: load up to 6 tokens, unload
any, or move along one cart path. Loading or unloading several tokens is one cart action made of
one decision per token, closed by `cart:done`.
"""

from meeple.engine import Action
from meeple.games.guedelon.castle import arrive_at_castle, needs_mortar
from meeple.games.guedelon.content import KIND_INDEX, KINDS, MORTAR, Content
from meeple.games.guedelon.state import BEFORE, CART_LOAD, CART_UNLOAD, NONE, Guedelon


def _kind_targets(state: Guedelon, kind: int, at: int, content: Content) -> list[str]:
    """Suffixes for unloading `kind` at `at`: mortar at the Castle needs a building (7.6)."""
    if kind == MORTAR and at == content.loc("castle"):
        return [f":{content.buildings[b].id}" for b in needs_mortar(state, content)]
    return [""]


def _unload_label(kind: int, suffix: str, content: Content) -> str:
    if suffix:
        return f"{KINDS[kind]} to the foot of building {suffix[1:]}"
    return KINDS[kind]


def barrow_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    """3.3: load from or unload to the worker's location, one token a decision."""
    at = state.actor_loc[actor]
    barrow = state.tokens[state.barrow(actor)]
    here = state.tokens[at]
    actions = []
    if sum(barrow) < content.wheelbarrow:
        for kind, count in enumerate(here):
            if count:
                actions.append(Action(f"load:{KINDS[kind]}", f"Load a {KINDS[kind]} into the wheelbarrow"))
    for kind, count in enumerate(barrow):
        if count:
            for suffix in _kind_targets(state, kind, at, content):
                label = _unload_label(kind, suffix, content)
                actions.append(Action(f"unload:{KINDS[kind]}{suffix}", f"Unload a {label} from the wheelbarrow"))
    return actions


def cart_available(state: Guedelon) -> bool:
    """4, 5.3: a cart action is left this turn (or card 10's extra one before moving)."""
    if state.no_cart:
        return False
    return state.cart_left > 0 or (state.stage == BEFORE and state.bonus_cart > 0)


def cart_neighbours(state: Guedelon, content: Content) -> list[int]:
    """Locations one cart path away; the Mill's paths only with the Mill option (12)."""
    found = []
    for a, b in content.cart_paths:
        if state.mill < 0 and (a, b) in content.mill_paths:
            continue
        if a == state.cart_loc:
            found.append(b)
        elif b == state.cart_loc:
            found.append(a)
    return sorted(found)


def _cart_loads(state: Guedelon, content: Content) -> list[Action]:
    cart = state.tokens[state.cart]
    if sum(cart) >= content.cart or state.placed >= content.cart:
        return []
    here = state.tokens[state.cart_loc]
    return [
        Action(f"cart:load:{KINDS[k]}", f"Load a {KINDS[k]} onto the cart") for k, count in enumerate(here) if count
    ]


def _cart_unloads(state: Guedelon, content: Content) -> list[Action]:
    actions = []
    for kind, count in enumerate(state.tokens[state.cart]):
        if count:
            for suffix in _kind_targets(state, kind, state.cart_loc, content):
                label = _unload_label(kind, suffix, content)
                actions.append(Action(f"cart:unload:{KINDS[kind]}{suffix}", f"Unload a {label} from the cart"))
    return actions


def cart_actions(state: Guedelon, content: Content) -> list[Action]:
    """The cart's choices now: inside a load or unload, more tokens or done; otherwise (if a
    cart action is left) start loading, start unloading, or move along a path."""
    if state.mode == CART_LOAD:
        return [*_cart_loads(state, content), Action("cart:done", "Finish loading the cart")]
    if state.mode == CART_UNLOAD:
        return [*_cart_unloads(state, content), Action("cart:done", "Finish unloading the cart")]
    if not cart_available(state):
        return []
    moves = [
        Action(f"cart:move:{content.locations[n].id}", f"Move the cart to {content.locations[n].name}")
        for n in cart_neighbours(state, content)
    ]
    return [*_cart_loads(state, content), *_cart_unloads(state, content), *moves]


def _use_cart_action(state: Guedelon) -> None:
    if state.stage == BEFORE and state.bonus_cart > 0:
        state.bonus_cart -= 1
    else:
        state.cart_left -= 1
        state.cart_used += 1


def _split(rest: str, content: Content) -> tuple[int, int]:
    """'mortar:B' -> (mortar, building index); 'beam' -> (beam, -1)."""
    name, _, building = rest.partition(":")
    b = next((i for i, bd in enumerate(content.buildings) if bd.id == building), -1)
    return KIND_INDEX[name], b


def _unload(state: Guedelon, source: int, at: int, rest: str, content: Content) -> None:
    kind, building = _split(rest, content)
    state.tokens[source][kind] -= 1
    if at != content.loc("castle") or not arrive_at_castle(state, kind, content, building):
        state.tokens[at][kind] += 1


def perform_barrow(state: Guedelon, actor: int, verb: str, rest: str, content: Content) -> None:
    at = state.actor_loc[actor]
    barrow = state.barrow(actor)
    if verb == "load":
        kind = KIND_INDEX[rest]
        state.tokens[at][kind] -= 1
        state.tokens[barrow][kind] += 1
    else:
        _unload(state, barrow, at, rest, content)


def perform_cart(state: Guedelon, rest: str, content: Content) -> None:
    """`rest` is what follows 'cart:' in the action id."""
    verb, _, what = rest.partition(":")
    if verb == "done":
        state.mode = NONE
        state.placed = 0
        return
    if state.mode == NONE:
        _use_cart_action(state)
    if verb == "move":
        state.cart_loc = content.loc(what)
        return
    at = state.cart_loc
    if verb == "load":
        kind = KIND_INDEX[what]
        state.tokens[at][kind] -= 1
        state.tokens[state.cart][kind] += 1
        state.mode = CART_LOAD
    else:
        _unload(state, state.cart, at, what, content)
        state.mode = CART_UNLOAD
    state.placed += 1
    if state.mode == CART_LOAD and not _cart_loads(state, content):
        state.mode, state.placed = NONE, 0
    if state.mode == CART_UNLOAD and not _cart_unloads(state, content):
        state.mode, state.placed = NONE, 0

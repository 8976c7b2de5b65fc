"""Moving tokens: the wheelbarrow (3.3) and the cart (4).

Wheelbarrow: up to 3 tokens; loading and unloading at the worker's location are free and may
be repeated at the departure and arrival locations. Cart: up to 6 tokens; one cart action per
turn (three at the Stables, 7.9), before or after the worker's move: load up to 6 tokens, unload
any, or move along one cart path. Loading or unloading several tokens is one cart action made of
one decision per token, closed by `cart:done`.
"""

from functools import cache

from meeple.engine import Action
from meeple.games.guedelon.castle import arrive_at_castle, needs_mortar
from meeple.games.guedelon.content import KIND_INDEX, KINDS, MORTAR, Content
from meeple.games.guedelon.state import BEFORE, CART_LOAD, CART_UNLOAD, NONE, Guedelon


def _unload_label(kind: int, building: str) -> str:
    if building:
        return f"{KINDS[kind]} to the foot of building {building}"
    return KINDS[kind]


@cache
def _menu(content: Content) -> dict[str, tuple[Action, ...] | dict[int, tuple[Action, ...]]]:
    """Every wheelbarrow and cart action, built once (actions are immutable): per kind, and for
    mortar at the Castle per building (7.6: it goes to the foot of the building named)."""
    letters = [b.id for b in content.buildings]
    menu: dict = {}
    for prefix, source in (("", "wheelbarrow"), ("cart:", "cart")):
        where = "into the wheelbarrow" if source == "wheelbarrow" else "onto the cart"
        menu[prefix + "load"] = tuple(
            Action(f"{prefix}load:{KINDS[k]}", f"Load a {KINDS[k]} {where}") for k in range(len(KINDS))
        )
        menu[prefix + "unload"] = tuple(
            Action(f"{prefix}unload:{KINDS[k]}", f"Unload a {_unload_label(k, '')} from the {source}")
            for k in range(len(KINDS))
        )
        menu[prefix + "mortar"] = {
            b: Action(f"{prefix}unload:mortar:{letter}", f"Unload a {_unload_label(MORTAR, letter)} from the {source}")
            for b, letter in enumerate(letters)
        }
    menu["move"] = tuple(Action(f"cart:move:{loc.id}", f"Move the cart to {loc.name}") for loc in content.locations)
    return menu


def _unload_actions(state: Guedelon, tokens: list[int], at: int, prefix: str, content: Content) -> list[Action]:
    """Unloading each kind held; mortar at the Castle needs a building without mortar (7.6)."""
    menu = _menu(content)
    actions = []
    for kind, count in enumerate(tokens):
        if not count:
            continue
        if kind == MORTAR and at == content.castle:
            by_building = menu[prefix + "mortar"]
            actions += [by_building[b] for b in needs_mortar(state, content)]
        else:
            actions.append(menu[prefix + "unload"][kind])
    return actions


def barrow_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    """3.3: load from or unload to the worker's location, one token a decision."""
    at = state.actor_loc[actor]
    barrow = state.tokens[state.barrow(actor)]
    actions = []
    if sum(barrow) < content.wheelbarrow:
        loads = _menu(content)["load"]
        actions = [loads[kind] for kind, count in enumerate(state.tokens[at]) if count]
    return actions + _unload_actions(state, barrow, at, "", content)


def cart_available(state: Guedelon) -> bool:
    """4, 5.3: a cart action is left this turn (or card 10's extra one before moving)."""
    if state.no_cart:
        return False
    return state.cart_left > 0 or (state.stage == BEFORE and state.bonus_cart > 0)


def cart_neighbours(state: Guedelon, content: Content) -> tuple[int, ...]:
    """Locations one cart path away; the Mill's paths only with the Mill option (12)."""
    return content.neighbours[state.mill >= 0][state.cart_loc]


def _cart_loads(state: Guedelon, content: Content) -> list[Action]:
    cart = state.tokens[state.cart]
    if sum(cart) >= content.cart or state.placed >= content.cart:
        return []
    loads = _menu(content)["cart:load"]
    return [loads[kind] for kind, count in enumerate(state.tokens[state.cart_loc]) if count]


def _cart_unloads(state: Guedelon, content: Content) -> list[Action]:
    return _unload_actions(state, state.tokens[state.cart], state.cart_loc, "cart:", content)


def cart_actions(state: Guedelon, content: Content) -> list[Action]:
    """The cart's choices now: inside a load or unload, more tokens or done; otherwise (if a
    cart action is left) start loading, start unloading, or move along a path."""
    if state.mode == CART_LOAD:
        return [*_cart_loads(state, content), Action("cart:done", "Finish loading the cart")]
    if state.mode == CART_UNLOAD:
        return [*_cart_unloads(state, content), Action("cart:done", "Finish unloading the cart")]
    if not cart_available(state):
        return []
    menu = _menu(content)["move"]
    moves = [menu[n] for n in cart_neighbours(state, content)]
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
    if at != content.castle or not arrive_at_castle(state, kind, content, building):
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

"""Moving tokens: the wheelbarrow (3.3) and the cart (4).

Wheelbarrow: up to 3 tokens; loading and unloading at the worker's location are free and may
be repeated at the departure and arrival locations. Cart: up to 6 tokens; one cart action per
turn (three at the Stables, 7.9), before or after the worker's move: load up to 6 tokens, unload
any, or move along one cart path. Loading or unloading several tokens is one cart action made of
one decision per token, closed by `cart:done`.

Mortar and rope transported to the Castle are placed automatically (7.6, 7.7): the moment the
playing worker's wheelbarrow or the cart is at the Castle with one aboard, ropes go onto the
crane and each mortar to the foot of a building the player chooses (`foot:<building>`).
"""

from collections.abc import Sequence
from functools import cache, lru_cache

from meeple.engine import Action
from meeple.games.guedelon.castle import needs_mortar, place_mortar
from meeple.games.guedelon.content import KIND_INDEX, KIND_NAMES, KINDS, MORTAR, ROPE, Content
from meeple.games.guedelon.state import BEFORE, CART_LOAD, CART_UNLOAD, NONE, Guedelon


@cache
def _menu(content: Content) -> dict[str, tuple[Action, ...] | dict]:
    """Every wheelbarrow and cart action, built once (actions are immutable): per kind, and the
    placing of an arriving mortar per building (7.6: at the foot of the building chosen)."""
    menu: dict = {}
    for prefix, source in (("", "wheelbarrow"), ("cart:", "cart")):
        where = "into the wheelbarrow" if source == "wheelbarrow" else "onto the cart"
        menu[prefix + "load"] = tuple(
            Action(f"{prefix}load:{KINDS[k]}", f"Load a {KIND_NAMES[k]} {where}") for k in range(len(KINDS))
        )
        menu[prefix + "unload"] = tuple(
            Action(f"{prefix}unload:{KINDS[k]}", f"Unload a {KIND_NAMES[k]} from the {source}")
            for k in range(len(KINDS))
        )
    menu["foot"] = tuple(
        Action(f"foot:{b.id}", f"Place the mortar at the foot of {b.id} ({b.name})") for b in content.buildings
    )
    menu["move"] = tuple(Action(f"cart:move:{loc.id}", f"Move the cart to {loc.name}") for loc in content.locations)
    for verb, where in (("load", "into"), ("unload", "from")):
        menu[verb + "many"] = {
            (k, n): Action(
                f"{verb}many:{KINDS[k]}:{n}", f"{verb.capitalize()} {n} {KIND_NAMES[k]} {where} the wheelbarrow"
            )
            for k in range(len(KINDS))
            for n in range(2, content.wheelbarrow + 1)
        }
    return menu


def settle_at_castle(state: Guedelon, content: Content) -> bool:
    """7.6, 7.7: a rope transported to the Castle goes onto the crane, a mortar to the foot of
    a building of the player's choice (at once when a single building lacks one; a visitor is
    drawn, 6.1). True while a mortar waits for the player to choose its building."""
    waiting = False
    for container in _at_castle(state, content):
        tokens = state.tokens[container]
        if tokens[ROPE]:
            state.crane += tokens[ROPE]
            state.note(f"{tokens[ROPE]} rope{'s' if tokens[ROPE] > 1 else ''} placed on the crane")
            tokens[ROPE] = 0
        while tokens[MORTAR]:
            open_feet = needs_mortar(state, content)
            if len(open_feet) > 1:
                waiting = True
                break
            tokens[MORTAR] -= 1
            place_mortar(state, open_feet[0], content)
    return waiting


def _at_castle(state: Guedelon, content: Content) -> list[int]:
    """The containers at the Castle whose mortar and rope are placed: the playing worker's
    wheelbarrow when it stands there, and the cart when it is there."""
    found = []
    if state.actor_loc[state.actor] == content.castle:
        found.append(state.barrow(state.actor))
    if state.cart_loc == content.castle:
        found.append(state.cart)
    return found


def mortar_waiting(state: Guedelon, content: Content) -> bool:
    """Whether a mortar transported to the Castle waits for its building to be chosen (the
    containers of `_at_castle`, read without listing them: this is asked at every decision)."""
    castle = content.castle
    actor = state.actor
    if state.actor_loc[actor] == castle and state.tokens[state.barrow(actor)][MORTAR]:
        return True
    return state.cart_loc == castle and state.tokens[state.cart][MORTAR] > 0


def foot_actions(state: Guedelon, content: Content) -> list[Action]:
    """7.6: the buildings without mortar, one of which the arriving mortar goes to."""
    feet = _menu(content)["foot"]
    return [feet[b] for b in needs_mortar(state, content)]


def place_arrived_mortar(state: Guedelon, building_id: str, content: Content) -> None:
    """`foot:<building>`: the arriving mortar (from the wheelbarrow first, else the cart) goes to
    the foot of that building (7.6, 7.10)."""
    source = next(c for c in _at_castle(state, content) if state.tokens[c][MORTAR])
    state.tokens[source][MORTAR] -= 1
    place_mortar(state, next(i for i, b in enumerate(content.buildings) if b.id == building_id), content)


def barrow_usable(state: Guedelon, actor: int, content: Content) -> bool:
    """Whether `barrow_actions` offers anything, without building it: a token aboard to unload,
    or (the wheelbarrow then being empty) a token here to load."""
    return any(state.tokens[state.barrow(actor)]) or any(state.tokens[state.actor_loc[actor]])


def barrow_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    """3.3: load from or unload to the worker's location, one token a decision, or several
    tokens of one kind at once."""
    here = tuple(state.tokens[state.actor_loc[actor]])
    return list(_barrow_menu(here, tuple(state.tokens[state.barrow(actor)]), content))


@lru_cache(maxsize=4096)
def _barrow_menu(here: tuple[int, ...], barrow: tuple[int, ...], content: Content) -> tuple[Action, ...]:
    """`barrow_actions` for the tokens lying here and aboard, made once per pair of counts
    (the actions are immutable; searches meet the same few counts again and again)."""
    menu = _menu(content)
    room = content.wheelbarrow - sum(barrow)
    actions = []
    if room:
        loads = menu["load"]
        actions = [loads[kind] for kind, count in enumerate(here) if count]
        if room > 1 and len(actions) < sum(here):  # some kind lies here twice or more
            many = menu["loadmany"]
            actions += [
                many[kind, n] for kind, count in enumerate(here) if count > 1 for n in range(2, min(count, room) + 1)
            ]
    if room < content.wheelbarrow:
        unloads = menu["unload"]
        actions += [unloads[kind] for kind, count in enumerate(barrow) if count]
    if room < content.wheelbarrow - 1:  # two tokens or more aboard
        many = menu["unloadmany"]
        actions += [many[kind, n] for kind, count in enumerate(barrow) if count > 1 for n in range(2, count + 1)]
    return tuple(actions)


def cart_available(state: Guedelon) -> bool:
    """4, 5.3: a cart action is left this turn (or card 10's extra one before moving)."""
    if state.no_cart:
        return False
    return state.cart_left > 0 or (state.stage == BEFORE and state.bonus_cart > 0)


def _cart_loads(cart: Sequence[int], here: Sequence[int], placed: int, content: Content) -> list[Action]:
    if sum(cart) >= content.cart or placed >= content.cart:
        return []
    loads = _menu(content)["cart:load"]
    return [loads[kind] for kind, count in enumerate(here) if count]


def _cart_unloads(cart: Sequence[int], content: Content) -> list[Action]:
    unloads = _menu(content)["cart:unload"]
    return [unloads[kind] for kind, count in enumerate(cart) if count]


_LOAD_DONE = Action("cart:done", "Finish loading the cart")
_UNLOAD_DONE = Action("cart:done", "Finish unloading the cart")


def cart_actions(state: Guedelon, content: Content) -> list[Action]:
    """The cart's choices now: inside a load or unload, more tokens or done; otherwise (if a
    cart action is left) start loading, start unloading, or move along a path."""
    cart = state.tokens[state.cart]
    if state.mode == CART_LOAD:
        return [*_cart_loads(cart, state.tokens[state.cart_loc], state.placed, content), _LOAD_DONE]
    if state.mode == CART_UNLOAD:
        return [*_cart_unloads(cart, content), _UNLOAD_DONE]
    if not cart_available(state):
        return []
    here = tuple(state.tokens[state.cart_loc])
    return list(_cart_menu(state.cart_loc, state.mill >= 0, tuple(cart), here, state.placed, content))


@lru_cache(maxsize=4096)
def _cart_menu(
    at: int, mill: bool, cart: tuple[int, ...], here: tuple[int, ...], placed: int, content: Content
) -> tuple[Action, ...]:
    """A cart action's choices at `at` (the Mill's paths only with the Mill option, 12), with
    `cart` aboard and `here` lying there: made once per situation (the actions are immutable)."""
    moves = _menu(content)["move"]
    return (
        *_cart_loads(cart, here, placed, content),
        *_cart_unloads(cart, content),
        *_cart_wholesale(cart, here, content),
        *(moves[n] for n in content.neighbours[mill][at]),
    )


def _cart_wholesale(cart: Sequence[int], here: Sequence[int], content: Content) -> list[Action]:
    """4: a whole load or unload as one decision: everything here (up to the cart's 6), or
    everything aboard."""
    actions = []
    taking = min(sum(here), content.cart - sum(cart))
    if taking > 1:
        actions.append(Action("cart:loadall", f"Load {taking} tokens from here onto the cart (one cart action)"))
    aboard = sum(cart)
    if aboard > 1:
        actions.append(Action("cart:unloadall", f"Unload all {aboard} tokens from the cart (one cart action)"))
    return actions


def _use_cart_action(state: Guedelon) -> None:
    if state.stage == BEFORE and state.bonus_cart > 0:
        state.bonus_cart -= 1
    else:
        state.cart_left -= 1
        state.cart_used += 1


def _unload(state: Guedelon, source: int, at: int, name: str) -> None:
    kind = KIND_INDEX[name]
    state.tokens[source][kind] -= 1
    state.tokens[at][kind] += 1


def perform_barrow(state: Guedelon, actor: int, verb: str, rest: str, content: Content) -> None:
    """`load:kind`, `unload:kind`, or `loadmany:kind:n` / `unloadmany:kind:n`."""
    at = state.actor_loc[actor]
    barrow = state.barrow(actor)
    if verb.endswith("many"):
        rest, _, n = rest.partition(":")
        verb, times = verb.removesuffix("many"), int(n)
    else:
        times = 1
    for _ in range(times):
        if verb == "load":
            kind = KIND_INDEX[rest]
            state.tokens[at][kind] -= 1
            state.tokens[barrow][kind] += 1
        else:
            _unload(state, barrow, at, rest)


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
    if verb == "loadall":
        for kind in range(len(KINDS)):
            taken = min(state.tokens[at][kind], content.cart - sum(state.tokens[state.cart]))
            state.tokens[at][kind] -= taken
            state.tokens[state.cart][kind] += taken
        return
    if verb == "unloadall":
        for kind, count in enumerate(state.tokens[state.cart]):
            for _ in range(count):
                _unload(state, state.cart, at, KINDS[kind])
        return
    if verb == "load":
        kind = KIND_INDEX[what]
        state.tokens[at][kind] -= 1
        state.tokens[state.cart][kind] += 1
        state.mode = CART_LOAD
    else:
        _unload(state, state.cart, at, what)
        state.mode = CART_UNLOAD
    state.placed += 1
    cart, here = state.tokens[state.cart], state.tokens[state.cart_loc]
    if state.mode == CART_LOAD and not _cart_loads(cart, here, state.placed, content):
        state.mode, state.placed = NONE, 0
    if state.mode == CART_UNLOAD and not _cart_unloads(cart, content):
        state.mode, state.placed = NONE, 0

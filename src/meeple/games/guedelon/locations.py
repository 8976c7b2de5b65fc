"""The locations' effects (7 Locations), taken by a worker who arrives where no visitor is.

Automatic effects (Master Builder, Belvedere, Blacksmith, Stables, and the Pillory's tool) apply
on arrival. The others are a choice: how many tokens to produce, transform or build (experience
plus any tools spent, 3.1-3.2), where a new mortar or rope goes, which visitor the Pillory moves.
"""

from meeple.engine import Action
from meeple.games.guedelon.castle import can_build_on, open_space, place_product
from meeple.games.guedelon.content import (
    COLOURS,
    KIND_INDEX,
    KIND_NAMES,
    KINDS,
    MATERIALS,
    MORTAR,
    PRODUCTS,
    ROPE,
    Content,
)
from meeple.games.guedelon.state import AFTER, BEFORE, BUILD, EARLY, NONE, Guedelon
from meeple.games.guedelon.visitors import advance, can_advance, route


def kind_of(state: Guedelon, loc: int, content: Content) -> str:
    return content.locations[loc].kind


def experience(state: Guedelon, actor: int, content: Content) -> int:
    """3.1, with card 11 (Super Master Builder): the picked actor plays as if at experience 4."""
    exp = state.exp[state.actor_board[actor]]
    card = content.cards.get(state.event)
    if card and state.picked == actor and any(e.kind == "experience_as" for e in card.effects):
        exp = max(exp, next(e.value for e in card.effects if e.kind == "experience_as"))
    return exp


def add_tools(state: Guedelon, board: int, amount: int, content: Content) -> None:
    low, high = content.tools_range
    state.tools[board] = max(low, min(high, state.tools[board] + amount))


def add_experience(state: Guedelon, board: int, amount: int, content: Content) -> None:
    """3.1: experience only grows."""
    state.exp[board] = min(content.exp_range[1], state.exp[board] + amount)


def capacity(state: Guedelon, actor: int, loc: int, content: Content) -> tuple[int, int]:
    """3.2: (tokens handled free from experience and this round's bonus, tools available)."""
    base = experience(state, actor, content) + state.production[loc]
    if state.first_bonus and kind_of(state, loc, content) == "production" and state.first_bonus_loc == loc:
        base += state.first_bonus
    return base, state.tools[state.actor_board[actor]]


def spend(state: Guedelon, actor: int, count: int, base: int) -> None:
    """3.2: each token beyond the free amount costs one tool point."""
    state.tools[state.actor_board[actor]] -= max(0, count - base)


def arrive_effects(state: Guedelon, actor: int, content: Content) -> None:
    """The automatic effects of 7.1, 7.3 (the tool), 7.8 and 7.9, applied on arrival."""
    loc = state.actor_loc[actor]
    kind = kind_of(state, loc, content)
    board = state.actor_board[actor]
    card = content.cards.get(state.event)
    # Cards 1 and 5 give the apprentice its own alternative: the workers' side is for workers only.
    effects = card.effects if card and state.side == "workers" and actor != state.apprentice else ()
    if kind == "master_builder":
        gain = next((e.value for e in effects if e.kind == "master_builder_exp"), 1)
        add_experience(state, board, gain, content)
        for e in effects:
            if e.kind == "master_builder_tools":
                state.tools[board] = max(state.tools[board], e.value)
    elif kind == "blacksmith":
        keep = 0 if state.blacksmith_sets else state.tools[board]
        state.tools[board] = max(keep, content.blacksmith_tools)
    elif kind == "stables":
        state.cart_left += content.stables_cart_actions - 1  # 3 instead of one (card 12's extra kept)
    elif kind == "pillory":
        add_tools(state, board, 1, content)


def effect_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    """The choices of the location's effect (empty: nothing to choose, the effect is over)."""
    loc = state.actor_loc[actor]
    kind = kind_of(state, loc, content)
    if kind == "pillory":
        return push_actions(state, content)
    if kind == "production":
        material = MATERIALS.index(content.locations[loc].material)
        base, tools = capacity(state, actor, loc, content)
        most = min(state.reserve[material], base + tools)
        return [
            Action(f"produce:{n}", f"Produce {n} {MATERIALS[material]}{_cost(n, base)}", {"count": n})
            for n in range(1, most + 1)
        ]
    if kind == "workshop":
        material = MATERIALS.index(content.locations[loc].material)
        base, tools = capacity(state, actor, loc, content)
        most = min(state.tokens[loc][material], base + tools)
        product = KIND_NAMES[material + 3]
        return [
            Action(f"transform:{n}", f"Make {n} {product}{_cost(n, base)}", {"count": n}) for n in range(1, most + 1)
        ]
    if kind in ("mason", "ropewalk"):
        return make_actions(state, actor, MORTAR if kind == "mason" else ROPE, content)
    if kind in ("castle", "mill"):
        return build_actions(state, actor, content)
    return []


def _cost(count: int, base: int) -> str:
    """3.2: what a choice costs in tools, shown in its label."""
    spent = max(0, count - base)
    return f" (spends {spent} tool{'s' if spent > 1 else ''})" if spent else " (no tools spent)"


def make_actions(state: Guedelon, actor: int, kind: int, content: Content) -> list[Action]:
    """7.6, 7.7: one token whatever the experience, placed here, in the wheelbarrow or the cart."""
    if state.reserve[3 if kind == MORTAR else 4] == 0:
        return []
    name = KINDS[kind]
    actions = [Action(f"{name}:here", f"Make a {name} and leave it here")]
    if sum(state.tokens[state.barrow(actor)]) < content.wheelbarrow:
        actions.append(Action(f"{name}:barrow", f"Make a {name} into the wheelbarrow"))
    if state.cart_loc == state.actor_loc[actor] and sum(state.tokens[state.cart]) < content.cart:
        actions.append(Action(f"{name}:cart", f"Make a {name} onto the cart"))
    return actions


def push_actions(state: Guedelon, content: Content) -> list[Action]:
    """7.3: move one visitor of the player's choice one step along its route."""
    actions = []
    for pawn, loc in enumerate(state.visitor_loc):
        if can_advance(state, pawn, content):
            where = content.locations[loc].name
            state_word = "standing" if state.visitor_up[pawn] else "lying"
            colour = COLOURS[state.visitor_colour[pawn]]
            label = f"Move the {state_word} {colour} visitor from {where} {_onward(state, pawn, content)}"
            actions.append(Action(f"push:{pawn}", label))
    return actions


def _onward(state: Guedelon, pawn: int, content: Content) -> str:
    """Where the Pillory's push sends a visitor (6.3, 7.3)."""
    loc = state.visitor_loc[pawn]
    if loc == content.castle:
        return "back into the bag"
    steps = route(state, state.visitor_colour[pawn], content)
    return f"to {content.locations[steps[steps.index(loc) + 1] if loc in steps else content.castle].name}"


def build_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    """7.10: one product at a time from the courtyard or the wheelbarrow onto a floor that has
    its mortar and ropes; 12.3: the Mill takes its products from the Mill location."""
    loc = state.actor_loc[actor]
    base, tools = capacity(state, actor, loc, content)
    if state.placed >= base + tools:
        return []
    barrow = state.tokens[state.barrow(actor)]
    here = state.tokens[loc]
    actions = []
    if kind_of(state, loc, content) == "mill":
        if state.mill != 0:
            return []
        for kind in PRODUCTS:
            if (here[kind] or barrow[kind]) and open_space(state, -1, kind, content) >= 0:
                actions.append(Action(f"build:mill:{KINDS[kind]}", f"Put a {KIND_NAMES[kind]} on the Mill"))
        return actions
    for b, building in enumerate(content.buildings):
        if not can_build_on(state, b, content):
            continue
        for kind in PRODUCTS:
            if (here[kind] or barrow[kind]) and open_space(state, b, kind, content) >= 0:
                label = f"Put a {KIND_NAMES[kind]} on floor {building.id}{state.floor[b]} ({building.name})"
                actions.append(Action(f"build:{building.id}:{KINDS[kind]}", label))
    return actions


def perform_effect(state: Guedelon, actor: int, verb: str, rest: str, content: Content) -> None:
    """Carry out a chosen effect; afterwards the turn goes on (or the build goes on)."""
    loc = state.actor_loc[actor]
    if verb == "produce":
        count = int(rest)
        material = MATERIALS.index(content.locations[loc].material)
        base, _ = capacity(state, actor, loc, content)
        spend(state, actor, count, base)
        state.reserve[material] -= count
        state.tokens[loc][material] += count
        if state.first_bonus and state.first_bonus_loc == loc:
            state.first_bonus = 0
        state.note(f"{count} {MATERIALS[material]} produced at {content.locations[loc].name}")
        finish_effect(state)
    elif verb == "transform":
        count = int(rest)
        material = MATERIALS.index(content.locations[loc].material)
        base, _ = capacity(state, actor, loc, content)
        spend(state, actor, count, base)
        state.tokens[loc][material] -= count
        state.tokens[loc][material + 3] += count
        state.note(f"{count} {KIND_NAMES[material + 3]} made at {content.locations[loc].name}")
        finish_effect(state)
    elif verb in ("mortar", "rope"):
        kind = KIND_INDEX[verb]
        state.reserve[3 if kind == MORTAR else 4] -= 1
        target = {"here": loc, "barrow": state.barrow(actor), "cart": state.cart}[rest]
        state.tokens[target][kind] += 1
        finish_effect(state)
    elif verb == "push":
        advance(state, int(rest), content)
        finish_effect(state)
    elif verb == "build":
        perform_build(state, actor, rest, content)


def perform_build(state: Guedelon, actor: int, rest: str, content: Content) -> None:
    loc = state.actor_loc[actor]
    target, _, name = rest.partition(":")
    kind = KIND_INDEX[name]
    b = -1 if target == "mill" else next(i for i, bd in enumerate(content.buildings) if bd.id == target)
    source = loc if state.tokens[loc][kind] else state.barrow(actor)
    state.tokens[source][kind] -= 1
    base, _ = capacity(state, actor, loc, content)
    state.placed += 1
    if state.placed > base:
        state.tools[state.actor_board[actor]] -= 1
    state.mode = BUILD
    place_product(state, b, kind, content)
    if not build_actions(state, actor, content):
        finish_effect(state)


def finish_effect(state: Guedelon) -> None:
    """The worker action is over: back before the move (card 12) or on to the rest of the turn."""
    state.mode = NONE
    state.placed = 0
    state.stage = BEFORE if state.stage == EARLY else AFTER

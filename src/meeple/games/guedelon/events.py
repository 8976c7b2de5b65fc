"""Event cards (5.2, 13 Card manifest): drawn by the first player at the start of each round,
applied at once or for the whole round. One function per effect kind; the cards themselves
are data (content/events.toml).

With an apprentice in play (solo and duo), a card with an "or the apprentice ..." alternative
asks the team which of the two applies. Choices a card needs (which worker, which location,
which tokens) are made by the first player, seat 0, who draws and announces the card.
"""

from collections.abc import Callable

from meeple.engine import Action
from meeple.engine.wording import seat_mark
from meeple.games.guedelon.castle import needs_mortar, place_mortar
from meeple.games.guedelon.content import (
    COLOURS,
    KIND_INDEX,
    KIND_NAMES,
    KINDS,
    MATERIALS,
    PRODUCTS,
    RESERVE_OF,
    Content,
    Effect,
)
from meeple.games.guedelon.locations import add_experience, add_tools
from meeple.games.guedelon.state import Guedelon
from meeple.games.guedelon.visitors import draw_visitor, move_all, route

Handler = Callable[[Guedelon, Effect, Content], None]


def draw_event(state: Guedelon, content: Content) -> None:
    """5.2: draw a card at random from the deck (its order is not known before), announce it,
    discard it. After the 18 cards (extra rounds) there is no event."""
    if not state.deck:
        state.event = 0
        return
    number = state.deck.pop(state.rng.below(len(state.deck)))
    state.event = number
    state.discard.append(number)
    card = content.cards[number]
    state.note(f"Event {number}: {card.name}")
    if state.apprentice >= 0 and card.apprentice:
        state.pending.append("side")
    else:
        choose_side(state, "workers", content)


def choose_side(state: Guedelon, side: str, content: Content) -> None:
    card = content.cards[state.event]
    state.side = side
    for effect in card.apprentice if side == "apprentice" else card.effects:
        HANDLERS[effect.kind](state, effect, content)


def worker_boards(state: Guedelon) -> list[int]:
    """The boards of the workers, the apprentice's excluded."""
    return sorted({state.actor_board[a] for a in range(len(state.actor_loc)) if a != state.apprentice})


def _targets(state: Guedelon, effect: Effect, content: Content) -> list[int]:
    """The boards an "each worker" effect reaches: the workers', and the apprentice's too on a
    card that gives the apprentice no alternative of its own (cards 20, 29, 38, 43)."""
    if effect.who == "apprentice":
        return [state.actor_board[state.apprentice]]
    if not content.cards[state.event].apprentice:
        return list(range(state.boards))
    return worker_boards(state)


# --- immediate effects ---------------------------------------------------------------------
def _tools_add(state: Guedelon, effect: Effect, content: Content) -> None:
    for board in _targets(state, effect, content):
        add_tools(state, board, effect.value, content)


def _tools_set(state: Guedelon, effect: Effect, content: Content) -> None:
    if effect.who == "pick":
        state.pending.append(f"pick:tools_set:{effect.value}")
        return
    for board in _targets(state, effect, content):
        state.tools[board] = max(state.tools[board], effect.value)


def _exp_add(state: Guedelon, effect: Effect, content: Content) -> None:
    if effect.who == "pick":
        state.pending.append(f"pick:exp_add:{effect.value}")
        return
    for board in _targets(state, effect, content):
        add_experience(state, board, effect.value, content)


def _rope_to_crane(state: Guedelon, effect: Effect, content: Content) -> None:
    moved = min(effect.value, state.reserve[4])
    state.reserve[4] -= moved
    state.crane += moved


def _rope_loss(state: Guedelon, effect: Effect, content: Content) -> None:
    lost = min(effect.value, state.crane)
    state.crane -= lost
    state.reserve[4] += lost


def _ask(kind: str) -> Handler:
    def handler(state: Guedelon, effect: Effect, content: Content) -> None:
        state.pending.append(f"{kind}:{effect.value}")

    return handler


def _all_to_belvedere(state: Guedelon, effect: Effect, content: Content) -> None:
    """Card 17, the workers' side: every worker pawn to the Belvedere; the apprentice's own
    alternative is the change of colour, so on this side it stays where it is."""
    belvedere = content.loc("belvedere")
    for actor in range(len(state.actor_loc)):
        if actor != state.apprentice:
            state.actor_loc[actor] = belvedere


def _draw_visitors(state: Guedelon, effect: Effect, content: Content) -> None:
    for _ in range(effect.value):
        draw_visitor(state, content)


def _cart_home(state: Guedelon, effect: Effect, content: Content) -> None:
    state.cart_loc = content.loc("stables")


def _visitors_advance(state: Guedelon, effect: Effect, content: Content) -> None:
    for _ in range(effect.value):
        move_all(state, content)


def _courtyard_loss(state: Guedelon, effect: Effect, content: Content) -> None:
    """Thieves take the most plentiful finished products of the courtyard (ties: cut stone, beam, tile)."""
    yard = state.tokens[content.loc("castle")]
    for _ in range(effect.value):
        kind = max(PRODUCTS, key=lambda k: (yard[k], -k))
        if yard[kind]:
            yard[kind] -= 1
            state.reserve[RESERVE_OF[kind]] += 1


def _uninitiate(state: Guedelon, effect: Effect, content: Content) -> None:
    for pawn, loc in enumerate(state.visitor_loc):
        if loc >= 0:
            state.visitor_up[pawn] = False


# --- effects for the round ---------------------------------------------------------------------
def _read_later(state: Guedelon, effect: Effect, content: Content) -> None:
    """Effects read from the card where they apply (Master Builder bonuses, extra turn, card 11)."""


def _trainee(state: Guedelon, effect: Effect, content: Content) -> None:
    state.trainee = True


def _first_bonus(state: Guedelon, effect: Effect, content: Content) -> None:
    state.first_bonus = effect.value
    state.first_bonus_loc = content.loc(effect.where[0])


def _extra_cart(state: Guedelon, effect: Effect, content: Content) -> None:
    state.bonus_cart = effect.value


def _pick(state: Guedelon, effect: Effect, content: Content) -> None:
    state.pending.append(f"pick:{effect.kind}:{effect.value}")


def _shared_master(state: Guedelon, effect: Effect, content: Content) -> None:
    state.shared_master = True


def _production(state: Guedelon, effect: Effect, content: Content) -> None:
    for where in effect.where:
        state.production[content.loc(where)] += effect.value


def _closed(state: Guedelon, effect: Effect, content: Content) -> None:
    state.closed.extend(content.loc(where) for where in effect.where)


def _no_cart(state: Guedelon, effect: Effect, content: Content) -> None:
    state.no_cart = True


HANDLERS: dict[str, Handler] = {
    "tools_add": _tools_add,
    "tools_set": _tools_set,
    "exp_add": _exp_add,
    "rope_to_crane": _rope_to_crane,
    "rope_loss": _rope_loss,
    "fairy": _ask("fairy"),
    "archaeologists": _ask("archaeologists"),
    "mortar_gift": _ask("gift"),
    "change_route": _ask("colour"),
    "all_to_belvedere": _all_to_belvedere,
    "draw_visitors": _draw_visitors,
    "cart_home": _cart_home,
    "visitors_advance": _visitors_advance,
    "courtyard_loss": _courtyard_loss,
    "uninitiate": _uninitiate,
    "master_builder_tools": _read_later,
    "master_builder_exp": _read_later,
    "extra_turn": _read_later,
    "trainee": _trainee,
    "first_bonus": _first_bonus,
    "extra_cart": _extra_cart,
    "experience_as": _pick,
    "rebelote": _pick,
    "shared_master_builder": _shared_master,
    "production": _production,
    "closed": _closed,
    "no_cart": _no_cart,
}


# --- the choices a card asks for ------------------------------------------------------------------
def actor_name(state: Guedelon, actor: int, marked: bool = False) -> str:
    """A worker pawn by its owner ("seat 1's worker"), the apprentice, or the solo player's two
    pawns by number; `marked` for the log, where each reader's own worker is "your worker"."""
    if actor == state.apprentice:
        return "the apprentice"
    if state.players == 1:
        return f"worker {actor + 1}"
    if marked:
        return f"{seat_mark(state.actor_seat[actor], possessive=True)} worker"
    return f"seat {state.actor_seat[actor]}'s worker"


def pending_actions(state: Guedelon, content: Content) -> list[Action]:
    """The choices of the first pending entry; an entry with no possible choice is dropped by
    `settle` before anyone is asked (5.2 Note: an effect that cannot apply is omitted)."""
    head = state.pending[0]
    kind, _, value = head.partition(":")
    if kind == "side":
        card = content.cards[state.event]
        return [
            Action("side:workers", f"{card.name}: the workers' effect"),
            Action("side:apprentice", f"{card.name}: the apprentice's effect"),
        ]
    if kind == "pick":
        gift = _gift(head)
        return [Action(f"pick:{a}", f"{actor_name(state, a)}: {gift}") for a in range(len(state.actor_loc))]
    if kind == "fairy":
        actions = []
        for location in content.locations:
            if location.kind == "production" and state.reserve[MATERIALS.index(location.material)]:
                actions.append(
                    Action(f"fairy:{location.id}", f"The fairy leaves {location.material} at {location.name}")
                )
        return actions
    if kind == "gift":
        if not state.reserve[3]:
            return []
        return [
            Action(f"gift:{content.buildings[b].id}", f"Mortar at the foot of {content.buildings[b].name}")
            for b in needs_mortar(state, content)
        ]
    if kind == "colour":
        loc = state.actor_loc[state.apprentice]
        return [
            Action(f"colour:{name}", f"The apprentice follows the {name} route")
            for c, name in enumerate(COLOURS)
            if loc in route(state, c, content)
        ]
    return archaeologist_actions(state, int(value), content)


def _gift(head: str) -> str:
    """What a card hands to the picked worker, for the label of the choice."""
    _, effect, value = head.split(":")
    return {
        "tools_set": f"tools raised to {value}",
        "exp_add": f"experience +{value}",
        "experience_as": f"plays this round at experience {value}",
        "rebelote": "acts where it stands before moving, and one more cart action",
    }[effect]


def archaeologist_actions(state: Guedelon, most: int, content: Content) -> list[Action]:
    """Card 13: up to two finished products into the courtyard; "they can come from the cart, a
    wheelbarrow or a workshop" (not from other locations)."""
    if state.placed >= most:
        return []
    actions = []
    for container, tokens in enumerate(state.tokens):
        if container < state.locations and content.locations[container].kind != "workshop":
            continue
        where = container_name(state, container, content)
        for kind in PRODUCTS:
            if tokens[kind]:
                actions.append(Action(f"fetch:{container}:{KINDS[kind]}", f"Bring a {KIND_NAMES[kind]} from {where}"))
    return [*actions, Action("fetch:done", "The archaeologists are done")] if actions else []


def container_name(state: Guedelon, container: int, content: Content) -> str:
    """A container as card 13's labels name it: a location, the cart, or a wheelbarrow (by the
    solo worker pawn pushing it with solo_wheelbarrow=own, 11.3)."""
    if container < state.locations:
        return content.locations[container].name
    if container == state.cart:
        return "the cart"
    if state.players == 1 and state.barrow_per_actor:  # 11.3, solo_wheelbarrow=own
        return f"the wheelbarrow of {actor_name(state, container - state.locations)}"
    return f"wheelbarrow {container - state.locations + 1}"


def perform_pending(state: Guedelon, action_id: str, content: Content) -> None:
    verb, _, rest = action_id.partition(":")
    head = state.pending[0]
    if verb == "fetch":
        if rest == "done":
            state.pending.pop(0)
            state.placed = 0
            return
        container, _, name = rest.partition(":")
        kind = KIND_INDEX[name]
        state.tokens[int(container)][kind] -= 1
        state.tokens[content.loc("castle")][kind] += 1
        state.placed += 1
        if archaeologist_actions(state, int(head.partition(":")[2]), content):
            return
        state.placed = 0
        state.pending.pop(0)
        return
    state.pending.pop(0)
    if verb == "side":
        choose_side(state, rest, content)
    elif verb == "pick":
        _perform_pick(state, head, int(rest), content)
    elif verb == "fairy":
        loc = content.loc(rest)
        material = MATERIALS.index(content.locations[loc].material)
        count = min(int(head.partition(":")[2]), state.reserve[material])
        state.reserve[material] -= count
        state.tokens[loc][material] += count
    elif verb == "gift":
        state.reserve[3] -= 1
        place_mortar(state, next(i for i, b in enumerate(content.buildings) if b.id == rest), content)
    elif verb == "colour":
        state.app_colour = COLOURS.index(rest)


def _perform_pick(state: Guedelon, head: str, actor: int, content: Content) -> None:
    _, kind, value = head.split(":")
    board = state.actor_board[actor]
    if kind == "tools_set":
        state.tools[board] = max(state.tools[board], int(value))
    elif kind == "exp_add":
        add_experience(state, board, int(value), content)
    else:
        state.picked = actor

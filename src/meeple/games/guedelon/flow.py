"""The game round (5): time counter, event card, each worker's turn, visitors' movement; and
who decides now, what they may do, and everything that happens by itself between decisions."""

from functools import cache, lru_cache

from meeple.engine import Action
from meeple.games.guedelon import events, locations, logistics
from meeple.games.guedelon.content import COLOURS, Content
from meeple.games.guedelon.state import AFTER, BEFORE, BUILD, EARLY, EFFECT, EVENT, NONE, ORDER, OVER, TURN, Guedelon
from meeple.games.guedelon.visitors import draw_visitor, initiate, move_all, route, visitors_at

# Locations whose effect is a choice (the others apply on arrival, locations.arrive_effects).
CHOICE_KINDS = frozenset({"production", "workshop", "mason", "ropewalk", "castle", "mill", "pillory"})


def to_move(state: Guedelon) -> tuple[int, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    if phase in (EVENT, ORDER):
        return (0,)
    return (state.actor_seat[state.order[state.pos]],)  # the actor's seat (`state.actor`, inlined: hot)


def year(state: Guedelon, content: Content) -> int:
    return content.first_year + state.round - 1


# --- the round --------------------------------------------------------------------------------------
def begin_round(state: Guedelon, content: Content) -> None:
    """5.1 then 5.2: the time counter advances (a bag symbol draws a visitor), an event is drawn."""
    state.round += 1
    state.event, state.side, state.pending, state.picked = 0, "", [], -1
    state.bonus_cart, state.trainee, state.first_bonus, state.first_bonus_loc = 0, False, 0, -1
    state.shared_master, state.no_cart, state.closed = False, False, []
    state.production = [0] * len(state.production)
    state.note(f"Round {state.round}, year {year(state, content)}")
    if year(state, content) in content.bag_years:
        draw_visitor(state, content)
    state.phase = EVENT
    events.draw_event(state, content)


def _turn_order(state: Guedelon, first: int, content: Content) -> list[int]:
    """5.3: from the first player clockwise; the apprentice after the players (11.2, 11.3);
    card 6 (Great shape) lets the last worker, or the apprentice, play twice."""
    if state.players == 1:
        order = [first, 1 - first, state.apprentice]
    else:
        order = [a for a in range(len(state.actor_loc)) if a != state.apprentice]
        if state.apprentice >= 0:
            order.append(state.apprentice)
    card = content.cards.get(state.event)
    for effect in card.apprentice if card and state.side == "apprentice" else card.effects if card else ():
        if effect.kind == "extra_turn":
            twice = state.apprentice if effect.who == "apprentice" else [a for a in order if a != state.apprentice][-1]
            at = order.index(twice)
            order.insert(at, twice)
    return order


def start_turns(state: Guedelon, first: int, content: Content) -> None:
    state.order = _turn_order(state, first, content)
    state.pos = 0
    state.phase = TURN
    start_turn(state, content)


def start_turn(state: Guedelon, content: Content) -> None:
    """A worker's turn begins before its move, with one cart action (4). The picked worker of
    card 12 (Rebelote) may first act where it stands and has one more cart action."""
    actor = state.actor
    state.stage, state.mode, state.placed = BEFORE, NONE, 0
    state.cart_left, state.cart_used, state.again, state.rebelote = 1, 0, False, False
    card = content.cards.get(state.event)
    if card and state.picked == actor and any(e.kind == "rebelote" for e in card.effects):
        state.rebelote = True
        state.cart_left += 1
    if actor == state.apprentice and state.actor_loc[actor] == content.loc("castle"):
        state.actor_loc[actor] = content.loc("belvedere")  # 11.1: from the Castle to the Belvedere
        state.app_colour = -1


def end_turn(state: Guedelon, content: Content) -> None:
    state.pos += 1
    if state.pos < len(state.order):
        start_turn(state, content)
        return
    move_all(state, content)  # 5.4
    if state.round >= content.rounds + state.extra_limit:
        state.phase = OVER
        state.note("The game stops: the castle is not complete")
        return
    begin_round(state, content)


def advance(state: Guedelon, content: Content) -> None:
    """Resolve everything that needs no decision, until someone must decide or the game ends."""
    while state.phase != OVER:
        if state.phase == EVENT:
            while state.pending and not events.pending_actions(state, content):
                state.pending.pop(0)  # 5.2 Note: an effect that cannot apply is omitted
            if state.pending:
                return
            if state.players == 1:
                state.phase = ORDER
                return
            start_turns(state, 0, content)
        elif state.phase == TURN:
            if logistics.settle_at_castle(state, content):
                return  # 7.6: the player names the building the arriving mortar goes to
            if state.stage == AFTER and state.mode == NONE and not _has_after_options(state, content):
                end_turn(state, content)
                continue
            return
        else:
            return


# --- decisions --------------------------------------------------------------------------------------
def destinations(state: Guedelon, actor: int, content: Content) -> list[int]:
    """5.3: any other location; never the Master Builder if another worker is there (7.1) unless
    card 18 allows it; not a location an event closed; the Mill only with its option."""
    locs = state.actor_loc
    masters = _masters(content)
    taken = (
        () if state.shared_master else tuple(at for other, at in enumerate(locs) if other != actor and at in masters)
    )
    return list(_destinations(locs[actor], tuple(state.closed), state.mill < 0, taken, content))


@cache
def _masters(content: Content) -> frozenset[int]:
    """The Master Builder's location (a set: the board names it by its kind)."""
    return frozenset(loc for loc, location in enumerate(content.locations) if location.kind == "master_builder")


@lru_cache(maxsize=4096)
def _destinations(
    here: int, closed: tuple[int, ...], no_mill: bool, taken: tuple[int, ...], content: Content
) -> tuple[int, ...]:
    """`destinations` from `here`, with these locations closed, without the Mill when `no_mill`,
    and another worker on the Master Builder locations in `taken` (empty when card 18 opens it
    to all): worked out once per situation."""
    return tuple(
        loc
        for loc, location in enumerate(content.locations)
        if loc != here and loc not in closed and not (location.expansion and no_mill) and loc not in taken
    )


def apprentice_moves(state: Guedelon, content: Content) -> list[Action]:
    """11.1: one or two locations along the chosen colour's route; a new colour only after the
    Castle (the apprentice is then back on the Belvedere)."""
    actor = state.apprentice
    here = state.actor_loc[actor]
    allowed = set(destinations(state, actor, content))
    colours = [state.app_colour] if state.app_colour >= 0 else range(len(COLOURS))
    actions = []
    for colour in colours:
        steps = route(state, colour, content)
        at = steps.index(here) if here in steps else 0
        for step in (1, 2):
            if at + step < len(steps) and steps[at + step] in allowed:
                name = content.locations[steps[at + step]].name
                actions.append(
                    Action(
                        f"route:{COLOURS[colour]}:{step}",
                        f"Apprentice: {step} along the {COLOURS[colour]} route to {name}",
                    )
                )
    return actions or [Action("route:wait", "The apprentice cannot move and waits")]


@cache
def _moves(content: Content) -> tuple[Action, ...]:
    return tuple(Action(f"move:{loc.id}", f"Go to {loc.name}") for loc in content.locations)


def _move_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    if actor == state.apprentice:
        return apprentice_moves(state, content)
    moves = _moves(content)
    return [moves[loc] for loc in destinations(state, actor, content)]


def _free_actions(state: Guedelon, actor: int, content: Content) -> list[Action]:
    return [*logistics.barrow_actions(state, actor, content), *logistics.cart_actions(state, content)]


def _after_options(state: Guedelon, content: Content) -> list[Action]:
    actions = _free_actions(state, state.actor, content)
    if state.again:
        actions.append(Action("again", "Trainee: do this location's action again"))
    return actions


def _has_after_options(state: Guedelon, content: Content) -> bool:
    """Whether `_after_options` offers anything, without building it (the turn ends if not)."""
    return (
        state.again
        or logistics.barrow_usable(state, state.actor, content)
        or bool(logistics.cart_actions(state, content))
    )


def legal_actions(state: Guedelon, seat: int, content: Content) -> list[Action]:
    if seat not in to_move(state):
        return []
    if state.phase == EVENT:
        return events.pending_actions(state, content)
    if state.phase == ORDER:
        return [Action("first:0", "Worker 1 plays first"), Action("first:1", "Worker 2 plays first")]
    if logistics.mortar_waiting(state, content):
        return logistics.foot_actions(state, content)
    actor = state.actor
    if state.mode != NONE and state.mode != BUILD:
        return logistics.cart_actions(state, content)
    if state.mode == BUILD:  # 3.3: the wheelbarrow stays usable while building
        return [
            *locations.build_actions(state, actor, content),
            *logistics.barrow_actions(state, actor, content),
            Action("done", "Stop building"),
        ]
    if state.stage == BEFORE:
        early = (
            [Action("rebelote", "Rebelote: do the action of this location before leaving")]
            if _can_rebelote(state, actor, content)
            else []
        )
        return [*early, *_free_actions(state, actor, content), *_move_actions(state, actor, content)]
    if state.stage in (EFFECT, EARLY):
        effect = locations.effect_actions(state, actor, content)
        kind = content.locations[state.actor_loc[actor]].kind
        skip = [] if kind == "pillory" and effect else [Action("skip", "Do not use this location's action")]
        return [*effect, *skip, *_free_actions(state, actor, content)]
    return [*_after_options(state, content), Action("end", "End the turn")]


def _can_rebelote(state: Guedelon, actor: int, content: Content) -> bool:
    loc = state.actor_loc[actor]
    return state.rebelote and not visitors_at(state, loc) and content.locations[loc].kind != "belvedere"


# --- carrying out ------------------------------------------------------------------------------------
def arrive(state: Guedelon, actor: int, loc: int, content: Content) -> None:
    """5.3: the worker is placed; visitors there are initiated and the effect is lost (6.2),
    otherwise the location's effect follows."""
    state.actor_loc[actor] = loc
    location = content.locations[loc]
    if state.first_bonus and loc == state.first_bonus_loc and visitors_at(state, loc):
        state.first_bonus = 0  # card 8 goes to the first worker who goes there, even if blocked
    if initiate(state, loc):
        state.note(f"{events.actor_name(state, actor, marked=True)} initiates the visitors at {location.name}")
        state.stage = AFTER
        return
    state.note(f"{events.actor_name(state, actor, marked=True)} goes to {location.name}")
    locations.arrive_effects(state, actor, content)
    state.stage = EFFECT if location.kind in CHOICE_KINDS else AFTER
    if location.kind == "pillory" and not locations.push_actions(state, content):
        state.stage = AFTER


def perform(state: Guedelon, seat: int, action: Action, content: Content) -> None:
    """Carry out a legal action, then run the game forward to the next decision."""
    verb, _, rest = action.id.partition(":")
    if state.phase == EVENT:
        events.perform_pending(state, action.id, content)
    elif verb == "first":
        start_turns(state, int(rest), content)
    else:
        _perform_turn(state, verb, rest, content)
    advance(state, content)


def _perform_turn(state: Guedelon, verb: str, rest: str, content: Content) -> None:
    actor = state.actor
    if verb in ("load", "unload", "loadmany", "unloadmany"):
        logistics.perform_barrow(state, actor, verb, rest, content)
    elif verb == "cart":
        logistics.perform_cart(state, rest, content)
    elif verb == "foot":
        logistics.place_arrived_mortar(state, rest, content)
    elif verb == "move":
        arrive(state, actor, content.loc(rest), content)
    elif verb == "route":
        if rest != "wait":
            name, _, step = rest.partition(":")
            state.app_colour = COLOURS.index(name)
            steps = route(state, state.app_colour, content)
            here = state.actor_loc[actor]
            arrive(state, actor, steps[(steps.index(here) if here in steps else 0) + int(step)], content)
        else:
            state.stage = AFTER
    elif verb == "rebelote":
        state.rebelote = False
        locations.arrive_effects(state, actor, content)
        if content.locations[state.actor_loc[actor]].kind in CHOICE_KINDS:
            state.stage = EARLY
    elif verb == "skip":
        if state.first_bonus and state.actor_loc[actor] == state.first_bonus_loc:
            state.first_bonus = 0  # card 8: the first worker who goes there had the chance
        locations.finish_effect(state)
    elif verb == "done":
        was = state.stage
        locations.finish_effect(state)
        _offer_again(state, was, content)
    elif verb == "again":
        _repeat(state, actor, content)
    elif verb == "end":
        end_turn(state, content)
    else:
        was = state.stage
        locations.perform_effect(state, actor, verb, rest, content)
        _offer_again(state, was, content)


def _offer_again(state: Guedelon, was: int, content: Content) -> None:
    """Card 7 (Trainee): once a worker has finished a location's action, it may do it again
    ("except at the Master Builder", whose action is automatic anyway)."""
    kind = content.locations[state.actor_loc[state.actor]].kind
    if was == EFFECT and state.stage == AFTER and state.trainee and kind != "master_builder":
        state.again = True


def _repeat(state: Guedelon, actor: int, content: Content) -> None:
    """Card 7: the location's action once more, its automatic part included (the Pillory's tool
    as well as its push)."""
    state.trainee, state.again, state.stage = False, False, EFFECT
    locations.arrive_effects(state, actor, content)
    if content.locations[state.actor_loc[actor]].kind == "pillory" and not locations.push_actions(state, content):
        state.stage = AFTER

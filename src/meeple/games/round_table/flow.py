"""The order of play (Basic Game Play, Future Rounds, Winning the Game): who decides now,
what they may do, and everything that happens by itself between decisions.

A round is Spring, Summer, Autumn, Winter; in each, play goes clockwise from the active
player. After each season the hand limit applies. The game ends when the final Region is
conquered, when a player must draw in Winter and cannot, or (option `majority_end`) when a
player has captured more than half of the Renown in the game.
"""

from meeple.engine import Action
from meeple.engine.wording import seat_mark, word_line
from meeple.games.round_table import autumn, setup, spring, summer, winter
from meeple.games.round_table.content import Pool
from meeple.games.round_table.state import (
    AUTUMN,
    DECLARE,
    DISCARD,
    OTHER,
    OVER,
    QUESTS,
    REDIRECTS,
    SPRING,
    START,
    SUMMER,
    WINTER,
    Rt,
)

NEXT_WINDOW = {QUESTS: REDIRECTS, REDIRECTS: OTHER}


class Rules:
    """The card pool and the options that change the rules, resolved once per game."""

    def __init__(self, pool: Pool, majority_end: bool) -> None:
        self.pool = pool
        self.majority_end = majority_end
        self.answers = summer.answers(pool)


def to_move(state: Rt) -> tuple[int, ...]:
    phase = state.phase
    if phase == OVER:
        return ()
    if phase == DISCARD:
        return (winter.over_limit(state),)
    if phase == SUMMER and state.step != DECLARE:
        return (state.window_seat,)
    if phase == AUTUMN:
        owed = autumn.owed_seat(state)
        if owed >= 0:
            return (owed,)
    return ((state.active + state.turn) % state.players,)  # seat_of_turn, without a call


def legal_actions(state: Rt, seat: int, rules: Rules) -> list[Action]:
    pool = rules.pool
    phase = state.phase
    if phase == SUMMER:  # most decisions: who decides asked here, as `to_move` does, without its call
        if state.step == DECLARE:
            if seat != (state.active + state.turn) % state.players:
                return []
            return summer.declare_actions(state, pool, seat)
        return summer.window_actions(state, pool, seat) if seat == state.window_seat else []
    if seat not in to_move(state):
        return []
    if phase == START:
        return setup.start_actions(state, seat)
    if phase == SPRING:
        return spring.spring_actions(state, pool, seat)
    if phase == AUTUMN:
        if state.owed and state.owed[seat]:
            return autumn.quest_draw_actions(state, seat)
        return autumn.recall_actions(state, pool, seat)
    if phase == WINTER:
        return winter.draw_actions(state, seat)
    return winter.discard_actions(state, pool, seat)


def perform(state: Rt, seat: int, action: Action, rules: Rules) -> None:
    """Carry out a legal action, then run the game forward to the next decision."""
    pool = rules.pool
    phase = state.phase
    if phase == START:
        setup.perform_start(state, seat, action, pool)
    elif phase == SPRING:
        spring.perform_spring(state, pool, seat, action)
    elif phase == SUMMER:
        summer.perform_summer(state, pool, seat, action)
    elif phase == AUTUMN and action.id.startswith("quest-draw:"):
        autumn.perform_quest_draw(state, seat, action)
    elif phase == AUTUMN:
        autumn.perform_recall(state, pool, seat, action)
    elif phase == WINTER:
        winter.perform_draw(state, seat, action)
    else:
        winter.perform_discard(state, pool, seat, action)
    advance(state, rules)


def advance(state: Rt, rules: Rules) -> None:
    """Resolve everything that needs no decision, until a seat must decide or the game ends."""
    pool = rules.pool
    while True:
        phase = state.phase
        done = state.turn >= state.players
        if phase == START:
            if not done:
                return
            begin(state, rules, SPRING)
        elif phase == SPRING:
            if not done:
                return
            end_season(state, SUMMER)
        elif phase == SUMMER:
            if not summer_forward(state, rules):
                return
        elif phase == AUTUMN:
            seat = autumn.owed_seat(state)
            if seat >= 0:
                choices = autumn.quest_draw_actions(state, seat)
                if len(choices) > 1:
                    return
                autumn.perform_quest_draw(state, seat, choices[0])  # one deck left: no choice
                continue
            if done:
                end_season(state, WINTER)
            elif not autumn.can_pull_back(state, pool, state.seat_of_turn()):
                state.turn += 1  # nothing to pull back: the seat passes by itself
            else:
                return
        elif phase == WINTER:
            if done:
                state.round += 1
                end_season(state, SPRING)
                continue
            seat = state.seat_of_turn()
            if winter.draw_actions(state, seat):
                return
            finish(state, f"{seat_mark(seat)} must draw in Winter and both its decks are empty")
        elif phase == DISCARD:
            if winter.over_limit(state) >= 0:
                return
            begin(state, rules, state.after_discard)
        else:
            return


def summer_forward(state: Rt, rules: Rules) -> bool:
    """The Summer's own progress up to the next decision: False when a seat must decide, True
    when the Summer is over. A campaign turn whose windows no hand holds a card for passes them
    at once (`summer.pass_turn`)."""
    pool = rules.pool
    held: set[int] | None = None  # the cards in hands, the same until a seat decides
    while True:
        step = state.step
        if step == DECLARE:
            if state.turn >= state.players:
                state.used = []  # "This restriction is removed at the end of the Summer season."
                end_season(state, AUTUMN)
                return True
            if summer.can_commit(state, pool, (state.active + state.turn) % state.players):  # seat_of_turn
                return False
            step = QUESTS
            summer.open_window(state, step)
        if held is None:
            held = summer.held_cards(state)
        if step == QUESTS and not state.window and rules.answers.isdisjoint(held):
            summer.pass_turn(state)
            continue
        if summer.pass_until_response(state, pool, held):
            return False
        summer.close_window(state, pool)
        if state.step == OTHER:
            state.turn += 1
            state.step = DECLARE
        else:
            summer.open_window(state, NEXT_WINDOW[state.step])


def end_season(state: Rt, following: str) -> None:
    """The hand limit at the end of every season, then the next season."""
    state.after_discard = following
    state.phase = DISCARD


def begin(state: Rt, rules: Rules, season: str) -> None:
    """Start a season: reset the turn order and do what the season does by itself."""
    state.phase = season
    state.turn = 0
    if season == SPRING:
        state.demesne_played = [False] * state.players
        state.note(f"Round {state.round}, Spring: {seat_mark(state.active)} is the active player")
    elif season == SUMMER:
        state.step = DECLARE
    elif season == AUTUMN:
        autumn.resolve_attacks(state, rules.pool)
        if check_end(state, rules):
            return
        autumn.resolve_quests(state, rules.pool)
    elif season == WINTER:
        state.active = (state.active + 1) % state.players
        state.note(f"Winter: {seat_mark(state.active)} becomes the active player")


def renown(state: Rt, pool: Pool, seat: int) -> int:
    cards = pool.cards
    return sum([cards[r].renown for r in state.captured[seat]])


def check_end(state: Rt, rules: Rules) -> bool:
    """Winning the Game, conditions 1 and 3."""
    if not state.regions and not state.regions_deck:
        finish(state, "the final Region is conquered")
        return True
    if rules.majority_end:
        for seat in range(state.players):
            if 2 * renown(state, rules.pool, seat) > state.total_renown:
                finish(state, f"{seat_mark(seat)} holds more than half of the {state.total_renown} Renown in the game")
                return True
    return False


def finish(state: Rt, reason: str) -> None:
    """The game ends for `reason` (its seats as log marks: the result words them for everyone)."""
    state.phase = OVER
    state.end_reason = word_line(reason, None)
    state.note(f"Game over: {reason}")

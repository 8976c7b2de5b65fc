"""The team's search planner: each worker's move chosen by playing the team's whole plan out.

A rollout algorithm (policy improvement over a base policy, Bertsekas & Castañón 1999; Tesauro &
Galperin 1997) with the greedy team planner of bots.py as the base policy:

1. **Where it searches.** At the start of every worker's turn (5.3), over where the worker goes:
   the destinations the greedy planner values most (3 at effort 1, one more per effort), every
   route step for the apprentice (11.1); in solo, over which worker plays first (11.3); and over
   every other choice with more than one answer that the team makes outside a turn's logistics:
   an event card's choices (5.2: which side of the card, which worker, where the fairy leaves
   her gift, what the archaeologists bring) and the building an arriving mortar goes to (7.6).
2. **How a candidate is judged.** The turn is played with that move (the greedy planner loads and
   unloads the wheelbarrow and moves the cart for it), then the whole team follows the greedy
   planner to the end of the game (at most `HORIZON` rounds past the last, or past the current
   round once the last has passed), in each sampled future.
3. **Common random numbers.** Every candidate is played out in the same sampled futures (one per
   effort: the same random stream for the visitors drawn and the event cards), so two candidates
   differ by the move, not by the luck of the draw. This is what makes one future per candidate
   informative: without it, a single playout's noise swamps the difference between two moves.
4. **Score.** The earlier the castle is complete the better (its round), and complete by the last
   round (a win, 8) is worth `WIN` rounds more; unfinished, the fewer floors left the better. The
   best total over the samples is played, but a move other than the greedy planner's own choice
   must lead it by more than `LEAD` rounds per sample; ties go to the greedy planner's order.

Nothing in Guédelon is hidden; the only unknown is future chance, which `determinize` redraws.
"""

from typing import Any

from meeple.engine import Action, Rng
from meeple.games.guedelon import bots, flow
from meeple.games.guedelon.content import Content
from meeple.games.guedelon.observation import determinize
from meeple.games.guedelon.state import BEFORE, EVENT, NONE, ORDER, OVER, TURN, Guedelon

# A move other than the greedy planner's own choice (options[0]) is played only if its playouts
# beat that choice by more than this many rounds per sample. One future is noisy: the visitors
# drawn for mortar depend on the moves, so the futures of two candidates drift apart, and a
# one-round lead is as often luck as merit. Easy games won on the same seeds, with this lead /
# with none / by the greedy planner alone: solo 34 / 31 / 13 of 40, 3 players 32 / 25 / 26 of 40,
# duo 37 / 37 of 50; 4 players 39 with the lead, 36 greedy, of 40.
LEAD = 1.0

# A castle complete by the last round scores this many rounds more: the team wins or loses at the
# end of round 18 (8), so a move whose future is won where the greedy choice's is lost one round
# later clears the lead, and one that finishes sooner in a future the team wins anyway needs two
# rounds as before. Easy, the lobby's easy level, games 0-99 of run 23 (docs/performance.md):
# 3 players 85 won against 72 without it (22 games won only with it, 9 only without).
WIN = 1.0

# Playouts stop this many rounds after the last (8), or after the current round once the last has
# passed: finishes later than that all count as equally late.
HORIZON = 4


def plan_action(
    state: Guedelon, seat: int, legal: list[Action], rng: Rng, content: Content, memo: dict[str, Any], effort: int
) -> Action:
    """The planner's choice among `legal`. `memo` keeps the move chosen for the turn in progress
    (its wheelbarrow and cart decisions come before the move); `effort` n searches the n + 2
    best destinations in n sampled futures. The solo order, an event card's choices and an
    arriving mortar's building are few answers each: all of them are played out, the greedy
    planner's own first (easy duo at effort 3, the same 30 seeds: 26 won with these searched,
    22 without; docs/performance.md)."""
    by_id = {a.id: a for a in legal}
    arriving = legal[0].id.startswith("foot:")  # a mortar reaching the Castle names its building first (7.6)
    if (state.phase in (ORDER, EVENT) or arriving) and len(legal) > 1:
        greedy = bots.playout_action(state, seat, legal, rng, content).id
        options = [(greedy, ""), *((a.id, "") for a in legal if a.id != greedy)]
        return by_id[_best(state, options, rng, content, effort)[0]]
    move = ""
    if state.phase == TURN and state.mode == NONE and state.stage == BEFORE and not arriving:
        turn = (state.round, state.pos, state.actor)
        if memo.get("turn") != turn:
            options = [("", m) for m in _candidates(state, legal, content, effort + 2)]
            memo["turn"], memo["move"] = turn, _best(state, options, rng, content, effort)[1]
        move = memo["move"]
    return bots.playout_action(state, seat, legal, rng, content, move)


def _candidates(state: Guedelon, legal: list[Action], content: Content, count: int) -> list[str]:
    """The moves worth playing out, the greedy planner's own choice first: the `count` best
    destinations by its valuation, or every route step of the apprentice."""
    moves = [a for a in legal if a.id.startswith(("move:", "route:"))]
    if [a.id for a in moves] == ["route:wait"]:
        return ["route:wait"]  # 11.1: neither step is open, the apprentice waits
    if state.actor == state.apprentice:
        first = bots.apprentice_move(state, moves, content)
        return [first, *(a.id for a in moves if a.id != first)]
    plan = bots.Plan(state, content)
    value = {a.id: bots.destination_value(state, state.actor, content.loc(a.id[5:]), plan, content) for a in moves}
    return sorted(value, key=lambda m: -value[m])[:count]


def _best(state: Guedelon, options: list[tuple[str, str]], rng: Rng, content: Content, samples: int) -> tuple[str, str]:
    """The option (a first action, or a move for this turn) with the best playouts."""
    if len(options) == 1:
        return options[0]
    futures = [rng.next64() for _ in range(samples)]
    scores = [sum(_playout(state, option, future, content) for future in futures) for option in options]
    for i in range(1, len(options)):
        scores[i] -= LEAD * samples
    return options[max(range(len(options)), key=lambda i: (scores[i], -i))]


def _playout(state: Guedelon, option: tuple[str, str], future: int, content: Content) -> float:
    """Play `option` then the greedy team plan in the sampled `future`; return the score."""
    sample = determinize(state, Rng(future))
    policy = Rng(future)  # the greedy planner draws nothing, but its signature takes a stream
    first, move = option
    if first:
        seat = flow.to_move(sample)[0]
        flow.perform(sample, seat, next(a for a in flow.legal_actions(sample, seat, content) if a.id == first), content)
    turn = (sample.round, sample.pos)
    last = max(content.rounds, state.round) + HORIZON
    while sample.phase != OVER and not sample.finished and sample.round <= last:
        seat = flow.to_move(sample)[0]
        legal = flow.legal_actions(sample, seat, content)
        steer = move if (sample.round, sample.pos) == turn else ""
        flow.perform(sample, seat, bots.playout_action(sample, seat, legal, policy, content, steer), content)
    return _score(sample, content, last)


def _score(state: Guedelon, content: Content, last: int) -> float:
    """Minus the round the castle was complete in (`WIN` more when won); unfinished, minus a time
    past the horizon that grows with the floors still to build. (Counting the turn within the
    round as well made the search follow one future's luck more often: 7 of 16 duo games won
    against 11.)"""
    if state.finished:
        return finish_score(state.finished, content)
    left = sum(len(f) for f in content.floors) - sum(state.floor) + (1 if state.mill == 0 else 0)
    placed = sum(space >= 0 for floor in state.filled for space in floor)
    return -(last + 1 + left - placed / 10)


def finish_score(finished: int, content: Content) -> float:
    """The score of a castle complete in round `finished`: minus the round, `WIN` more if the
    team wins by it (complete by the last round, 8)."""
    return -float(finished) + (WIN if finished <= content.rounds else 0.0)

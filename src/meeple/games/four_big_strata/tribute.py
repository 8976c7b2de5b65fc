"""The Tribute phase (rulebook 8.4.1): for every X Influence a player has more than
another, they take one resource of their choice from that player.

Influence is compared once, when the phase begins (a ruling: the comparison is made
"beginning with the Start Player", and flips made to pay it cannot undo it).
"""

from meeple.engine import Action
from meeple.games.four_big_strata.anytime import flip_actions, split_actions, transfer
from meeple.games.four_big_strata.content import Content
from meeple.games.four_big_strata.production import economy
from meeple.games.four_big_strata.state import TASK_GAIN, TASK_TRIBUTE, Fbs


def influence(state: Fbs, seat: int, content: Content) -> int:
    """8.4.1: Influence provided by the face-up Scholars and Artisans (and set bonuses, 5 C)."""
    return economy(state, seat, content)[4]


def start_tribute(state: Fbs, ratio: int, content: Content) -> None:
    """Queue every demand, the Start Player's first, then clockwise; each demander faces the
    others clockwise from their left. In solo, tribute owed by the NPC comes from the Bank."""
    power = [influence(state, seat, content) for seat in range(state.participants)]
    queue = []
    for i in range(state.participants):
        demander = (state.start + i) % state.participants
        for j in range(1, state.participants):
            victim = (demander + j) % state.participants
            units = (power[demander] - power[victim]) // ratio
            if units <= 0:
                continue
            if victim >= state.players:
                queue.append([TASK_GAIN, demander, victim, units])
            else:
                queue.append([TASK_TRIBUTE, demander, victim, units])
    state.queue = queue


def tribute_decider(state: Fbs) -> int:
    """Who decides the head task: the demander picks resources; a victim with none must flip."""
    kind, demander, victim, _ = state.queue[0]
    if kind == TASK_TRIBUTE and state.grain[victim] + state.money[victim] == 0:
        return victim
    return demander


def settle_tribute(state: Fbs) -> bool:
    """Resolve what needs no choice: one resource type to take, an NPC demander, or a victim
    with only face-down cards (Special situations: the rest is not paid). False: a choice is due."""
    while state.queue:
        kind, demander, victim, _units = state.queue[0]
        if kind == TASK_GAIN:
            return False
        grain, money = state.grain[victim], state.money[victim]
        if grain + money == 0:
            if any(state.face_up[victim]):
                return False
            state.note(
                f"{state.name(victim)} has nothing left and only face-down cards: the rest of the tribute is not paid"
            )
            state.queue.pop(0)
            continue
        if grain and money and demander < state.players:
            return False
        take_grain = grain >= money if demander >= state.players else grain > 0
        _take(state, demander, victim, take_grain)
    return True


def _take(state: Fbs, demander: int, victim: int, grain: bool) -> None:
    amount = (1, 0) if grain else (0, 1)
    transfer(state, victim, -amount[0], -amount[1])
    if demander < state.players:
        transfer(state, demander, *amount)
    kind = "grain" if grain else "money"
    payee = state.name(demander) if demander < state.players else "the Bank"
    state.note(f"{state.name(victim)} pays 1 {kind} in tribute to {payee}")
    state.queue[0][3] -= 1
    if state.queue[0][3] == 0:
        state.queue.pop(0)


def tribute_actions(state: Fbs, seat: int, content: Content) -> list[Action]:
    kind, _demander, victim, units = state.queue[0]
    if kind == TASK_GAIN:
        return split_actions("gain", units, "in tribute from the Bank")
    if seat == victim:
        return flip_actions(state, seat, content)
    return [
        Action("demand:grain", f"Take 1 grain from seat {victim} ({units} to take)", {"kind": "demand"}),
        Action("demand:money", f"Take 1 money from seat {victim} ({units} to take)", {"kind": "demand"}),
    ]


def perform_demand(state: Fbs, action_id: str) -> None:
    _, demander, victim, _ = state.queue[0]
    _take(state, demander, victim, action_id == "demand:grain")


def perform_gain(state: Fbs, seat: int, action: Action) -> None:
    units = state.queue.pop(0)[3]
    grain = action.payload["grain"]
    transfer(state, seat, grain, units - grain)
    state.note(f"{state.name(seat)} takes {grain} grain and {units - grain} money in tribute from the Bank")

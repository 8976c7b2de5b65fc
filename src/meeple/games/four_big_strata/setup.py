"""Setup (rulebook 6) and the Prephase that lays out the Public Display (8.1)."""

from meeple.engine import Action, Rng
from meeple.games.four_big_strata.anytime import split_actions, transfer
from meeple.games.four_big_strata.content import Content
from meeple.games.four_big_strata.state import BID, SETUP, TASK_EXTRA, Fbs


def new_state(players: int, seed: int, content: Content) -> Fbs:
    """6 Setup: shuffle the class cards and the Empresses, lay out the first display,
    4 Money and 4 Grain each, extra resources for turn positions 3-7.

    Seat 0 holds the Start Player marker; seats follow clockwise. A solo game adds
    the NPC as participant 1 (it counts as a player for the display, 8.1).
    """
    k = content.constants
    rng = Rng.from_seed(seed)
    draw = content.deck(empresses=False)
    empresses = content.deck(empresses=True)
    rng.shuffle(draw)
    rng.shuffle(empresses)
    participants = max(players, 2)
    state = Fbs(
        players=players,
        seed=seed,
        rng=rng,
        participants=participants,
        draw=draw,
        empress_pile=empresses,
        display=[],
        display_up=[],
        discard=[],
        grain=[0] * participants,
        money=[0] * participants,
        bank_grain=k.bank_supply,
        bank_money=k.bank_supply,
        cards=[[] for _ in range(participants)],
        columns=[[] for _ in range(participants)],
        face_up=[[] for _ in range(participants)],
        known=[[] for _ in range(participants)],
        bids=[-1] * participants,
        market=[False] * participants,
        reward=[0] * participants,
    )
    for seat in range(players):
        transfer(state, seat, k.start_grain, k.start_money)
    state.queue = [
        [TASK_EXTRA, seat, 0, k.extra_by_turn_position[seat]]
        for seat in range(players)
        if k.extra_by_turn_position[seat]
    ]
    lay_out_display(state, content)
    state.note(f"Round 1: {state.name(0)} is the Start Player")
    state.phase = SETUP if state.queue else BID
    return state


def lay_out_display(state: Fbs, content: Content) -> None:
    """8.1 Prephase: draw 7 class cards (rounds 7-15: 6 and the top Empress), then flip as
    many face up as there are players, at most 5, counting the Empress, which comes face up."""
    k = content.constants
    with_empress = state.round >= k.empress_from_round
    drawn = [state.draw.pop() for _ in range(k.display_size - with_empress)]
    face_up = min(state.participants, k.face_up_max) - with_empress
    state.display = drawn
    state.display_up = [i < face_up for i in range(len(drawn))]
    if with_empress:
        state.display.append(state.empress_pile.pop())
        state.display_up.append(True)


def extra_actions(state: Fbs, seat: int) -> list[Action]:
    """6 Setup step 8: the extra resources of the player's choice."""
    return split_actions("extra", state.queue[0][3], "as extra starting resources")


def perform_extra(state: Fbs, seat: int, action: Action) -> None:
    amount = state.queue.pop(0)[3]
    transfer(state, seat, action.payload["grain"], amount - action.payload["grain"])
